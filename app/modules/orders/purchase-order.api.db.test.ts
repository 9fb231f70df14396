import { count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { notifications } from '../kernel/kernel.tables.server'
import { purchaseOrders } from './orders.tables.server'
import { database } from '../../platform/db/index.server'
import { idempotencyKeys } from '../../platform/idempotency/idempotency.tables.server'
import { createOrderParties, orderRequest } from '../../../tests/factories/orders'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'
import { TEST_PUBLIC_URL } from '../../../tests/support/test-env'

let app: ReturnType<typeof testApp>
let parties: Awaited<ReturnType<typeof createOrderParties>>
let buyer: CookieJar
let supplier: CookieJar
let stranger: CookieJar

type Line = { id: string; quantity: number; unit_price: string; line_total: string; shipped_quantity: number; received_quantity: number }
type Order = {
  id: string
  number: string
  status: string
  version: number
  total: string
  lines: Line[]
  events: Array<{ type: string }>
  change_requests: Array<{ id: string; status: string; kind: string; before: Record<string, unknown> }>
  actions: string[]
  attachments: Array<{ id: string; content_url: string }>
}

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

beforeAll(async () => {
  app = testApp()
  parties = await createOrderParties()
  buyer = await signInWithCookies(app, parties.buyer.user)
  supplier = await signInWithCookies(app, parties.supplier.user)
  stranger = await signInWithCookies(app, parties.stranger.user)
})

/** The factory's order request in the API's snake_case. */
function body(overrides: Record<string, unknown> = {}) {
  const request = orderRequest(parties)
  return {
    supplier_company_id: request.supplierCompanyId,
    currency: request.currency,
    incoterm: request.incoterm,
    incoterm_place: request.incotermPlace,
    payment_terms: request.paymentTerms,
    requested_delivery_date: request.requestedDeliveryDate,
    ship_to_address_id: request.shipToAddressId,
    notes: '',
    lines: request.lines.map((line) =>
      'productId' in line
        ? { product_id: line.productId, quantity: line.quantity }
        : { description: line.description, unit: line.unit, unit_price: line.unitPrice, quantity: line.quantity },
    ),
    place: false,
    ...overrides,
  }
}

async function createOrder(overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<Order> {
  const response = await call(app, '/api/v1/orders', { body: body(overrides), jar: buyer, headers })
  expect(response.status, response.text).toBe(201)
  return response.json as unknown as Order
}

const get = async (jar: CookieJar, id: string) => (await call(app, `/api/v1/orders/${id}`, { jar })).json as unknown as Order

async function step(jar: CookieJar, id: string, action: string, extra: Record<string, unknown> = {}): Promise<Order> {
  const { version } = await get(jar, id)
  const response = await call(app, `/api/v1/orders/${id}/transitions`, { body: { action, version, ...extra }, jar })
  expect(response.status, `${action}: ${response.text}`).toBe(200)
  return response.json as unknown as Order
}

describe('/api/v1/orders', () => {
  it('runs an order from draft to completed over HTTP, with partial shipments and notices for the other party', async () => {
    const draft = await createOrder()
    expect(draft).toMatchObject({ status: 'draft', total: '1611.2000', version: 1 })
    expect(draft.number).toMatch(/^PO-\d{4}-\d{5}$/)
    expect((await call(app, `/api/v1/orders/${draft.id}`, { jar: supplier })).status).toBe(404)

    const [supplierBefore] = await database().select({ n: count() }).from(notifications).where(eq(notifications.userId, parties.supplier.user.id))
    await step(buyer, draft.id, 'place')
    const [supplierAfter] = await database().select({ n: count() }).from(notifications).where(eq(notifications.userId, parties.supplier.user.id))
    expect(supplierAfter!.n).toBe(supplierBefore!.n + 1)
    const placedNotice = await call(app, '/api/v1/notifications?limit=1', { jar: supplier })
    expect(placedNotice.json.items).toMatchObject([{ kind: 'purchase_order.place', link: `/app/supplier/purchase/order/${draft.id}`, read: false }])

    await step(supplier, draft.id, 'confirm')
    const [lamp, shade, box] = draft.lines
    // An order ships only on a booked shipment.
    const direct = await call(app, `/api/v1/orders/${draft.id}/transitions`, {
      body: { action: 'ship', version: 3, quantities: { [lamp!.id]: 60 } },
      jar: supplier,
    })
    expect(direct.status).toBe(422)
    expect(direct.json).toMatchObject({ details: { fields: { action: [expect.any(String)] } } })
    const book = (lines: Record<string, number>) =>
      call(app, '/api/v1/shipments', {
        jar: supplier,
        body: {
          lines: Object.entries(lines).map(([order_line_id, quantity]) => ({ order_id: draft.id, order_line_id, quantity })),
          mode: 'sea_lcl',
          origin: { name: 'Ningbo', country: 'CN' },
          destination: { name: 'Rotterdam', country: 'NL' },
          etd: '2026-12-01',
          eta: '2027-01-10',
        },
      })
    const first = await book({ [lamp!.id]: 60 })
    expect(first.status).toBe(201)
    expect(first.json).toMatchObject({ status: 'booked', role: 'shipper', order_numbers: [draft.number] })
    const partial = (await call(app, `/api/v1/orders/${draft.id}`, { jar: supplier })).json
    expect(partial.status).toBe('shipped')
    expect(partial.actions).not.toContain('deliver')
    const early = await call(app, `/api/v1/orders/${draft.id}/transitions`, {
      body: { action: 'deliver', version: partial.version },
      jar: buyer,
      headers: { 'accept-language': 'en' },
    })
    expect(early.status).toBe(409)
    expect(early.json).toMatchObject({ code: 'invalid_transition' })
    expect(early.json.message).toEqual(expect.any(String))
    expect((await book({ [lamp!.id]: 61 })).status).toBe(422)
    expect((await book({ [lamp!.id]: 60, [shade!.id]: 40, [box!.id]: 160 })).status).toBe(201)
    const delivered = await step(buyer, draft.id, 'deliver')
    expect(delivered.status).toBe('delivered')
    const completed = await step(buyer, draft.id, 'complete')
    expect(completed.status).toBe('completed')
    expect(completed.lines.map((line) => [line.shipped_quantity, line.received_quantity])).toEqual([
      [120, 120],
      [40, 40],
      [160, 160],
    ])
    expect(completed.events.map((event) => event.type)).toEqual(['created', 'place', 'confirm', 'ship', 'ship', 'deliver', 'complete'])
    const buyerNotices = await call(app, '/api/v1/notifications', { jar: buyer })
    expect((buyerNotices.json.items as Array<{ kind: string }>).map((item) => item.kind)).toEqual(
      expect.arrayContaining(['purchase_order.confirm', 'purchase_order.ship']),
    )
  })

  it('edits a draft with its version and refuses a stale one with 409', async () => {
    const draft = await createOrder()
    const edit = { ...body(), version: draft.version, lines: [{ product_id: parties.products.lamp.id, quantity: 10 }] }
    const updated = await call(app, `/api/v1/orders/${draft.id}`, { method: 'PUT', body: edit, jar: buyer })
    expect(updated.status, updated.text).toBe(200)
    expect(updated.json).toMatchObject({ version: 2, total: '125.0000', line_count: 1 })
    const stale = await call(app, `/api/v1/orders/${draft.id}`, { method: 'PUT', body: edit, jar: buyer })
    expect(stale.status).toBe(409)
    expect(stale.json).toMatchObject({ code: 'stale_version', details: { currentVersion: 2 } })
    const staleStep = await call(app, `/api/v1/orders/${draft.id}/transitions`, { body: { action: 'place', version: 1 }, jar: buyer })
    expect(staleStep.json).toMatchObject({ code: 'stale_version' })
    const notYours = await call(app, `/api/v1/orders/${(await createOrder({ place: true })).id}/transitions`, {
      body: { action: 'complete', version: 2 },
      jar: buyer,
    })
    expect(notYours.status).toBe(409)
  })

  it('accepts a change request (totals recomputed, version bumped, history kept) and rejects another', async () => {
    const order = await createOrder({ place: true })
    const confirmed = await step(supplier, order.id, 'confirm')
    const lamp = confirmed.lines[0]!
    const proposed = await call(app, `/api/v1/orders/${order.id}/change-requests`, {
      body: {
        kind: 'change',
        version: confirmed.version,
        reason: 'More lamps',
        lines: [{ line_id: lamp.id, quantity: 200, unit_price: '11.0000' }],
        requested_delivery_date: '2027-04-01',
      },
      jar: buyer,
    })
    expect(proposed.status, proposed.text).toBe(201)
    const pending = (proposed.json as unknown as Order).change_requests[0]!
    expect(pending).toMatchObject({ kind: 'change', status: 'pending' })
    const own = await call(app, `/api/v1/orders/${order.id}/change-requests/${pending.id}/decision`, { body: { decision: 'accept' }, jar: buyer })
    expect(own.status).toBe(409)
    const accepted = await call(app, `/api/v1/orders/${order.id}/change-requests/${pending.id}/decision`, {
      body: { decision: 'accept', note: 'Fine' },
      jar: supplier,
    })
    expect(accepted.status, accepted.text).toBe(200)
    const after = accepted.json as unknown as Order & { requested_delivery_date: string }
    expect(after.lines[0]).toMatchObject({ quantity: 200, unit_price: '11.0000', line_total: '2200.0000' })
    expect(after.total).toBe('2461.2000')
    expect(after.version).toBe(confirmed.version + 1)
    expect(after.requested_delivery_date).toBe('2027-04-01')
    expect(after.change_requests[0]).toMatchObject({ status: 'accept', before: { total: '1611.2000' } })

    const second = await call(app, `/api/v1/orders/${order.id}/change-requests`, {
      body: { kind: 'change', version: after.version, reason: 'Fewer shades', lines: [{ line_id: after.lines[1]!.id, quantity: 20, unit_price: '3.3300' }] },
      jar: supplier,
    })
    expect(second.status, second.text).toBe(201)
    const secondId = (second.json as unknown as Order).change_requests[0]!.id
    const rejected = await call(app, `/api/v1/orders/${order.id}/change-requests/${secondId}/decision`, {
      body: { decision: 'reject', note: 'No' },
      jar: buyer,
    })
    expect(rejected.status).toBe(200)
    const final = rejected.json as unknown as Order
    expect(final.total).toBe('2461.2000')
    expect(final.lines[1]!.quantity).toBe(40)
    expect(final.change_requests.map((request) => request.status)).toEqual(['reject', 'accept'])
    expect(final.events.map((event) => event.type)).toEqual(expect.arrayContaining(['change_requested', 'change_accept', 'change_reject']))
  })

  it('cancels a confirmed order only by agreement', async () => {
    const order = await createOrder({ place: true })
    const confirmed = await step(supplier, order.id, 'confirm')
    const direct = await call(app, `/api/v1/orders/${order.id}/transitions`, {
      body: { action: 'cancel', version: confirmed.version, reason: 'Changed our mind' },
      jar: buyer,
    })
    expect(direct.status).toBe(409)
    expect(direct.json).toMatchObject({ code: 'invalid_transition' })
    const noReason = await call(app, `/api/v1/orders/${order.id}/change-requests`, { body: { kind: 'cancel', version: confirmed.version }, jar: buyer })
    expect(noReason.status).toBe(422)
    expect(Object.keys((noReason.json.details as { fields: object }).fields)).toEqual(['reason'])
    const requested = await call(app, `/api/v1/orders/${order.id}/change-requests`, {
      body: { kind: 'cancel', version: confirmed.version, reason: 'Project stopped' },
      jar: buyer,
    })
    expect(requested.status).toBe(201)
    const requestId = (requested.json as unknown as Order).change_requests[0]!.id
    const agreed = await call(app, `/api/v1/orders/${order.id}/change-requests/${requestId}/decision`, { body: { decision: 'accept' }, jar: supplier })
    expect(agreed.status, agreed.text).toBe(200)
    expect(agreed.json).toMatchObject({ status: 'cancelled', status_reason: 'Project stopped', actions: [] })
  })

  it('creates one order per Idempotency-Key and answers the retry with it', async () => {
    const key = `order-${crypto.randomUUID()}`
    const first = await createOrder({ notes: 'idempotent' }, { 'idempotency-key': key })
    const again = await createOrder({ notes: 'idempotent' }, { 'idempotency-key': key })
    expect(again.id).toBe(first.id)
    const [orders] = await database().select({ n: count() }).from(purchaseOrders).where(eq(purchaseOrders.notes, 'idempotent'))
    expect(orders?.n).toBe(1)
    const [keys] = await database().select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.key, key))
    expect(keys?.n).toBe(1)
    const reused = await call(app, '/api/v1/orders', { body: body({ notes: 'something else' }), jar: buyer, headers: { 'idempotency-key': key } })
    expect(reused.status).toBe(409)
    expect(reused.json).toMatchObject({ code: 'idempotency_key_reused' })
    const bad = await call(app, '/api/v1/orders', { body: body(), jar: buyer, headers: { 'idempotency-key': 'spaces are not allowed' } })
    expect(bad.status).toBe(400)
  })

  it('answers 422 with field errors under their JSON names for bad input', async () => {
    const fieldsOf = async (overrides: Record<string, unknown>) => {
      const response = await call(app, '/api/v1/orders', { body: body(overrides), jar: buyer, headers: { 'accept-language': 'en' } })
      expect(response.status, response.text).toBe(422)
      const fields = (response.json.details as { fields: Record<string, string[]> }).fields
      for (const messages of Object.values(fields)) expect(messages.every((message) => typeof message === 'string' && message.length > 0)).toBe(true)
      return Object.keys(fields)
    }
    expect(await fieldsOf({ lines: [{ product_id: parties.products.lamp.id, quantity: 9 }] })).toEqual(['lines.0.quantity'])
    expect(await fieldsOf({ lines: [{ product_id: parties.products.lamp.id, quantity: -5 }] })).toEqual(['lines.0.quantity'])
    expect(await fieldsOf({ lines: [{ product_id: parties.products.lamp.id, quantity: 'lots' }] })).toEqual(['lines.0.quantity'])
    expect(await fieldsOf({ lines: [{ description: 'Box', unit: 'pcs', unit_price: '-1', quantity: 1 }] })).toEqual(['lines.0.unit_price'])
    expect(await fieldsOf({ currency: 'EUR' })).toEqual(['currency'])
    expect(await fieldsOf({ ship_to_address_id: crypto.randomUUID() })).toEqual(['ship_to_address_id'])
    expect(await fieldsOf({ supplier_company_id: crypto.randomUUID() })).toEqual(['supplier_company_id'])
  })

  it('hides an order and its attachments from a third company (404) and serves attachments to both parties', async () => {
    const form = new FormData()
    form.set('purpose', 'attachment')
    form.set('file', new File([PNG_1x1], 'drawing.png', { type: 'image/png' }))
    const uploaded = await app.request(`${TEST_PUBLIC_URL}/api/v1/files`, {
      method: 'POST',
      headers: { origin: TEST_PUBLIC_URL, cookie: buyer.header() },
      body: form,
    })
    expect(uploaded.status).toBe(201)
    const fileId = ((await uploaded.json()) as { id: string }).id
    const order = await createOrder({ place: true, attachment_file_ids: [fileId] })
    expect(order.attachments).toEqual([expect.objectContaining({ id: fileId, content_url: `/api/v1/orders/${order.id}/attachments/${fileId}` })])
    const path = `/api/v1/orders/${order.id}`
    for (const jar of [buyer, supplier]) {
      const download = await app.request(`${TEST_PUBLIC_URL}${path}/attachments/${fileId}`, { headers: { cookie: jar.header() } })
      expect(download.status).toBe(200)
      expect(download.headers.get('content-type')).toBe('image/png')
      expect(Buffer.from(await download.arrayBuffer()).equals(PNG_1x1)).toBe(true)
    }
    expect((await call(app, path, { jar: stranger })).status).toBe(404)
    expect((await call(app, `${path}/transitions`, { body: { action: 'cancel', version: order.version, reason: 'mine now' }, jar: stranger })).status).toBe(404)
    expect((await call(app, `${path}/attachments/${fileId}`, { jar: stranger })).status).toBe(404)
    // A file of the buyer that is not attached to this order is not reachable through it.
    expect((await call(app, `${path}/attachments/${crypto.randomUUID()}`, { jar: supplier })).status).toBe(404)
    const listed = await call(app, '/api/v1/orders?limit=100', { jar: stranger })
    expect((listed.json.items as Array<{ id: string }>).map((item) => item.id)).not.toContain(order.id)
  })

  it('lists and filters orders by side, and exports the list as CSV', async () => {
    await createOrder({ place: true, notes: 'csv' })
    const mine = await call(app, '/api/v1/orders?side=supplier&status=placed&limit=5', { jar: supplier })
    expect(mine.status, mine.text).toBe(200)
    expect(mine.json).toMatchObject({ limit: 5, offset: 0 })
    expect(
      (mine.json.items as Array<{ side: string; status: string; counterpart: { id: string } }>).every(
        (item) => item.side === 'supplier' && item.status === 'placed' && item.counterpart.id === parties.buyer.company.id,
      ),
    ).toBe(true)
    expect((await call(app, '/api/v1/orders?from=yesterday', { jar: supplier })).status).toBe(422)
    const counterparts = await call(app, '/api/v1/order-counterparts', { jar: supplier })
    expect(counterparts.json.items).toEqual([{ id: parties.buyer.company.id, name: expect.any(String) }])

    const csv = await app.request(`${TEST_PUBLIC_URL}/api/v1/orders/export.csv?side=buyer&status=placed`, { headers: { cookie: buyer.header() } })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/)
    const bytes = new Uint8Array(await csv.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = new TextDecoder().decode(bytes.slice(3)).split('\r\n')
    expect(rows[0]).toBe('number,side,status,counterpart,currency,total,lines,requested_delivery,created_at')
    expect(rows.at(-1)).toBe('')
    const data = rows.slice(1, -1)
    expect(data.length).toBeGreaterThan(0)
    for (const row of data) expect(row).toMatch(/^PO-\d{4}-\d{5},buyer,placed,[^,]+,USD,\d+\.\d{4},\d+,2027-03-01,\d{4}-\d{2}-\d{2}T[\d:.]+Z$/)
    expect((await call(app, '/api/v1/orders/export.csv', { jar: stranger })).text.replace(/^\uFEFF/, '')).toBe(
      'number,side,status,counterpart,currency,total,lines,requested_delivery,created_at\r\n',
    )
  })

  it('reports open lines and customers, and keeps a note only about a real customer', async () => {
    const order = await createOrder({ place: true })
    await step(supplier, order.id, 'confirm')
    const open = await call(app, `/api/v1/order-lines/open?q=${encodeURIComponent(order.number)}`, { jar: supplier })
    expect(open.status, open.text).toBe(200)
    expect(open.json).toMatchObject({ total: 3 })
    expect(open.json.items).toContainEqual(expect.objectContaining({ order_id: order.id, quantity: 120, shipped: 0, remaining: 120 }))
    expect((await call(app, '/api/v1/order-lines/open', { jar: buyer })).json).toMatchObject({ total: 0 })

    const customers = await call(app, '/api/v1/customers', { jar: supplier })
    expect(customers.json.items).toEqual([expect.objectContaining({ id: parties.buyer.company.id, note: '' })])
    const noted = await call(app, `/api/v1/customers/${parties.buyer.company.id}/note`, { method: 'PUT', body: { note: 'Pays on time' }, jar: supplier })
    expect(noted.status, noted.text).toBe(200)
    expect((await call(app, '/api/v1/customers', { jar: supplier })).json.items).toEqual([expect.objectContaining({ note: 'Pays on time' })])
    expect((await call(app, `/api/v1/customers/${parties.stranger.company.id}/note`, { method: 'PUT', body: { note: 'x' }, jar: supplier })).status).toBe(404)
    expect((await call(app, `/api/v1/customers/${parties.buyer.company.id}/note`, { method: 'PUT', body: { note: 'x' }, jar: stranger })).status).toBe(404)
    const tooLong = await call(app, `/api/v1/customers/${parties.buyer.company.id}/note`, { method: 'PUT', body: { note: 'x'.repeat(2001) }, jar: supplier })
    expect(tooLong.status).toBe(422)
  })
})
