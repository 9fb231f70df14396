// Escrow from order to payout (issue 21), on the real services and both databases: money held when the provider
// confirms it, released on the buyer's receipt less the fee, refunded when the order ends or a ruling says so, paid
// out to a verified account; every refused command leaves the ledger as it was.
import { and, eq, like } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { shipOrder } from '../../../db/factories/shipments'
import { BOOKS_HOLD, brokenBooks, platformAdmin, readyForPayouts } from '../../../tests/factories/finance'
import { createOrderParties, orderRequest } from '../../../tests/factories/orders'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { notifications } from '../kernel/kernel.tables.server'
import { CreatePurchaseOrderInput } from '../orders/index'
import { createPurchaseOrder, getPurchaseOrder, transitionPurchaseOrder } from '../orders/index.server'
import { financeSettings, journalEntries, paymentRefunds, payments, payouts } from './finance.tables.server'
import {
  companyBalances,
  closePayout,
  decidePayout,
  holdPayment,
  markRefundSent,
  moneyStep,
  releaseDuePayments,
  requestPayout,
  requestScheduledPayouts,
  ruleOnDispute,
  startPayment,
} from './index.server'
import { RequestPayoutInput, StartPaymentInput } from './index'
import { lockPayment, refundPaymentIn, releasePaymentIn } from './payment.service.server'

let parties: Awaited<ReturnType<typeof createOrderParties>>
let admin: ServiceContext

beforeAll(async () => {
  parties = await createOrderParties()
  admin = await platformAdmin()
})

const RETURN = { returnUrl: 'http://127.0.0.1/en/app/orders/x/view' }

async function confirmedOrder(paymentTerms = 'tt_30_70') {
  const order = await createPurchaseOrder(parties.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, { place: true, paymentTerms })))
  await transitionPurchaseOrder(parties.supplier.ctx, order.id, { action: 'confirm', version: order.version, reason: '' })
  return getPurchaseOrder(parties.buyer.ctx, order.id)
}

const pay = (orderId: string, stage: string, key?: string) =>
  startPayment(parties.buyer.ctx, StartPaymentInput.parse({ orderId, stage, provider: 'bank_transfer' }), {
    ...RETURN,
    ...(key ? { idempotencyKey: key } : {}),
  })

async function paymentRow(id: string) {
  const [row] = await database().select().from(payments).where(eq(payments.id, id))
  return row!
}

/** The bank confirms the transfer of exactly what was asked. */
async function confirm(id: string) {
  const row = await paymentRow(id)
  await moneyStep(async (tx, events) => events.push(...(await holdPayment(tx, id, { amountMinor: row.amountMinor, currency: row.currency }, admin))))
}

async function balancesOf(companyId: string) {
  return Object.fromEntries((await companyBalances(database(), companyId)).map((row) => [`${row.kind}:${row.currency}`, row.balanceMinor]))
}

async function shipAndDeliver(orderId: string) {
  const order = await getPurchaseOrder(parties.supplier.ctx, orderId)
  await shipOrder(parties.supplier.ctx, orderId, Object.fromEntries(order.lines.map((line) => [line.id, line.quantity])))
  const shipped = await getPurchaseOrder(parties.buyer.ctx, orderId)
  await transitionPurchaseOrder(parties.buyer.ctx, orderId, { action: 'deliver', version: shipped.version, reason: '' })
  return getPurchaseOrder(parties.buyer.ctx, orderId)
}

