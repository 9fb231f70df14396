import { z } from '../../platform/zod'
import { APPROVAL_STATUSES, MAX_ATTACHMENTS } from './sourcing.constants'

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)
const id = (message: string) => z.string(message).trim().min(1, message).max(64, message)

export const APPROVED_LIST_DEFAULT_LIMIT = 25
export const APPROVED_LIST_MAX_LIMIT = 100

const fields = {
  status: z.enum(APPROVAL_STATUSES, 'validation.approvalStatus'),
  note: z.preprocess((value) => value ?? '', z.string('validation.note').trim().max(2000, 'validation.noteTooLong')),
  /** Company files (attachments or certificates) backing the decision. */
  documentFileIds: z.preprocess(
    (value) => (typeof value === 'string' ? [value] : (value ?? [])),
    z.array(id('validation.document'), 'validation.document').max(MAX_ATTACHMENTS, 'validation.tooManyDocuments'),
  ),
}

/** A supplier put on the buyer's approved-supplier list: approved, on trial or blocked. */
export const AddApprovedSupplierInput = z.object({ supplierCompanyId: id('validation.supplier'), ...fields })
export type AddApprovedSupplierInput = z.infer<typeof AddApprovedSupplierInput>

/** A listed supplier's new status, note and documents (replaced as a whole). */
export const UpdateApprovedSupplierInput = z.object(fields)
export type UpdateApprovedSupplierInput = z.infer<typeof UpdateApprovedSupplierInput>

/** The list's filters: status and a search of supplier names. */
export const ApprovedListQuery = z.object({
  status: z.preprocess(blankToUndefined, z.enum(APPROVAL_STATUSES, 'validation.approvalStatus').optional()),
  q: z.preprocess(blankToUndefined, z.string().trim().max(100, 'validation.queryTooLong').optional()),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number('validation.limit')
      .int('validation.limit')
      .min(1, 'validation.limit')
      .max(APPROVED_LIST_MAX_LIMIT, 'validation.limit')
      .default(APPROVED_LIST_DEFAULT_LIMIT),
  ),
  offset: z.preprocess(
    blankToUndefined,
    z.coerce.number('validation.offset').int('validation.offset').min(0, 'validation.offset').max(1_000_000, 'validation.offset').default(0),
  ),
})
export type ApprovedListQuery = z.infer<typeof ApprovedListQuery>
