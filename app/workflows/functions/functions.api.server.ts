// Remote functions over REST (issue 25, spec §7): `POST /api/functions/{name}` with a JSON body, answered with JSON.
// Each function is a documented operation of its own; an unknown name is 404 listing the known ones. Pure: nothing is
// written, so a retry is harmless and no Idempotency-Key is asked for.
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import { serviceContext } from '../../platform/api/caller.server'
import { appErrorResponse, readJsonBody, withFieldMessages } from '../../platform/api/errors.server'
import { access, bodyRef, decimalString, errorResponses, jsonResponse, SIGNED_IN, snakeCaseName } from '../../platform/api/schemas'
import { AppError } from '../../platform/errors'
import { currentLocale } from '../../platform/request-scope.server'
import { translator } from '../../platform/i18n/translate.server'
import { COST_COMPONENTS, COMPONENT_BASES } from '../../modules/sourcing/index'
import { ConvertCurrencyInput, HsClassifyInput, LandedCostFunctionInput, ValidateIbanInput } from './functions.inputs'
import { FUNCTION_NAMES, IBAN_PROBLEMS } from './functions.constants'
import { convertCurrency, hsClassify, landedCostFunction, validateIban } from './functions.server'

const tags = ['Functions']
const camel = (name: string) => name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase())

/** A snake_case JSON body, nested objects and lists included, with the inputs' camelCase names (camelCase is accepted as is). */
function camelCaseDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelCaseDeep)
  if (!value || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [camel(key), camelCaseDeep(item)]))
}

/** The OpenAPI component of a body: the input's JSON schema with every property name in snake_case. */
function bodySchema(input: z.ZodType, example: Record<string, unknown>): Record<string, unknown> {
  const snakeProperties = (schema: unknown): unknown => {
    if (Array.isArray(schema)) return schema.map(snakeProperties)
    if (!schema || typeof schema !== 'object') return schema
    return Object.fromEntries(
      Object.entries(schema).map(([key, value]) => {
        if (key === 'properties' && value && typeof value === 'object')
          return [key, Object.fromEntries(Object.entries(value).map(([name, property]) => [snakeCaseName(name), snakeProperties(property)]))]
        if (key === 'required' && Array.isArray(value)) return [key, value.map((name) => (typeof name === 'string' ? snakeCaseName(name) : name))]
        return [key, snakeProperties(value)]
      }),
    )
  }
  const { $schema: _ignored, ...schema } = z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>
  return { ...(snakeProperties(schema) as Record<string, unknown>), example }
}