describe('escrow from order to payout', () => {
  it('holds the deposit and the balance, releases them on receipt less 2 %, and pays out to a verified account', async () => {
    const order = await confirmedOrder()
    expect(order.total).toBe('1611.2000')
    const deposit = await pay(order.id, 'deposit', `deposit-${order.id}`)
    // A retry with the same key is the same payment; the same key for another body is refused.
    expect(await pay(order.id, 'deposit', `deposit-${order.id}`)).toEqual({ id: deposit.id, replayed: true })
    await expect(pay(order.id, 'balance', `deposit-${order.id}`)).rejects.toMatchObject({ code: 'idempotency_key_reused' })
    // One live payment per instalment: paying the deposit again would pay more than is due.
    await expect(pay(order.id, 'deposit')).rejects.toMatchObject({ code: 'conflict' })
    expect(await paymentRow(deposit.id)).toMatchObject({ status: 'awaiting', amountMinor: 48336n, currency: 'USD', reference: expect.stringMatching(/^TP-/) })

    // The bank reports a different amount: refused, nothing written.
    const entriesBefore = (await database().select().from(journalEntries)).length
    await expect(
      moneyStep(async (tx) => {
        await holdPayment(tx, deposit.id, { amountMinor: 48_000n, currency: 'USD' }, admin)
      }),
    ).rejects.toMatchObject({ code: 'validation_failed' })
    expect((await database().select().from(journalEntries)).length).toBe(entriesBefore)

    await confirm(deposit.id)
    const balance = await pay(order.id, 'balance')
    await confirm(balance.id)
    expect(await balancesOf(parties.buyer.company.id)).toMatchObject({ 'escrow:USD': 161_120n })
    const timeline = (await getPurchaseOrder(parties.buyer.ctx, order.id)).events.map((event) => event.type)
    expect(timeline.filter((type) => type === 'payment_held')).toHaveLength(2)

    // Delivered: the release date is set; the buyer's confirmation (complete) releases at once.
    const delivered = await shipAndDeliver(order.id)
    expect((await paymentRow(deposit.id)).releaseAfter).not.toBeNull()
    await transitionPurchaseOrder(parties.buyer.ctx, order.id, { action: 'complete', version: delivered.version, reason: '' })
    expect(await paymentRow(deposit.id)).toMatchObject({ status: 'released', releasedMinor: 48336n, feeMinor: 967n })
    expect(await paymentRow(balance.id)).toMatchObject({ status: 'released', feeMinor: 2256n })
    const supplier = await balancesOf(parties.supplier.company.id)
    expect(supplier).toMatchObject({ 'available:USD': 157_897n, 'fees:USD': 3_223n })
    expect(await balancesOf(parties.buyer.company.id)).toMatchObject({ 'escrow:USD': 0n })
    // Released once: a second release is a 409.
    await expect(moneyStep(async (tx) => releasePaymentIn(tx, await lockPayment(tx, deposit.id), null))).rejects.toMatchObject({ code: 'invalid_transition' })

    // Payouts wait for KYC and a verified account; never above the available balance.
    const payoutInput = (bankAccountId: string, amount: string) => RequestPayoutInput.parse({ bankAccountId, currency: 'USD', amount })
    await expect(requestPayout(parties.supplier.ctx, payoutInput('nope', '100'))).rejects.toMatchObject({ code: 'kyc_not_accepted' })
    const account = await readyForPayouts(parties.supplier.company.id)
    await expect(requestPayout(parties.stranger.ctx, payoutInput(account, '100'))).rejects.toMatchObject({ code: 'kyc_not_accepted' })
    await expect(requestPayout(parties.supplier.ctx, payoutInput(account, '1578.98'))).rejects.toMatchObject({ code: 'insufficient_funds' })
    await expect(requestPayout(parties.supplier.ctx, payoutInput(account, '10'))).rejects.toMatchObject({ code: 'validation_failed' })
    const payout = await requestPayout(parties.supplier.ctx, payoutInput(account, '1000'), { idempotencyKey: `payout-${order.id}` })
    expect(payout.payout).toMatchObject({ id: payout.id, status: 'pending', amountMinor: 100_000n, organizationId: parties.supplier.company.id })
    expect(await requestPayout(parties.supplier.ctx, payoutInput(account, '1000'), { idempotencyKey: `payout-${order.id}` })).toEqual({
      id: payout.id,
      replayed: true,
      payout: null,
    })
    expect(await balancesOf(parties.supplier.company.id)).toMatchObject({ 'available:USD': 57_897n, 'pending_payout:USD': 100_000n })
    // A member may not move money; a company may not decide its own payout.
    await expect(decidePayout(parties.supplier.ctx, payout.id, { decision: 'accept' })).rejects.toMatchObject({ code: 'forbidden' })
    await decidePayout(admin, payout.id, { decision: 'accept' })
    await expect(decidePayout(admin, payout.id, { decision: 'accept' })).rejects.toMatchObject({ code: 'invalid_transition' })
    await closePayout(admin, payout.id, { outcome: 'paid', bankReference: 'HSBC-20261204-001' })
    expect(await balancesOf(parties.supplier.company.id)).toMatchObject({ 'available:USD': 57_897n, 'pending_payout:USD': 0n, 'fees:USD': 3_223n + 250n })
    // The company hears of each step, named by the payout's number and amount (remembered from the request, or read).
    const told = await database()
      .select({ kind: notifications.kind, params: notifications.params })
      .from(notifications)
      .where(and(eq(notifications.userId, parties.supplier.user.id), like(notifications.kind, 'finance.payout_%')))
      .orderBy(notifications.createdAt)
    const named = { number: payout.payout!.number, amount: '1000.00 USD' }
    expect(told).toEqual([
      { kind: 'finance.payout_accepted', params: { ...named, reason: '', reference: '' } },
      { kind: 'finance.payout_paid', params: { ...named, reason: '', reference: 'HSBC-20261204-001' } },
    ])
    expect(await brokenBooks()).toEqual(BOOKS_HOLD)
  })

  it('refunds what is held when the order is cancelled, and the admin marks the bank refund sent', async () => {
    const order = await createPurchaseOrder(
      parties.buyer.ctx,
      CreatePurchaseOrderInput.parse(orderRequest(parties, { place: true, paymentTerms: 'prepayment' })),
    )
    const payment = await pay(order.id, 'full')
    await confirm(payment.id)
    await transitionPurchaseOrder(parties.buyer.ctx, order.id, { action: 'cancel', version: order.version, reason: 'Found a closer supplier' })
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'refunded', refundedMinor: 161_120n })
    const [refund] = await database().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id))
    expect(refund).toMatchObject({ status: 'pending', amountMinor: 161_120n })
    await markRefundSent(admin, refund!.id, { bankReference: 'REFUND-77' })
    await expect(markRefundSent(admin, refund!.id, { bankReference: 'REFUND-77' })).rejects.toMatchObject({ code: 'invalid_transition' })
    const [sent] = await database().select().from(paymentRefunds).where(eq(paymentRefunds.id, refund!.id))
    expect(sent).toMatchObject({ status: 'sent', providerRef: 'REFUND-77' })
    expect(await brokenBooks()).toEqual(BOOKS_HOLD)
  })

  it('freezes a disputed order’s escrow, and a ruling refunds a share and releases the rest', async () => {
    const order = await confirmedOrder('lc_at_sight')
    const payment = await pay(order.id, 'full')
    await confirm(payment.id)
    const delivered = await shipAndDeliver(order.id)
    await transitionPurchaseOrder(parties.buyer.ctx, order.id, { action: 'dispute', version: delivered.version, reason: 'Twelve lamps arrived broken' })
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'held', frozen: true })
    // The automatic release leaves a frozen payment alone, however late.
    await releaseDuePayments(new Date(Date.now() + 365 * 86_400_000))
    expect((await paymentRow(payment.id)).status).toBe('held')

    await expect(ruleOnDispute(parties.buyer.ctx, order.id, { refundPercent: '25', note: 'Broken lamps' })).rejects.toMatchObject({ code: 'forbidden' })
    await ruleOnDispute(
      admin,
      order.id,
      { refundPercent: '25', note: 'Twelve of 120 lamps broken; packaging at fault' },
      { idempotencyKey: `ruling-${order.id}` },
    )
    await ruleOnDispute(
      admin,
      order.id,
      { refundPercent: '25', note: 'Twelve of 120 lamps broken; packaging at fault' },
      { idempotencyKey: `ruling-${order.id}` },
    )
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'settled', refundedMinor: 40_280n, releasedMinor: 120_840n, feeMinor: 2_417n })
    expect((await getPurchaseOrder(parties.buyer.ctx, order.id)).status).toBe('completed')
    expect(await brokenBooks()).toEqual(BOOKS_HOLD)
  })

  it('releases automatically the days after delivery when nobody disputes', async () => {
    const order = await confirmedOrder('cash_against_documents')
    const payment = await pay(order.id, 'full')
    await confirm(payment.id)
    await shipAndDeliver(order.id)
    expect(await releaseDuePayments()).toBe(0)
    expect(await releaseDuePayments(new Date(Date.now() + 15 * 86_400_000))).toBeGreaterThanOrEqual(1)
    expect((await paymentRow(payment.id)).status).toBe('released')
  })

  it('lets exactly one of a concurrent release and refund of the same payment win', async () => {
    const order = await confirmedOrder('prepayment')
    const payment = await pay(order.id, 'full')
    await confirm(payment.id)
    const outcomes = await Promise.allSettled([
      moneyStep(async (tx, events) => events.push(...(await releasePaymentIn(tx, await lockPayment(tx, payment.id), admin)))),
      moneyStep(async (tx, events) => {
        const locked = await lockPayment(tx, payment.id)
        events.push(...(await refundPaymentIn(tx, locked, locked.heldMinor, 'test', admin)).events)
      }),
    ])
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult
    expect(refused.reason).toMatchObject({ code: 'invalid_transition' })
    expect(['released', 'refunded']).toContain((await paymentRow(payment.id)).status)
    expect(await brokenBooks()).toEqual(BOOKS_HOLD)
  })
})

