// Finance papers (issue 21) on the real services and both databases: after a deposit and a balance are held, released
// on receipt and part of the money paid out, each side has its receipts, the supplier its fee invoice and statement;
// another company gets not found. The PDFs read back in the reader's language.
import { eq } from 'drizzle-orm'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { beforeAll, describe, expect, it } from 'vitest'
import { shipOrder } from '../../../db/factories/shipments'
import { platformAdmin, readyForPayouts } from '../../../tests/factories/finance'
import { createOrderParties, orderRequest } from '../../../tests/factories/orders'
import { call, signInWithCookies, testApp } from '../../../tests/support/http'
import { TEST_PUBLIC_URL } from '../../../tests/support/test-env'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { financePaperPdf } from '../../workflows/finance-papers.server'
import { CreatePurchaseOrderInput } from '../orders/index'
import { createPurchaseOrder, getPurchaseOrder, transitionPurchaseOrder } from '../orders/index.server'
import { payments } from './finance.tables.server'
import { feeInvoiceNumber, RequestPayoutInput, StartPaymentInput } from './index'
import {
  closePayout,
  decidePayout,
  feeInvoiceFacts,
  financePaperIndex,
  holdPayment,
  moneyStep,
  monthlyStatementFacts,
  paymentReceiptFacts,
  requestPayout,
  startPayment,
} from './index.server'

let parties: Awaited<ReturnType<typeof createOrderParties>>
let admin: ServiceContext
let orderNumber: string
let buyerName: string
let deposit: string
let balance: string
const month = new Date().toISOString().slice(0, 7)
const period = { month, currency: 'USD' }

async function pay(orderId: string, stage: 'deposit' | 'balance'): Promise<string> {
  const { id } = await startPayment(parties.buyer.ctx, StartPaymentInput.parse({ orderId, stage, provider: 'bank_transfer' }), {
    returnUrl: 'http://127.0.0.1/en/app/orders/x/view',
  })
  const [row] = await database().select().from(payments).where(eq(payments.id, id))
  await moneyStep(async (tx, events) => events.push(...(await holdPayment(tx, id, { amountMinor: row!.amountMinor, currency: row!.currency }, admin))))
  return id
}

async function textOf(pdf: Uint8Array): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf) }).promise
  const pages: string[] = []
  for (let number = 1; number <= document.numPages; number++) {
    const text = await (await document.getPage(number)).getTextContent()
    pages.push(text.items.map((item) => ('str' in item ? item.str : '')).join('\n'))
  }
  await document.destroy()
  return pages.join('\n')
}

beforeAll(async () => {
  parties = await createOrderParties()
  admin = await platformAdmin()
  const placed = await createPurchaseOrder(parties.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, { place: true, paymentTerms: 'tt_30_70' })))
  orderNumber = placed.number
  buyerName = placed.buyer.name
  await transitionPurchaseOrder(parties.supplier.ctx, placed.id, { action: 'confirm', version: placed.version, reason: '' })
  deposit = await pay(placed.id, 'deposit')
  balance = await pay(placed.id, 'balance')
  const order = await getPurchaseOrder(parties.supplier.ctx, placed.id)
  await shipOrder(parties.supplier.ctx, placed.id, Object.fromEntries(order.lines.map((line) => [line.id, line.quantity])))
  const shipped = await getPurchaseOrder(parties.buyer.ctx, placed.id)
  await transitionPurchaseOrder(parties.buyer.ctx, placed.id, { action: 'deliver', version: shipped.version, reason: '' })
  const delivered = await getPurchaseOrder(parties.buyer.ctx, placed.id)
  await transitionPurchaseOrder(parties.buyer.ctx, placed.id, { action: 'complete', version: delivered.version, reason: '' })
  // 1,578.97 released to the supplier (2 % fee off 1,611.20); 1,000 paid out, 2.50 of it the payout fee.
  const account = await readyForPayouts(parties.supplier.company.id)
  const payout = await requestPayout(parties.supplier.ctx, RequestPayoutInput.parse({ bankAccountId: account, currency: 'USD', amount: '1000' }))
  await decidePayout(admin, payout.id, { decision: 'accept' })
  await closePayout(admin, payout.id, { outcome: 'paid', bankReference: 'HSBC-PAPERS-001' })
})

