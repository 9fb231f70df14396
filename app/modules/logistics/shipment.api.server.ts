import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import {
  BookShipmentInput,
  PACKAGE_TYPES,
  SHIPMENT_MODES,
  SHIPMENT_ROLES,
  SHIPMENT_STATUSES,
  ShipmentListQuery,
  TRACKING_SOURCES,
  TrackingEventInput,
} from './index'
import { addTrackingEvent, bookShipment, getShipment, listShipments, openShipmentAttachment, type ShipmentDetail } from './index.server'
import { sendDownload } from '../../platform/api/file-responses.server'
import { shipmentAttachmentUrl } from './logistics.constants'
import { shippableOrderLines } from '../orders/index.server'
import { companyServiceContext } from '../companies/index.server'
import { parseAndRun, readJsonBody } from '../../platform/api/errors.server'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'
import {
  bodyRef,
  camelCaseBody,
  errorResponses,
  IdParam,
  jsonResponse,
  memberAccess,
  pageSchema,
  SIGNED_IN,
  attachmentDownloadResponses,
  AttachmentParams,
  snakeCaseBodySchema,
} from '../../platform/api/schemas'
import { toWire } from '../../platform/api/wire'

const AttachedFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  content_url: z.string().openapi({ description: 'The download, under the shipment: every party may open it' }),
})

const Point = z.object({ lat: z.number().nullable(), lon: z.number().nullable() })

const ShipmentSummarySchema = z
  .object({
    id: z.string(),
    number: z.string().openapi({ example: 'SH-2026-00012' }),
    role: z.enum(SHIPMENT_ROLES).openapi({ description: 'The caller’s side: shipper, buyer or carrier' }),
    status: z.enum(SHIPMENT_STATUSES),
    mode: z.enum(SHIPMENT_MODES),
    shipper_company_id: z.string().nullable(),
    shipper_name: z.string(),
    buyer_company_id: z.string().nullable(),
    buyer_name: z.string(),
    carrier: z.string(),
    tracking_number: z.string(),
    origin_name: z.string(),
    origin_country: z.string(),
    destination_name: z.string(),
    destination_country: z.string(),
    etd: z.string().openapi({ example: '2026-12-01' }),
    eta: z.string().openapi({ description: 'The current expected arrival day' }),
    first_eta: z.string().openapi({ description: 'The arrival day first promised at booking' }),
    last_location: z.string(),
    last_event_at: z.string().nullable(),
    delivered_at: z.string().nullable(),
    received_at: z.string().nullable(),
    order_numbers: z.array(z.string()),
    created_at: z.string(),
  })
  .openapi('ShipmentSummary')

const ShipmentDetailSchema = ShipmentSummarySchema.extend({
  version: z.number().int(),
  status_reason: z.string(),
  bill_of_lading: z.string(),
  air_waybill: z.string(),
  container_numbers: z.array(z.string()),
  incoterm: z.string(),
  incoterm_place: z.string(),
  packages: z.array(
    z.object({
      count: z.number().int(),
      type: z.enum(PACKAGE_TYPES),
      gross_weight_kg: z.string(),
      net_weight_kg: z.string(),
      length_cm: z.number().int(),
      width_cm: z.number().int(),
      height_cm: z.number().int(),
    }),
  ),
  package_count: z.number().int(),
  gross_weight_kg: z.string(),
  net_weight_kg: z.string(),
  volume_m3: z.string().openapi({ description: 'Computed from the packages’ outer dimensions' }),
  notes: z.string(),
  origin: Point,
  destination: Point,
  last: Point,
  destination_warehouse_id: z.string().nullable().openapi({ description: 'The buyer’s receiving warehouse (the buyer only)' }),
  lines: z.array(
    z.object({
      id: z.string(),
      order_id: z.string(),
      order_number: z.string(),
      order_line_id: z.string(),
      product_id: z.string().nullable(),
      sku: z.string(),
      description: z.string(),
      unit: z.string(),
      quantity: z.number().int(),
      received_quantity: z.number().int().nullable(),
      damaged_quantity: z.number().int().nullable(),
      receipt_note: z.string(),
    }),
  ),
  events: z.array(
    z.object({
      id: z.string(),
      occurred_at: z.string(),
      utc_offset_minutes: z.number().int().nullable().openapi({ description: 'The offset of the event’s place (null: unknown)' }),
      status: z.enum(SHIPMENT_STATUSES).nullable(),
      location: z.string(),
      country: z.string(),
      description: z.string(),
      source: z.enum(TRACKING_SOURCES),
      eta: z.string().nullable(),
      author_name: z.string().nullable(),
    }),
  ),
  eta_changes: z.array(z.object({ eta: z.string(), previous_eta: z.string().nullable(), source: z.enum(TRACKING_SOURCES), created_at: z.string() })),
  attachments: z.array(AttachedFileSchema).openapi({ description: 'Documents the shipping side attached when booking' }),
  receipt_photos: z.array(AttachedFileSchema).openapi({ description: 'The buyer’s photos of the goods as they arrived' }),
}).openapi('ShipmentDetail')

