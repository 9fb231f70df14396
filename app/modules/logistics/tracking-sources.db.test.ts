import { createHmac, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMember } from '../../../db/factories/companies'
import { contextOf } from '../../../db/factories/context'
import { pollTrackingJob } from '../../../server/scheduled-jobs'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'
import { TEST_PUBLIC_URL, testEnv } from '../../../tests/support/test-env'
import { database } from '../../platform/db/index.server'
import { setEnvForTesting } from '../../platform/env.server'
import { importTrackingCsv, pollTrackingProvider } from './index.server'
import { shipments, trackingEvents } from './logistics.tables.server'

const SECRETS = { aftership: 'aftership-secret', generic: 'generic-secret' }
const WEBHOOK_ENV = { TRACKING_WEBHOOK_SECRETS: `aftership:${SECRETS.aftership},generic:${SECRETS.generic}` }

let app: ReturnType<typeof testApp>
let shipper: Awaited<ReturnType<typeof createMember>>
let stranger: Awaited<ReturnType<typeof createMember>>
let shipperJar: CookieJar

beforeAll(async () => {
  setEnvForTesting(testEnv(WEBHOOK_ENV))
  app = testApp()
  shipper = await createMember({ role: 'owner', companyInput: { name: 'Ningbo Lamps', kind: 'supplier' } })
  stranger = await createMember({ role: 'owner', companyInput: { name: 'Other Exports', kind: 'supplier' } })
  shipperJar = await signInWithCookies(app, shipper.user)
})

let sequence = 0

/** A booked sea shipment of the company, Ningbo → Rotterdam, with a fresh number and tracking number. */
async function insertShipment(companyId: string, overrides: Partial<typeof shipments.$inferInsert> = {}) {
  sequence += 1
  const row = {
    id: randomUUID(),
    number: `SH-2026-${String(90000 + sequence)}`,
    shipperCompanyId: companyId,
    shipperName: 'Ningbo Lamps',
    buyerName: 'Rotterdam Retail',
    mode: 'sea_fcl' as const,
    trackingNumber: `COSU${Date.now()}${sequence}`,
    originName: 'Ningbo',
    originCountry: 'CN',
    destinationName: 'Rotterdam',
    destinationCountry: 'NL',
    etd: '2026-11-20',
    eta: '2027-01-10',
    firstEta: '2027-01-10',
    incoterm: 'FOB' as const,
    ...overrides,
  }
  await database().insert(shipments).values(row)
  return row
}

const eventsOf = (shipmentId: string) => database().select().from(trackingEvents).where(eq(trackingEvents.shipmentId, shipmentId))
const statusOf = async (shipmentId: string) => (await database().select().from(shipments).where(eq(shipments.id, shipmentId)))[0]!

