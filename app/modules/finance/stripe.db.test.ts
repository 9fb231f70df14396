// Card payments through Stripe (issue 21), against a local stand-in speaking Stripe's API and signing its webhooks the
// SDK's way, on both databases: the buyer pays the checkout, the webhook holds the payment once, a forged event changes
// nothing, and a cancelled order's refund goes back to the card.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BOOKS_HOLD, brokenBooks } from '../../../tests/factories/finance'
import { createOrderParties, orderRequest } from '../../../tests/factories/orders'
import { testApp } from '../../../tests/support/http'
import { startStripeFake, type StripeFake } from '../../../tests/support/stripe-fake'
import { TEST_PUBLIC_URL, testEnv } from '../../../tests/support/test-env'
import { database } from '../../platform/db/index.server'
import { setEnvForTesting } from '../../platform/env.server'
import { CreatePurchaseOrderInput } from '../orders/index'
import { createPurchaseOrder, transitionPurchaseOrder } from '../orders/index.server'
import { journalEntries, paymentRefunds, payments, stripeEvents } from './finance.tables.server'
import { StartPaymentInput } from './index'
import { availableProviders, startPayment } from './index.server'

const SECRET_KEY = 'sk_test_tradeport'
const WEBHOOK_SECRET = 'whsec_tradeport_test'

let app: ReturnType<typeof testApp>
let fake: StripeFake
let parties: Awaited<ReturnType<typeof createOrderParties>>

