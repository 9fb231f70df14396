// Stripe takes card payments (issue 21) when STRIPE_SECRET_KEY is set: a Checkout Session per payment, a refund back to
// the card. Stripe confirms each step by webhook (stripe-webhook.server.ts); nothing here moves money in the ledger.
// The SDK is loaded on first use, so a platform without Stripe never loads it.
import type { Stripe } from 'stripe'
import { env } from '../../platform/env.server'
import { type CollectRequest, type PaymentProvider, type RefundRequest, registerPaymentProvider } from './payment-providers.server'

let cached: { key: string; client: Stripe } | null = null

/** The SDK's client for the configured key, pointed at STRIPE_API_BASE when set (a local stand-in in tests and demos). */
export async function stripeClient(): Promise<Stripe> {
  const config = env()
  if (!config.STRIPE_SECRET_KEY) throw new Error('Stripe is not configured (STRIPE_SECRET_KEY)')
  const key = `${config.STRIPE_SECRET_KEY}|${config.STRIPE_API_BASE ?? ''}`
  if (cached?.key === key) return cached.client
  const { default: StripeSdk } = await import('stripe')
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null
  const client = new StripeSdk(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    telemetry: false,
    appInfo: { name: 'Tradeport' },
    ...(base
      ? {
          protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
        }
      : {}),
  })
  cached = { key, client }
  return client
}

/**
 * Minor units as the number Stripe's API takes. Stripe's amounts are in the currency's smallest unit like ours; an
 * amount beyond what a JSON number holds exactly is refused rather than rounded.
 */
export function stripeAmount(amountMinor: bigint): number {
  if (amountMinor <= 0n || amountMinor > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`Amount out of Stripe's range: ${amountMinor}`)
  return Number(amountMinor)
}

/** Where Stripe sends the buyer back: the order page, told whether they paid or gave up. */
function returnUrls(returnUrl: string): { success_url: string; cancel_url: string } {
  const withOutcome = (outcome: string) => {
    const url = new URL(returnUrl)
    url.searchParams.set('payment', outcome)
    return url.toString()
  }
  return { success_url: withOutcome('done'), cancel_url: withOutcome('cancelled') }
}

async function collect(request: CollectRequest): Promise<{ providerRef: string | null; checkoutUrl: string | null }> {
  const stripe = await stripeClient()
  const metadata = { payment_id: request.paymentId, payment_number: request.number }
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      client_reference_id: request.paymentId,
      line_items: [
        {
          quantity: 1,
          price_data: { currency: request.currency.toLowerCase(), unit_amount: stripeAmount(request.amountMinor), product_data: { name: request.description } },
        },
      ],
      metadata,
      payment_intent_data: { metadata, description: request.description },
      ...returnUrls(request.returnUrl),
    },
    // A retry of the same payment opens the same session (Stripe keeps the key 24 hours).
    { idempotencyKey: `collect-${request.paymentId}` },
  )
  // The PaymentIntent is usually created only when the buyer pays: until then the session's id stands for it, and the
  // webhook finds the payment by its metadata, not by this reference.
  const intent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null)
  return { providerRef: intent ?? session.id, checkoutUrl: session.url }
}

async function refund(request: RefundRequest): Promise<{ providerRef: string | null; sent: boolean }> {
  if (!request.paymentProviderRef?.startsWith('pi_')) throw new Error(`Refund ${request.refundId}: the payment has no Stripe PaymentIntent`)
  const stripe = await stripeClient()
  const created = await stripe.refunds.create(
    { payment_intent: request.paymentProviderRef, amount: stripeAmount(request.amountMinor), metadata: { refund_id: request.refundId } },
    // Asked again after a failure, Stripe answers with the first refund: one refund whatever happens.
    { idempotencyKey: `refund-${request.refundId}` },
  )
  // `pending` (some cards, bank debits) is marked sent later, by the refund.updated or charge.refunded webhook.
  return { providerRef: created.id, sent: created.status === 'succeeded' }
}

export const stripeProvider: PaymentProvider = { name: 'stripe', collect, refund }

registerPaymentProvider('stripe', () => stripeProvider)