const ShippableLineSchema = z
  .object({
    order_id: z.string(),
    order_number: z.string(),
    order_version: z.number().int(),
    buyer_company_id: z.string().nullable(),
    buyer_name: z.string(),
    incoterm: z.string(),
    incoterm_place: z.string(),
    requested_delivery_date: z.string().nullable(),
    order_line_id: z.string(),
    sku: z.string(),
    description: z.string(),
    unit: z.string(),
    quantity: z.number().int(),
    shipped: z.number().int(),
    remaining: z.number().int(),
  })
  .openapi('ShippableLine')

const BODIES = {
  BookShipment: snakeCaseBodySchema(BookShipmentInput, {
    lines: [{ order_id: 'b3c1…', order_line_id: 'd9e2…', quantity: 60 }],
    mode: 'sea_lcl',
    carrier: 'COSCO Shipping',
    tracking_number: 'COSU6123456789',
    bill_of_lading: 'COSU6123456789',
    air_waybill: '',
    container_numbers: ['CSNU1234567'],
    origin: { name: 'Ningbo', country: 'CN' },
    destination: { name: 'Rotterdam', country: 'NL' },
    etd: '2026-12-10',
    eta: '2027-01-14',
    packages: [{ count: 12, type: 'pallet', gross_weight_kg: '420.5', net_weight_kg: '400', length_cm: 120, width_cm: 80, height_cm: 150 }],
    notes: '',
    attachment_file_ids: [],
  }),
  TrackingEvent: snakeCaseBodySchema(TrackingEventInput, {
    occurred_at: '2026-11-30T09:30',
    utc_offset_minutes: 480,
    status: 'in_transit',
    location: 'Ningbo',
    country: 'CN',
    description: 'Loaded on board, vessel departed',
    eta: '2027-01-15',
    reason: '',
  }),
}

const tags = ['Shipments']
const write = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 409: errorResponses[409], 422: errorResponses[422] }

