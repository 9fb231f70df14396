import { isCurrencyCode } from '../../platform/format/intl-values'
import { isDecimalText } from '../catalog/index'
import { z } from '../../platform/zod'
import { PROJECT_STATUSES } from './sourcing.constants'

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)
export const isoDateField = z
  .string('validation.date')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'validation.date')

export const currencyField = z
  .string('validation.currency')
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((value) => isCurrencyCode(value), 'validation.currency')

/** A money amount as exact decimal text (numeric(18,4)); never a float, never negative. */
export const amountField = z
  .union([z.string(), z.number()], 'validation.amount')
  .transform((value) => String(value).trim())
  .refine((value) => isDecimalText(value, 4), 'validation.amount')
  .refine((value) => value.split('.')[0]!.replace(/^0+(?=\d)/, '').length <= 14, 'validation.amount')

const projectFields = {
  name: z.string('validation.name').trim().min(2, 'validation.name').max(200, 'validation.nameTooLong'),
  description: z.preprocess((value) => value ?? '', z.string('validation.description').trim().max(4000, 'validation.descriptionTooLong')),
  currency: currencyField,
  budget: z.preprocess(blankToUndefined, amountField.optional()),
  deadline: z.preprocess(blankToUndefined, isoDateField.optional()),
}

/** A new purchase project (a draft). */
export const CreateProjectInput = z.object(projectFields)
export type CreateProjectInput = z.infer<typeof CreateProjectInput>

/** A project's terms, replaced as a whole; `version` is the one the editor loaded. */
export const UpdateProjectInput = z.object({ ...projectFields, version: z.coerce.number('validation.version').int().min(1) })
export type UpdateProjectInput = z.infer<typeof UpdateProjectInput>

/** The steps a buyer takes by hand; `start_sourcing` and `award` follow from RFQs and awards. */
export const MANUAL_PROJECT_ACTIONS = ['activate', 'close', 'reopen', 'cancel'] as const
export type ManualProjectAction = (typeof MANUAL_PROJECT_ACTIONS)[number]

export const ProjectTransitionInput = z.object({
  action: z.enum(MANUAL_PROJECT_ACTIONS, 'validation.action'),
  version: z.coerce.number('validation.version').int().min(1),
  reason: z.preprocess((value) => value ?? '', z.string('validation.reason').trim().max(1000, 'validation.reasonTooLong')),
})
export type ProjectTransitionInput = z.infer<typeof ProjectTransitionInput>

export const PROJECT_LIST_DEFAULT_LIMIT = 25
export const PROJECT_LIST_MAX_LIMIT = 100

/** The project list's filters: status and a search of numbers and names. */
export const ProjectListQuery = z.object({
  status: z.preprocess(blankToUndefined, z.enum(PROJECT_STATUSES, 'validation.status').optional()),
  q: z.preprocess(blankToUndefined, z.string().trim().max(100, 'validation.query').optional()),
  limit: z.coerce.number().int().min(1).max(PROJECT_LIST_MAX_LIMIT).default(PROJECT_LIST_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
export type ProjectListQuery = z.infer<typeof ProjectListQuery>
