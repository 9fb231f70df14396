import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../platform/api/api-env'
import { parseAndRun, readJsonBody } from '../platform/api/errors.server'
import { IdempotencyHeader, idempotencyOf } from '../platform/api/idempotency.server'
import { access, bodyRef, camelCaseBody, decimalString, errorResponses, IdParam, jsonResponse, SIGNED_IN, snakeCaseBodySchema } from '../platform/api/schemas'
import { companyServiceContext } from '../modules/companies/index.server'
import { AwardRfqInput } from '../modules/sourcing/index'
import { awardQuotations } from './award-quotations.server'

// The award spans sourcing and orders, so its endpoint sits beside its workflow, not in either module (ADR 035).
const decimal = decimalString

const AwardedOrders = z
  .object({
    purchase_orders: z.array(
      z.object({
        id: z.string(),
        number: z.string().openapi({ example: 'PO-2026-00012' }),
        supplier_name: z.string(),
        total: decimal('Order total', '5400.0000'),
        currency: z.string().openapi({ example: 'USD' }),
      }),
    ),
  })
  .openapi('AwardedOrders')

const awardRoute = createRoute({
  method: 'post',
  path: '/v1/rfqs/{id}/award',
  tags: ['Sourcing'],
  summary: 'Award an RFQ (the buyer): chosen lines to chosen quotations, or every open line a quotation priced; one placed purchase order per supplier',
  description:
    'Send `lines` (each `rfq_line_id` with the `quotation_id` that wins it) or `all_to` (a quotation: every line not yet awarded that it priced), not both. Quoting must be over (the RFQ closed or past its deadline): otherwise 409 invalid_transition with `details.reason` `quoting_open`. Each winning supplier gets one purchase order at its quoted unit prices and terms; the winning quotations are accepted, the lines’ requirements and the project awarded. When every line is awarded, quotations that won nothing are rejected and their suppliers told. A line already awarded or a quotation no longer open is 409 with `details.reason` and the field under `lines.<index>`. Send an Idempotency-Key header to make retries safe: the same key with the same body answers with the orders the first award made (201); with a different body, 409 idempotency_key_reused.',
  security: SIGNED_IN,
  ...access({ level: 'company', minRole: 'member', resource: 'id' }),
  request: { params: IdParam, headers: IdempotencyHeader, body: bodyRef('AwardRfq') },
  responses: {
    201: jsonResponse(AwardedOrders, 'The purchase orders the award made'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: errorResponses[409],
    422: errorResponses[422],
  },
})

export function registerAwardRoutes(api: ApiRouter) {
  registerBodies(api, {
    AwardRfq: snakeCaseBodySchema(AwardRfqInput, {
      lines: [{ rfq_line_id: '6f0e…', quotation_id: '91ab…' }],
      notes: 'Ship both lines together; invoice per order',
    }),
  })

  api.openapi(awardRoute, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseBody(await readJsonBody(c))
    const result = await parseAndRun('comparison', AwardRfqInput, body, (input) => awardQuotations(ctx, c.req.valid('param').id, input, idempotencyOf(c)))
    return c.json(
      {
        purchase_orders: result.purchaseOrders.map((order) => ({
          id: order.id,
          number: order.number,
          supplier_name: order.supplierName,
          total: order.total,
          currency: order.currency,
        })),
      },
      201,
    )
  })
}