describe('scheduled payouts', () => {
  it('pays a weekly company its available balance on Mondays, once a day, to its default verified account', async () => {
    const seller = await createOrderParties()
    await readyForPayouts(seller.supplier.company.id)
    await database().insert(financeSettings).values({ organizationId: seller.supplier.company.id, payoutSchedule: 'weekly' })
    const order = await createPurchaseOrder(seller.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(seller, { place: true, paymentTerms: 'prepayment' })))
    const { id } = await startPayment(seller.buyer.ctx, StartPaymentInput.parse({ orderId: order.id, stage: 'full', provider: 'bank_transfer' }), RETURN)
    const [row] = await database().select().from(payments).where(eq(payments.id, id))
    await moneyStep(async (tx, events) => {
      events.push(...(await holdPayment(tx, id, { amountMinor: row!.amountMinor, currency: 'USD' }, admin)))
      events.push(...(await releasePaymentIn(tx, await lockPayment(tx, id), admin)))
    })
    const monday = new Date('2026-12-07T02:00:00Z')
    expect(await requestScheduledPayouts(new Date('2026-12-08T02:00:00Z'))).toBe(0)
    expect(await requestScheduledPayouts(monday)).toBe(1)
    expect(await requestScheduledPayouts(monday)).toBe(0)
    const owned = await database().select().from(payouts).where(eq(payouts.organizationId, seller.supplier.company.id))
    expect(owned).toHaveLength(1)
    expect(owned[0]).toMatchObject({ status: 'pending', amountMinor: 157_898n, requestedBy: null })
    expect(await balancesOf(seller.supplier.company.id)).toMatchObject({ 'available:USD': 0n, 'pending_payout:USD': 157_898n })
  })
})