/** Delivers a signed event to the app as Stripe would: the raw body with its Stripe-Signature. */
const postWebhook = async (payload: string, signature: string | null) =>
  (
    await app.request(`${TEST_PUBLIC_URL}/api/v1/finance/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
      body: payload,
    })
  ).status

beforeAll(async () => {
  fake = await startStripeFake({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, webhook: postWebhook })
  setEnvForTesting(testEnv({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url }))
  app = testApp()
  parties = await createOrderParties()
})

afterAll(async () => {
  setEnvForTesting(testEnv())
  await fake.close()
})

const RETURN_URL = 'http://localhost:3000/en/app/orders/x/view'

/** A placed prepayment order (USD 1,611.20) and its full payment started by card. */
async function cardPayment() {
  const order = await createPurchaseOrder(parties.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, { place: true, paymentTerms: 'prepayment' })))
  const { id } = await startPayment(parties.buyer.ctx, StartPaymentInput.parse({ orderId: order.id, stage: 'full', provider: 'stripe' }), {
    returnUrl: RETURN_URL,
  })
  return { order, payment: await paymentRow(id) }
}

async function paymentRow(id: string) {
  const [row] = await database().select().from(payments).where(eq(payments.id, id))
  return row!
}

const entriesOf = (paymentId: string) => database().select().from(journalEntries).where(eq(journalEntries.paymentId, paymentId))
const sessionOf = (checkoutUrl: string | null) => fake.sessions.get(checkoutUrl!.split('/pay/')[1]!)!

describe('card payments through Stripe', () => {
  it('offers cards once Stripe is configured', () => {
    expect(availableProviders()).toEqual(['bank_transfer', 'stripe'])
  })

  it('opens a checkout for the payment, holds it when Stripe reports it paid, and acts once on each event', async () => {
    const { payment } = await cardPayment()
    expect(payment).toMatchObject({ status: 'awaiting', amountMinor: 161_120n, providerRef: expect.stringMatching(/^cs_test_/) })
    const session = sessionOf(payment.checkoutUrl)
    expect(session).toMatchObject({
      id: payment.providerRef,
      amount_total: 161_120,
      currency: 'usd',
      client_reference_id: payment.id,
      metadata: { payment_id: payment.id },
      intentMetadata: { payment_id: payment.id },
      success_url: `${RETURN_URL}?payment=done`,
    })
    expect(fake.requests.find((request) => request.path === '/v1/checkout/sessions' && request.body.client_reference_id === payment.id)?.idempotencyKey).toBe(
      `collect-${payment.id}`,
    )

    const paid = await fake.pay(session.id)
    // Both events are acknowledged; the second finds the payment held and leaves it.
    expect(paid.statuses).toEqual([200, 200])
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'held', heldMinor: 161_120n, providerRef: paid.paymentIntent })
    expect((await entriesOf(payment.id)).map((entry) => [entry.kind, entry.reference])).toEqual([['payment_held', paid.paymentIntent]])

    // Stripe delivers at least once: the same event again is answered and changes nothing.
    expect(await fake.deliver(paid.events[0]!)).toBe(200)
    expect(await entriesOf(payment.id)).toHaveLength(1)
    const stored = await database().select().from(stripeEvents).where(eq(stripeEvents.id, paid.events[0]!.id))
    expect(stored).toHaveLength(1)
    expect(await brokenBooks()).toEqual(BOOKS_HOLD)
  })

  it('refuses a missing, forged or foreign signature with 401 and changes nothing', async () => {
    const { payment } = await cardPayment()
    const session = sessionOf(payment.checkoutUrl)
    const forged = fake.event('checkout.session.completed', { ...session, payment_intent: 'pi_test_forged', payment_status: 'paid', status: 'complete' })
    const payload = JSON.stringify(forged)
    const { default: Stripe } = await import('stripe')
    expect(await postWebhook(payload, null)).toBe(401)
    expect(await postWebhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_guessed' }))).toBe(401)
    expect(await postWebhook(`${payload} `, Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }))).toBe(401)
    // A genuine signature five minutes and more old is a replay.
    const stale = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 600 })
    expect(await postWebhook(payload, stale)).toBe(401)
    const response = await app.request(`${TEST_PUBLIC_URL}/api/v1/finance/webhooks/stripe`, {
      method: 'POST',
      body: payload,
      headers: { 'stripe-signature': 't=1,v1=00' },
    })
    expect(await response.json()).toMatchObject({ code: 'invalid_signature' })

    expect(await paymentRow(payment.id)).toMatchObject({ status: 'awaiting', heldMinor: 0n })
    expect(await entriesOf(payment.id)).toEqual([])
    expect(await database().select().from(stripeEvents).where(eq(stripeEvents.id, forged.id))).toEqual([])
  })

  it('acknowledges money that is not the payment’s without booking it, and ignores other event types', async () => {
    const { payment } = await cardPayment()
    const session = sessionOf(payment.checkoutUrl)
    const short = fake.event('checkout.session.completed', { ...session, amount_total: 100, payment_intent: 'pi_test_short', payment_status: 'paid' })
    expect(await fake.deliver(short)).toBe(200)
    expect(await fake.deliver(fake.event('customer.created', { id: 'cus_test_1', object: 'customer' }))).toBe(200)
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'awaiting' })
    expect(await entriesOf(payment.id)).toEqual([])
  })

  it('answers 404 while Stripe is not configured', async () => {
    setEnvForTesting(testEnv())
    try {
      expect(await postWebhook('{}', 't=1,v1=00')).toBe(404)
    } finally {
      setEnvForTesting(testEnv({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.url }))
    }
  })

  it('refunds a cancelled order’s card payment through Stripe, once, and books it sent', async () => {
    const { order, payment } = await cardPayment()
    const paid = await fake.pay(sessionOf(payment.checkoutUrl).id)
    await transitionPurchaseOrder(parties.buyer.ctx, order.id, { action: 'cancel', version: order.version, reason: 'Found a closer supplier' })

    expect(await paymentRow(payment.id)).toMatchObject({ status: 'refunded', refundedMinor: 161_120n })
    const [refund] = await database().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id))
    const stripeRefund = [...fake.refunds.values()].find((candidate) => candidate.metadata.refund_id === refund!.id)
    expect(stripeRefund).toMatchObject({ payment_intent: paid.paymentIntent, amount: 161_120, status: 'succeeded' })
    expect(refund).toMatchObject({ status: 'sent', providerRef: stripeRefund!.id })
    expect(fake.requests.filter((request) => request.path === '/v1/refunds' && request.idempotencyKey === `refund-${refund!.id}`)).toHaveLength(1)
    expect((await entriesOf(payment.id)).map((entry) => entry.kind).sort()).toEqual(['payment_held', 'refund_granted', 'refund_sent'])

    // Stripe's later word on the same refund finds it sent already.
    expect(await fake.deliver(fake.event('refund.updated', stripeRefund!))).toBe(200)
    expect((await entriesOf(payment.id)).filter((entry) => entry.kind === 'refund_sent')).toHaveLength(1)
    expect(await brokenBooks()).toEqual(BOOKS_HOLD)
  })

  it('marks a pending card refund sent when Stripe’s webhook reports it succeeded', async () => {
    const { order, payment } = await cardPayment()
    await fake.pay(sessionOf(payment.checkoutUrl).id)
    fake.refundStatus = 'pending'
    try {
      await transitionPurchaseOrder(parties.buyer.ctx, order.id, { action: 'cancel', version: order.version, reason: 'Changed plans' })
    } finally {
      fake.refundStatus = 'succeeded'
    }
    const [refund] = await database().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id))
    expect(refund).toMatchObject({ status: 'pending' })
    const stripeRefund = [...fake.refunds.values()].find((candidate) => candidate.metadata.refund_id === refund!.id)!
    stripeRefund.status = 'succeeded'
    expect(await fake.deliver(fake.event('refund.updated', stripeRefund))).toBe(200)
    const [sent] = await database().select().from(paymentRefunds).where(eq(paymentRefunds.id, refund!.id))
    expect(sent).toMatchObject({ status: 'sent', providerRef: stripeRefund.id })
    expect(await brokenBooks()).toEqual(BOOKS_HOLD)
  })
})
