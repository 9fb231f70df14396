import { isCurrencyCode } from '../../platform/format/intl-values'
import { z } from '../../platform/zod'
import { isDecimalText } from './pricing'

/** A list holds at most this many lines, so the editor loads and saves it in one piece. */
export const MAX_PRICE_LIST_LINES = 500

const isoDate = z.string('validation.date').regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
/** An empty date field means "open-ended". */
const optionalDate = z.preprocess((value) => (value === '' || value === undefined ? null : value), isoDate.nullable()).optional()

const fields = {
  name: z.string('validation.name').trim().min(1, 'validation.name').max(120, 'validation.nameTooLong'),
  currency: z
    .string('validation.currency')
    .trim()
    .transform((value) => value.toUpperCase())
    .refine((value) => isCurrencyCode(value), 'validation.currency'),
  validFrom: optionalDate,
  validTo: optionalDate,
}

function refineWindow(list: { validFrom?: string | null; validTo?: string | null }, issues: z.RefinementCtx) {
  if (list.validFrom && list.validTo && list.validFrom > list.validTo) issues.addIssue({ code: 'custom', path: ['validTo'], message: 'validation.window' })
}

/** A new price list: a name, an ISO 4217 currency and an optional validity window (from ≤ to). */
export const CreatePriceListInput = z.object(fields).superRefine(refineWindow)
export type CreatePriceListInput = z.infer<typeof CreatePriceListInput>

/** The list's settings, replaced as a whole (its lines are saved separately). */
export const UpdatePriceListInput = CreatePriceListInput
export type UpdatePriceListInput = CreatePriceListInput

/** A unit price as exact decimal text: at most 4 decimals and 14 integer digits (numeric(18,4)); never a float. */
export const unitPriceField = z
  .union([z.string(), z.number()], 'validation.unitPrice')
  .transform((value) => String(value).trim())
  .refine((value) => isDecimalText(value, 4), 'validation.unitPrice')
  .refine((value) => value.split('.')[0]!.replace(/^0+(?=\d)/, '').length <= 14, 'validation.unitPrice')

const PriceListLineInput = z.object({
  productId: z.string('validation.product').trim().min(1, 'validation.product').max(64, 'validation.product'),
  minQuantity: z.coerce
    .number('validation.minQuantity')
    .int('validation.minQuantity')
    .min(1, 'validation.minQuantity')
    .max(1_000_000_000, 'validation.minQuantity'),
  unitPrice: unitPriceField,
})
export type PriceListLineInput = z.infer<typeof PriceListLineInput>

/** All lines of a list at once; a product's min quantities are unique. */
export const SetPriceListLinesInput = z
  .object({ lines: z.array(PriceListLineInput, 'validation.lines').max(MAX_PRICE_LIST_LINES, 'validation.tooManyLines') })
  .superRefine((input, issues) => {
    const seen = new Set<string>()
    input.lines.forEach((line, index) => {
      const key = `${line.productId}\u0000${line.minQuantity}`
      if (seen.has(key)) issues.addIssue({ code: 'custom', path: ['lines', index, 'minQuantity'], message: 'validation.duplicateBreak' })
      seen.add(key)
    })
  })
export type SetPriceListLinesInput = z.infer<typeof SetPriceListLinesInput>

/** One list as the service answers it. */
export type PriceList = {
  id: string
  name: string
  currency: string
  validFrom: string | null
  validTo: string | null
  isActive: boolean
  createdAt: Date
  updatedAt: Date
}

export type PriceListLine = { id: string; productId: string; sku: string; productName: string; minQuantity: number; unitPrice: string }
export type PriceListDetail = PriceList & { lines: PriceListLine[] }

/** A product's public price break from the active list. */
export type PriceTier = { minQuantity: number; unitPrice: string; currency: string }
