import { z } from '../../platform/zod'
import { DOCUMENT_LANGUAGES, DOCUMENT_SOURCES, DOCUMENT_TYPES, MAX_DOCUMENT_TEXT } from './documents.constants'

const id = (message: string) => z.string(message).trim().min(1, message).max(64, message)
const text = (max: number, message: string) => z.preprocess((value) => value ?? '', z.string(message).trim().max(max, message))

/** Make a document of `type` from a record the company is party to. */
export const CreateDocumentInput = z.object({
  sourceKind: z.enum(DOCUMENT_SOURCES, 'validation.source'),
  sourceId: id('validation.source'),
  type: z.enum(DOCUMENT_TYPES, 'validation.type'),
  language: z.preprocess((value) => value ?? 'en', z.enum(DOCUMENT_LANGUAGES, 'validation.language')),
})
export type CreateDocumentInput = z.infer<typeof CreateDocumentInput>

const FieldsInput = z.object({
  marksAndNumbers: text(MAX_DOCUMENT_TEXT, 'validation.textTooLong'),
  bankDetails: text(MAX_DOCUMENT_TEXT, 'validation.textTooLong'),
  remarks: text(MAX_DOCUMENT_TEXT, 'validation.textTooLong'),
  signatory: text(200, 'validation.textTooLong'),
  portOfLoading: text(200, 'validation.textTooLong'),
  portOfDischarge: text(200, 'validation.textTooLong'),
  vesselOrFlight: text(200, 'validation.textTooLong'),
})

/** Per line, what trade adds: the HS code (6 to 10 digits, dots allowed) and the country of origin. */
const LineFieldsInput = z.object({
  position: z.coerce.number('validation.line').int().min(1, 'validation.line'),
  hsCode: z.preprocess(
    (value) => value ?? '',
    z
      .string('validation.hsCode')
      .trim()
      .regex(/^$|^\d{4}(\.?\d{2}){1,3}$/, 'validation.hsCode'),
  ),
  originCountry: z.preprocess(
    (value) => value ?? '',
    z
      .string('validation.country')
      .trim()
      .toUpperCase()
      .regex(/^$|^[A-Z]{2}$/, 'validation.country'),
  ),
})

/**
 * The document's own fields. A draft changes in place; an issued (or answered) document gets a new version with them,
 * back to draft until issued again. `version` is the lock the writer saw.
 */
export const EditDocumentInput = z.object({
  version: z.coerce.number('validation.version').int().min(1),
  language: z.enum(DOCUMENT_LANGUAGES, 'validation.language').optional(),
  fields: FieldsInput.partial().optional(),
  lines: z.array(LineFieldsInput, 'validation.lines').max(500, 'validation.lines').optional(),
})
export type EditDocumentInput = z.infer<typeof EditDocumentInput>

export const DocumentStepInput = z.object({ version: z.coerce.number('validation.version').int().min(1) })

/** Void (the writer) needs a reason; so does a rejection (the counterparty). */
export const VoidDocumentInput = z.object({
  version: z.coerce.number('validation.version').int().min(1),
  reason: z.string('validation.reason').trim().min(2, 'validation.reason').max(500, 'validation.reasonTooLong'),
})

export const DecideDocumentInput = z
  .object({
    version: z.coerce.number('validation.version').int().min(1),
    decision: z.enum(['accept', 'reject'], 'validation.decision'),
    reason: text(500, 'validation.reasonTooLong'),
  })
  .superRefine((input, ctx) => {
    if (input.decision === 'reject' && input.reason.length < 2) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'validation.reason' })
  })
export type DecideDocumentInput = z.infer<typeof DecideDocumentInput>
