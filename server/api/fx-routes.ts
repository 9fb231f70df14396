import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../../app/platform/api/api-env'
import { importEcbRates, listCurrentRates, saveRate, type FxRateRow } from '../../app/platform/fx/fx-admin.service.server'
import { FxRateInput } from '../../app/platform/fx/fx-rate.inputs'
import { requirePlatformAdmin } from '../../app/modules/companies/index'
import { serviceContext } from '../../app/platform/api/caller.server'
import { readJsonBody, withFieldMessages } from '../../app/platform/api/errors.server'
import { access, bodyRef, camelCaseKeys, errorResponses, jsonResponse, SIGNED_IN, snakeCaseBodySchema, snakeCaseName } from '../../app/platform/api/schemas'

const FxRateSchema = z
  .object({
    currency: z.string().openapi({ description: 'ISO 4217', example: 'USD' }),
    rate_per_eur: z.string().openapi({ description: 'Units of the currency per 1 EUR (exact decimal as a string)', example: '1.0812000000' }),
    as_of: z.string().openapi({ example: '2026-11-20' }),
    source: z.enum(['seed', 'ecb', 'manual']),
    updated_at: z.string(),
  })
  .openapi('FxRate')

const BODIES = { SaveFxRate: snakeCaseBodySchema(FxRateInput, { currency: 'USD', rate_per_eur: '1.0812', as_of: '2026-11-20' }) }

const serialize = (row: FxRateRow) => ({
  currency: row.currency,
  rate_per_eur: row.ratePerEur,
  as_of: row.asOf,
  source: row.source,
  updated_at: row.updatedAt.toISOString(),
})

const tags = ['Exchange rates']
const unavailable = {
  description: 'The ECB importer is off (FX_ECB_URL unset) or the feed cannot be reached; nothing changed',
  content: errorResponses[422].content,
}

const routes = {
  list: createRoute({
    method: 'get',
    path: '/v1/fx-rates',
    tags,
    summary: 'The exchange rate in force per currency (units per EUR, its day and source)',
    security: SIGNED_IN,
    ...access({ level: 'user' }),
    responses: { 200: jsonResponse(z.object({ items: z.array(FxRateSchema) }), 'Rates, by currency'), 401: errorResponses[401] },
  }),
  save: createRoute({
    method: 'post',
    path: '/v1/fx-rates',
    tags,
    summary: 'Add a rate, or replace the one of that currency and day (platform admins)',
    security: SIGNED_IN,
    ...access({ level: 'platform_admin' }),
    request: { body: bodyRef('SaveFxRate') },
    responses: { 200: jsonResponse(FxRateSchema, 'The stored rate'), 401: errorResponses[401], 403: errorResponses[403], 422: errorResponses[422] },
  }),
  importEcb: createRoute({
    method: 'post',
    path: '/v1/fx-rates/import-ecb',
    tags,
    summary: 'Import the ECB’s daily reference rates from FX_ECB_URL (platform admins); rates an admin entered for that day are kept',
    description:
      'A feed that is not the ECB’s reference-rate XML is refused whole (422); an importer that is off or a feed that cannot be reached answers 503. In both cases nothing changes.',
    security: SIGNED_IN,
    ...access({ level: 'platform_admin' }),
    responses: {
      200: jsonResponse(z.object({ as_of: z.string(), count: z.number().int() }), 'The day imported and how many rates'),
      401: errorResponses[401],
      403: errorResponses[403],
      422: errorResponses[422],
      503: unavailable,
    },
  }),
}

export function registerFxRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.list, async (c) => {
    await serviceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: (await listCurrentRates()).map(serialize) }, 200)
  })

  api.openapi(routes.save, async (c) => {
    const ctx = await serviceContext(c)
    requirePlatformAdmin(ctx.actor)
    const body = camelCaseKeys(await readJsonBody(c))
    return c.json(serialize(await withFieldMessages('comparison', () => saveRate(ctx, FxRateInput.parse(body)), snakeCaseName)), 200)
  })

  api.openapi(routes.importEcb, async (c) => {
    const ctx = await serviceContext(c)
    const result = await importEcbRates(ctx)
    return c.json({ as_of: result.asOf, count: result.count }, 200)
  })
}
