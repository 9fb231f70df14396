// The inputs of the remote functions (`POST /api/functions/{name}`, issue 25, spec §7): small pure calculations an
// integrator would otherwise copy — a landed cost, a currency conversion, an HS classification, an IBAN check.
import { INCOTERMS } from '../../platform/trade-terms'
import { z } from '../../platform/zod'
import { amountField, currencyField, quantityField } from '../../modules/orders/index'
import { LandedCostAssumptionsInput } from '../../modules/sourcing/index'

/** At most this many lines in one landed-cost calculation. */
export const MAX_FUNCTION_LINES = 500
/** The longest product description `hs-classify` reads. */
export const MAX_CLASSIFY_DESCRIPTION = 2_000

export const LandedCostFunctionInput = z.object({
  /** The currency the landed cost is wanted in (the buyer's). */
  currency: currencyField,
  /** The currency of the quoted prices and of the stated freight and insurance. */
  quoteCurrency: currencyField,
  incoterm: z.enum(INCOTERMS, 'validation.incoterm'),
  lines: z
    .array(z.object({ quantity: quantityField, unitPrice: amountField }), 'validation.lines')
    .min(1, 'validation.lines')
    .max(MAX_FUNCTION_LINES, 'validation.tooManyLines'),
  freightAmount: amountField.nullable().default(null),
  insuranceAmount: amountField.nullable().default(null),
  /** Percentages for what the seller leaves open; the platform's defaults when left out. */
  assumptions: LandedCostAssumptionsInput.optional(),
})
export type LandedCostFunctionInput = z.infer<typeof LandedCostFunctionInput>

export const ConvertCurrencyInput = z.object({
  amount: amountField,
  from: currencyField,
  to: currencyField,
  /** The day whose rates apply (YYYY-MM-DD, today when left out). */
  date: z
    .string('validation.date')
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'validation.date')
    .optional(),
})
export type ConvertCurrencyInput = z.infer<typeof ConvertCurrencyInput>

export const HsClassifyInput = z.object({
  description: z.string('validation.description').trim().min(1, 'validation.description').max(MAX_CLASSIFY_DESCRIPTION, 'validation.descriptionTooLong'),
})
export type HsClassifyInput = z.infer<typeof HsClassifyInput>

export const ValidateIbanInput = z.object({
  iban: z.string('validation.iban').trim().min(1, 'validation.iban').max(64, 'validation.iban'),
  /** The bank's BIC, checked too and against the IBAN's country when given. */
  bic: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.string('validation.bic').trim().max(11, 'validation.bic').optional()),
})
export type ValidateIbanInput = z.infer<typeof ValidateIbanInput>
