import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../platform/api/api-env'
import { parseAndRun, readJsonBody } from '../platform/api/errors.server'
import { IdempotencyHeader, idempotencyOf } from '../platform/api/idempotency.server'
import { bodyRef, camelCaseKeys, errorResponses, jsonResponse, memberAccess, SIGNED_IN, snakeCaseBodySchema } from '../platform/api/schemas'
import { toWire } from '../platform/api/wire'
import { companyServiceContext } from '../modules/companies/index.server'
import { CreateDocumentInput, DOCUMENT_LANGUAGES, DOCUMENT_SOURCES, DOCUMENT_STATUSES, DOCUMENT_TYPES } from '../modules/documents/index'
import { getDocument } from '../modules/documents/index.server'
import { createDocumentFromRecord } from './create-document.server'

// Making a document reads the record through its own module (orders, logistics, sourcing), so its endpoint sits beside
// the workflow (ADR 035); the document's whole detail is GET /api/v1/documents/{id}.
const tags = ['Documents']

const CreatedDocumentSchema = z
  .object({
    id: z.string(),
    number: z.string().openapi({ example: 'PI-2026-00017' }),
    type: z.enum(DOCUMENT_TYPES),
    status: z.enum(DOCUMENT_STATUSES),
    language: z.enum(DOCUMENT_LANGUAGES),
    source: z.object({ kind: z.enum(DOCUMENT_SOURCES), id: z.string(), number: z.string() }),
    counterparty: z.object({ id: z.string().nullable(), name: z.string() }),
    current_version: z.number().int(),
    version: z.number().int().openapi({ description: 'The optimistic lock: send it back with the first edit or the issue' }),
    created_at: z.string(),
  })
  .openapi('CreatedDocument')

const createRouteDefinition = createRoute({
  method: 'post',
  path: '/v1/documents',
  tags,
  summary: 'Make a draft document from a record the company is party to: a purchase order, a shipment or a quotation',
  description:
    'source_kind and source_id name the record (another company’s record is 404); type must fit it (422 type: purchase_order, proforma_invoice, commercial_invoice or sales_contract from an order; commercial_invoice or packing_list from a shipment, by its shipper; quotation, proforma_invoice or sales_contract from a quotation, by its supplier) and the caller’s side (the buyer writes the purchase order, the seller the rest). A draft record is 422 source_id. The record’s facts are snapshotted; the document is numbered in the company’s series for its type (PI-2026-00017). language: en, zh-Hans, zh-Hant, en+zh-Hans or en+zh-Hant (en unless said). Send an Idempotency-Key header to make retries safe: the same key with the same body answers the document the first request made.',
  security: SIGNED_IN,
  ...memberAccess(),
  request: { headers: IdempotencyHeader, body: bodyRef('CreateDocument') },
  responses: {
    201: jsonResponse(CreatedDocumentSchema, 'The draft document (its whole detail: GET /api/v1/documents/{id})'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: errorResponses[409],
    422: errorResponses[422],
  },
})

export function registerCreateDocumentRoutes(api: ApiRouter) {
  registerBodies(api, {
    CreateDocument: snakeCaseBodySchema(CreateDocumentInput, { source_kind: 'purchase_order', source_id: 'b3c1…', type: 'proforma_invoice', language: 'en' }),
  })

  api.openapi(createRouteDefinition, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    const id = await parseAndRun('documents', CreateDocumentInput, body, (input) => createDocumentFromRecord(ctx, input, idempotencyOf(c)))
    c.header('Location', `/api/v1/documents/${encodeURIComponent(id)}`)
    return c.json(toWire(CreatedDocumentSchema, await getDocument(ctx, id)), 201)
  })
}
