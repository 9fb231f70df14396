import { createRoute, z } from '@hono/zod-openapi'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import { ComparisonCurrency, COST_COMPONENTS, QUOTATION_STATUSES, SaveAssumptionsInput } from './index'
import { comparisonFor, saveAssumptions, type Comparison } from './index.server'
import { INCOTERMS, PAYMENT_TERMS } from '../../platform/trade-terms'
import { companyServiceContext } from '../companies/index.server'
import { readJsonBody, withFieldMessages } from '../../platform/api/errors.server'
import {
  access,
  bodyRef,
  camelCaseKeys,
  decimalString,
  errorResponses,
  IdParam,
  jsonResponse,
  SIGNED_IN,
  snakeCaseBodySchema,
  snakeCaseName,
} from '../../platform/api/schemas'
import { toWire } from '../../platform/api/wire'

const decimal = (description: string, example = '11.3357') => decimalString(description, example)
const Assumptions = z
  .object({ freight_pct: z.string(), insurance_pct: z.string(), duty_pct: z.string(), origin_pct: z.string(), destination_pct: z.string() })
  .openapi('LandedCostAssumptions', {
    description: 'Percentages of the goods value',
    example: { freight_pct: '6', insurance_pct: '0.5', duty_pct: '5', origin_pct: '2', destination_pct: '1.5' },
  })

const SavedAssumptionsSchema = z.object({ assumptions: Assumptions, saved_as_default: z.boolean() })

const RfqRef = z.object({
  id: z.string(),
  number: z.string().openapi({ example: 'RFQ-2026-00007' }),
  title: z.string(),
  status: z.string(),
  sealed: z.boolean(),
  quote_deadline: z.string(),
  currency: z.string(),
})

const CellSchema = z.object({
  quotation_id: z.string(),
  unit_price: decimal('Quoted unit price in the quotation’s currency', '10.0000'),
  moq: z.number().int(),
  lead_time_days: z.number().int(),
  note: z.string(),
  alternative: z.object({ description: z.string(), unit_price: z.string().nullable() }).nullable(),
  landed_unit: decimal('Landed cost per unit in the comparison’s currency').nullable().openapi({ description: 'null when an exchange rate is missing' }),
  landed_total: decimal('Landed cost of the line', '1133.5650').nullable(),
  goods: decimal('Goods value of the line, converted', '1000.0000').nullable(),
  components: z
    .record(z.enum(COST_COMPONENTS), z.object({ amount: z.string(), basis: z.enum(['included', 'stated', 'estimated']) }))
    .nullable()
    .openapi({ description: 'origin, freight, insurance, destination, duty: the amount and how it was arrived at' }),
  moq_warning: z.boolean().openapi({ description: 'The MOQ is above the quantity asked' }),
  lead_time_warning: z.boolean().openapi({ description: 'Ordered today, the goods would be late for the required-by (or delivery) date' }),
  best: z.boolean().openapi({ description: 'The lowest landed unit cost of the line among pending and accepted quotations' }),
})

const ComparisonSchema = z
  .object({
    sealed: z.boolean().openapi({ description: 'true: a sealed RFQ before its deadline; only quote_count and deadline are given' }),
    rfq: RfqRef,
    quote_count: z.number().int().optional(),
    deadline: z.string().optional(),
    currency: z.string().optional(),
    rates_as_of: z.string().nullable().optional(),
    assumptions: Assumptions.optional(),
    assumptions_source: z.enum(['rfq', 'company', 'default']).optional(),
    suppliers: z
      .array(
        z.object({
          quotation_id: z.string(),
          supplier_company_id: z.string(),
          supplier_name: z.string(),
          status: z.enum(QUOTATION_STATUSES),
          revision: z.number().int(),
          currency: z.string(),
          incoterm: z.enum(INCOTERMS),
          incoterm_place: z.string(),
          freight_amount: z.string().nullable(),
          insurance_amount: z.string().nullable(),
          payment_terms: z.enum(PAYMENT_TERMS),
          valid_until: z.string(),
          missing_rate: z.string().nullable().openapi({ description: 'A currency without an exchange rate: the quote is not compared' }),
          priced_lines: z.number().int(),
          total: z.string().nullable().openapi({ description: 'Landed cost of the lines it priced, in the comparison’s currency' }),
        }),
      )
      .optional(),
    lines: z
      .array(
        z.object({
          id: z.string(),
          position: z.number().int(),
          title: z.string(),
          quantity: z.number().int(),
          unit: z.string(),
          required_by: z.string().nullable(),
          best_quotation_id: z.string().nullable(),
          award: z.object({ quotation_id: z.string(), purchase_order_id: z.string().nullable() }).nullable(),
          cells: z.record(z.string(), CellSchema).openapi({ description: 'By quotation id; a supplier that did not price the line has none' }),
        }),
      )
      .optional(),
  })
  .openapi('QuotationComparison')

