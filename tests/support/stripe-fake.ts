// A local stand-in for Stripe's API (issue 21), just what the adapter uses, in Stripe's shapes: Checkout Sessions in
// payment mode, a page that "pays" one, and refunds, with idempotency keys honoured. Paying sends the signed events a
// real account would (checkout.session.completed, then payment_intent.succeeded) to the webhook it is given.
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

type Metadata = Record<string, string>
type FakeObject = Record<string, unknown> & { id: string }
export type FakeSession = FakeObject & {
  object: 'checkout.session'
  amount_total: number
  currency: string
  metadata: Metadata
  payment_intent: string | null
  payment_status: 'unpaid' | 'paid'
  status: 'open' | 'complete'
  url: string
  success_url: string
  intentMetadata: Metadata
}
export type FakeRefund = FakeObject & { object: 'refund'; amount: number; currency: string; payment_intent: string; status: string; metadata: Metadata }

/** Where signed events go: a URL to POST to, or a function that delivers them (answering the HTTP status). */
export type WebhookTarget = string | ((payload: string, signature: string) => Promise<number>)

export type StripeFake = {
  /** The base to give STRIPE_API_BASE. */
  url: string
  sessions: Map<string, FakeSession>
  intents: Map<string, FakeObject & { amount: number; currency: string; metadata: Metadata }>
  refunds: Map<string, FakeRefund>
  /** Every API request, in order: method, path, Idempotency-Key, and the form body as nested JSON. */
  requests: Array<{ method: string; path: string; idempotencyKey: string | null; body: Record<string, unknown> }>
  /** What a refund's status is when created: `succeeded` (cards, at once) or `pending`. */
  refundStatus: 'succeeded' | 'pending'
  /** The buyer pays the session: its PaymentIntent succeeds, and both events are delivered; answers their HTTP statuses. */
  pay(sessionId: string): Promise<{ paymentIntent: string; statuses: number[]; events: FakeObject[] }>
  /** An event of `type` about `object`, as Stripe builds it. */
  event(type: string, object: FakeObject): FakeObject
  /** Signs an event (or any text) with the webhook secret and delivers it; answers the HTTP status. */
  deliver(event: FakeObject | string, signature?: string): Promise<number>
  close(): Promise<void>
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`

/** `a[b][0][c]=1` form fields (how the SDK encodes parameters) as nested objects and arrays. */
function nested(form: URLSearchParams): Record<string, unknown> {
  const root: Record<string, unknown> = {}
  for (const [name, value] of form) {
    const keys = name.split(/\[|\]\[|\]/).filter((key) => key !== '')
    let node: Record<string, unknown> = root
    keys.forEach((key, index) => {
      if (index === keys.length - 1) node[key] = value
      else node = (node[key] ??= /^\d+$/.test(keys[index + 1]!) ? [] : {}) as Record<string, unknown>
    })
  }
  return root
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

const stripeError = (res: ServerResponse, status: number, message: string) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message } }))
}

export async function startStripeFake(options: { secretKey: string; webhookSecret: string; webhook: WebhookTarget }): Promise<StripeFake> {
  const sessions = new Map<string, FakeSession>()
  const intents: StripeFake['intents'] = new Map()
  const refunds = new Map<string, FakeRefund>()
  const requests: StripeFake['requests'] = []
  const byIdempotencyKey = new Map<string, FakeObject>()
  let base = ''

  function createSession(body: Record<string, unknown>): FakeSession {
    const line = (body.line_items as Array<{ quantity: string; price_data: { currency: string; unit_amount: string } }>)[0]!
    const session: FakeSession = {
      id: id('cs'),
      object: 'checkout.session',
      mode: String(body.mode),
      amount_total: Number(line.price_data.unit_amount) * Number(line.quantity ?? 1),
      currency: line.price_data.currency,
      client_reference_id: (body.client_reference_id as string | undefined) ?? null,
      metadata: (body.metadata as Metadata | undefined) ?? {},
      intentMetadata: ((body.payment_intent_data as { metadata?: Metadata } | undefined)?.metadata as Metadata | undefined) ?? {},
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: String(body.success_url),
      cancel_url: String(body.cancel_url),
      url: '',
    }
    session.url = `${base}/pay/${session.id}`
    sessions.set(session.id, session)
    return session
  }

  function createRefund(body: Record<string, unknown>): FakeRefund | string {
    const intent = intents.get(String(body.payment_intent))
    if (!intent) return `No such payment_intent: '${String(body.payment_intent)}'`
    const amount = body.amount === undefined ? intent.amount : Number(body.amount)
    const refunded = [...refunds.values()].filter((refund) => refund.payment_intent === intent.id).reduce((sum, refund) => sum + refund.amount, 0)
    if (amount > intent.amount - refunded) return `Refund amount (${amount}) is greater than unrefunded amount on charge (${intent.amount - refunded})`
    const refund: FakeRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      status: fake.refundStatus,
      metadata: (body.metadata as Metadata | undefined) ?? {},
    }
    refunds.set(refund.id, refund)
    return refund
  }

  const publicSession = ({ intentMetadata: _hidden, ...session }: FakeSession) => session

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    if (req.method === 'GET' && path.startsWith('/pay/')) {
      const session = sessions.get(path.slice('/pay/'.length))
      if (!session) return stripeError(res, 404, 'No such checkout session')
      await fake.pay(session.id)
      res.writeHead(303, { location: session.success_url })
      return res.end()
    }
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) return stripeError(res, 401, 'Invalid API Key provided')
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null
    const body = nested(new URLSearchParams(await bodyOf(req)))
    requests.push({ method: req.method ?? 'GET', path, idempotencyKey, body })
    const replay = idempotencyKey ? byIdempotencyKey.get(`${path}|${idempotencyKey}`) : undefined
    const json = (object: FakeObject) => {
      if (idempotencyKey) byIdempotencyKey.set(`${path}|${idempotencyKey}`, object)
      res.writeHead(200, { 'content-type': 'application/json', ...(replay ? { 'idempotent-replayed': 'true' } : {}) })
      res.end(JSON.stringify('intentMetadata' in object ? publicSession(object as FakeSession) : object))
    }
    if (replay) return json(replay)
    if (req.method === 'POST' && path === '/v1/checkout/sessions') return json(createSession(body))
    if (req.method === 'POST' && path === '/v1/refunds') {
      const refund = createRefund(body)
      return typeof refund === 'string' ? stripeError(res, 400, refund) : json(refund)
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${path})`)
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => stripeError(res, 500, String(error)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const fake: StripeFake = {
    url: base,
    sessions,
    intents,
    refunds,
    requests,
    refundStatus: 'succeeded',
    event: (type, object) => ({
      id: id('evt'),
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    }),
    async deliver(event, signature) {
      const payload = typeof event === 'string' ? event : JSON.stringify(event)
      const header = signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret })
      if (typeof options.webhook === 'function') return options.webhook(payload, header)
      const response = await fetch(options.webhook, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        body: payload,
      })
      return response.status
    },
    async pay(sessionId) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`No such checkout session ${sessionId}`)
      const intent = {
        id: id('pi'),
        object: 'payment_intent',
        amount: session.amount_total,
        amount_received: session.amount_total,
        currency: session.currency,
        status: 'succeeded',
        metadata: session.intentMetadata,
      }
      intents.set(intent.id, intent)
      Object.assign(session, { payment_intent: intent.id, payment_status: 'paid', status: 'complete' })
      const events = [fake.event('checkout.session.completed', publicSession(session)), fake.event('payment_intent.succeeded', intent)]
      const statuses: number[] = []
      for (const event of events) statuses.push(await fake.deliver(event))
      return { paymentIntent: intent.id, statuses, events }
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
  return fake
}
