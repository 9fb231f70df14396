// Payments (issue 21): a buyer pays an order's instalment into escrow; the provider's confirmation holds it; the
// buyer's receipt (or the days after delivery) releases it to the supplier, less the platform's fee; a cancellation
// or a ruling refunds it. Each step is one transaction: the payment's new state and its journal entry together.
import { randomUUID } from 'node:crypto'
import { and, eq, ne } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Transaction } from '../../platform/db/index.server'
import { env } from '../../platform/env.server'
import { AppError } from '../../platform/errors'
import { canConvert, crossRate, rateDay } from '../../platform/fx/convert'
import { rateTable } from '../../platform/fx/fx.service.server'
import { claimIdempotencyKey, fingerprintOf, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { type OutboxEventId, recordEvent, relayEvents } from '../../platform/outbox/outbox.server'
import { divideRounded, parseDecimal } from '../../platform/format/decimal-text'
import { currencyDigits, minorToDecimal, toMinor } from '../../platform/format/money'
import { type Notice, recordNotice } from '../companies/index.server'
import { nextNumber } from '../kernel/index.server'
import { noteMoneyOnOrder, orderMoneyFacts } from '../orders/index.server'
import { requireMoneyMover } from './finance-access.server'
import { paymentRefunds, payments } from './finance.tables.server'
import { companyAccount, platformAccount, postEntry } from './ledger.server'
import { availableProviders, newPaymentReference, paymentProvider } from './payment-providers.server'
import type { StartPaymentInput } from './payment.inputs'
import { instalmentOf } from './payment-plan'

export type PaymentRow = typeof payments.$inferSelect

const fieldError = (fields: Record<string, string[]>) => new AppError('validation_failed', 'Validation failed', { fields })

/**
 * Order statuses in which an instalment may be paid: from placement to completion (a completed order's unpaid
 * instalment is still owed — paid, it is released at once); never a draft, a disputed, declined or cancelled order.
 */
const PAYABLE_STATUSES = new Set(['placed', 'confirmed', 'in_production', 'shipped', 'delivered', 'completed'])

export const ESCROW_LINK = (orderId: string, side: 'buyer' | 'supplier') =>
  side === 'buyer' ? `/app/orders/${orderId}/view` : `/app/supplier/purchase/order/${orderId}`

/** Whether an order in `status` takes payments. */
export const isPayable = (status: string): boolean => PAYABLE_STATUSES.has(status)

/**
 * The buyer pays one instalment of an order: the amount is the plan's (converted at today's rate when paid in another
 * currency, the rate kept), the provider collects it. One live payment per instalment: a second is refused (paying
 * more than is due). The same Idempotency-Key answers with the first payment.
 */
export async function startPayment(
  ctx: ServiceContext,
  input: StartPaymentInput,
  options: IdempotencyOption & { /** Where a card payer comes back to (the order page, absolute), made by the caller. */ returnUrl: string },
): Promise<{ id: string; replayed: boolean }> {
  await requireMoneyMover(ctx)
  const companyId = ctx.actor.companyId!
  const order = await orderMoneyFacts(database(), ctx, input.orderId)
  if (order.buyerCompanyId !== companyId) throw new AppError('not_your_turn', 'Only the buyer pays an order', { action: 'pay' })
  if (!order.supplierCompanyId) throw new AppError('invalid_transition', 'The supplier no longer exists', { action: 'pay' })
  const instalment = instalmentOf(order.paymentTerms, toMinor(order.total, order.currency), input.stage)
  if (!instalment) throw fieldError({ stage: ['validation.paymentStage'] })
  if (!isPayable(order.status))
    throw new AppError('invalid_transition', `An order that is ${order.status} takes no payment`, { action: 'pay', status: order.status })
  if (!availableProviders().includes(input.provider)) throw fieldError({ provider: ['validation.paymentProvider'] })
  const currency = input.currency ?? order.currency
  const conversion = await convertDue(instalment.amountMinor, order.currency, currency)

  const id = randomUUID()
  const result = await database().transaction(async (tx) => {
    if (options.idempotencyKey) {
      const earlier = await claimIdempotencyKey(tx, {
        scope: `payment:${companyId}`,
        key: options.idempotencyKey,
        fingerprint: fingerprintOf(input),
        resourceId: id,
      })
      if (earlier) return { id: earlier, replayed: true }
    }
    const live = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.stage, input.stage), ne(payments.status, 'cancelled')))
      .for('update')
    if (live.length > 0) throw new AppError('conflict', 'This instalment is already being paid', { reason: 'already_paid', stage: input.stage })
    await tx.insert(payments).values({
      id,
      number: await nextNumber(tx, companyId, 'PAY'),
      orderId: order.id,
      orderNumber: order.number,
      buyerOrganizationId: companyId,
      supplierOrganizationId: order.supplierCompanyId!,
      buyerName: order.buyerName,
      supplierName: order.supplierName,
      stage: input.stage,
      orderCurrency: order.currency,
      orderAmountMinor: instalment.amountMinor,
      currency,
      amountMinor: conversion.amountMinor,
      fxRate: conversion.rate,
      fxRateDay: conversion.day,
      provider: input.provider,
      reference: newPaymentReference(),
      createdBy: ctx.actor.userId,
    })
    return { id, replayed: false }
  })
  if (!result.replayed) await collect(result.id, options.returnUrl)
  return result
}

