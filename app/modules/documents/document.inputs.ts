import { z } from '../../platform/zod'
import {
  DEFAULT_SHARE_DAYS,
  DOCUMENT_LANGUAGES,
  DOCUMENT_SOURCES,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  MAX_DOCUMENT_TEXT,
  MAX_SHARE_DAYS,
} from './documents.constants'

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

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)

/** A calendar day, `YYYY-MM-DD`, that exists. */
const isoDate = z
  .string('validation.date')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`)
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
  }, 'validation.date')

export const DOCUMENT_LIST_DEFAULT_LIMIT = 25
export const DOCUMENT_LIST_MAX_LIMIT = 100

/**
 * The documents list: the ones the company wrote (`sent`) and the issued ones written to it (`received`), filtered by
 * type, status, counterpart company, record and creation day, searched by number, record number or counterpart name.
 */
export const DocumentListQuery = z.object({
  direction: z.preprocess(blankToUndefined, z.enum(['sent', 'received'], 'validation.direction').optional()),
  type: z.preprocess(blankToUndefined, z.enum(DOCUMENT_TYPES, 'validation.type').optional()),
  status: z.preprocess(blankToUndefined, z.enum(DOCUMENT_STATUSES, 'validation.status').optional()),
  counterpart: z.preprocess(blankToUndefined, id('validation.counterpart').optional()),
  sourceKind: z.preprocess(blankToUndefined, z.enum(DOCUMENT_SOURCES, 'validation.source').optional()),
  sourceId: z.preprocess(blankToUndefined, id('validation.source').optional()),
  from: z.preprocess(blankToUndefined, isoDate.optional()),
  to: z.preprocess(blankToUndefined, isoDate.optional()),
  q: z.preprocess(blankToUndefined, z.string().trim().max(100, 'validation.query').optional()),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number('validation.limit')
      .int('validation.limit')
      .min(1, 'validation.limit')
      .max(DOCUMENT_LIST_MAX_LIMIT, 'validation.limit')
      .default(DOCUMENT_LIST_DEFAULT_LIMIT),
  ),
  offset: z.preprocess(blankToUndefined, z.coerce.number('validation.offset').int('validation.offset').min(0, 'validation.offset').max(100_000).default(0)),
})
export type DocumentListQuery = z.infer<typeof DocumentListQuery>

/** Two versions of one document to compare (`from` before `to`). */
export const CompareVersionsQuery = z.object({
  from: z.coerce.number('validation.version').int('validation.version').min(1, 'validation.version'),
  to: z.coerce.number('validation.version').int('validation.version').min(1, 'validation.version'),
})

/** A share link: how many days it lives, an optional password, who it is for, and whether it may answer. */
export const CreateShareInput = z.object({
  days: z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? DEFAULT_SHARE_DAYS : value),
    z.coerce.number('validation.shareDays').int('validation.shareDays').min(1, 'validation.shareDays').max(MAX_SHARE_DAYS, 'validation.shareDays'),
  ),
  password: z.preprocess(
    (value) => value ?? '',
    z
      .string('validation.sharePassword')
      .max(200, 'validation.sharePassword')
      .refine((value) => value === '' || value.length >= 6, 'validation.sharePassword'),
  ),
  label: text(200, 'validation.textTooLong'),
  canDecide: z.preprocess((value) => value === true || value === 'true' || value === 'on' || value === '1', z.boolean()),
})
export type CreateShareInput = z.infer<typeof CreateShareInput>

/** Opening a protected link: the password its creator set. */
export const SharePasswordInput = z.object({
  password: z.string('validation.sharePassword').min(1, 'validation.sharePassword').max(200, 'validation.sharePassword'),
})

/** The counterparty's answer through a share link: who answers (their name), accept or reject (with a reason). */
export const ShareDecisionInput = z
  .object({
    name: z.string('validation.signerName').trim().min(2, 'validation.signerName').max(120, 'validation.signerName'),
    decision: z.enum(['accept', 'reject'], 'validation.decision'),
    reason: text(500, 'validation.reasonTooLong'),
  })
  .superRefine((input, ctx) => {
    if (input.decision === 'reject' && input.reason.length < 2) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'validation.reason' })
  })
export type ShareDecisionInput = z.infer<typeof ShareDecisionInput>
