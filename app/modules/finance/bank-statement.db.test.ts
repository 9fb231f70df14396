// Bank statements (issue 21) on both databases: a platform admin uploads the bank's CSV; each credit quoting an awaiting
// payment's reference with its exact amount holds that payment, every other line waits with its reason, a re-upload
// matches nothing twice, and a file that cannot be read stores nothing.
import { count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../db/factories/users'
import { BOOKS_HOLD, brokenBooks, platformAdmin } from '../../../tests/factories/finance'
import { createOrderParties, orderRequest } from '../../../tests/factories/orders'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { CreatePurchaseOrderInput } from '../orders/index'
import { createPurchaseOrder } from '../orders/index.server'
import { parseStatementCsv, statementAmount, statementDay } from './bank-statement-csv.server'
import { bankStatementLines, bankStatements, journalEntries, payments } from './finance.tables.server'
import { StartPaymentInput } from './index'
import { ignoreLine, listStatementLines, matchLineManually, startPayment, uploadStatement } from './index.server'

let parties: Awaited<ReturnType<typeof createOrderParties>>
let admin: ServiceContext

beforeAll(async () => {
  parties = await createOrderParties()
  admin = await platformAdmin()
})

/** A placed prepayment order (USD 1,611.20) and its full payment awaiting a bank transfer. */
async function awaitedTransfer() {
  const order = await createPurchaseOrder(parties.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, { place: true, paymentTerms: 'prepayment' })))
  const { id } = await startPayment(parties.buyer.ctx, StartPaymentInput.parse({ orderId: order.id, stage: 'full', provider: 'bank_transfer' }), {
    returnUrl: 'http://localhost:3000/en/app/orders/x/view',
  })
  return paymentRow(id)
}

async function paymentRow(id: string) {
  const [row] = await database().select().from(payments).where(eq(payments.id, id))
  return row!
}

const entriesOf = (paymentId: string) => database().select().from(journalEntries).where(eq(journalEntries.paymentId, paymentId))
const linesOf = (statementId: string) =>
  database().select().from(bankStatementLines).where(eq(bankStatementLines.statementId, statementId)).orderBy(bankStatementLines.lineNumber)
const statementCount = async () => (await database().select({ n: count() }).from(bankStatements))[0]!.n
let fileNumber = 0
const upload = (csvText: string) => uploadStatement(admin, { fileName: `hsbc-${++fileNumber}.csv`, csvText })

describe('reading a bank statement', () => {
  it('understands the usual dates, amounts and header names', () => {
    expect(['2026-11-20', '2026/11/20', '20.11.2026', '2026-11-20T09:30:00Z'].map(statementDay)).toEqual(Array(4).fill('2026-11-20'))
    expect(['11/20/2026', '2026-02-30', 'yesterday'].map(statementDay)).toEqual([null, null, null])
    expect(statementAmount('1,611.20', 'USD', false)).toBe(161_120n)
    expect(statementAmount('1.611,20', 'EUR', true)).toBe(161_120n)
    expect(statementAmount('1611,2', 'EUR', true)).toBe(161_120n)
    expect(statementAmount('(80.00)', 'USD', false)).toBe(-8_000n)
    expect(statementAmount('1500', 'JPY', false)).toBe(1_500n)
    expect(statementAmount('12.345', 'USD', false)).toBeNull()
    const parsed = parseStatementCsv('\uFEFFBuchungstag;Betrag;Währung;Verwendungszweck;Auftraggeber\n20.11.2026;1.611,20;eur;TP-AAAA-BBBB-CC;Müller GmbH\n')
    expect(parsed).toMatchObject({
      ok: true,
      rows: [{ row: 2, bookedOn: '2026-11-20', amountMinor: 161_120n, currency: 'EUR', reference: 'TP-AAAA-BBBB-CC', payer: 'Müller GmbH' }],
    })
  })
})

