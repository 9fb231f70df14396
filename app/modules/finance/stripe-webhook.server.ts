// Stripe's webhook (issue 21): a paid Checkout Session or PaymentIntent holds its payment in escrow; a refund Stripe
// completed leaves the clearing account. Each event acts once: its id is stored in the transaction of its effect, so a
// redelivery finds it and answers without acting.
import type { Stripe } from 'stripe'
import { eq } from 'drizzle-orm'
import type { Transaction } from '../../platform/db/index.server'
import { env } from '../../platform/env.server'
import { AppError } from '../../platform/errors'
import { logger } from '../../platform/logger.server'
import type { OutboxEventId } from '../../platform/outbox/outbox.server'
import { rateLimitStore } from '../../platform/rate-limit.server'
import { paymentRefunds, stripeEvents } from './finance.tables.server'
import { holdPayment, lockPayment, moneyStep, refundSentIn } from './payment.service.server'

export type StripeWebhookOutcome = { received: true; duplicate: boolean }

/** What the money of a paid session or intent says arrived, for the payment named in its metadata. */
type Arrival = { paymentId: string; amountMinor: bigint; currency: string; providerRef: string }
/** A refund Stripe says it completed, for the refund named in its metadata. */
type Completed = { refundId: string; stripeRefundId: string; amountMinor: bigint; currency: string }

/** The event's money, or null when it is nothing to act on (another type, an unpaid session, a pending refund). */
function effectOf(event: Stripe.Event): { arrival: Arrival } | { refunds: Completed[] } | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object
      const paymentId = session.metadata?.payment_id ?? session.client_reference_id
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id
      if (session.payment_status !== 'paid' || !paymentId || session.amount_total === null || !session.currency) return null
      return { arrival: { paymentId, amountMinor: BigInt(session.amount_total), currency: session.currency.toUpperCase(), providerRef: intent ?? session.id } }
    }
    case 'payment_intent.succeeded': {
      const intent = event.data.object
      const paymentId = intent.metadata.payment_id
      if (!paymentId) return null
      return { arrival: { paymentId, amountMinor: BigInt(intent.amount_received), currency: intent.currency.toUpperCase(), providerRef: intent.id } }
    }
    case 'charge.refunded':
      return { refunds: (event.data.object.refunds?.data ?? []).flatMap(completedRefund) }
    case 'refund.updated':
    case 'refund.created':
      return { refunds: completedRefund(event.data.object) }
    default:
      return null
  }
}

function completedRefund(refund: Stripe.Refund): Completed[] {
  const refundId = refund.metadata?.refund_id
  if (refund.status !== 'succeeded' || !refundId) return []
  return [{ refundId, stripeRefundId: refund.id, amountMinor: BigInt(refund.amount), currency: refund.currency.toUpperCase() }]
}

/**
 * Holds the payment the money arrived for. A payment already held (the session and its intent both report the same
 * money) is left alone. Money that is not what the payment asked for, or for a payment that is not awaiting any, is
 * not booked: the event is answered 200 all the same, since Stripe would redeliver a refusal for days and a redelivery
 * would change nothing; the warning is for a platform admin to settle it in Stripe's dashboard.
 */
async function hold(tx: Transaction, arrival: Arrival, eventId: string, events: OutboxEventId[]): Promise<void> {
  const payment = await lockPayment(tx, arrival.paymentId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') return null
    throw error
  })
  const context = { eventId, paymentId: arrival.paymentId, providerRef: arrival.providerRef }
  if (!payment) return logger().warn(context, 'stripe webhook: no such payment')
  if (payment.status === 'held' && payment.provider === 'stripe') return
  if (payment.provider !== 'stripe' || payment.status !== 'awaiting')
    return logger().warn({ ...context, provider: payment.provider, status: payment.status }, 'stripe webhook: money for a payment that awaits none')
  if (arrival.currency !== payment.currency || arrival.amountMinor !== payment.amountMinor)
    return logger().warn(
      { ...context, expected: `${payment.amountMinor} ${payment.currency}`, received: `${arrival.amountMinor} ${arrival.currency}` },
      'stripe webhook: the amount or currency paid is not the payment’s; nothing booked',
    )
  events.push(...(await holdPayment(tx, payment.id, arrival, null)))
}

/** Marks a refund Stripe completed as sent (once: a second report of it is a no-op). */
async function refundSent(tx: Transaction, completed: Completed, eventId: string): Promise<void> {
  const [refund] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, completed.refundId))
  const context = { eventId, refundId: completed.refundId, stripeRefundId: completed.stripeRefundId }
  if (!refund) return logger().warn(context, 'stripe webhook: no such refund')
  if (refund.amountMinor !== completed.amountMinor || refund.currency !== completed.currency)
    return logger().warn(
      { ...context, expected: `${refund.amountMinor} ${refund.currency}` },
      'stripe webhook: the refund sent is not the refund granted; nothing booked',
    )
  await refundSentIn(tx, refund.id, completed.stripeRefundId, null)
}

async function enforceWebhookRateLimit(clientIp: string): Promise<void> {
  const config = env()
  // The carriers' webhook limits fit Stripe's delivery pace as well: one setting for every signed webhook.
  const decision = await rateLimitStore().hit(
    `stripe-webhook:${clientIp}`,
    config.TRACKING_WEBHOOK_RATE_LIMIT_WINDOW_SECONDS,
    config.TRACKING_WEBHOOK_RATE_LIMIT_MAX,
  )
  if (!decision.allowed) throw new AppError('rate_limited', 'Too many webhook requests', { retryAfterSeconds: decision.retryAfterSeconds })
}

async function verifiedEvent(body: Uint8Array, signature: string | undefined, secret: string): Promise<Stripe.Event> {
  if (!signature) throw new AppError('invalid_signature', 'Missing Stripe-Signature header')
  const { default: StripeSdk } = await import('stripe')
  try {
    return StripeSdk.webhooks.constructEvent(Buffer.from(body), signature, secret)
  } catch (error) {
    if (error instanceof StripeSdk.errors.StripeSignatureVerificationError) throw new AppError('invalid_signature', 'Wrong or expired Stripe-Signature')
    // A verified body that is not an event's JSON.
    throw new AppError('bad_request', 'The body is not a Stripe event')
  }
}

/**
 * Receives one webhook request: not configured (no STRIPE_WEBHOOK_SECRET) is not found; a missing, wrong or stale
 * signature is 401 and nothing is read; an event of another type is acknowledged and ignored.
 */
export async function receiveStripeWebhook(body: Uint8Array, signature: string | undefined, clientIp: string): Promise<StripeWebhookOutcome> {
  const secret = env().STRIPE_WEBHOOK_SECRET
  if (!secret) throw new AppError('not_found', 'Stripe is not configured')
  await enforceWebhookRateLimit(clientIp)
  let event: Stripe.Event
  try {
    event = await verifiedEvent(body, signature, secret)
  } catch (error) {
    if (error instanceof AppError && error.code === 'invalid_signature') logger().warn({ clientIp }, 'stripe webhook refused: missing or wrong signature')
    throw error
  }
  const effect = effectOf(event)
  const duplicate = await moneyStep(async (tx, events) => {
    const [fresh] = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id })
    if (!fresh) return true
    if (effect && 'arrival' in effect) await hold(tx, effect.arrival, event.id, events)
    else if (effect) for (const refund of effect.refunds) await refundSent(tx, refund, event.id)
    return false
  })
  return { received: true, duplicate }
}
