// Escrow follows the order (issue 21). The orders module announces each step in its outbox, in the transaction of the
// step; this module's handler moves the money after commit, each payment in its own transaction (delivered at least
// once, retried on failure; every move checks the payment's state, so a redelivery moves nothing twice):
//   complete (the buyer confirms receipt), resolve (the dispute withdrawn) → release what is held;
//   deliver → release automatically FINANCE_AUTO_RELEASE_DAYS later unless disputed;  dispute → freeze;
//   cancel, agree_cancel, decline → refund what is held, cancel what was never paid.
// A platform admin's ruling on a dispute refunds a share and releases the rest, with the order's closing, at once.
import { and, eq, lte } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { env } from '../../platform/env.server'
import { AppError } from '../../platform/errors'
import { claimIdempotencyKey, fingerprintOf, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { type OutboxEvent, registerOutboxHandler } from '../../platform/outbox/outbox.server'
import { requirePlatformAdmin } from '../../platform/platform-admin'
import { closeDisputeByRuling } from '../orders/index.server'
import { payments } from './finance.tables.server'
import type { DisputeRulingInput, RefundSentInput } from './payment.inputs'
import { shareOf } from './payment-plan'
import {
  heldRest,
  lockPayment,
  moneyStep,
  paymentsOfOrder,
  REFUND_GRANTED_EVENT,
  refundPaymentIn,
  refundSentIn,
  releasePaymentIn,
  sendPendingRefunds,
} from './payment.service.server'

const RELEASING = new Set(['complete', 'resolve'])
const ENDING = new Set(['cancel', 'agree_cancel', 'decline'])

/** What an order's step does to its payments (after the step committed). */
export async function followOrder(orderId: string, action: string, now: Date = new Date()): Promise<void> {
  if (!RELEASING.has(action) && !ENDING.has(action) && action !== 'deliver' && action !== 'dispute') return
  await moneyStep(async (tx, events) => {
    for (const payment of await paymentsOfOrder(tx, orderId)) {
      if (RELEASING.has(action) && payment.status === 'held') events.push(...(await releasePaymentIn(tx, payment, null)))
      else if (ENDING.has(action) && payment.status === 'held')
        events.push(...(await refundPaymentIn(tx, payment, heldRest(payment), 'order_ended', null)).events)
      else if (ENDING.has(action) && payment.status === 'awaiting')
        await tx.update(payments).set({ status: 'cancelled', closedAt: now, updatedAt: now }).where(eq(payments.id, payment.id))
      else if (action === 'deliver' && payment.status === 'held' && !payment.frozen)
        await tx
          .update(payments)
          .set({ releaseAfter: new Date(now.getTime() + env().FINANCE_AUTO_RELEASE_DAYS * 86_400_000), updatedAt: now })
          .where(eq(payments.id, payment.id))
      else if (action === 'dispute' && payment.status === 'held')
        await tx.update(payments).set({ frozen: true, updatedAt: now }).where(eq(payments.id, payment.id))
    }
  })
}

/** The order ids of an order event (`purchase_order.<action>`) and the action. */
function orderStep(event: OutboxEvent): { action: string; orderIds: string[] } | null {
  const [entity, action] = event.name.split('.')
  if (entity !== 'purchase_order' || !action) return null
  return { action, orderIds: [...new Set(event.changes.filter((change) => change.entity === 'purchase_order').map((change) => change.id))] }
}

registerOutboxHandler('finance', async (event) => {
  if (event.name === REFUND_GRANTED_EVENT) return sendPendingRefunds()
  const step = orderStep(event)
  if (step) for (const orderId of step.orderIds) await followOrder(orderId, step.action)
})

/**
 * Releases the held payments whose orders were delivered FINANCE_AUTO_RELEASE_DAYS ago without a dispute (the
 * `finance.release-due` job). Answers how many it released.
 */
export async function releaseDuePayments(now: Date = new Date()): Promise<number> {
  const due = await database()
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.status, 'held'), eq(payments.frozen, false), lte(payments.releaseAfter, now)))
    .limit(500)
  let released = 0
  for (const { id } of due)
    await moneyStep(async (tx, events) => {
      const payment = await lockPayment(tx, id)
      if (payment.status !== 'held' || payment.frozen || !payment.releaseAfter || payment.releaseAfter > now) return
      events.push(...(await releasePaymentIn(tx, payment, null)))
      released += 1
    })
  return released
}

/**
 * A platform admin rules on a disputed order: `refundPercent` of what each payment still holds goes back to the buyer,
 * the rest to the supplier, and the order is completed — one transaction. Once per Idempotency-Key.
 */
export async function ruleOnDispute(ctx: ServiceContext, orderId: string, input: DisputeRulingInput, options: IdempotencyOption = {}): Promise<void> {
  requirePlatformAdmin(ctx.actor)
  const basisPoints = Math.round(Number(input.refundPercent) * 100)
  await moneyStep(async (tx, events) => {
    if (options.idempotencyKey) {
      const earlier = await claimIdempotencyKey(tx, {
        scope: `ruling:${orderId}`,
        key: options.idempotencyKey,
        fingerprint: fingerprintOf(input),
        resourceId: orderId,
      })
      if (earlier) return
    }
    events.push(await closeDisputeByRuling(tx, ctx, orderId, input.note, []))
    for (const payment of await paymentsOfOrder(tx, orderId)) {
      if (payment.status !== 'held') continue
      const refund = shareOf(heldRest(payment), basisPoints)
      let rest = payment
      if (refund > 0n) {
        const refunded = await refundPaymentIn(tx, payment, refund, input.note, ctx)
        events.push(...refunded.events)
        rest = await lockPayment(tx, payment.id)
      }
      if (rest.status === 'held') events.push(...(await releasePaymentIn(tx, rest, ctx)))
    }
  })
}

/** A platform admin sent a bank-transfer refund back to the buyer, quoting the bank's reference. */
export async function markRefundSent(ctx: ServiceContext, refundId: string, input: RefundSentInput): Promise<void> {
  requirePlatformAdmin(ctx.actor)
  await moneyStep(async (tx) => {
    const sent = await refundSentIn(tx, refundId, input.bankReference, ctx)
    if (!sent) throw new AppError('invalid_transition', 'This refund was already sent', { action: 'send', status: 'sent' })
  })
}