describe('matching a bank statement', () => {
  it('holds the payment a credit quotes with its amount, and leaves every other line unmatched with why', async () => {
    const matched = await awaitedTransfer()
    const wrongAmount = await awaitedTransfer()
    const wrongCurrency = await awaitedTransfer()
    const alreadyHeld = await awaitedTransfer()
    const dashless = alreadyHeld.reference.replaceAll('-', '').toLowerCase()
    const csv = [
      'Date,Amount,Currency,Description,Payer,Transaction ID',
      `2026-11-20,"1,611.20",USD,Order payment ${matched.reference} thanks,Rotterdam Retail BV,TX-1`,
      `2026-11-20,1600.00,USD,${wrongAmount.reference},Rotterdam Retail BV,TX-2`,
      `2026-11-20,1611.20,EUR,${wrongCurrency.reference},Rotterdam Retail BV,TX-3`,
      `2026-11-21,1611.20,USD,${dashless},Rotterdam Retail BV,TX-4`,
      `2026-11-21,1611.20,USD,${dashless},Rotterdam Retail BV,TX-5`,
      '2026-11-21,1611.20,USD,TP-ZZZZ-ZZZZ-ZZ,Someone,TX-6',
      '2026-11-21,250.00,USD,Invoice 4411,Someone,TX-7',
      `2026-11-22,-35.00,USD,Bank fee ${matched.reference},HSBC,TX-8`,
    ].join('\n')
    const result = await upload(csv)
    expect(result).toMatchObject({ lines: 8, matched: 2, unmatched: 6, duplicates: 0 })

    const lines = await linesOf(result.statementId)
    expect(lines.map((line) => [line.lineNumber, line.status, line.reason])).toEqual([
      [2, 'matched', ''],
      [3, 'unmatched', 'amount_mismatch'],
      [4, 'unmatched', 'currency_mismatch'],
      [5, 'matched', ''],
      // The second transfer of the same payment finds it held already.
      [6, 'unmatched', 'not_awaiting'],
      [7, 'unmatched', 'unknown_reference'],
      [8, 'unmatched', 'no_reference'],
      [9, 'unmatched', 'not_a_credit'],
    ])
    expect(lines[0]).toMatchObject({ paymentId: matched.id, matchedBy: admin.actor.userId, transactionKey: 'bank:TX-1' })
    expect(await paymentRow(matched.id)).toMatchObject({ status: 'held', heldMinor: 161_120n })
    expect(await paymentRow(alreadyHeld.id)).toMatchObject({ status: 'held' })
    expect((await entriesOf(matched.id)).map((entry) => [entry.kind, entry.reference, entry.createdBy])).toEqual([
      ['payment_held', matched.reference, admin.actor.userId],
    ])
    for (const untouched of [wrongAmount, wrongCurrency]) {
      expect(await paymentRow(untouched.id)).toMatchObject({ status: 'awaiting', heldMinor: 0n })
      expect(await entriesOf(untouched.id)).toEqual([])
    }

    const work = await listStatementLines(admin, { status: 'unmatched', limit: 100, offset: 0 })
    expect(
      work.items
        .filter((line) => line.statementId === result.statementId)
        .map((line) => line.reason)
        .sort(),
    ).toEqual(['amount_mismatch', 'currency_mismatch', 'no_reference', 'not_a_credit', 'not_awaiting', 'unknown_reference'].sort())
    expect(work.items.every((line) => line.status === 'unmatched')).toBe(true)
    await expect(listStatementLines(parties.buyer.ctx, { limit: 10, offset: 0 })).rejects.toMatchObject({ code: 'forbidden' })
    expect(await brokenBooks()).toEqual(BOOKS_HOLD)
  })

  it('skips the transactions of a statement uploaded again: nothing is matched twice', async () => {
    const payment = await awaitedTransfer()
    // No bank ids: the lines are known again by their date, amount, currency, reference and payer (and occurrence).
    const csv = `date;amount;currency;reference;payer\n2026-11-23;1611,20;USD;${payment.reference};Rotterdam Retail\n2026-11-23;10,00;USD;Coffee;Me\n2026-11-23;10,00;USD;Coffee;Me\n`
    expect(await upload(csv)).toMatchObject({ lines: 3, matched: 1, duplicates: 0 })
    const again = await upload(csv)
    expect(again).toMatchObject({ lines: 0, matched: 0, unmatched: 0, duplicates: 3 })
    expect(await linesOf(again.statementId)).toEqual([])
    expect(await entriesOf(payment.id)).toHaveLength(1)
    // The same file with one more transaction stores only that one.
    expect(await upload(`${csv}2026-11-24;10,00;USD;Coffee;Me\n`)).toMatchObject({ lines: 1, duplicates: 3 })
  })

  it('lets an admin match a line by hand when the amount and currency fit, or set it aside with a note', async () => {
    const payment = await awaitedTransfer()
    const other = await awaitedTransfer()
    const csv = `date,amount,currency,reference,payer\n2026-11-25,1611.20,USD,Order of Rotterdam Retail,Rotterdam Retail\n2026-11-25,99.00,USD,Refund of deposit,Unknown\n`
    const result = await upload(csv)
    const [byHand, stray] = await linesOf(result.statementId)
    expect(byHand).toMatchObject({ status: 'unmatched', reason: 'no_reference' })

    await expect(matchLineManually(parties.buyer.ctx, byHand!.id, { paymentId: payment.id })).rejects.toMatchObject({ code: 'forbidden' })
    await expect(matchLineManually(admin, stray!.id, { paymentId: other.id })).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { amount: expect.any(Array) } },
    })
    expect(await entriesOf(other.id)).toEqual([])

    await matchLineManually(admin, byHand!.id, { paymentId: payment.id })
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'held' })
    const [after] = await database().select().from(bankStatementLines).where(eq(bankStatementLines.id, byHand!.id))
    expect(after).toMatchObject({ status: 'matched', reason: '', paymentId: payment.id, matchedBy: admin.actor.userId })
    const [statement] = await database().select().from(bankStatements).where(eq(bankStatements.id, result.statementId))
    expect(statement).toMatchObject({ lineCount: 2, matchedCount: 1 })
    await expect(matchLineManually(admin, byHand!.id, { paymentId: other.id })).rejects.toMatchObject({ code: 'invalid_transition' })

    await ignoreLine(admin, stray!.id, { note: 'Interest from the bank' })
    const [ignored] = await database().select().from(bankStatementLines).where(eq(bankStatementLines.id, stray!.id))
    expect(ignored).toMatchObject({ status: 'ignored', reason: 'Interest from the bank' })
    await expect(ignoreLine(admin, stray!.id, { note: 'again' })).rejects.toMatchObject({ code: 'invalid_transition' })
    expect(await brokenBooks()).toEqual(BOOKS_HOLD)
  })

  it('refuses a file it cannot read as a whole, naming the rows, and stores nothing', async () => {
    const payment = await awaitedTransfer()
    const before = await statementCount()
    const rowsOf = async (csv: string) => {
      const error = await upload(csv).catch((thrown: unknown) => thrown)
      expect(error).toMatchObject({ code: 'validation_failed' })
      return error as { details: { rows?: unknown[]; fields?: { file: string[] } } }
    }
    expect((await rowsOf('')).details.fields).toEqual({ csvText: ['validation.statementFile'] })
    expect((await rowsOf('\n\n')).details.fields).toEqual({ file: ['statementFile.noHeader'] })
    expect((await rowsOf(`2026-11-20,1611.20,USD,${payment.reference}\n`)).details.fields).toEqual({ file: ['statementFile.noHeader'] })
    expect((await rowsOf('date,amount,currency,reference\n\n')).details.fields).toEqual({ file: ['statementFile.empty'] })
    expect((await rowsOf('date,amount,reference\n2026-11-20,1.00,x\n')).details.rows).toEqual([
      { row: 1, field: 'currency', message: 'statementFile.missingColumn' },
    ])
    const many = `date,amount,currency,reference\n${'2026-11-20,1.00,USD,x\n'.repeat(5_001)}`
    expect((await rowsOf(many)).details.fields).toEqual({ file: ['statementFile.tooManyRows'] })
    const bad = [
      'date,amount,currency,reference',
      `2026-11-20,1611.20,USD,${payment.reference}`,
      '20/11/2026,5.00,USD,x',
      '2026-11-20,five,USD,x',
      '2026-11-20,5.00,XYZ,x',
    ].join('\n')
    expect((await rowsOf(bad)).details.rows).toEqual([
      { row: 3, field: 'date', message: 'statementFile.badDate' },
      { row: 4, field: 'amount', message: 'statementFile.badAmount' },
      { row: 5, field: 'currency', message: 'statementFile.badCurrency' },
    ])
    expect(await statementCount()).toBe(before)
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'awaiting' })
  })
})