function postWebhook(provider: string, body: string, headers: Record<string, string>) {
  return app.request(`${TEST_PUBLIC_URL}/api/v1/tracking/webhooks/${provider}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  })
}

const genericSignature = (body: string, secret = SECRETS.generic) => ({
  'x-tradeport-signature': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
})

const genericBody = (trackingNumber: string, events: Array<Record<string, unknown>>) => JSON.stringify({ tracking_number: trackingNumber, events })

describe('the carrier webhook', () => {
  it('stores the events of a signed request and moves the shipment; the same request again stores nothing', async () => {
    const shipment = await insertShipment(shipper.company.id)
    const body = genericBody(shipment.trackingNumber, [
      { id: 'gen-1', occurred_at: '2026-11-21T08:00:00+08:00', status: 'picked_up', location: 'Ningbo', country: 'CN', description: 'Container gated in' },
      { id: 'gen-2', occurred_at: '2026-11-23T18:30:00+08:00', status: 'in_transit', location: 'Ningbo', country: 'CN', description: 'Vessel departed' },
    ])
    const first = await postWebhook('generic', body, genericSignature(body))
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ accepted: true, matched: true, stored: 2, duplicates: 0 })
    const after = await statusOf(shipment.id)
    expect(after).toMatchObject({ status: 'in_transit', lastLocation: 'Ningbo' })
    expect(after.lastEventAt?.toISOString()).toBe('2026-11-23T10:30:00.000Z')
    expect((await eventsOf(shipment.id)).map((event) => [event.source, event.dedupeKey])).toEqual(
      expect.arrayContaining([
        ['webhook', 'id:gen-1'],
        ['webhook', 'id:gen-2'],
      ]),
    )

    const again = await postWebhook('generic', body, genericSignature(body))
    expect(await again.json()).toEqual({ accepted: true, matched: true, stored: 0, duplicates: 2 })
    expect(await eventsOf(shipment.id)).toHaveLength(2)
  })

  it('maps AfterShip’s tracking update, signed the AfterShip way', async () => {
    const shipment = await insertShipment(shipper.company.id)
    const body = JSON.stringify({
      event: 'tracking_update',
      event_id: randomUUID(),
      msg: {
        tracking_number: shipment.trackingNumber,
        slug: 'cosco',
        tag: 'InTransit',
        courier_estimated_delivery_date: { estimated_delivery_date: '2027-01-14' },
        checkpoints: [
          {
            checkpoint_time: '2026-11-22T09:00:00+08:00',
            message: 'Gate in',
            city: 'Ningbo',
            country_region: 'CHN',
            tag: 'InTransit',
            subtag_message: 'Acceptance scan',
          },
          {
            checkpoint_time: '2026-12-01T07:00:00',
            message: 'Held for inspection',
            city: 'Rotterdam',
            country_region: 'NLD',
            tag: 'InTransit',
            subtag_message: 'Customs clearance started',
          },
        ],
      },
    })
    const signature = createHmac('sha256', SECRETS.aftership).update(body).digest('base64')
    const response = await postWebhook('aftership', body, { 'aftership-hmac-sha256': signature })
    expect(response.status).toBe(200)
    expect(await statusOf(shipment.id)).toMatchObject({ status: 'at_customs', lastLocation: 'Rotterdam', eta: '2027-01-14' })
    expect((await eventsOf(shipment.id)).map((event) => event.country).sort()).toEqual(['CN', 'NL'])
  })

  it('refuses a missing or wrong signature, or another provider’s, with 401 and stores nothing', async () => {
    const shipment = await insertShipment(shipper.company.id)
    const body = genericBody(shipment.trackingNumber, [{ occurred_at: '2026-11-22T08:00:00Z', status: 'in_transit', description: 'Departed' }])
    for (const headers of [{}, genericSignature(body, 'guessed-secret'), genericSignature(body, SECRETS.aftership), genericSignature(`${body} `)]) {
      const response = await postWebhook('generic', body, headers)
      expect(response.status).toBe(401)
    }
    expect(await eventsOf(shipment.id)).toEqual([])
    expect((await statusOf(shipment.id)).status).toBe('booked')
  })

  it('accepts a tracking number no shipment has with 202, answers an unknown provider 404 and a bad body 400 or 422', async () => {
    const unknown = genericBody('NO-SUCH-NUMBER', [{ occurred_at: '2026-11-22T08:00:00Z', description: 'Departed' }])
    const accepted = await postWebhook('generic', unknown, genericSignature(unknown))
    expect(accepted.status).toBe(202)
    expect(await accepted.json()).toEqual({ accepted: true, matched: false })

    expect((await postWebhook('acme', unknown, genericSignature(unknown))).status).toBe(404)

    const broken = '{"tracking_number": "X", "events": ['
    expect((await postWebhook('generic', broken, genericSignature(broken))).status).toBe(400)
    const wrongShape = JSON.stringify({ tracking: 'X' })
    const refused = await postWebhook('generic', wrongShape, genericSignature(wrongShape))
    expect(refused.status).toBe(422)
    expect(((await refused.json()) as { details: { fields: Record<string, unknown> } }).details.fields).toHaveProperty('tracking_number')
  })

  it('stores a thousand events of one request in one go', async () => {
    const shipment = await insertShipment(shipper.company.id)
    const start = Date.parse('2026-11-21T00:00:00Z')
    const body = genericBody(
      shipment.trackingNumber,
      Array.from({ length: 1000 }, (_, index) => ({
        id: `bulk-${index}`,
        occurred_at: new Date(start + index * 60_000).toISOString(),
        location: 'At sea',
        description: `Position report ${index}`,
      })),
    )
    const response = await postWebhook('generic', body, genericSignature(body))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ stored: 1000 })
    expect(await eventsOf(shipment.id)).toHaveLength(1000)
  })
})

const CSV_HEADER = 'shipment,occurred_at,utc_offset,status,location,country,description,eta,event_id'

function uploadCsv(text: string, jar = shipperJar) {
  const form = new FormData()
  form.set('file', new File([text], 'tracking.csv', { type: 'text/csv' }))
  return app.request(`${TEST_PUBLIC_URL}/api/v1/tracking/events/import`, {
    method: 'POST',
    headers: { origin: TEST_PUBLIC_URL, cookie: jar.header() },
    body: form,
  })
}

type RowErrors = { code: string; details: { rows: Array<{ row: number; field: string; code: string; message: string }> } }

describe('the tracking CSV upload', () => {
  it('stores every row of a good file, by shipment number or tracking number, and counts a second upload as duplicates', async () => {
    const first = await insertShipment(shipper.company.id)
    const second = await insertShipment(shipper.company.id)
    const text = [
      CSV_HEADER,
      `${first.number},2026-11-21 09:00,+08:00,picked_up,Ningbo,CN,Picked up at the factory,,`,
      `${first.number},2026-11-23T18:00,+08:00,in_transit,Ningbo,CN,"Departed, vessel COSCO Aries",2027-01-12,`,
      `${second.trackingNumber},2026-11-24T10:00:00+01:00,,exception,Hamburg,DE,Container held for inspection,,ext-9`,
    ].join('\r\n')
    const response = await uploadCsv(text)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ stored: 3, duplicates: 0, shipments: 2 })
    expect(await statusOf(first.id)).toMatchObject({ status: 'in_transit', eta: '2027-01-12' })
    expect(await statusOf(second.id)).toMatchObject({ status: 'exception', statusReason: 'Container held for inspection' })
    expect((await eventsOf(first.id)).every((event) => event.source === 'csv' && event.createdBy === shipper.user.id)).toBe(true)

    expect(await importTrackingCsv(contextOf(shipper.user.id, shipper.company.id), text)).toEqual({ stored: 0, duplicates: 3, shipments: 2 })
  })

  it('stores nothing when one row is bad, and names each bad row', async () => {
    const shipment = await insertShipment(shipper.company.id)
    const text = [
      CSV_HEADER,
      `${shipment.number},2026-11-21T09:00,+08:00,picked_up,Ningbo,CN,Picked up,,`,
      `${shipment.number},2026-11-22T09:00,+08:00,sailing,Ningbo,CN,Departed,,`,
      `${shipment.number},2026-11-23T09:00,+08:00,in_transit,Ningbo,CN,Departed,,`,
    ].join('\n')
    const response = await uploadCsv(text)
    expect(response.status).toBe(422)
    const body = (await response.json()) as RowErrors
    expect(body.code).toBe('validation_failed')
    expect(body.details.rows).toEqual([{ row: 3, field: 'status', code: 'validation.status', message: 'Choose a valid status.' }])
    expect(await eventsOf(shipment.id)).toEqual([])
    expect((await statusOf(shipment.id)).status).toBe('booked')
  })

  it('treats another company’s shipment as unknown, by number or tracking number, and stores nothing', async () => {
    const mine = await insertShipment(shipper.company.id)
    const theirs = await insertShipment(stranger.company.id, { shipperName: 'Other Exports' })
    const text = [
      CSV_HEADER,
      `${mine.number},2026-11-21T09:00,,picked_up,Ningbo,CN,Picked up,,`,
      `${theirs.number},2026-11-21T09:00,,picked_up,Ningbo,CN,Picked up,,`,
      `${theirs.trackingNumber},2026-11-22T09:00,,in_transit,Ningbo,CN,Departed,,`,
    ].join('\n')
    await expect(importTrackingCsv(contextOf(shipper.user.id, shipper.company.id), text)).rejects.toMatchObject({
      code: 'validation_failed',
      details: {
        rows: [
          { row: 3, field: 'shipment', message: 'csv.unknownShipment' },
          { row: 4, field: 'shipment', message: 'csv.unknownShipment' },
        ],
      },
    })
    expect(await eventsOf(mine.id)).toEqual([])
    expect(await eventsOf(theirs.id)).toEqual([])
  })

  it('lets the carrier report but not the buyer', async () => {
    const carrier = await createMember({ role: 'owner', companyInput: { name: 'Sea Freight Ltd', kind: 'service_provider' } })
    const buyer = await createMember({ role: 'owner', companyInput: { name: 'Rotterdam Retail' } })
    const shipment = await insertShipment(shipper.company.id, { carrierCompanyId: carrier.company.id, buyerCompanyId: buyer.company.id })
    const text = `${CSV_HEADER}\n${shipment.number},2026-11-21T09:00,,picked_up,Ningbo,CN,Picked up,,\n`
    await expect(importTrackingCsv(contextOf(buyer.user.id, buyer.company.id), text)).rejects.toMatchObject({
      details: { rows: [{ row: 2, field: 'shipment', message: 'csv.unknownShipment' }] },
    })
    expect(await importTrackingCsv(contextOf(carrier.user.id, carrier.company.id), text)).toEqual({ stored: 1, duplicates: 0, shipments: 1 })
  })

  it('refuses a request that is not a file upload, and translates file errors', async () => {
    const json = await call(app, '/api/v1/tracking/events/import', { body: { file: 'x' }, jar: shipperJar })
    expect(json.status).toBe(415)
    const empty = await uploadCsv(`${CSV_HEADER}\n`)
    expect(empty.status).toBe(422)
    expect(((await empty.json()) as { details: { fields: { file: string[] } } }).details.fields.file).toEqual(['The file has no event rows under its header.'])
  })
})

type FakeTracking = { tracking_number: string; slug: string; tag: string; checkpoints: Array<Record<string, unknown>> }

describe('the tracking provider poll', () => {
  let server: Server
  let providerUrl: string
  const trackings = new Map<string, FakeTracking>()
  let answer: 'ok' | 'not_found' | 'error' = 'ok'
  const seenKeys: string[] = []

  /** AfterShip's GET /trackings?tracking_numbers=… (meta + data.trackings), or a 404 or a 500 on demand. */
  function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost')
    seenKeys.push(String(req.headers['as-api-key']))
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (answer === 'error') return json(500, { meta: { code: 500, message: 'Something went wrong', type: 'InternalError' }, data: {} })
    if (answer === 'not_found') return json(404, { meta: { code: 4004, message: 'Tracking does not exist.', type: 'NotFound' }, data: {} })
    if (url.pathname !== '/tracking/2024-04/trackings') return json(404, { meta: { code: 404 }, data: {} })
    const numbers = (url.searchParams.get('tracking_numbers') ?? '').split(',')
    const found = numbers.flatMap((number) => (trackings.has(number) ? [trackings.get(number)!] : []))
    return json(200, { meta: { code: 200 }, data: { pagination: { total: found.length, has_next_page: false }, trackings: found } })
  }

  beforeAll(async () => {
    server = createServer(handle)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    providerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tracking/2024-04`
  })

  afterAll(async () => {
    setEnvForTesting(testEnv(WEBHOOK_ENV))
    await new Promise((resolve) => server.close(resolve))
  })

  const withProvider = () => setEnvForTesting(testEnv({ ...WEBHOOK_ENV, TRACKING_PROVIDER_URL: providerUrl, TRACKING_PROVIDER_KEY: 'provider-key' }))

  it('does nothing when no provider is configured', async () => {
    setEnvForTesting(testEnv(WEBHOOK_ENV))
    seenKeys.length = 0
    expect(await pollTrackingProvider()).toEqual({ polled: 0, stored: 0, duplicates: 0 })
    expect(seenKeys).toEqual([])
  })

  it('stores the provider’s checkpoints of live shipments, skips what it does not know, and leaves delivered shipments alone', async () => {
    withProvider()
    const live = await insertShipment(shipper.company.id)
    const untracked = await insertShipment(shipper.company.id)
    const delivered = await insertShipment(shipper.company.id, { status: 'delivered' })
    trackings.set(live.trackingNumber, {
      tracking_number: live.trackingNumber,
      slug: 'cosco',
      tag: 'OutForDelivery',
      checkpoints: [
        { checkpoint_time: '2026-11-22T09:00:00+08:00', message: 'Gate in', city: 'Ningbo', country_region: 'CHN', tag: 'InTransit' },
        { checkpoint_time: '2026-12-02T08:00:00+01:00', message: 'Out for delivery', city: 'Rotterdam', country_region: 'NLD', tag: 'OutForDelivery' },
      ],
    })
    trackings.set(delivered.trackingNumber, { tracking_number: delivered.trackingNumber, slug: 'cosco', tag: 'Delivered', checkpoints: [] })
    seenKeys.length = 0

    const outcome = await pollTrackingProvider()
    expect(outcome.stored).toBe(2)
    expect(seenKeys.every((key) => key === 'provider-key')).toBe(true)
    expect(await statusOf(live.id)).toMatchObject({ status: 'out_for_delivery', lastLocation: 'Rotterdam' })
    expect((await eventsOf(live.id)).map((event) => event.source)).toEqual(['provider', 'provider'])
    expect(await eventsOf(untracked.id)).toEqual([])

    // The next poll finds nothing new.
    expect((await pollTrackingProvider()).stored).toBe(0)
    expect(await eventsOf(live.id)).toHaveLength(2)
  })

  it('stores the same checkpoint once whether the webhook or the poll brought it', async () => {
    withProvider()
    const shipment = await insertShipment(shipper.company.id)
    const checkpoint = { checkpoint_time: '2026-11-25T10:00:00+08:00', message: 'Vessel departed', city: 'Ningbo', country_region: 'CHN', tag: 'InTransit' }
    const body = JSON.stringify({ event: 'tracking_update', msg: { tracking_number: shipment.trackingNumber, tag: 'InTransit', checkpoints: [checkpoint] } })
    const signed = await postWebhook('aftership', body, { 'aftership-hmac-sha256': createHmac('sha256', SECRETS.aftership).update(body).digest('base64') })
    expect(signed.status).toBe(200)
    trackings.set(shipment.trackingNumber, { tracking_number: shipment.trackingNumber, slug: 'cosco', tag: 'InTransit', checkpoints: [checkpoint] })
    await pollTrackingProvider()
    expect(await eventsOf(shipment.id)).toHaveLength(1)
  })

  it('skips a 404 and fails the job on a 500, so that the queue retries it', async () => {
    withProvider()
    await insertShipment(shipper.company.id)
    answer = 'not_found'
    await expect(pollTrackingProvider()).resolves.toMatchObject({ stored: 0 })
    answer = 'error'
    const context = { jobId: 'test', retryCount: 0, signal: new AbortController().signal }
    await expect(pollTrackingJob.handle({}, context)).rejects.toThrow(/answered 500/)
    answer = 'ok'
  })
})
