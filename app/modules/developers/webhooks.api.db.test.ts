// Webhooks (issue 25): endpoints per company with topics and a signing secret; deliveries written from the outbox (never
// for a rolled-back change), signed Standard Webhooks style, retried with back-off for a day, the endpoint switched off
// (and its owner told) after a day of failures; a delivery log with replay, a test event, and an SSRF guard.
import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMember } from '../../../db/factories/companies'
import { database } from '../../platform/db/index.server'
import { setEnvForTesting } from '../../platform/env.server'
import { recordEvent, relayEvents, relayPendingEvents } from '../../platform/outbox/outbox.server'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'
import { testEnv } from '../../../tests/support/test-env'
import { webhookDeliveries, webhookEndpoints } from './developers.tables.server'
import { drainEndpoint, endpointsWithDueDeliveries, resetWebhookCaches } from './webhook-dispatch.server'

type Received = { path: string; headers: IncomingHttpHeaders; body: string }

let receiver: Server
let base = ''
const received: Received[] = []

let app: ReturnType<typeof testApp>
let owner: CookieJar
let otherOwner: CookieJar
let companyId = ''
let otherCompanyId = ''

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      if (request.url === '/fail') {
        response.writeHead(500, { 'content-type': 'text/plain' }).end('receiver broke')
      } else if (request.url === '/slow') {
        setTimeout(() => response.writeHead(200).end('late'), 1500)
      } else {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
      }
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
  app = testApp()
  const a = await createMember({ role: 'owner', companyInput: { name: 'Hook Co', kind: 'both' } })
  const b = await createMember({ role: 'owner', companyInput: { name: 'Other Hook Co' } })
  companyId = a.company.id
  otherCompanyId = b.company.id
  owner = await signInWithCookies(app, a.user)
  otherOwner = await signInWithCookies(app, b.user)
})

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve))
})

beforeEach(() => {
  received.length = 0
})

afterEach(() => {
  setEnvForTesting(testEnv())
  resetWebhookCaches()
})

type Endpoint = { id: string; enabled: boolean; disabled_reason: string | null }

async function addEndpoint(path: string, topics = ['order'], jar = owner): Promise<{ endpoint: Endpoint; secret: string }> {
  const response = await call(app, '/api/v1/webhooks', { method: 'POST', body: { url: `${base}${path}`, topics, description: path }, jar })
  expect(response.status, response.text).toBe(201)
  return response.json as unknown as { endpoint: Endpoint; secret: string }
}

/** A committed business change of an order of the company (as the orders module records one), relayed. */
async function orderEvent(action: string, company = companyId): Promise<number> {
  const id = await database().transaction((tx) =>
    recordEvent(tx, { name: `purchase_order.${action}`, changes: [{ companyIds: [company], entity: 'purchase_order', id: `order-${action}`, action }] }),
  )
  await relayEvents([id])
  return id
}

const deliveriesOf = (endpointId: string) => database().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId))

