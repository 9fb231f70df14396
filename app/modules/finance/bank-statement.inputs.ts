// A platform admin's bank statements (issue 21): the uploaded CSV, the list of its lines, and the hand-made decisions
// on a line the matcher left unmatched.
import { z } from '../../platform/zod'
import { STATEMENT_LINE_STATUSES } from './finance.constants'

/** The most transactions one statement file may carry. */
export const MAX_STATEMENT_ROWS = 5_000
/** The largest statement text taken (it travels in a request of at most BODY_LIMIT_BYTES, 1 MiB by default). */
export const MAX_STATEMENT_BYTES = 1_000_000

/** The statement as uploaded: its file name and its text (CSV with a header row, comma or semicolon separated). */
export const UploadStatementInput = z.object({
  fileName: z.string('validation.fileName').trim().min(1, 'validation.fileName').max(200, 'validation.fileName'),
  csvText: z.string('validation.statementFile').min(1, 'validation.statementFile'),
})
export type UploadStatementInput = z.infer<typeof UploadStatementInput>

/** A platform admin matches an unmatched line to the awaiting payment it pays, by hand. */
export const MatchStatementLineInput = z.object({
  paymentId: z.string('validation.payment').trim().min(1, 'validation.payment').max(64, 'validation.payment'),
})
export type MatchStatementLineInput = z.infer<typeof MatchStatementLineInput>

/** A platform admin sets an unmatched line aside (not a payment of ours), saying why. */
export const IgnoreStatementLineInput = z.object({
  note: z.string('validation.reason').trim().min(1, 'validation.reason').max(500, 'validation.reason'),
})
export type IgnoreStatementLineInput = z.infer<typeof IgnoreStatementLineInput>

export const StatementLineQuery = z.object({
  status: z.preprocess((value) => (value === '' ? undefined : value), z.enum(STATEMENT_LINE_STATUSES, 'validation.lineStatus').optional()),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
})
export type StatementLineQuery = z.infer<typeof StatementLineQuery>