/** The due amount in the currency paid: itself, or converted at today's cross rate (one rounding, to the minor unit). */
async function convertDue(amountMinor: bigint, from: string, to: string): Promise<{ amountMinor: bigint; rate: string | null; day: string | null }> {
  if (from === to) return { amountMinor, rate: null, day: null }
  const rates = await rateTable()
  const rate = canConvert(rates, from, to) ? crossRate(rates, from, to) : null
  if (!rate) throw fieldError({ currency: ['validation.noRate'] })
  const { units, scale } = parseDecimal(rate)
  const amount = divideRounded(amountMinor * units * 10n ** BigInt(currencyDigits(to)), 10n ** BigInt(scale + currencyDigits(from)))
  if (amount <= 0n) throw fieldError({ currency: ['validation.noRate'] })
  return { amountMinor: amount, rate, day: rateDay(rates, from, to) }
}

/** Asks the payment's provider to collect it (Stripe: a checkout page). Failing leaves it awaiting, to try again. */
async function collect(paymentId: string, returnUrl: string): Promise<void> {
  const [payment] = await database().select().from(payments).where(eq(payments.id, paymentId))
  if (!payment || payment.provider === 'bank_transfer') return
  const started = await paymentProvider(payment.provider).collect({
    paymentId: payment.id,
    number: payment.number,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    description: `${payment.orderNumber} · ${payment.number}`,
    returnUrl,
  })
  await database()
    .update(payments)
    .set({ providerRef: started.providerRef, checkoutUrl: started.checkoutUrl, updatedAt: new Date() })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'awaiting')))
}

/** Tries the provider again for an awaiting card payment whose checkout could not be opened. */
export async function retryCollect(ctx: ServiceContext, paymentId: string, returnUrl: string): Promise<void> {
  await requireMoneyMover(ctx)
  const [payment] = await database()
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.buyerOrganizationId, ctx.actor.companyId!)))
  if (!payment) throw new AppError('not_found', 'Payment not found')
  if (payment.status !== 'awaiting')
    throw new AppError('invalid_transition', 'This payment is no longer awaited', { action: 'collect', status: payment.status })
  await collect(payment.id, returnUrl)
}

export async function lockPayment(tx: Transaction, id: string): Promise<PaymentRow> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, id)).for('update')
  if (!payment) throw new AppError('not_found', 'Payment not found')
  return payment
}

/** What the provider confirmed arrived for a payment. */
export type Received = { amountMinor: bigint; currency: string; providerRef?: string | null }

/**
 * The provider confirmed the money (a matched bank statement line, Stripe's webhook): the payment is held in the
 * buyer's escrow account. An amount or currency other than the payment's is refused (the line stays unmatched). Money
 * that arrives for an order that has ended meanwhile is held and refunded at once; for an order already completed
 * (net terms) it is released at once.
 */