describe('the statement API', () => {
  let app: ReturnType<typeof testApp>
  let adminJar: CookieJar

  beforeAll(async () => {
    app = testApp()
    adminJar = await signInWithCookies(app, await createUser({ role: 'admin' }))
  })

  it('uploads a statement as JSON, lists its lines in snake_case, and answers 422 with the rows of a bad file', async () => {
    const payment = await awaitedTransfer()
    const csv = `date,amount,currency,reference,payer,transaction_id\n2026-11-26,1611.20,USD,${payment.reference},Rotterdam Retail,API-1\n2026-11-26,3.00,USD,Card fee,HSBC,API-2\n`
    const uploaded = await call(app, '/api/v1/finance/statements', { method: 'POST', body: { file_name: 'hsbc.csv', csv }, jar: adminJar })
    expect(uploaded.status).toBe(201)
    expect(uploaded.json).toMatchObject({ lines: 2, matched: 1, unmatched: 1, duplicates: 0 })

    const listed = await call(app, '/api/v1/finance/statement-lines?status=unmatched&limit=100', { jar: adminJar })
    expect(listed.status).toBe(200)
    const items = (listed.json as { items: Array<Record<string, unknown>> }).items
    expect(items.find((item) => item.statement_id === uploaded.json.statement_id)).toMatchObject({
      file_name: 'hsbc.csv',
      line_number: 3,
      booked_on: '2026-11-26',
      amount: '3.00',
      currency: 'USD',
      reason: 'no_reference',
      status: 'unmatched',
    })

    const form = new FormData()
    form.set('file', new File(['date,amount,currency,reference\n2026-13-01,1.00,USD,x\n'], 'bad.csv', { type: 'text/csv' }))
    const response = await app.request('http://localhost:3000/api/v1/finance/statements', {
      method: 'POST',
      headers: { cookie: adminJar.header(), origin: 'http://localhost:3000' },
      body: form,
    })
    expect(response.status).toBe(422)
    expect(((await response.json()) as { details: { rows: unknown[] } }).details.rows).toEqual([
      { row: 2, field: 'date', code: 'statementFile.badDate', message: expect.any(String) },
    ])
  })
})
