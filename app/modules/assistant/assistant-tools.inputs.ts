// The arguments of each assistant tool (issue 23). The same schemas validate the built-in planner's calls and a
// model's JSON, and describe the tools to an OpenAI-compatible provider (z.toJSONSchema). A model's arguments are
// untrusted input: anything that does not parse is answered with an error the model can read, and nothing runs.
import { isCountryCode } from '../../platform/countries'
import { isCurrencyCode } from '../../platform/format/intl-values'
import { INCOTERMS } from '../../platform/trade-terms'
import { z } from '../../platform/zod'
import type { AssistantToolName } from './assistant.types'

const words = (max: number) => z.string().trim().min(1).max(max)
const decimal = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .refine((value) => /^\d{1,14}(\.\d{1,4})?$/.test(value), 'a decimal amount such as 2.50')
const currency = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .refine(isCurrencyCode, 'an ISO 4217 currency code such as USD')
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
const countryCode = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .refine(isCountryCode, 'an ISO 3166 alpha-2 country code')
const quantity = z.coerce.number().int().min(1).max(1_000_000_000)
const unit = z.string().trim().min(1).max(20)
const limit = z.coerce.number().int().min(1).max(10)
/** A document number (RFQ-2026-00007) or id; omitted means the latest. */
const reference = z.string().trim().min(1).max(64)

export const TOOL_INPUTS = {
  search_products: z
    .object({
      query: words(200).describe('Product words, e.g. "ceramic mug" or "陶瓷杯"'),
      verified_only: z.boolean().optional().describe('Only verified suppliers’ products'),
      max_price: decimal.optional().describe('Highest unit price'),
      currency: currency.optional().describe('Currency of max_price'),
      limit: limit.optional(),
    })
    .strict(),
  find_suppliers: z
    .object({
      query: words(200).describe('What the suppliers should make'),
      country: countryCode.optional().describe('Supplier country'),
      verified_only: z.boolean().optional(),
      limit: limit.optional(),
    })
    .strict(),
  lookup_hs_codes: z.object({ description: words(500).describe('A product description in English or Chinese') }).strict(),
  research_prices: z.object({ query: words(200).describe('Product words'), currency: currency.optional() }).strict(),
  read_project: z.object({ project: reference.optional().describe('PRJ-YYYY-NNNNN; the latest open project when omitted') }).strict(),
  read_rfq: z.object({ rfq: reference.optional().describe('RFQ-YYYY-NNNNN; the latest RFQ when omitted') }).strict(),
  read_comparison: z.object({ rfq: reference.optional().describe('RFQ-YYYY-NNNNN; the latest RFQ with quotations when omitted') }).strict(),
  read_order: z.object({ order: reference.optional().describe('PO-YYYY-NNNNN; the latest purchase order when omitted') }).strict(),
  propose_requirement: z
    .object({
      title: z.string().trim().min(2).max(200),
      quantity,
      unit,
      target_unit_price: decimal.optional(),
      currency: currency.optional(),
      destination: z.string().trim().max(200).optional(),
      required_by: isoDate.optional(),
      hs_code: z
        .string()
        .regex(/^\d{6}$/)
        .optional(),
      specification: z.string().trim().max(4000).optional(),
      project: reference.optional().describe('The project to add it to; the latest open project when omitted'),
    })
    .strict(),
  propose_rfq: z
    .object({
      title: z.string().trim().min(3).max(200),
      quantity,
      unit,
      target_unit_price: decimal.optional(),
      currency: currency.optional(),
      incoterm: z.enum(INCOTERMS).optional(),
      destination: z.string().trim().max(200).optional(),
      delivery_date: isoDate.optional(),
      quote_deadline: isoDate.optional(),
      hs_code: z
        .string()
        .regex(/^\d{4,10}$/)
        .optional(),
      specification: z.string().trim().max(4000).optional(),
      supplier_ids: z.array(z.string().trim().min(1).max(64)).max(20).optional(),
    })
    .strict(),
  propose_shortlist: z
    .object({
      supplier_ids: z.array(z.string().trim().min(1).max(64)).min(1).max(20),
      project: reference.optional(),
    })
    .strict(),
} satisfies Record<AssistantToolName, z.ZodType>

export type ToolInput<Name extends AssistantToolName> = z.output<(typeof TOOL_INPUTS)[Name]>