const routes = {
  list: createRoute({
    method: 'get',
    path: '/v1/shipments',
    tags,
    summary: 'Every shipment the company is party to (as shipper, buyer or carrier), the next to arrive first',
    description:
      'Filters: status (or live), mode, role, counterpart (a company id), eta_from/eta_to (days), delayed (ETA passed or moved past the first promise), q (number, tracking number, B/L, party or order number).',
    security: SIGNED_IN,
    ...memberAccess(),
    request: {
      query: z.object({
        status: z.string().optional(),
        mode: z.string().optional(),
        role: z.string().optional(),
        counterpart: z.string().optional(),
        eta_from: z.string().optional(),
        eta_to: z.string().optional(),
        delayed: z.string().optional(),
        q: z.string().optional(),
        limit: z.string().optional().openapi({ example: '25' }),
        offset: z.string().optional().openapi({ example: '0' }),
      }),
    },
    responses: {
      200: jsonResponse(pageSchema(ShipmentSummarySchema), 'A page of shipments'),
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
    },
  }),
  shippable: createRoute({
    method: 'get',
    path: '/v1/shipments/shippable-lines',
    tags,
    summary: 'The supplier’s order lines still to ship (confirmed, in production or partly shipped), for booking a shipment',
    security: SIGNED_IN,
    ...memberAccess(),
    responses: { 200: jsonResponse(z.object({ items: z.array(ShippableLineSchema) }), 'Open lines'), 401: errorResponses[401], 403: errorResponses[403] },
  }),
  book: createRoute({
    method: 'post',
    path: '/v1/shipments',
    tags,
    summary: 'Book a shipment from lines of one buyer’s confirmed orders: it ships those quantities on the orders',
    description:
      'Each line puts a quantity of an order line on the shipment (partial allowed; never more than ordered minus already shipped: 422 lines.<i>… / quantities.<line id> validation.overShipped). Every order must be the caller’s as supplier, of one buyer and one Incoterm (carried from the orders). ETA before ETD is 422 eta: validation.etaBeforeEtd. The orders move to shipped in the same transaction and the buyer is told. Send an Idempotency-Key header to make retries safe.',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { headers: IdempotencyHeader, body: bodyRef('BookShipment') },
    responses: { 201: jsonResponse(ShipmentDetailSchema, 'The booked shipment'), ...write },
  }),
  get: createRoute({
    method: 'get',
    path: '/v1/shipments/{id}',
    tags,
    summary: 'A shipment with its lines, tracking timeline (newest first), ETA history and attachments, as every party sees it',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam },
    responses: { 200: jsonResponse(ShipmentDetailSchema, 'The shipment'), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
  }),
  attachment: createRoute({
    method: 'get',
    path: '/v1/shipments/{id}/attachments/{fileId}',
    tags,
    summary: 'A document attached to the shipment or a photo of its receipt, for every party (shipper, buyer, carrier)',
    description: 'Served with its stored type, Content-Disposition, X-Content-Type-Options: nosniff, private caching and an ETag.',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: AttachmentParams },
    responses: attachmentDownloadResponses,
  }),
  track: createRoute({
    method: 'post',
    path: '/v1/shipments/{id}/tracking-events',
    tags,
    summary: 'Report a tracking event (the shipper or the carrier): a milestone, a position, a new ETA or an exception',
    description:
      'occurred_at is the local time of the place (with utc_offset_minutes) or carries its own offset. A status moves the shipment only forward (booked → picked_up → in_transit → at_customs → out_for_delivery → delivered; exception from any live state, with a reason) and only when the event is the latest; older events are kept as history. The same event twice is stored once (the second answer says stored: false). The buyer gets 403.',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, body: bodyRef('TrackingEvent') },
    responses: { 200: jsonResponse(z.object({ stored: z.boolean(), shipment: ShipmentDetailSchema }), 'The event and the shipment after it'), ...write },
  }),
}

const wire = (shipment: ShipmentDetail) =>
  toWire(ShipmentDetailSchema, {
    ...shipment,
    attachments: shipment.attachments.map((file) => ({ ...file, contentUrl: shipmentAttachmentUrl(shipment.id, file.id) })),
    receiptPhotos: shipment.receiptPhotos.map((file) => ({ ...file, contentUrl: shipmentAttachmentUrl(shipment.id, file.id) })),
  })

export function registerShipmentRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.list, async (c) => {
    const ctx = await companyServiceContext(c)
    const query = await parseAndRun('logistics', ShipmentListQuery, c.req.query(), async (input) => input)
    const page = await listShipments(ctx, query)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: page.items.map((item) => toWire(ShipmentSummarySchema, item)), total: page.total, limit: query.limit, offset: query.offset }, 200)
  })

  // Registered before /shipments/{id} so the name is not taken for an id.
  api.openapi(routes.shippable, async (c) => {
    const ctx = await companyServiceContext(c)
    const lines = await shippableOrderLines(ctx)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: lines.map((line) => toWire(ShippableLineSchema, line)) }, 200)
  })

  api.openapi(routes.book, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseBody(await readJsonBody(c))
    const id = await parseAndRun('logistics', BookShipmentInput, body, (input) => bookShipment(ctx, input, idempotencyOf(c)))
    return c.json(wire(await getShipment(ctx, id)), 201)
  })

  api.openapi(routes.get, async (c) => {
    const ctx = await companyServiceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json(wire(await getShipment(ctx, c.req.valid('param').id)), 200)
  })

  api.openapi(routes.attachment, async (c) => {
    const ctx = await companyServiceContext(c)
    const { id, fileId } = c.req.valid('param')
    return sendDownload(c, await openShipmentAttachment(ctx, id, fileId))
  })

  api.openapi(routes.track, async (c) => {
    const ctx = await companyServiceContext(c)
    const { id } = c.req.valid('param')
    const body = camelCaseBody(await readJsonBody(c))
    const { stored } = await parseAndRun('logistics', TrackingEventInput, body, (input) => addTrackingEvent(ctx, id, input))
    return c.json({ stored, shipment: wire(await getShipment(ctx, id)) }, 200)
  })
}