describe('finance papers', () => {
  it('gives both sides a receipt for a payment that arrived, and another company none', async () => {
    const forBuyer = await paymentReceiptFacts(parties.buyer.ctx, deposit)
    expect(forBuyer).toMatchObject({
      kind: 'receipt',
      side: 'buyer',
      orderNumber,
      stage: 'deposit',
      status: 'released',
      provider: 'bank_transfer',
      currency: 'USD',
      amount: '483.36',
      released: '483.36',
      fee: '9.67',
      net: '473.69',
      refunded: '0.00',
      fxRate: null,
      payer: { companyId: parties.buyer.company.id },
      payee: { companyId: parties.supplier.company.id },
    })
    expect(forBuyer.reference).toMatch(/^TP-/)
    expect(forBuyer.number).toMatch(/^PAY-/)
    expect(forBuyer.issuer).not.toBe('')
    expect(await paymentReceiptFacts(parties.supplier.ctx, deposit)).toMatchObject({ side: 'supplier', amount: '483.36' })
    await expect(paymentReceiptFacts(parties.stranger.ctx, deposit)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('invoices the supplier the month’s fees on releases and payouts, numbered the same each time', async () => {
    const invoice = await feeInvoiceFacts(parties.supplier.ctx, period)
    expect(invoice.number).toBe(feeInvoiceNumber(period, parties.supplier.company.id))
    expect(invoice.number).toMatch(new RegExp(`^FEE-${month.replace('-', '')}-USD-[0-9A-Z]{8}$`))
    expect(invoice.final).toBe(false)
    expect(invoice.lines.map((line) => [line.entryKind, line.fee, line.base])).toEqual([
      ['payment_released', '9.67', '483.36'],
      ['payment_released', '22.56', '1127.84'],
      ['payout_paid', '2.50', '1000.00'],
    ])
    expect(invoice.total).toBe('34.73')
    expect((await feeInvoiceFacts(parties.supplier.ctx, period)).number).toBe(invoice.number)
    // The buyer paid no fees; another month has none either.
    await expect(feeInvoiceFacts(parties.buyer.ctx, period)).rejects.toMatchObject({ code: 'not_found' })
    await expect(feeInvoiceFacts(parties.supplier.ctx, { month: '2001-01', currency: 'USD' })).rejects.toMatchObject({ code: 'not_found' })
  })

  it('states the month’s available balance with the running balance from opening to closing', async () => {
    const statement = await monthlyStatementFacts(parties.supplier.ctx, period)
    expect(statement).toMatchObject({ kind: 'statement', opening: '0.00', moneyIn: '1578.97', moneyOut: '1000.00', closing: '578.97' })
    expect(statement.lines.map((line) => [line.entryKind, line.amount, line.balance])).toEqual([
      ['payment_released', '473.69', '473.69'],
      ['payment_released', '1105.28', '1578.97'],
      ['payout_requested', '-1000.00', '578.97'],
    ])
    // A later month opens where this one closed.
    const next = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1)).toISOString().slice(0, 7)
    expect(await monthlyStatementFacts(parties.supplier.ctx, { month: next, currency: 'USD' })).toMatchObject({
      opening: '578.97',
      lines: [],
      closing: '578.97',
    })
    await expect(monthlyStatementFacts(parties.stranger.ctx, period)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('lists what exists for each company, filtered by month and currency', async () => {
    const supplier = await financePaperIndex(parties.supplier.ctx)
    expect(supplier.receipts.map((entry) => entry.paymentId).sort()).toEqual([deposit, balance].sort())
    expect(supplier.receipts.every((entry) => entry.side === 'supplier' && entry.counterparty === buyerName)).toBe(true)
    expect(supplier.feeInvoices).toEqual([expect.objectContaining({ key: `${month}-USD`, month, currency: 'USD', lines: 3, amount: '34.73' })])
    expect(supplier.statements).toEqual([expect.objectContaining({ key: `${month}-USD`, lines: 3, amount: '578.97' })])
    expect(supplier.months).toEqual([month])
    expect(supplier.currencies).toEqual(['USD'])

    const buyer = await financePaperIndex(parties.buyer.ctx)
    expect(buyer.receipts.map((entry) => entry.side)).toEqual(['buyer', 'buyer'])
    expect(buyer.feeInvoices).toEqual([])
    expect(buyer.statements).toEqual([])
    expect(await financePaperIndex(parties.supplier.ctx, { month: '2001-01' })).toMatchObject({ receipts: [], feeInvoices: [], statements: [] })
    expect(await financePaperIndex(parties.supplier.ctx, { currency: 'EUR' })).toMatchObject({ receipts: [], feeInvoices: [], statements: [] })
    expect(await financePaperIndex(parties.stranger.ctx)).toMatchObject({ receipts: [], feeInvoices: [], statements: [] })
  })

  it('prints each paper as a PDF in the reader’s language', async () => {
    const receipt = await financePaperPdf(parties.buyer.ctx, 'receipt', deposit)
    expect(receipt.fileName).toMatch(/^receipt-PAY-.+\.pdf$/)
    const receiptText = await textOf(receipt.bytes)
    expect(receiptText).toContain('PAYMENT RECEIPT')
    expect(receiptText).toContain(orderNumber)
    expect(receiptText).toContain('$483.36')

    const chinese = { ...parties.supplier.ctx, locale: 'zh-Hans' as const }
    const invoiceText = await textOf((await financePaperPdf(chinese, 'fee_invoice', `${month}-USD`)).bytes)
    expect(invoiceText).toContain('服务费发票')
    expect(invoiceText).toContain('服务费合计')
    const statementText = await textOf((await financePaperPdf(chinese, 'statement', `${month}-USD`)).bytes)
    expect(statementText).toContain('账户对账单')
    expect(statementText).toContain('期末余额')

    await expect(financePaperPdf(parties.stranger.ctx, 'receipt', deposit)).rejects.toMatchObject({ code: 'not_found' })
    await expect(financePaperPdf(parties.supplier.ctx, 'statement', 'not-a-month')).rejects.toMatchObject({ code: 'not_found' })
  })

  it('answers the index and each PDF over the API, to the company’s members only', async () => {
    const app = testApp()
    const supplier = await signInWithCookies(app, parties.supplier.user)
    const stranger = await signInWithCookies(app, parties.stranger.user)
    const index = await call(app, `/api/v1/finance/papers?month=${month}`, { jar: supplier })
    expect(index.status).toBe(200)
    expect(index.json).toMatchObject({
      fee_invoices: [{ key: `${month}-USD`, amount: '34.73', lines: 3 }],
      statements: [{ key: `${month}-USD`, amount: '578.97' }],
      more_receipts: false,
    })
    expect((index.json as { receipts: Array<{ payment_id: string }> }).receipts.map((receipt) => receipt.payment_id).sort()).toEqual([deposit, balance].sort())
    expect((await call(app, '/api/v1/finance/papers?month=2026-13', { jar: supplier })).status).toBe(422)

    const pdf = await app.request(`${TEST_PUBLIC_URL}/api/v1/finance/papers/fee_invoice/${month}-USD/pdf?download=1`, {
      headers: { cookie: supplier.header() },
    })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename="fee-invoice-FEE-/)
    expect(await textOf(new Uint8Array(await pdf.arrayBuffer()))).toContain('FEE INVOICE')
    const foreign = await app.request(`${TEST_PUBLIC_URL}/api/v1/finance/papers/receipt/${deposit}/pdf`, { headers: { cookie: stranger.header() } })
    expect(foreign.status).toBe(404)
  })
})
