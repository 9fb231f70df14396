import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import { readJsonBody } from '../../platform/api/errors.server'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'
import {
  bodyRef,
  camelCaseKeys,
  errorResponses,
  IdParam,
  jsonResponse,
  memberAccess,
  pageSchema,
  SIGNED_IN,
  snakeCaseBodySchema,
} from '../../platform/api/schemas'
import { toWire } from '../../platform/api/wire'
import { companyServiceContext } from '../companies/index.server'
import {
  AdjustStockInput,
  IssueStockInput,
  MAX_CSV_MOVEMENT_ROWS,
  MOVEMENT_KINDS,
  MovementQuery,
  StockLevelQuery,
  ThresholdInput,
  TransferStockInput,
} from './index'
import {
  adjustStock,
  exportMovementsCsv,
  issueStock,
  listMovements,
  listStockLevels,
  MOVEMENT_CSV_COLUMNS,
  setLowStockThreshold,
  transferStock,
  type MovementResult,
} from './index.server'
import { MovementResultSchema, MovementSchema, runInventory, StockLevelSchema } from './inventory-api-schemas.server'
import { LIST_COUNT_CAP, type ListTotal } from './list-reads.server'

const BODIES = {
  StockThreshold: snakeCaseBodySchema(ThresholdInput, { low_stock_threshold: 20 }),
  IssueStock: snakeCaseBodySchema(IssueStockInput, { level_id: 'c2a1…', quantity: 5, note: 'Samples for the trade fair' }),
  AdjustStock: snakeCaseBodySchema(AdjustStockInput, { level_id: 'c2a1…', quantity: -2, reason: 'damage', note: 'Two cartons crushed' }),
  TransferStock: snakeCaseBodySchema(TransferStockInput, { level_id: 'c2a1…', to_warehouse_id: 'f9e0…', quantity: 40, note: '' }),
}

const tags = ['Inventory']
const LevelParam = z.object({ levelId: z.string().min(1).max(64) })
const REFUSALS =
  'Taking more than is available (on hand − reserved) is 422 validation_failed with `details.fields.quantity` and `details.available`; nothing is written. ' +
  'A movement in or out of an archived warehouse is 409 conflict (`details.reason: warehouse_archived`). A retry with the same Idempotency-Key answers with the first movement (201), writing nothing.'
const movementWrite = {
  201: jsonResponse(MovementResultSchema, 'The level after the movement, and the movements written'),
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
  409: errorResponses[409],
  422: errorResponses[422],
}
const read = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] }
const pageParams = {
  limit: z.string().max(6).optional().openapi({ description: '1–100, default 25' }),
  offset: z.string().max(8).optional().openapi({ description: 'default 0' }),
}
const movementFilters = {
  kind: z.enum(MOVEMENT_KINDS).optional(),
  q: z.string().max(100).optional().openapi({ description: 'Searches SKU and description' }),
  from: z.string().max(10).optional().openapi({ description: 'First day (YYYY-MM-DD, UTC), inclusive', example: '2026-11-01' }),
  to: z.string().max(10).optional().openapi({ description: 'Last day (YYYY-MM-DD, UTC), inclusive', example: '2026-11-30' }),
}
const resultWire = (result: MovementResult) => toWire(MovementResultSchema, result)
const cappedPage = <T extends z.ZodType>(item: T) =>
  pageSchema(item).extend({
    total_is_capped: z.boolean().openapi({
      description: `When true, more than \`total\` match: counting stops at ${LIST_COUNT_CAP.toLocaleString('en')} (or at the end of the page asked for, when deeper) and the next page exists. When false, \`total\` is exact.`,
    }),
  })
const totalWire = ({ total, totalIsCapped }: ListTotal) => ({ total, total_is_capped: totalIsCapped })

