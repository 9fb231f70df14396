import { isCountryCode } from '../../platform/countries'
import { z } from '../../platform/zod'
import { APPLICATION_STATUSES, SUPPLIER_TYPES } from './companies.constants'
import { countryField, listField } from './company.inputs'

export const MAX_CAPABILITIES = 30
export const MAX_EXPORT_MARKETS = 60
export const MAX_FACTORY_PHOTOS = 12
export const MAX_APPLICATION_DOCUMENTS = 10
export const MAX_REVIEW_NOTE = 2000
export const MAX_APPLICATION_MESSAGE = 2000

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)

const supplierType = z.enum(SUPPLIER_TYPES, 'validation.supplierType')

/** ISO country codes, as an array or as text separated by commas (a form's hidden field or a plain input). */
export const countryListField = (maxItems: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split(/[\s,，、]+/) : value),
    z
      .array(z.string().trim().toUpperCase())
      .transform((codes) => [...new Set(codes.filter(Boolean))])
      .pipe(
        z
          .array(z.string())
          .max(maxItems, 'validation.tooManyItems')
          .refine((codes) => codes.every(isCountryCode), 'validation.country'),
      ),
  )

/** File ids as an array or comma-separated text. */
const fileIdList = (maxItems: number, tooMany: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',') : value),
    z
      .array(z.string().trim().max(64, 'validation.file'))
      .transform((ids) => [...new Set(ids.filter(Boolean))])
      .pipe(z.array(z.string()).max(maxItems, tooMany)),
  )

const description = z.preprocess((value) => (value === null ? '' : value), z.string().trim().max(4000, 'validation.tooLong').optional())

/**
 * The supplier profile. Every field is optional: a field left out stays as it is, so the profile,
 * photo and type forms each send only their own part; an empty description clears it.
 */
export const UpdateSupplierProfileInput = z.object({
  supplierType: z.preprocess(blankToUndefined, supplierType.optional()),
  capabilities: listField(80, MAX_CAPABILITIES).optional(),
  exportMarkets: countryListField(MAX_EXPORT_MARKETS).optional(),
  factoryPhotoFileIds: fileIdList(MAX_FACTORY_PHOTOS, 'validation.tooManyPhotos').optional(),
  /** A `banner` file of the company, or null to show none. */
  bannerFileId: z.string().trim().min(1, 'validation.file').max(64, 'validation.file').nullable().optional(),
  descriptionEn: description,
  descriptionZhHans: description,
  descriptionZhHant: description,
})
export type UpdateSupplierProfileInput = z.infer<typeof UpdateSupplierProfileInput>

export const SupplierTypeInput = z.object({ supplierType })
export type SupplierTypeInput = z.infer<typeof SupplierTypeInput>

const message = z.preprocess((value) => value ?? '', z.string().trim().max(MAX_APPLICATION_MESSAGE, 'validation.tooLong'))

export const SubmitApplicationInput = z.object({
  supplierType,
  documentFileIds: fileIdList(MAX_APPLICATION_DOCUMENTS, 'validation.tooManyDocuments').pipe(z.array(z.string()).min(1, 'validation.documentsRequired')),
  message,
})
export type SubmitApplicationInput = z.infer<typeof SubmitApplicationInput>

/** The message that goes with an application whose documents arrive as uploads in the same form. */
export const ApplicationMessageInput = z.object({ message })

/** The supplier step of the public application: type and profile in one. */
export const SupplierOnboardProfileInput = z.object({
  supplierType,
  capabilities: listField(80, MAX_CAPABILITIES).default([]),
  exportMarkets: countryListField(MAX_EXPORT_MARKETS).default([]),
  description,
})
export type SupplierOnboardProfileInput = z.infer<typeof SupplierOnboardProfileInput>

export const DECISIONS = ['accept', 'reject'] as const
export type Decision = (typeof DECISIONS)[number]

/** A reviewer's decision: a rejection must say why, so the supplier knows what to fix. */
export const DecisionInput = z
  .object({
    decision: z.enum(DECISIONS, 'validation.decision'),
    note: z.preprocess((value) => value ?? '', z.string().trim().max(MAX_REVIEW_NOTE, 'validation.noteTooLong')),
  })
  .superRefine((input, issue) => {
    if (input.decision === 'reject' && !input.note) issue.addIssue({ code: 'custom', path: ['note'], message: 'validation.noteRequired' })
  })
export type DecisionInput = z.infer<typeof DecisionInput>

export const APPLICATION_FILTER_STATUSES = [...APPLICATION_STATUSES, 'all'] as const

/** The review queue's filters; the queue opens on what waits for a decision. */
export const ApplicationQuery = z.object({
  status: z.preprocess(blankToUndefined, z.enum(APPLICATION_FILTER_STATUSES, 'validation.status').default('pending')),
  supplierType: z.preprocess(blankToUndefined, supplierType.optional()),
  country: z.preprocess(blankToUndefined, countryField.optional()),
  q: z.preprocess(blankToUndefined, z.string().trim().max(100, 'validation.tooLong').optional()),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
})
export type ApplicationQuery = z.infer<typeof ApplicationQuery>