const BODIES = {
  SaveAssumptions: snakeCaseBodySchema(SaveAssumptionsInput, {
    freight_pct: '6',
    insurance_pct: '0.5',
    duty_pct: '5',
    origin_pct: '2',
    destination_pct: '1.5',
    save_as_default: false,
  }),
}

/** The comparison; a sealed RFQ's, before its deadline, tells only how many quotes there are and when they open. */
const comparisonWire = (comparison: Comparison) =>
  comparison.sealed
    ? toWire(ComparisonSchema, { sealed: true, rfq: comparison.rfq, quoteCount: comparison.count, deadline: comparison.deadline })
    : toWire(ComparisonSchema, comparison)

const tags = ['Sourcing']

const routes = {
  comparison: createRoute({
    method: 'get',
    path: '/v1/rfqs/{id}/comparison',
    tags,
    summary: 'The comparison of an RFQ’s quotations (the buyer): lines × suppliers on one landed cost, best offer per line, warnings and totals',
    description:
      'Pending, accepted and rejected quotations are compared (never drafts or withdrawn ones), each normalised to a landed cost in `currency` (default the RFQ’s) with the RFQ’s assumptions (else the company’s default, else Tradeport’s). A sealed RFQ before its deadline answers `sealed: true` with only the number of quotes and the deadline. Anyone but the buyer gets 404.',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member', resource: 'id' }),
    request: {
      params: IdParam,
      query: z.object({ currency: z.string().max(3).optional().openapi({ description: 'ISO 4217; one the rates table can convert', example: 'EUR' }) }),
    },
    responses: {
      200: jsonResponse(ComparisonSchema, 'The comparison'),
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      422: errorResponses[422],
    },
  }),
  assumptions: createRoute({
    method: 'put',
    path: '/v1/rfqs/{id}/assumptions',
    tags,
    summary: 'Keep the landed-cost assumptions of an RFQ’s comparison (and, for admins, as the company’s default)',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member', resource: 'id' }),
    request: { params: IdParam, body: bodyRef('SaveAssumptions') },
    responses: {
      200: jsonResponse(SavedAssumptionsSchema, 'The stored assumptions'),
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      422: errorResponses[422],
    },
  }),
}

export function registerComparisonRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.comparison, async (c) => {
    const ctx = await companyServiceContext(c)
    const requested = c.req.valid('query').currency
    const comparison = await withFieldMessages(
      'comparison',
      async () => comparisonFor(ctx, c.req.valid('param').id, requested ? { currency: ComparisonCurrency.parse(requested) } : {}),
      snakeCaseName,
    )
    c.header('Cache-Control', 'no-store')
    return c.json(comparisonWire(comparison), 200)
  })

  api.openapi(routes.assumptions, async (c) => {
    const ctx = await companyServiceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    const saved = await withFieldMessages('comparison', () => saveAssumptions(ctx, c.req.valid('param').id, SaveAssumptionsInput.parse(body)), snakeCaseName)
    return c.json(toWire(SavedAssumptionsSchema, saved), 200)
  })
}
