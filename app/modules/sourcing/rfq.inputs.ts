import { isCurrencyCode } from '../../platform/format/intl-values'
import { isDecimalText } from '../catalog/index'
import { INCOTERMS } from '../../platform/trade-terms'
import { z } from '../../platform/zod'
import { INVITATION_STATUSES, MAX_ATTACHMENTS, MAX_RFQ_LINES, MAX_RFQ_SUPPLIERS, RFQ_STATUSES, RFQ_VISIBILITIES } from './sourcing.constants'

const MAX_QUANTITY = 1_000_000_000
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)
const toList = (value: unknown) => (typeof value === 'string' ? (value === '' ? [] : [value]) : (value ?? []))
const toFlag = (value: unknown) => value === true || value === 'true' || value === 'on'
const id = (message: string) => z.string(message).trim().min(1, message).max(64, message)
const isoDate = z.string('validation.date').regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
const text = (max: number, message: string) => z.preprocess((value) => value ?? '', z.string(message).trim().max(max, message))

const currencyField = z
  .string('validation.currency')
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((value) => isCurrencyCode(value), 'validation.currency')

const amountField = z
  .union([z.string(), z.number()], 'validation.amount')
  .transform((value) => String(value).trim())
  .refine((value) => isDecimalText(value, 4), 'validation.amount')
  .refine((value) => value.split('.')[0]!.replace(/^0+(?=\d)/, '').length <= 14, 'validation.amount')

/**
 * A moment as ISO 8601 text; a form's `datetime-local` value (no offset) is read as UTC, which the form says.
 * Whether it is in the future is the service's question (it depends on now).
 */
