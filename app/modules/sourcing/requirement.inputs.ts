import { z } from '../../platform/zod'
import { amountField, currencyField, isoDateField } from './project.inputs'
import { MAX_ATTACHMENTS, REQUIREMENT_STATUSES } from './sourcing.constants'

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)
const id = (message: string) => z.string(message).trim().min(1, message).max(64, message)
export const MAX_REQUIREMENT_QUANTITY = 1_000_000_000
/** How many rows one bulk save may carry. */
export const MAX_BULK_ROWS = 500

/** What a requirement says (shared by the form, the bulk grid's rows and the API). */
export const requirementFields = {
  title: z.string('validation.title').trim().min(2, 'validation.title').max(200, 'validation.titleTooLong'),
  specification: z.preprocess((value) => value ?? '', z.string('validation.specification').trim().max(4000, 'validation.specificationTooLong')),
  categoryId: z.preprocess(blankToUndefined, id('validation.category').optional()),
  hsCode: z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/[.\s]/g, '') : value) || undefined,
    z
      .string('validation.hsCode')
      .regex(/^\d{6}$/, 'validation.hsCode')
      .optional(),
  ),
  quantity: z.coerce
    .number('validation.quantity')
    .int('validation.quantity')
    .min(1, 'validation.quantity')
    .max(MAX_REQUIREMENT_QUANTITY, 'validation.quantity'),
  unit: z.string('validation.unit').trim().min(1, 'validation.unit').max(20, 'validation.unit'),
  targetUnitPrice: z.preprocess(blankToUndefined, amountField.optional()),
  targetCurrency: z.preprocess(blankToUndefined, currencyField.optional()),
  requiredBy: z.preprocess(blankToUndefined, isoDateField.optional()),
  destination: z.preprocess((value) => value ?? '', z.string('validation.destination').trim().max(200, 'validation.destinationTooLong')),
}

const attachmentsField = z.preprocess(
  (value) => (typeof value === 'string' ? [value] : (value ?? [])),
  z.array(id('validation.attachment'), 'validation.attachment').max(MAX_ATTACHMENTS, 'validation.tooManyAttachments'),
)

/** A price needs its currency. */
const priceNeedsCurrency = (value: { targetUnitPrice?: string | undefined; targetCurrency?: string | undefined }, issues: z.RefinementCtx) => {
  if (value.targetUnitPrice && !value.targetCurrency) issues.addIssue({ code: 'custom', path: ['targetCurrency'], message: 'validation.currency' })
}

export const RequirementFieldsInput = z.object(requirementFields).superRefine(priceNeedsCurrency)
export type RequirementFieldsInput = z.infer<typeof RequirementFieldsInput>

export const CreateRequirementInput = z
  .object({ projectId: id('validation.project'), ...requirementFields, attachmentFileIds: attachmentsField })
  .superRefine(priceNeedsCurrency)
export type CreateRequirementInput = z.infer<typeof CreateRequirementInput>

export const UpdateRequirementInput = z
  .object({ ...requirementFields, attachmentFileIds: attachmentsField, version: z.coerce.number('validation.version').int().min(1) })
  .superRefine(priceNeedsCurrency)
export type UpdateRequirementInput = z.infer<typeof UpdateRequirementInput>

export const CancelRequirementInput = z.object({ version: z.coerce.number('validation.version').int().min(1) })
export type CancelRequirementInput = z.infer<typeof CancelRequirementInput>

/** One row of the bulk grid: a new requirement (no id) or an existing one with the version the grid loaded. */
export const BulkRequirementRow = z
  .object({
    id: z.preprocess(blankToUndefined, id('validation.requirement').optional()),
    version: z.preprocess(blankToUndefined, z.coerce.number('validation.version').int().min(1).optional()),
    ...requirementFields,
  })
  .superRefine(priceNeedsCurrency)
export type BulkRequirementRow = z.infer<typeof BulkRequirementRow>

/**
 * The whole set of a project's requirements as the grid holds it: rows with an id are updated (version checked),
 * rows without are created, and open requirements missing from the set are deleted.
 */
export const BulkRequirementsInput = z
  .object({ rows: z.array(BulkRequirementRow, 'validation.rows').max(MAX_BULK_ROWS, 'validation.tooManyRows') })
  .superRefine((input, issues) => {
    const seen = new Set<string>()
    input.rows.forEach((row, index) => {
      if (!row.id) return
      if (seen.has(row.id)) issues.addIssue({ code: 'custom', path: ['rows', index, 'id'], message: 'validation.duplicateRow' })
      if (!row.version) issues.addIssue({ code: 'custom', path: ['rows', index, 'version'], message: 'validation.version' })
      seen.add(row.id)
    })
  })
export type BulkRequirementsInput = z.infer<typeof BulkRequirementsInput>

export const REQUIREMENT_LIST_DEFAULT_LIMIT = 25
export const REQUIREMENT_LIST_MAX_LIMIT = 100

/** The requirement list's filters: project, status, category and a search of titles and specifications. */
export const RequirementListQuery = z.object({
  project: z.preprocess(blankToUndefined, id('validation.project').optional()),
  status: z.preprocess(blankToUndefined, z.enum(REQUIREMENT_STATUSES, 'validation.status').optional()),
  category: z.preprocess(blankToUndefined, id('validation.category').optional()),
  q: z.preprocess(blankToUndefined, z.string().trim().max(100, 'validation.query').optional()),
  limit: z.coerce.number().int().min(1).max(REQUIREMENT_LIST_MAX_LIMIT).default(REQUIREMENT_LIST_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
export type RequirementListQuery = z.infer<typeof RequirementListQuery>