export async function holdPayment(
  tx: Transaction,
  paymentId: string,
  received: Received,
  ctx: ServiceContext | null,
  /** When the money arrived (the demo's history books the past; everything else: now). */
  now: Date = new Date(),
): Promise<OutboxEventId[]> {
  const payment = await lockPayment(tx, paymentId)
  if (payment.status !== 'awaiting') throw new AppError('invalid_transition', 'This payment is not awaiting money', { action: 'hold', status: payment.status })
  if (received.currency !== payment.currency) throw fieldError({ currency: ['validation.paymentCurrency'] })
  if (received.amountMinor !== payment.amountMinor) throw fieldError({ amount: ['validation.paymentAmount'] })
  const order = await orderMoneyFacts(tx, null, payment.orderId)
  await postEntry(
    tx,
    {
      kind: 'payment_held',
      currency: payment.currency,
      postings: [
        { account: platformAccount('external_bank'), amountMinor: -payment.amountMinor },
        { account: companyAccount(payment.buyerOrganizationId, 'escrow'), amountMinor: payment.amountMinor },
      ],
      paymentId: payment.id,
      orderId: payment.orderId,
      reference: received.providerRef ?? payment.reference,
      createdBy: ctx?.actor.userId ?? null,
    },
    now,
  )
  const held: PaymentRow = {
    ...payment,
    status: 'held',
    heldMinor: payment.amountMinor,
    heldAt: now,
    providerRef: received.providerRef ?? payment.providerRef,
    releaseAfter: order.status === 'delivered' && order.deliveredAt ? releaseDate(order.deliveredAt) : null,
    frozen: order.status === 'disputed',
  }
  await tx
    .update(payments)
    .set({
      status: held.status,
      heldMinor: held.heldMinor,
      heldAt: now,
      providerRef: held.providerRef,
      releaseAfter: held.releaseAfter,
      frozen: held.frozen,
      updatedAt: now,
      version: payment.version + 1,
    })
    .where(eq(payments.id, payment.id))
  await noteMoneyOnOrder(tx, ctx, payment.orderId, 'payment_held', `${payment.number} · ${money(payment.amountMinor, payment.currency)}`, moneyData(payment))
  const events = [await announce(tx, held, 'held', ctx)]
  if (['cancelled', 'declined'].includes(order.status)) events.push(...(await refundRest(tx, held, 'order_ended', ctx)))
  else if (order.status === 'completed') events.push(...(await releasePaymentIn(tx, held, ctx, now)))
  return events
}

const releaseDate = (deliveredAt: Date) => new Date(deliveredAt.getTime() + env().FINANCE_AUTO_RELEASE_DAYS * 86_400_000)

const money = (amountMinor: bigint, currency: string) => `${minorToDecimal({ minor: amountMinor, currency })} ${currency}`
const moneyData = (payment: PaymentRow) => ({
  payment: {
    id: payment.id,
    number: payment.number,
    amount: minorToDecimal({ minor: payment.amountMinor, currency: payment.currency }),
    currency: payment.currency,
  },
})

/** What is still in escrow of a held payment. */
export const heldRest = (payment: Pick<PaymentRow, 'heldMinor' | 'releasedMinor' | 'refundedMinor'>) =>
  payment.heldMinor - payment.releasedMinor - payment.refundedMinor

/**
 * Releases what is left in escrow of a held payment to the supplier's available balance, less the platform's fee
 * (kept in the supplier's fees account). Anything but a held payment is a 409: a payment is released once.
 */