const BODIES = {
  LandedCostFunction: bodySchema(LandedCostFunctionInput, {
    currency: 'EUR',
    quote_currency: 'USD',
    incoterm: 'FOB',
    lines: [
      { quantity: 500, unit_price: '12.40' },
      { quantity: 200, unit_price: '3.15' },
    ],
    freight_amount: '850.00',
    insurance_amount: null,
    assumptions: { freight_pct: '6', insurance_pct: '0.5', duty_pct: '3.7', origin_pct: '2', destination_pct: '1.5' },
  }),
  ConvertCurrencyFunction: bodySchema(ConvertCurrencyInput, { amount: '1250.00', from: 'USD', to: 'CNY' }),
  HsClassifyFunction: bodySchema(HsClassifyInput, { description: 'LED panel light, 600 × 600 mm, 40 W, aluminium frame' }),
  ValidateIbanFunction: bodySchema(ValidateIbanInput, { iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFF' }),
}

const Amount = (description: string) => decimalString(description, '6420.5000')
const LandedLineSchema = z.object({
  line: z.number().int().openapi({ description: 'The line’s position in the request, from 1' }),
  quantity: z.number().int(),
  goods: Amount('Unit price × quantity in the wanted currency'),
  components: z.record(
    z.enum(COST_COMPONENTS),
    z.object({ amount: Amount('The component in the wanted currency'), basis: z.enum(COMPONENT_BASES) }).openapi({
      description: 'included: the seller pays it under the Incoterm; stated: the seller quoted it; estimated: from the assumptions',
    }),
  ),
  landed: Amount('Goods and every component'),
  landed_unit: Amount('The landed cost of one unit'),
})
const LandedCostResultSchema = z
  .object({
    currency: z.string(),
    rates_as_of: z.string().nullable().openapi({ description: 'The day of the newest exchange rate used' }),
    assumptions: z.object({ freight_pct: z.string(), insurance_pct: z.string(), duty_pct: z.string(), origin_pct: z.string(), destination_pct: z.string() }),
    goods: Amount('The goods of every line'),
    landed: Amount('The landed cost of every line'),
    lines: z.array(LandedLineSchema),
  })
  .openapi('LandedCostResult')
const ConversionSchema = z
  .object({
    amount: decimalString('The converted amount, rounded half up to the currency’s digits', '8890.63'),
    currency: z.string(),
    exact: decimalString('The converted amount before rounding (up to 20 decimals)', '8890.6250000000000000'),
    rate: decimalString('Units of `currency` per unit of `from.currency`', '7.1125'),
    rate_date: z.string().nullable().openapi({ description: 'The day of the older of the two rates used' }),
    from: z.object({ amount: z.string(), currency: z.string() }),
  })
  .openapi('Conversion')
const HsCodeSchema = z.object({ code: z.string(), level: z.number().int(), section: z.string(), description: z.string(), fallback: z.boolean() })
const HsSuggestionsSchema = z
  .object({
    items: z.array(
      z.object({
        heading: HsCodeSchema,
        subheading: HsCodeSchema.nullable(),
        score: z.number(),
        reasons: z.array(z.string()).openapi({ description: 'The words of the description that point to the heading' }),
      }),
    ),
  })
  .openapi('HsSuggestions')
const IbanCheckSchema = z
  .object({
    valid: z.boolean(),
    iban: z.string().openapi({ description: 'The IBAN in electronic form (no spaces, upper case)' }),
    formatted: z.string().nullable().openapi({ description: 'In groups of four, when valid' }),
    country: z.string().nullable(),
    bank_identifier: z.string().nullable(),
    branch_identifier: z.string().nullable(),
    account_number: z.string().nullable(),
    bic: z
      .object({
        value: z.string(),
        valid: z.boolean(),
        bank_code: z.string().nullable(),
        country: z.string().nullable(),
        location: z.string().nullable(),
        branch: z.string().nullable(),
      })
      .nullable(),
    problems: z.array(z.object({ code: z.enum(IBAN_PROBLEMS), message: z.string() })),
  })
  .openapi('IbanCheck')

const operation = (path: string, summary: string, description: string, body: string, schema: z.ZodType, answer: string, refusals = '') =>
  createRoute({
    method: 'post',
    path: `/functions/${path}`,
    tags,
    summary,
    description,
    security: SIGNED_IN,
    ...access({ level: 'user' }),
    request: { body: bodyRef(body) },
    responses: {
      200: jsonResponse(schema, answer),
      401: errorResponses[401],
      422: { ...errorResponses[422], description: `Invalid input: details.fields maps each field to its messages${refusals}` },
    },
  })

const routes = {
  landedCost: operation(
    'landed-cost',
    'The landed cost of quoted lines in another currency',
    'Goods converted at the day’s exchange rates, then each cost the Incoterm leaves to the buyer: freight and insurance as the seller stated them (shared among the lines by value), or estimated with the assumptions’ percentages of the goods value; duty on goods, freight and insurance unless DDP. The quotation comparison computes it the same way.',
    'LandedCostFunction',
    LandedCostResultSchema,
    'The landed cost per line and in all',
    '; a currency without an exchange rate is refused on `currency`',
  ),
  convertCurrency: operation(
    'convert-currency',
    'Convert an amount between currencies',
    'Through the EUR reference rates in force on the day (today by default): the ECB’s or a platform admin’s.',
    'ConvertCurrencyFunction',
    ConversionSchema,
    'The converted amount, its rate and the rate’s day',
    '; a currency without an exchange rate is refused on `currency`',
  ),
  hsClassify: operation(
    'hs-classify',
    'Suggest HS headings for a product description',
    'Ranked headings of the Harmonized System 2022 with their best subheading, described in the caller’s language. A suggestion, not a binding ruling.',
    'HsClassifyFunction',
    HsSuggestionsSchema,
    'Suggestions, best first (none when nothing matches)',
  ),
  validateIban: operation(
    'validate-iban',
    'Check an IBAN and its BIC',
    'The country, length, format and check digits, and the national check digits where the country has them; the BIC’s form when given. An invalid IBAN is a 200 answer with `valid: false` and its problems.',
    'ValidateIbanFunction',
    IbanCheckSchema,
    'The check and the IBAN’s parts',
  ),
}

/** Reads the body, validates it with `input` and runs `run`, field messages translated under their snake_case names. */
async function call<S extends z.ZodType, R>(c: Context, input: S, run: (value: z.infer<S>) => Promise<R> | R): Promise<R> {
  await serviceContext(c)
  const body = camelCaseDeep(await readJsonBody(c))
  return withFieldMessages(
    'functions',
    () => run(input.parse(body)),
    (field) => field.split('.').map(snakeCaseName).join('.'),
  )
}

export function registerFunctionRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.landedCost, async (c) => {
    const result = await call(c, LandedCostFunctionInput, landedCostFunction)
    return c.json(
      {
        currency: result.currency,
        rates_as_of: result.ratesAsOf,
        assumptions: {
          freight_pct: result.assumptions.freightPct,
          insurance_pct: result.assumptions.insurancePct,
          duty_pct: result.assumptions.dutyPct,
          origin_pct: result.assumptions.originPct,
          destination_pct: result.assumptions.destinationPct,
        },
        goods: result.goods,
        landed: result.landed,
        lines: result.lines.map((line) => ({
          line: Number(line.lineId),
          quantity: line.quantity,
          goods: line.goods,
          components: line.components,
          landed: line.landed,
          landed_unit: line.landedUnit,
        })),
      },
      200,
    )
  })

  api.openapi(routes.convertCurrency, async (c) => {
    const result = await call(c, ConvertCurrencyInput, convertCurrency)
    return c.json(
      { amount: result.amount, currency: result.currency, exact: result.exact, rate: result.rate, rate_date: result.rateDate, from: result.from },
      200,
    )
  })

  api.openapi(routes.hsClassify, async (c) => {
    const items = await call(c, HsClassifyInput, (input) => hsClassify(input, currentLocale()))
    return c.json({ items }, 200)
  })

  api.openapi(routes.validateIban, async (c) => {
    const result = await call(c, ValidateIbanInput, validateIban)
    const locale = currentLocale()
    const t = translator(locale, 'functions')
    return c.json(
      {
        valid: result.valid,
        iban: result.iban,
        formatted: result.formatted,
        country: result.country,
        bank_identifier: result.bankIdentifier,
        branch_identifier: result.branchIdentifier,
        account_number: result.accountNumber,
        bic: result.bic && {
          value: result.bic.value,
          valid: result.bic.valid,
          bank_code: result.bic.bankCode,
          country: result.bic.country,
          location: result.bic.location,
          branch: result.bic.branch,
        },
        problems: result.problems.map((code) => ({ code, message: t(`iban.${code}`) })),
      },
      200,
    )
  })

  // Any other name: 404 naming the functions there are (after the documented ones, which answer first).
  api.post('/functions/:name', (c) =>
    appErrorResponse(c, new AppError('not_found', `No function named ${c.req.param('name')}`, { functions: [...FUNCTION_NAMES] })),
  )
}
