import { isCurrencyCode } from '../../platform/format/intl-values'
import { isDecimalText } from '../catalog/index'
import { INCOTERMS, PAYMENT_TERMS } from '../../platform/trade-terms'
import { z } from '../../platform/zod'
import { MAX_ATTACHMENTS, MAX_RFQ_LINES, QUOTATION_STATUSES } from './sourcing.constants'

const MAX_LEAD_TIME_DAYS = 3650
const MAX_MOQ = 1_000_000_000
const isoDate = z.string('validation.date').regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)
const id = (message: string) => z.string(message).trim().min(1, message).max(64, message)
const checkbox = z.preprocess((value) => value === true || value === 'true' || value === 'on' || value === '1', z.boolean())
const text = (max: number, message: string) => z.preprocess((value) => value ?? '', z.string(message).trim().max(max, message))

const currencyField = z
  .string('validation.currency')
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((value) => isCurrencyCode(value), 'validation.currency')

/** A money amount as exact decimal text (numeric(18,4)); never a float, never negative. */
const amountField = z
  .union([z.string(), z.number()], 'validation.amount')
  .transform((value) => String(value).trim())
  .refine((value) => isDecimalText(value, 4), 'validation.amount')
  .refine((value) => value.split('.')[0]!.replace(/^0+(?=\d)/, '').length <= 14, 'validation.amount')

/** A unit price: an amount above zero. */
const priceField = amountField.refine((value) => /[1-9]/.test(value), 'validation.priceZero')

/**
 * The supplier's answer to one RFQ line: unit price, MOQ, lead time and a note, or `noOffer` (the line is skipped).
 * An alternative offer (another product or spec) carries its own description and unit price.
 */
export const QuotationLineInput = z
  .object({
    rfqLineId: id('validation.line'),
    noOffer: checkbox.default(false),
    unitPrice: z.preprocess(blankToUndefined, priceField.optional()),
    moq: z.preprocess(
      blankToUndefined,
      z.coerce.number('validation.moq').int('validation.moq').min(1, 'validation.moq').max(MAX_MOQ, 'validation.moq').default(1),
    ),
    leadTimeDays: z.preprocess(
      blankToUndefined,
      z.coerce.number('validation.leadTime').int('validation.leadTime').min(0, 'validation.leadTime').max(MAX_LEAD_TIME_DAYS, 'validation.leadTime').optional(),
    ),
    note: text(1000, 'validation.noteTooLong'),
    alternative: checkbox.default(false),
    alternativeDescription: z.preprocess(
      blankToUndefined,
      z.string('validation.alternativeDescription').trim().max(1000, 'validation.alternativeDescription').optional(),
    ),
    alternativeUnitPrice: z.preprocess(blankToUndefined, priceField.optional()),
  })
  .superRefine((line, issues) => {
    if (line.noOffer) return
    if (!line.unitPrice) issues.addIssue({ code: 'custom', path: ['unitPrice'], message: 'validation.unitPrice' })
    if (line.leadTimeDays === undefined) issues.addIssue({ code: 'custom', path: ['leadTimeDays'], message: 'validation.leadTime' })
    const alternative = line.alternative || line.alternativeDescription !== undefined || line.alternativeUnitPrice !== undefined
    if (alternative && !line.alternativeDescription)
      issues.addIssue({ code: 'custom', path: ['alternativeDescription'], message: 'validation.alternativeDescription' })
    if (alternative && !line.alternativeUnitPrice)
      issues.addIssue({ code: 'custom', path: ['alternativeUnitPrice'], message: 'validation.alternativeUnitPrice' })
  })
export type QuotationLineInput = z.infer<typeof QuotationLineInput>

/**
 * A quotation's content, saved as a whole: one entry per RFQ line, the terms (currency, Incoterm + place, freight and
 * insurance when included, payment terms, validity), notes and attachments. `version` is the one the editor loaded
 * (absent for a first draft).
 */
export const SaveQuotationInput = z.object({
  version: z.preprocess(blankToUndefined, z.coerce.number('validation.version').int().min(1).optional()),
  currency: currencyField,
  incoterm: z.enum(INCOTERMS, 'validation.incoterm'),
  incotermPlace: z.string('validation.incotermPlace').trim().min(2, 'validation.incotermPlace').max(120, 'validation.incotermPlace'),
  freightAmount: z.preprocess(blankToUndefined, amountField.optional()),
  insuranceAmount: z.preprocess(blankToUndefined, amountField.optional()),
  paymentTerms: z.enum(PAYMENT_TERMS, 'validation.paymentTerms'),
  validUntil: isoDate,
  notes: text(4000, 'validation.notesTooLong'),
  attachmentFileIds: z.preprocess(
    (value) => (typeof value === 'string' ? [value] : (value ?? [])),
    z.array(id('validation.attachment'), 'validation.attachment').max(MAX_ATTACHMENTS, 'validation.tooManyAttachments'),
  ),
  lines: z.array(QuotationLineInput, 'validation.lines').min(1, 'validation.lines').max(MAX_RFQ_LINES, 'validation.lines'),
})
export type SaveQuotationInput = z.infer<typeof SaveQuotationInput>

/** A new round of a submitted quotation: the whole content again, with the version loaded. */
export const ReviseQuotationInput = SaveQuotationInput.extend({ version: z.coerce.number('validation.version').int().min(1) })
export type ReviseQuotationInput = z.infer<typeof ReviseQuotationInput>

/** Submit or withdraw: the version loaded (and, for withdraw, an optional reason the buyer reads). */
export const QuotationStepInput = z.object({
  version: z.coerce.number('validation.version').int().min(1),
  reason: text(1000, 'validation.reasonTooLong'),
})
export type QuotationStepInput = z.infer<typeof QuotationStepInput>

export const QUOTATION_DECISIONS = ['accept', 'reject'] as const
export type QuotationDecision = (typeof QUOTATION_DECISIONS)[number]

/** The buyer's decision; a rejection needs a reason (the supplier reads it). `version` is optional (checked when sent). */
export const QuotationDecisionInput = z
  .object({
    decision: z.enum(QUOTATION_DECISIONS, 'validation.decision'),
    reason: text(1000, 'validation.reasonTooLong'),
    version: z.preprocess(blankToUndefined, z.coerce.number('validation.version').int().min(1).optional()),
  })
  .superRefine((input, issues) => {
    if (input.decision === 'reject' && !input.reason) issues.addIssue({ code: 'custom', path: ['reason'], message: 'validation.reason' })
  })
export type QuotationDecisionInput = z.infer<typeof QuotationDecisionInput>

/** The supplier's own quotations: by status, or only the replies to public requests (`/app/orders/reply`). */
export const MyQuotationsQuery = z.object({
  status: z.preprocess(blankToUndefined, z.enum(QUOTATION_STATUSES, 'validation.status').optional()),
  publicOnly: checkbox.default(false),
  limit: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100).default(25)),
  offset: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(1_000_000).default(0)),
})
export type MyQuotationsQuery = z.infer<typeof MyQuotationsQuery>