export const deadlineField = z
  .string('validation.deadline')
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/, 'validation.deadline')
  .transform((value) => new Date(/(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}Z`))
  .refine((value) => !Number.isNaN(value.getTime()), 'validation.deadline')

/** A line of the RFQ: a copy of a requirement (`requirementId`, its fields as edited) or a line written on the RFQ. */
export const RfqLineInput = z.object({
  requirementId: z.preprocess(blankToUndefined, id('validation.requirement').optional()),
  title: z.string('validation.lineTitle').trim().min(1, 'validation.lineTitle').max(300, 'validation.lineTitle'),
  specification: text(4000, 'validation.specification'),
  quantity: z.coerce.number('validation.quantity').int('validation.quantity').min(1, 'validation.quantity').max(MAX_QUANTITY, 'validation.quantity'),
  unit: z.string('validation.unit').trim().min(1, 'validation.unit').max(20, 'validation.unit'),
  targetUnitPrice: z.preprocess(blankToUndefined, amountField.optional()),
  hsCode: z.preprocess(
    blankToUndefined,
    z
      .string('validation.hsCode')
      .trim()
      .regex(/^\d{4,10}$/, 'validation.hsCode')
      .optional(),
  ),
  categoryId: z.preprocess(blankToUndefined, id('validation.category').optional()),
  requiredBy: z.preprocess(blankToUndefined, isoDate.optional()),
})
export type RfqLineInput = z.infer<typeof RfqLineInput>

const rfqFields = {
  projectId: z.preprocess(blankToUndefined, id('validation.project').optional()),
  title: z.string('validation.title').trim().min(3, 'validation.title').max(200, 'validation.title'),
  description: text(8000, 'validation.description'),
  quoteDeadline: deadlineField,
  currency: currencyField,
  incoterm: z.enum(INCOTERMS, 'validation.incoterm'),
  incotermPlace: z.string('validation.incotermPlace').trim().min(2, 'validation.incotermPlace').max(120, 'validation.incotermPlace'),
  deliveryDate: z.preprocess(blankToUndefined, isoDate.optional()),
  destination: text(300, 'validation.destination'),
  categoryId: z.preprocess(blankToUndefined, id('validation.category').optional()),
  sealed: z.preprocess(toFlag, z.boolean()).default(false),
  visibility: z.preprocess(blankToUndefined, z.enum(RFQ_VISIBILITIES, 'validation.visibility').default('invited')),
  /** Supplying companies invited to quote (usually the project's shortlist). */
  supplierIds: z.preprocess(toList, z.array(id('validation.supplier'), 'validation.supplier').max(MAX_RFQ_SUPPLIERS, 'validation.tooManySuppliers')),
  /** Requirements of the project copied into lines, after `lines`. */
  requirementIds: z.preprocess(toList, z.array(id('validation.requirement'), 'validation.requirement').max(MAX_RFQ_LINES, 'validation.tooManyLines')),
  lines: z.preprocess((value) => value ?? [], z.array(RfqLineInput, 'validation.lines').max(MAX_RFQ_LINES, 'validation.tooManyLines')),
  attachmentFileIds: z.preprocess(toList, z.array(id('validation.attachment'), 'validation.attachment').max(MAX_ATTACHMENTS, 'validation.tooManyAttachments')),
}

const needsLines = (input: { lines: unknown[]; requirementIds: unknown[] }, issues: z.RefinementCtx) => {
  if (input.lines.length + input.requirementIds.length === 0) issues.addIssue({ code: 'custom', path: ['lines'], message: 'validation.lines' })
  if (input.lines.length + input.requirementIds.length > MAX_RFQ_LINES) issues.addIssue({ code: 'custom', path: ['lines'], message: 'validation.tooManyLines' })
}

/** A new RFQ, saved as a draft (publishing sends it). */
export const CreateRfqInput = z.object(rfqFields).superRefine(needsLines)
export type CreateRfqInput = z.infer<typeof CreateRfqInput>

/** A draft's terms, lines and invitees, replaced as a whole; `version` is the one the editor loaded. */
export const UpdateRfqInput = z.object({ ...rfqFields, version: z.coerce.number('validation.version').int().min(1) }).superRefine(needsLines)
export type UpdateRfqInput = z.infer<typeof UpdateRfqInput>

/** The buyer's lifecycle steps; `award` belongs to the award workflow. */
export const RFQ_DIRECT_ACTIONS = ['publish', 'close', 'extend', 'cancel'] as const
export type RfqDirectAction = (typeof RFQ_DIRECT_ACTIONS)[number]

export const RfqTransitionInput = z
  .object({
    action: z.enum(RFQ_DIRECT_ACTIONS, 'validation.action'),
    version: z.coerce.number('validation.version').int().min(1),
    reason: text(1000, 'validation.reasonTooLong'),
    /** The new deadline of `extend`. */
    deadline: z.preprocess(blankToUndefined, deadlineField.optional()),
  })
  .superRefine((input, issues) => {
    if (input.action === 'cancel' && !input.reason) issues.addIssue({ code: 'custom', path: ['reason'], message: 'validation.reason' })
    if (input.action === 'extend' && !input.deadline) issues.addIssue({ code: 'custom', path: ['deadline'], message: 'validation.deadline' })
  })
export type RfqTransitionInput = z.infer<typeof RfqTransitionInput>

export const AskQuestionInput = z.object({ question: z.string('validation.question').trim().min(5, 'validation.question').max(2000, 'validation.question') })
export type AskQuestionInput = z.infer<typeof AskQuestionInput>

export const AnswerQuestionInput = z.object({ answer: z.string('validation.answer').trim().min(1, 'validation.answer').max(4000, 'validation.answer') })
export type AnswerQuestionInput = z.infer<typeof AnswerQuestionInput>

export const DeclineRfqInput = z.object({ reason: text(1000, 'validation.reasonTooLong') })
export type DeclineRfqInput = z.infer<typeof DeclineRfqInput>

export const RFQ_LIST_DEFAULT_LIMIT = 25
export const RFQ_LIST_MAX_LIMIT = 100
const paging = {
  limit: z.coerce.number().int().min(1).max(RFQ_LIST_MAX_LIMIT).default(RFQ_LIST_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
}
const search = z.preprocess(blankToUndefined, z.string().trim().max(100, 'validation.query').optional())

/** The buyer's RFQ list: status, visibility (public buying requests), project, and a search of numbers and titles. */
export const RfqListQuery = z.object({
  status: z.preprocess(blankToUndefined, z.enum(RFQ_STATUSES, 'validation.status').optional()),
  visibility: z.preprocess(blankToUndefined, z.enum(RFQ_VISIBILITIES, 'validation.visibility').optional()),
  projectId: z.preprocess(blankToUndefined, id('validation.project').optional()),
  q: search,
  ...paging,
})
export type RfqListQuery = z.infer<typeof RfqListQuery>

/** A supplier's RFQ inbox, by its own status on each RFQ. */
export const RfqInboxQuery = z.object({
  status: z.preprocess(blankToUndefined, z.enum(INVITATION_STATUSES, 'validation.status').optional()),
  ...paging,
})
export type RfqInboxQuery = z.infer<typeof RfqInboxQuery>

export const BUYING_REQUESTS_PAGE_SIZE = 20

/** The public board of open buying requests: a search of titles and a category. */
export const BuyingRequestQuery = z.object({
  q: search,
  category: z.preprocess(blankToUndefined, id('validation.category').optional()),
  limit: z.coerce.number().int().min(1).max(RFQ_LIST_MAX_LIMIT).default(BUYING_REQUESTS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
})
export type BuyingRequestQuery = z.infer<typeof BuyingRequestQuery>

/** The RFQ form as typed (text), to show it again after a failed submit. */
export type RfqFormLine = { requirementId: string; title: string; specification: string; quantity: string; unit: string; targetUnitPrice: string }
export type RfqFormValues = {
  projectId: string
  title: string
  description: string
  /** `YYYY-MM-DDTHH:mm`, UTC. */
  quoteDeadline: string
  currency: string
  incoterm: string
  incotermPlace: string
  deliveryDate: string
  destination: string
  sealed: boolean
  visibility: string
  supplierIds: string[]
  requirementIds: string[]
  attachmentFileIds: string[]
  lines: RfqFormLine[]
}

const LINE_FIELDS = ['requirementId', 'title', 'specification', 'quantity', 'unit', 'targetUnitPrice'] as const

/**
 * Reads the RFQ form: the values as typed, and the input for the schema with blank line rows left out (`indices`
 * maps the kept rows back to the form's rows, for field errors).
 */
export function readRfqForm(form: FormData): { values: RfqFormValues; input: Record<string, unknown>; indices: number[] } {
  const text = (name: string) => String(form.get(name) ?? '').trim()
  const rows = new Map<number, RfqFormLine>()
  for (const [name, value] of form) {
    const match = /^lines\.(\d+)\.(\w+)$/.exec(name)
    if (!match || typeof value !== 'string' || !(LINE_FIELDS as readonly string[]).includes(match[2]!)) continue
    const index = Number(match[1])
    const row = rows.get(index) ?? { requirementId: '', title: '', specification: '', quantity: '', unit: '', targetUnitPrice: '' }
    row[match[2] as (typeof LINE_FIELDS)[number]] = value
    rows.set(index, row)
  }
  const all = [...rows].sort(([a], [b]) => a - b)
  const kept = all.filter(([, row]) => [row.title, row.specification, row.quantity, row.targetUnitPrice].some((value) => value.trim() !== ''))
  const values: RfqFormValues = {
    projectId: text('projectId'),
    title: text('title'),
    description: text('description'),
    quoteDeadline: text('quoteDeadline'),
    currency: text('currency'),
    incoterm: text('incoterm'),
    incotermPlace: text('incotermPlace'),
    deliveryDate: text('deliveryDate'),
    destination: text('destination'),
    sealed: ['on', 'true'].includes(text('sealed')),
    visibility: text('visibility') || 'invited',
    supplierIds: form.getAll('supplierIds').map(String),
    requirementIds: form.getAll('requirementIds').map(String),
    attachmentFileIds: form.getAll('attachmentFileIds').map(String),
    lines: kept.map(([, row]) => row),
  }
  return { values, input: { ...values, version: text('version'), lines: values.lines }, indices: kept.map(([index]) => index) }
}

/** Field errors of kept line rows renamed to the rows of the form. */
export const toFormLineErrors = (fields: Record<string, string[]>, indices: number[]) =>
  Object.fromEntries(
    Object.entries(fields).map(([name, keys]) => [name.replace(/^lines\.(\d+)\./, (_all, kept: string) => `lines.${indices[Number(kept)] ?? kept}.`), keys]),
  )