export async function releasePaymentIn(tx: Transaction, payment: PaymentRow, ctx: ServiceContext | null, now: Date = new Date()): Promise<OutboxEventId[]> {
  if (payment.status !== 'held') throw new AppError('invalid_transition', 'Only a held payment is released', { action: 'release', status: payment.status })
  const amount = heldRest(payment)
  const fee = divideRounded(amount * BigInt(env().FINANCE_ESCROW_FEE_BPS), 10_000n)
  await postEntry(
    tx,
    {
      kind: 'payment_released',
      currency: payment.currency,
      postings: [
        { account: companyAccount(payment.buyerOrganizationId, 'escrow'), amountMinor: -amount },
        { account: companyAccount(payment.supplierOrganizationId, 'available'), amountMinor: amount - fee },
        ...(fee > 0n ? [{ account: companyAccount(payment.supplierOrganizationId, 'fees'), amountMinor: fee }] : []),
      ],
      paymentId: payment.id,
      orderId: payment.orderId,
      reference: payment.number,
      createdBy: ctx?.actor.userId ?? null,
    },
    now,
  )
  const status = payment.refundedMinor > 0n ? 'settled' : 'released'
  const released: PaymentRow = { ...payment, status, releasedMinor: payment.releasedMinor + amount, feeMinor: payment.feeMinor + fee, closedAt: now }
  await tx
    .update(payments)
    .set({
      status,
      releasedMinor: released.releasedMinor,
      feeMinor: released.feeMinor,
      closedAt: now,
      frozen: false,
      updatedAt: now,
      version: payment.version + 1,
    })
    .where(eq(payments.id, payment.id))
  await noteMoneyOnOrder(tx, ctx, payment.orderId, 'payment_released', `${payment.number} · ${money(amount, payment.currency)}`, moneyData(payment))
  return [await announce(tx, released, 'released', ctx, { amount: money(amount - fee, payment.currency), fee: money(fee, payment.currency) })]
}

/**
 * Gives `amountMinor` of a held payment back to the buyer: out of escrow into the clearing account until the provider
 * has sent it (Stripe: right after commit, by a job; bank transfer: a platform admin marks it sent). More than is left
 * in escrow is refused. Closes the payment when nothing is left.
 */
export async function refundPaymentIn(
  tx: Transaction,
  payment: PaymentRow,
  amountMinor: bigint,
  reason: string,
  ctx: ServiceContext | null,
): Promise<{ refundId: string; events: OutboxEventId[] }> {
  if (payment.status !== 'held') throw new AppError('invalid_transition', 'Only a held payment is refunded', { action: 'refund', status: payment.status })
  if (amountMinor <= 0n || amountMinor > heldRest(payment)) throw fieldError({ amount: ['validation.refundAmount'] })
  const now = new Date()
  const refundId = randomUUID()
  await tx
    .insert(paymentRefunds)
    .values({ id: refundId, paymentId: payment.id, amountMinor, currency: payment.currency, reason, createdBy: ctx?.actor.userId ?? null, createdAt: now })
  await postEntry(
    tx,
    {
      kind: 'refund_granted',
      currency: payment.currency,
      postings: [
        { account: companyAccount(payment.buyerOrganizationId, 'escrow'), amountMinor: -amountMinor },
        { account: platformAccount('escrow_clearing'), amountMinor },
      ],
      paymentId: payment.id,
      refundId,
      orderId: payment.orderId,
      reference: payment.number,
      createdBy: ctx?.actor.userId ?? null,
    },
    now,
  )
  const refunded = payment.refundedMinor + amountMinor
  const empty = payment.heldMinor - payment.releasedMinor - refunded === 0n
  const status = !empty ? 'held' : payment.releasedMinor > 0n ? 'settled' : 'refunded'
  const next: PaymentRow = { ...payment, status, refundedMinor: refunded, closedAt: empty ? now : null }
  await tx
    .update(payments)
    .set({ status, refundedMinor: refunded, closedAt: next.closedAt, updatedAt: now, version: payment.version + 1 })
    .where(eq(payments.id, payment.id))
  await noteMoneyOnOrder(tx, ctx, payment.orderId, 'payment_refunded', `${payment.number} · ${money(amountMinor, payment.currency)}`, moneyData(payment))
  const events = [await announce(tx, next, 'refunded', ctx, { amount: money(amountMinor, payment.currency), reason })]
  // The provider is asked after commit, by the outbox's finance handler (retried until it answers).
  if (payment.provider !== 'bank_transfer') events.push(await recordEvent(tx, { name: REFUND_GRANTED_EVENT, actorUserId: ctx?.actor.userId ?? null }))
  return { refundId, events }
}

export const REFUND_GRANTED_EVENT = 'finance.refund_granted'