/** The Standard Webhooks signature, computed here from the specification (not with the code under test). */
function expectedSignature(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`
}

describe('endpoints', () => {
  it('refuses URLs that are not https, carry credentials or point inside the network when private URLs are off (SSRF)', async () => {
    setEnvForTesting(testEnv({ WEBHOOKS_ALLOW_PRIVATE_URLS: 'false' }))
    const cases: Array<[string, string]> = [
      ['http://erp.example.com/hook', 'url_not_https'],
      ['https://127.0.0.1/hook', 'url_private_address'],
      ['https://10.1.2.3/hook', 'url_private_address'],
      ['https://[::1]/hook', 'url_private_address'],
      ['https://169.254.169.254/latest/meta-data', 'url_private_address'],
      ['https://localhost:8443/hook', 'url_private_address'],
      ['https://user:pass@erp.example.com/hook', 'url_credentials'],
      ['ftp://erp.example.com/hook', 'url_invalid'],
    ]
    for (const [url, problem] of cases) {
      const response = await call(app, '/api/v1/webhooks', { method: 'POST', body: { url, topics: ['order'] }, jar: owner })
      expect(response.status, url).toBe(422)
      const message = (response.json as { details: { fields: { url: string[] } } }).details.fields.url[0] ?? ''
      expect(message, url).not.toContain(problem)
      expect(message.length, url).toBeGreaterThan(10)
    }
    const ok = await call(app, '/api/v1/webhooks', { method: 'POST', body: { url: 'https://erp.example.com/hooks', topics: ['order'] }, jar: owner })
    expect(ok.status).toBe(201)
  })

  it('keeps each company’s endpoints and deliveries to itself (404)', async () => {
    const { endpoint } = await addEndpoint('/ok')
    expect((await call(app, `/api/v1/webhooks/${endpoint.id}`, { jar: otherOwner })).status).toBe(404)
    expect((await call(app, `/api/v1/webhooks/${endpoint.id}/secret`, { jar: otherOwner })).status).toBe(404)
    expect((await call(app, `/api/v1/webhooks/${endpoint.id}/test`, { method: 'POST', jar: otherOwner })).status).toBe(404)
    const test = await call(app, `/api/v1/webhooks/${endpoint.id}/test`, { method: 'POST', jar: owner })
    const deliveryId = (test.json as { id: string }).id
    expect((await call(app, `/api/v1/webhook-deliveries/${deliveryId}`, { jar: otherOwner })).status).toBe(404)
    expect((await call(app, `/api/v1/webhook-deliveries/${deliveryId}/replay`, { method: 'POST', jar: otherOwner })).status).toBe(404)
    expect((await call(app, `/api/v1/webhook-deliveries?endpoint_id=${endpoint.id}`, { jar: otherOwner })).json.total).toBe(0)
  })
})

describe('deliveries', () => {
  it('sends a committed change to the subscribed endpoints, signed, once per message', async () => {
    const orders = await addEndpoint('/ok', ['order', 'payment'])
    const shipments = await addEndpoint('/ok?shipments', ['shipment'])
    const eventId = await orderEvent('confirm')
    await orderEvent('payment_held')
    // The outbox retrying the same event writes nothing twice.
    await relayPendingEvents(new Date(Date.now() + 3_600_000))
    expect(await deliveriesOf(shipments.endpoint.id)).toHaveLength(0)
    expect(await drainEndpoint(orders.endpoint.id)).toBe(2)

    const [confirm, held] = received
    expect(received).toHaveLength(2)
    const body = JSON.parse(confirm!.body) as { type: string; timestamp: string; data: Record<string, string> }
    expect(body).toMatchObject({ type: 'order.confirm', data: { object: 'purchase_order', id: 'order-confirm', action: 'confirm', company_id: companyId } })
    expect(JSON.parse(held!.body)).toMatchObject({ type: 'payment.held', data: { action: 'held' } })
    const headers = confirm!.headers
    expect(headers['webhook-signature']).toBe(
      expectedSignature(orders.secret, String(headers['webhook-id']), String(headers['webhook-timestamp']), confirm!.body),
    )
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60)
    const [row] = await database()
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, orders.endpoint.id), eq(webhookDeliveries.sourceKey, `${eventId}:0`)))
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 200, responseBody: '{"ok":true}', messageId: headers['webhook-id'] })
    // Nothing left to send.
    expect(await drainEndpoint(orders.endpoint.id)).toBe(0)
    expect(received).toHaveLength(2)
  })

  it('sends nothing for a change whose transaction rolled back', async () => {
    const { endpoint } = await addEndpoint('/ok')
    await expect(
      database().transaction(async (tx) => {
        await recordEvent(tx, {
          name: 'purchase_order.cancel',
          changes: [{ companyIds: [companyId], entity: 'purchase_order', id: 'rolled-back', action: 'cancel' }],
        })
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    await relayPendingEvents(new Date(Date.now() + 3_600_000))
    await drainEndpoint(endpoint.id)
    expect(await deliveriesOf(endpoint.id)).toHaveLength(0)
    expect(received.filter((request) => request.body.includes('rolled-back'))).toHaveLength(0)
  })

  it('retries a failing receiver with growing back-off, gives a message up after a day, and switches the endpoint off after a day of failures', async () => {
    const { endpoint } = await addEndpoint('/fail')
    await orderEvent('ship')
    expect(await drainEndpoint(endpoint.id)).toBe(0)
    let [delivery] = await deliveriesOf(endpoint.id)
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, responseBody: 'receiver broke', error: 'HTTP 500' })
    const firstWait = delivery!.nextAttemptAt.getTime() - delivery!.lastAttemptAt!.getTime()
    expect(firstWait).toBeGreaterThanOrEqual(20_000)
    expect(firstWait).toBeLessThanOrEqual(40_000)
    // Not due yet: nothing is sent; due: the sweep finds it and a drain tries again, waiting longer after.
    expect(await endpointsWithDueDeliveries()).not.toContain(endpoint.id)
    await drainEndpoint(endpoint.id)
    expect(received).toHaveLength(1)
    const later = () => new Date(Date.now() + 10 * 60_000)
    expect(await endpointsWithDueDeliveries(later())).toContain(endpoint.id)
    await drainEndpoint(endpoint.id, later)
    ;[delivery] = await deliveriesOf(endpoint.id)
    expect(delivery!.attempts).toBe(2)
    expect(delivery!.nextAttemptAt.getTime() - delivery!.lastAttemptAt!.getTime()).toBeGreaterThanOrEqual(40_000)

    // A day after it was created, the next failure gives it up.
    await database()
      .update(webhookDeliveries)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(webhookDeliveries.id, delivery!.id))
    await drainEndpoint(endpoint.id, () => new Date(Date.now() + 3_600_000))
    ;[delivery] = await deliveriesOf(endpoint.id)
    expect(delivery).toMatchObject({ status: 'failed', attempts: 3 })

    // An endpoint that has failed every attempt for a day is switched off, and whoever added it is told.
    await database()
      .update(webhookEndpoints)
      .set({ failingSince: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(webhookEndpoints.id, endpoint.id))
    await orderEvent('deliver')
    await drainEndpoint(endpoint.id)
    const after = (await call(app, `/api/v1/webhooks/${endpoint.id}`, { jar: owner })).json
    expect(after).toMatchObject({ enabled: false, disabled_reason: 'failing' })
    const notices = (await call(app, '/api/v1/notifications', { jar: owner })).json.items as Array<{ kind: string; title: string }>
    expect(notices.find((notice) => notice.kind === 'developer.webhook_disabled')?.title).toContain('/fail')
    // A switched-off endpoint is not drained, and replays to it are refused until it is switched on.
    const failed = (await deliveriesOf(endpoint.id)).find((row) => row.eventType === 'order.deliver')!
    expect(failed.status).toBe('failed')
    const replay = await call(app, `/api/v1/webhook-deliveries/${failed.id}/replay`, { method: 'POST', jar: owner })
    expect([replay.status, replay.json.code]).toEqual([409, 'webhook_disabled'])
  })

  it('gives a receiver 10 s (here: the configured timeout) and counts silence as a failure', async () => {
    setEnvForTesting(testEnv({ WEBHOOK_TIMEOUT_MS: '300' }))
    const { endpoint } = await addEndpoint('/slow')
    const test = await call(app, `/api/v1/webhooks/${endpoint.id}/test`, { method: 'POST', jar: owner })
    expect(test.json).toMatchObject({ status: 'pending', attempts: 1, response: { status: null, error: 'no answer within 300 ms' } })
  })

  it('sends a test event at once, and replays a delivery with the same webhook-id as a new delivery', async () => {
    const { endpoint, secret } = await addEndpoint('/ok')
    const test = await call(app, `/api/v1/webhooks/${endpoint.id}/test`, { method: 'POST', jar: owner, headers: { 'idempotency-key': `test-${endpoint.id}` } })
    expect(test.status).toBe(201)
    expect(test.json).toMatchObject({ event_type: 'webhook.test', status: 'delivered', attempts: 1, response: { status: 200 }, test: true })
    expect(received).toHaveLength(1)
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'webhook.test', data: { endpoint_id: endpoint.id } })
    // The same Idempotency-Key sends nothing more.
    await call(app, `/api/v1/webhooks/${endpoint.id}/test`, { method: 'POST', jar: owner, headers: { 'idempotency-key': `test-${endpoint.id}` } })
    expect(received).toHaveLength(1)

    const original = test.json as { id: string; message_id: string }
    const replay = await call(app, `/api/v1/webhook-deliveries/${original.id}/replay`, { method: 'POST', jar: owner })
    expect(replay.status).toBe(201)
    const copy = replay.json as { id: string; message_id: string; replay_of: string; status: string }
    expect(copy).toMatchObject({ message_id: original.message_id, replay_of: original.id, status: 'pending' })
    await drainEndpoint(endpoint.id)
    expect(received).toHaveLength(2)
    expect(received[1]!.headers['webhook-id']).toBe(original.message_id)
    expect(received[1]!.headers['webhook-signature']).toBe(
      expectedSignature(secret, original.message_id, String(received[1]!.headers['webhook-timestamp']), received[1]!.body),
    )
    const log = await call(app, `/api/v1/webhook-deliveries?endpoint_id=${endpoint.id}`, { jar: owner })
    expect(log.json.total).toBe(2)
    expect((log.json.items as Array<{ request: { headers: Record<string, string> } }>)[0]!.request.headers['webhook-id']).toBe(original.message_id)
  })

  it('rotates the secret: the next message is signed with the new one', async () => {
    const { endpoint, secret } = await addEndpoint('/ok')
    const rotated = (await call(app, `/api/v1/webhooks/${endpoint.id}/rotate-secret`, { method: 'POST', jar: owner })).json.secret as string
    expect(rotated).not.toBe(secret)
    expect((await call(app, `/api/v1/webhooks/${endpoint.id}/secret`, { jar: owner })).json.secret).toBe(rotated)
    await call(app, `/api/v1/webhooks/${endpoint.id}/test`, { method: 'POST', jar: owner })
    const request = received.at(-1)!
    expect(request.headers['webhook-signature']).toBe(
      expectedSignature(rotated, String(request.headers['webhook-id']), String(request.headers['webhook-timestamp']), request.body),
    )
  })

  it('delivers another company’s events only to that company', async () => {
    const mine = await addEndpoint('/ok')
    const theirs = await addEndpoint('/ok?theirs', ['order'], otherOwner)
    await orderEvent('place', otherCompanyId)
    expect(await deliveriesOf(mine.endpoint.id)).toHaveLength(0)
    expect(await deliveriesOf(theirs.endpoint.id)).toHaveLength(1)
  })
})
