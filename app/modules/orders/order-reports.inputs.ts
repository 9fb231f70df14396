import { z } from '../../platform/zod'
import { ORDER_LIST_DEFAULT_LIMIT, ORDER_LIST_MAX_LIMIT } from './purchase-order.inputs'

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value)

/** A searched, paged report (open order lines, customers). */
export const ReportQuery = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(100, 'validation.query').optional()),
  limit: z.coerce.number().int().min(1).max(ORDER_LIST_MAX_LIMIT).default(ORDER_LIST_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
export type ReportQuery = z.infer<typeof ReportQuery>

export const MAX_CUSTOMER_NOTE_LENGTH = 2000

/** A supplier's private note about a customer; empty clears it. */
export const CustomerNoteInput = z.object({
  note: z.preprocess((value) => value ?? '', z.string('validation.customerNote').trim().max(MAX_CUSTOMER_NOTE_LENGTH, 'validation.customerNoteTooLong')),
})
export type CustomerNoteInput = z.infer<typeof CustomerNoteInput>
