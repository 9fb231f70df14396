// The finance reads (issue 21) on the real services and both databases: balances and the statement's running balance
// after a payment is held, released and paid out; the CSV; the cash flow per month; payments scoped to their parties;
// an order's payment plan.
import { beforeAll, describe, expect, it } from 'vitest'
import { platformAdmin, readyForPayouts } from '../../../tests/factories/finance'
import { createOrderParties, orderRequest } from '../../../tests/factories/orders'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { companyNames } from '../companies/index.server'
import { CreatePurchaseOrderInput } from '../orders/index'
import { createPurchaseOrder, getPurchaseOrder, transitionPurchaseOrder } from '../orders/index.server'
import { payments } from './finance.tables.server'
import {
  balances,
  cashFlow,
  closePayout,
  decidePayout,
  followOrder,
  getPayment,
  getPayout,
  holdPayment,
  listPayments,
  moneyStep,
  orderPayments,
  requestPayout,
  startPayment,
  statement,
  statementCsv,
} from './index.server'
import { CashFlowQuery, PaymentListQuery, RequestPayoutInput, StartPaymentInput, StatementQuery } from './index'
import { eq } from 'drizzle-orm'

let parties: Awaited<ReturnType<typeof createOrderParties>>
let admin: ServiceContext
let orderId: string
let depositId: string
let balanceId: string
let payoutNumber: string

const RETURN = { returnUrl: 'http://127.0.0.1/en/app/orders/x/view' }

async function confirm(id: string) {
  const [row] = await database().select().from(payments).where(eq(payments.id, id))
  await moneyStep(async (tx, events) => events.push(...(await holdPayment(tx, id, { amountMinor: row!.amountMinor, currency: row!.currency }, admin))))
}

beforeAll(async () => {
  parties = await createOrderParties()
  admin = await platformAdmin()
  const order = await createPurchaseOrder(parties.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, { place: true, paymentTerms: 'tt_30_70' })))
  await transitionPurchaseOrder(parties.supplier.ctx, order.id, { action: 'confirm', version: order.version, reason: '' })
  orderId = order.id
})

describe('an order’s payment plan', () => {
  it('splits a T/T 30/70 order into a deposit and the balance that add up to the total, payable by the buyer only', async () => {
    const plan = await orderPayments(parties.buyer.ctx, orderId)
    expect(plan).toMatchObject({ side: 'buyer', currency: 'USD', totalMinor: 161_120n, paymentTerms: 'tt_30_70', providers: ['bank_transfer'] })
    expect(plan.instalments.map((instalment) => [instalment.stage, instalment.amountMinor, instalment.payable])).toEqual([
      ['deposit', 48_336n, true],
      ['balance', 112_784n, true],
    ])
    const supplierView = await orderPayments(parties.supplier.ctx, orderId)
    expect(supplierView.side).toBe('supplier')
    expect(supplierView.instalments.every((instalment) => !instalment.payable)).toBe(true)
    expect(supplierView.providers).toEqual([])
    await expect(orderPayments(parties.stranger.ctx, orderId)).rejects.toMatchObject({ code: 'not_found' })
    expect((await orderPayments(admin, orderId)).side).toBe('platform')
  })

  it('shows each instalment’s payment with the bank details while the transfer is awaited', async () => {
    depositId = (await startPayment(parties.buyer.ctx, StartPaymentInput.parse({ orderId, stage: 'deposit', provider: 'bank_transfer' }), RETURN)).id
    const plan = await orderPayments(parties.buyer.ctx, orderId)
    const [deposit, balance] = plan.instalments
    expect(deposit).toMatchObject({
      payable: false,
      payment: { id: depositId, status: 'awaiting', amountMinor: 48_336n, bankDetails: { iban: expect.any(String) } },
    })
    expect(deposit!.payment!.reference).toMatch(/^TP-/)
    expect(balance).toMatchObject({ payable: true, payment: null })
    // The supplier sees the payment, never the bank details the buyer transfers to.
    expect((await orderPayments(parties.supplier.ctx, orderId)).instalments[0]!.payment).toMatchObject({ status: 'awaiting', bankDetails: null })
  })
})