const routes = {
  stock: createRoute({
    method: 'get',
    path: '/v1/warehouses/{id}/stock',
    tags,
    summary: 'A page of a warehouse’s stock levels by description, searched by SKU and description, optionally only the low ones',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: {
      params: IdParam,
      query: z.object({
        q: z.string().max(100).optional(),
        low: z.enum(['true', 'false', '1', '0', 'on']).optional().openapi({ description: 'Only levels whose available stock is below their threshold' }),
        ...pageParams,
      }),
    },
    responses: {
      200: jsonResponse(
        cappedPage(StockLevelSchema).extend({
          low_count: z.number().int().openapi({ description: 'The warehouse’s low levels, whatever the filters (exact)' }),
        }),
        'A page of levels',
      ),
      ...read,
    },
  }),
  threshold: createRoute({
    method: 'patch',
    path: '/v1/stock/{levelId}',
    tags,
    summary: 'Set a level’s low-stock threshold (null: no alert); the company’s members are told when available stock falls below it',
    security: SIGNED_IN,
    ...memberAccess('levelId'),
    request: { params: LevelParam, body: bodyRef('StockThreshold') },
    responses: { 200: jsonResponse(StockLevelSchema, 'The level'), ...read },
  }),
  movements: createRoute({
    method: 'get',
    path: '/v1/warehouses/{id}/movements',
    tags,
    summary: 'A page of a warehouse’s stock movements (the append-only ledger), newest first',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, query: z.object({ ...movementFilters, ...pageParams }) },
    responses: { 200: jsonResponse(cappedPage(MovementSchema), 'A page of movements'), ...read },
  }),
  exportCsv: createRoute({
    method: 'get',
    path: '/v1/warehouses/{id}/movements.csv',
    tags,
    summary: `A warehouse’s movements as CSV (same filters, no paging, at most ${MAX_CSV_MOVEMENT_ROWS} rows, newest first)`,
    description: `UTF-8 with a byte order mark, CRLF lines, RFC 4180 quoting; text cells a spreadsheet would run as a formula start with an apostrophe. Columns: ${MOVEMENT_CSV_COLUMNS.join(', ')}.`,
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, query: z.object(movementFilters) },
    responses: { 200: { description: 'The CSV file', content: { 'text/csv': { schema: { type: 'string' } } } }, ...read },
  }),
  issue: createRoute({
    method: 'post',
    path: '/v1/stock/issues',
    tags,
    summary: 'Issue units of a stock level (used, sold, scrapped)',
    description: REFUSALS,
    security: SIGNED_IN,
    ...memberAccess(),
    request: { headers: IdempotencyHeader, body: bodyRef('IssueStock') },
    responses: movementWrite,
  }),
  adjust: createRoute({
    method: 'post',
    path: '/v1/stock/adjustments',
    tags,
    summary: 'Adjust a stock level up or down (signed quantity) with a reason: count, damage, loss, found, expired, other',
    description: REFUSALS,
    security: SIGNED_IN,
    ...memberAccess(),
    request: { headers: IdempotencyHeader, body: bodyRef('AdjustStock') },
    responses: movementWrite,
  }),
  transfer: createRoute({
    method: 'post',
    path: '/v1/stock/transfers',
    tags,
    summary: 'Move units of a stock level to another warehouse of the company: a transfer_out and a transfer_in sharing one transfer_id',
    description: `${REFUSALS} The same warehouse, or one that is not the company’s, is 422 on \`to_warehouse_id\`.`,
    security: SIGNED_IN,
    ...memberAccess(),
    request: { headers: IdempotencyHeader, body: bodyRef('TransferStock') },
    responses: movementWrite,
  }),
}

export function registerStockRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.stock, async (c) => {
    const ctx = await companyServiceContext(c)
    const query = await runInventory(StockLevelQuery, c.req.query(), async (input) => input)
    const page = await listStockLevels(ctx, c.req.valid('param').id, query)
    c.header('Cache-Control', 'no-store')
    return c.json(
      {
        items: page.items.map((level) => toWire(StockLevelSchema, level)),
        ...totalWire(page),
        limit: query.limit,
        offset: query.offset,
        low_count: page.lowCount,
      },
      200,
    )
  })

  api.openapi(routes.threshold, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    const level = await runInventory(ThresholdInput, body, (input) => setLowStockThreshold(ctx, c.req.valid('param').levelId, input))
    return c.json(toWire(StockLevelSchema, level), 200)
  })

  api.openapi(routes.movements, async (c) => {
    const ctx = await companyServiceContext(c)
    const query = await runInventory(MovementQuery, c.req.query(), async (input) => input)
    const page = await listMovements(ctx, c.req.valid('param').id, query)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: page.items.map((movement) => toWire(MovementSchema, movement)), ...totalWire(page), limit: query.limit, offset: query.offset }, 200)
  })

  // Registered before any `/movements/{…}` would be, so the file name is never taken for an id.
  api.openapi(routes.exportCsv, async (c) => {
    const ctx = await companyServiceContext(c)
    const id = c.req.valid('param').id
    const csv = await runInventory(MovementQuery, c.req.query(), ({ limit: _limit, offset: _offset, ...filters }) => exportMovementsCsv(ctx, id, filters))
    const date = new Date().toISOString().slice(0, 10)
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="stock-movements-${date}.csv"`,
      'Cache-Control': 'no-store',
    })
  })

  api.openapi(routes.issue, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(resultWire(await runInventory(IssueStockInput, body, (input) => issueStock(ctx, input, idempotencyOf(c)))), 201)
  })

  api.openapi(routes.adjust, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(resultWire(await runInventory(AdjustStockInput, body, (input) => adjustStock(ctx, input, idempotencyOf(c)))), 201)
  })

  api.openapi(routes.transfer, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(resultWire(await runInventory(TransferStockInput, body, (input) => transferStock(ctx, input, idempotencyOf(c)))), 201)
  })
}