/** Everything left in escrow of a held payment back to the buyer (an order that ended). */
async function refundRest(tx: Transaction, payment: PaymentRow, reason: string, ctx: ServiceContext | null): Promise<OutboxEventId[]> {
  return (await refundPaymentIn(tx, payment, heldRest(payment), reason, ctx)).events
}

/**
 * The provider sent a refund back (Stripe's answer or webhook; a platform admin for a bank transfer, quoting the
 * bank's reference): the money leaves the clearing account for the outside. Sending twice is a no-op.
 */
export async function refundSentIn(tx: Transaction, refundId: string, providerRef: string | null, ctx: ServiceContext | null): Promise<boolean> {
  const [refund] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId)).for('update')
  if (!refund) throw new AppError('not_found', 'Refund not found')
  if (refund.status === 'sent') return false
  const now = new Date()
  await postEntry(
    tx,
    {
      kind: 'refund_sent',
      currency: refund.currency,
      postings: [
        { account: platformAccount('escrow_clearing'), amountMinor: -refund.amountMinor },
        { account: platformAccount('external_bank'), amountMinor: refund.amountMinor },
      ],
      paymentId: refund.paymentId,
      refundId: refund.id,
      reference: providerRef ?? '',
      createdBy: ctx?.actor.userId ?? null,
    },
    now,
  )
  await tx.update(paymentRefunds).set({ status: 'sent', providerRef, sentAt: now }).where(eq(paymentRefunds.id, refund.id))
  return true
}

/**
 * Asks the providers to send every granted card refund (the outbox's finance handler, after the granting commit; a
 * failure throws, and the outbox tries again later). Stripe is given the refund's id as idempotency key: asking twice
 * sends once.
 */
export async function sendPendingRefunds(): Promise<void> {
  const rows = await database()
    .select({ refund: paymentRefunds, provider: payments.provider, providerRef: payments.providerRef })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(and(eq(paymentRefunds.status, 'pending'), ne(payments.provider, 'bank_transfer')))
    .orderBy(paymentRefunds.createdAt)
    .limit(100)
  for (const row of rows) {
    const sent = await paymentProvider(row.provider).refund({
      refundId: row.refund.id,
      paymentProviderRef: row.providerRef,
      amountMinor: row.refund.amountMinor,
      currency: row.refund.currency,
    })
    if (sent.sent) await database().transaction((tx) => refundSentIn(tx, row.refund.id, sent.providerRef, null))
  }
}

/** Tells both parties what happened to a payment (in-app now, mail after commit), and their open pages. */
async function announce(
  tx: Transaction,
  payment: PaymentRow,
  what: 'held' | 'released' | 'refunded',
  ctx: ServiceContext | null,
  params: Record<string, string> = {},
): Promise<OutboxEventId> {
  const notices: Notice[] = (['buyer', 'supplier'] as const).map((side) => ({
    companyId: side === 'buyer' ? payment.buyerOrganizationId : payment.supplierOrganizationId,
    exceptUserId: ctx?.actor.userId ?? null,
    kind: `finance.payment_${what}` as const,
    params: { number: payment.number, order: payment.orderNumber, amount: money(payment.amountMinor, payment.currency), ...params },
    link: ESCROW_LINK(payment.orderId, side),
  }))
  for (const notice of notices) await recordNotice(tx, notice)
  return recordEvent(tx, {
    name: `payment.${what}`,
    changes: [
      { companyIds: [payment.buyerOrganizationId, payment.supplierOrganizationId], entity: 'purchase_order', id: payment.orderId, action: `payment_${what}` },
    ],
    notices,
    actorUserId: ctx?.actor.userId ?? null,
  })
}

/** Runs a money step in one transaction, then relays its events (notices, pages, refunds to send). */
export async function moneyStep<T>(step: (tx: Transaction, events: OutboxEventId[]) => Promise<T>): Promise<T> {
  const events: OutboxEventId[] = []
  const result = await database().transaction((tx) => step(tx, events))
  await relayEvents(events)
  return result
}

/** The order's payments, oldest first (finance's own reads of one order). */
export function paymentsOfOrder(tx: Transaction, orderId: string): Promise<PaymentRow[]> {
  return tx.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.createdAt).for('update')
}