describe('balances and the statement', () => {
  it('follow the money from escrow to the supplier’s available balance and out as a payout', async () => {
    balanceId = (await startPayment(parties.buyer.ctx, StartPaymentInput.parse({ orderId, stage: 'balance', provider: 'bank_transfer' }), RETURN)).id
    await confirm(depositId)
    await confirm(balanceId)
    expect(await balances(parties.buyer.ctx)).toEqual([{ currency: 'USD', available: 0n, escrow: 161_120n, pendingPayout: 0n, fees: 0n, incomingEscrow: 0n }])
    expect(await balances(parties.supplier.ctx)).toEqual([
      { currency: 'USD', available: 0n, escrow: 0n, pendingPayout: 0n, fees: 0n, incomingEscrow: 161_120n },
    ])
    const held = await orderPayments(parties.supplier.ctx, orderId)
    expect(held.totals).toEqual([{ currency: 'USD', paid: 161_120n, held: 161_120n, released: 0n, refunded: 0n, fees: 0n }])

    // The buyer confirms receipt: both payments are released, less the 2 % fee.
    await followOrder(orderId, 'complete')
    expect(await balances(parties.supplier.ctx)).toEqual([
      { currency: 'USD', available: 157_897n, escrow: 0n, pendingPayout: 0n, fees: 3_223n, incomingEscrow: 0n },
    ])
    expect((await orderPayments(parties.buyer.ctx, orderId)).totals).toEqual([
      { currency: 'USD', paid: 161_120n, held: 0n, released: 161_120n, refunded: 0n, fees: 3_223n },
    ])

    const account = await readyForPayouts(parties.supplier.company.id)
    const payout = await requestPayout(parties.supplier.ctx, RequestPayoutInput.parse({ bankAccountId: account, currency: 'USD', amount: '1000' }))
    // The payout names its company: for its members from their memberships in memory, for a platform admin looked up.
    const supplierName = (await companyNames([parties.supplier.company.id])).get(parties.supplier.company.id)
    expect(supplierName).toBeTruthy()
    expect((await getPayout(parties.supplier.ctx, payout.id)).companyName).toBe(supplierName)
    expect((await getPayout(admin, payout.id)).companyName).toBe(supplierName)
    await decidePayout(admin, payout.id, { decision: 'accept' })
    await closePayout(admin, payout.id, { outcome: 'paid', bankReference: 'HSBC-READS-001' })
    expect(await balances(parties.supplier.ctx)).toEqual([
      { currency: 'USD', available: 57_897n, escrow: 0n, pendingPayout: 0n, fees: 3_223n + 250n, incomingEscrow: 0n },
    ])

    const available = await statement(parties.supplier.ctx, StatementQuery.parse({}))
    expect(available.currency).toBe('USD')
    expect(available.kind).toBe('available')
    expect(available.rows.map((row) => row.entryKind)).toEqual(['payout_requested', 'payment_released', 'payment_released'])
    expect(available.rows[0]).toMatchObject({ amountMinor: -100_000n, balanceAfterMinor: 57_897n })
    payoutNumber = available.rows[0]!.reference
    expect(payoutNumber).toMatch(/^OUT-/)
    expect(available.rows[1]!.orderNumber).toBe((await getPurchaseOrder(parties.supplier.ctx, orderId)).number)
    // The running balance: each row's balance is the one before it plus its amount; the first starts from nothing.
    const rows = available.rows
    for (let index = 0; index < rows.length - 1; index++)
      expect(rows[index]!.balanceAfterMinor - rows[index]!.amountMinor).toBe(rows[index + 1]!.balanceAfterMinor)
    expect(rows.at(-1)!.balanceAfterMinor).toBe(rows.at(-1)!.amountMinor)
    expect(rows.map((row) => row.amountMinor).reduce((sum, amount) => sum + amount, 0n)).toBe(57_897n)

    // Paged newest first by the account's sequence.
    const first = await statement(parties.supplier.ctx, StatementQuery.parse({ limit: '2' }))
    expect(first.rows).toHaveLength(2)
    expect(first.nextCursor).toBe(first.rows[1]!.sequence)
    const second = await statement(parties.supplier.ctx, StatementQuery.parse({ limit: '2', cursor: String(first.nextCursor) }))
    expect(second.rows.map((row) => row.sequence)).toEqual([rows[2]!.sequence])
    expect(second.nextCursor).toBeNull()

    const pending = await statement(parties.supplier.ctx, StatementQuery.parse({ kind: 'pending_payout' }))
    expect(pending.rows.map((row) => [row.entryKind, row.amountMinor, row.balanceAfterMinor])).toEqual([
      ['payout_paid', -100_000n, 0n],
      ['payout_requested', 100_000n, 100_000n],
    ])
    const released = await statement(parties.supplier.ctx, StatementQuery.parse({ entryKind: 'payment_released' }))
    expect(released.rows).toHaveLength(2)
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    expect((await statement(parties.supplier.ctx, StatementQuery.parse({ from: tomorrow }))).rows).toEqual([])
    // A company without accounts has an empty statement; a company reads only its own accounts.
    expect(await statement(parties.stranger.ctx, StatementQuery.parse({}))).toMatchObject({ currency: null, rows: [] })
  })

  it('exports the statement as CSV with translated entry kinds and signed decimal amounts', async () => {
    const file = await statementCsv(parties.supplier.ctx, StatementQuery.parse({}))
    expect(file.truncated).toBe(false)
    expect(file.fileName).toMatch(/^statement-available-USD-\d{4}-\d{2}-\d{2}\.csv$/)
    const lines = file.csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe('Date,Entry,Reference,Order,Amount,Balance,Currency')
    expect(lines).toHaveLength(4)
    expect(lines[1]).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T[^,]+,Payout requested,${payoutNumber},,-1000.00,578.97,USD$`))
    expect(lines[2]).toContain(',Payment released,')
    const chinese = await statementCsv({ ...parties.supplier.ctx, locale: 'zh-Hans' }, StatementQuery.parse({ kind: 'pending_payout' }))
    expect(chinese.csv).toContain('提现已支付')
  })

  it('sums the cash flow per month in SQL: in, out, held and refunded', async () => {
    const supplierFlow = await cashFlow(parties.supplier.ctx, CashFlowQuery.parse({}))
    expect(supplierFlow.months).toHaveLength(12)
    const thisMonth = new Date().toISOString().slice(0, 7)
    expect(supplierFlow.months.at(-1)).toEqual({ month: thisMonth, moneyIn: 157_897n, moneyOut: 100_000n, held: 0n, refunded: 0n })
    expect(supplierFlow.months.slice(0, -1).every((month) => month.moneyIn === 0n && month.moneyOut === 0n)).toBe(true)
    const buyerFlow = await cashFlow(parties.buyer.ctx, CashFlowQuery.parse({ months: '3' }))
    expect(buyerFlow.months).toHaveLength(3)
    expect(buyerFlow.months.at(-1)).toMatchObject({ month: thisMonth, held: 161_120n, moneyIn: 0n })
    // Months roll over years: March looks back to January, January to the November before.
    const january = await cashFlow(parties.buyer.ctx, CashFlowQuery.parse({ months: '3' }), new Date('2027-01-15T00:00:00Z'))
    expect(january.months.map((month) => month.month)).toEqual(['2026-11', '2026-12', '2027-01'])
  })
})

describe('payments lists', () => {
  it('shows each company its own side, platform admins all, and nobody else’s payment', async () => {
    const paid = await listPayments(parties.buyer.ctx, PaymentListQuery.parse({}))
    expect(paid.direction).toBe('paid')
    expect(paid.total).toBe(2)
    expect(paid.items.every((item) => item.side === 'buyer' && item.status === 'released')).toBe(true)
    expect((await listPayments(parties.buyer.ctx, PaymentListQuery.parse({ direction: 'received' }))).total).toBe(0)
    const received = await listPayments(parties.supplier.ctx, PaymentListQuery.parse({ direction: 'received' }))
    expect(received.items.map((item) => item.id).sort()).toEqual([depositId, balanceId].sort())
    // q finds a payment by its number, its order's number or its bank reference.
    const deposit = await getPayment(parties.buyer.ctx, depositId)
    expect((await listPayments(parties.buyer.ctx, PaymentListQuery.parse({ q: deposit.reference }))).items.map((item) => item.id)).toEqual([depositId])
    expect((await listPayments(parties.buyer.ctx, PaymentListQuery.parse({ q: deposit.orderNumber }))).total).toBe(2)
    expect((await listPayments(parties.buyer.ctx, PaymentListQuery.parse({ status: 'awaiting' }))).total).toBe(0)

    const stranger = await listPayments(parties.stranger.ctx, PaymentListQuery.parse({}))
    expect(stranger).toMatchObject({ items: [], total: 0 })
    expect((await listPayments(parties.stranger.ctx, PaymentListQuery.parse({ direction: 'received' }))).total).toBe(0)
    await expect(getPayment(parties.stranger.ctx, depositId)).rejects.toMatchObject({ code: 'not_found' })
    await expect(listPayments(parties.stranger.ctx, PaymentListQuery.parse({ direction: 'all' }))).rejects.toMatchObject({ code: 'forbidden' })

    const all = await listPayments(admin, PaymentListQuery.parse({ q: deposit.orderNumber }))
    expect(all.direction).toBe('all')
    expect(all.total).toBe(2)
    expect((await getPayment(admin, depositId)).side).toBe('platform')
    expect((await getPayment(parties.supplier.ctx, depositId)).side).toBe('supplier')
  })
})
