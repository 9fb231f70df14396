import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../platform/api/api-env'
import { parseAndRun, readJsonBody } from '../platform/api/errors.server'
import { IdempotencyHeader, idempotencyOf } from '../platform/api/idempotency.server'
import { bodyRef, camelCaseBody, errorResponses, IdParam, jsonResponse, memberAccess, SIGNED_IN, snakeCaseBodySchema } from '../platform/api/schemas'
import { companyServiceContext } from '../modules/companies/index.server'
import { ReceiveShipmentInput, ShipmentWarehouseInput } from '../modules/logistics/index'
import { getShipment } from '../modules/logistics/index.server'
import { chooseShipmentWarehouse, receiveShipment } from './receive-shipment.server'

// Receiving spans logistics, orders and inventory, so its endpoints sit beside the workflow (ADR 035).
const tags = ['Shipments']
const write = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 409: errorResponses[409], 422: errorResponses[422] }

const ReceiptSchema = z
  .object({
    shipment_id: z.string(),
    lines: z.array(
      z.object({
        line_id: z.string(),
        order_id: z.string(),
        shipped: z.number().int(),
        received: z.number().int(),
        damaged: z.number().int(),
        short: z.number().int(),
      }),
    ),
  })
  .openapi('ShipmentReceipt')

const BODIES = {
  ReceiveShipment: snakeCaseBodySchema(ReceiveShipmentInput, {
    warehouse_id: 'a1b2…',
    lines: [{ line_id: 'c3d4…', received: 59, damaged: 1, note: 'One carton crushed' }],
    over_delivery_reason: '',
    photo_file_ids: [],
    version: 3,
  }),
  ShipmentWarehouse: snakeCaseBodySchema(ShipmentWarehouseInput, { warehouse_id: 'a1b2…' }),
}

const routes = {
  receive: createRoute({
    method: 'post',
    path: '/v1/shipments/{id}/receipt',
    tags,
    summary: 'Receive a shipment (the buyer): per line the good and damaged units, into one of the buyer’s warehouses',
    description:
      'Every line of the shipment once; short = shipped − received − damaged. More than shipped needs over_delivery_reason (else 422 lines.<i>.received: validation.overReceived). photo_file_ids: up to 10 of the buyer’s uploaded attachments (POST /api/v1/files, purpose attachment), shown to every party. In one transaction: the shipment is received (and delivered if the carrier never said so), the orders’ received quantities grow (an order whose shipments are all received becomes delivered) and the good units are posted to the warehouse’s stock. A second receipt is 409. Send an Idempotency-Key header to make retries safe: a retry answers with the receipt as first recorded.',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, headers: IdempotencyHeader, body: bodyRef('ReceiveShipment') },
    responses: { 201: jsonResponse(ReceiptSchema, 'What was received'), ...write },
  }),
  warehouse: createRoute({
    method: 'put',
    path: '/v1/shipments/{id}/warehouse',
    tags,
    summary: 'Choose the buyer’s warehouse the goods are expected in (its incoming stock); null clears it',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, body: bodyRef('ShipmentWarehouse') },
    responses: { 200: jsonResponse(z.object({ warehouse_id: z.string().nullable() }), 'The chosen warehouse'), ...write },
  }),
}

export function registerReceiveShipmentRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.receive, async (c) => {
    const ctx = await companyServiceContext(c)
    const { id } = c.req.valid('param')
    const body = camelCaseBody(await readJsonBody(c))
    await parseAndRun('logistics', ReceiveShipmentInput, body, (input) => receiveShipment(ctx, id, input, idempotencyOf(c)))
    // The receipt as stored: a retry with the same key answers exactly as the first request did.
    const shipment = await getShipment(ctx, id)
    const lines = shipment.lines.map((line) => {
      const received = line.receivedQuantity ?? 0
      const damaged = line.damagedQuantity ?? 0
      return { line_id: line.id, order_id: line.orderId, shipped: line.quantity, received, damaged, short: Math.max(0, line.quantity - received - damaged) }
    })
    return c.json({ shipment_id: id, lines }, 201)
  })

  api.openapi(routes.warehouse, async (c) => {
    const ctx = await companyServiceContext(c)
    const { id } = c.req.valid('param')
    const body = camelCaseBody(await readJsonBody(c))
    const warehouseId = await parseAndRun('logistics', ShipmentWarehouseInput, body, async (input) => {
      await chooseShipmentWarehouse(ctx, id, input.warehouseId ?? null)
      return input.warehouseId ?? null
    })
    return c.json({ warehouse_id: warehouseId }, 200)
  })
}
