// The statement's and the cash flow's queries (isomorphic): the account page reads its URL with them, the API its query.
import { CURRENCY_CODES } from '../../platform/format/currency-codes'
import { z } from '../../platform/zod'
import { COMPANY_ACCOUNT_KINDS, ENTRY_KINDS } from './finance.constants'

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/
const optionalDay = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .string()
    .regex(ISO_DAY, 'validation.date')
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'validation.date')
    .optional(),
)
const blankless = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema)

export const STATEMENT_DEFAULT_LIMIT = 50
export const STATEMENT_CSV_MAX_ROWS = 10_000

/** A statement's filters: one account of the company (kind and currency), its entries' kind, the days (UTC), a page. */
export const StatementQuery = z.object({
  currency: blankless(z.enum(CURRENCY_CODES, 'validation.currency').optional()),
  kind: blankless(z.enum(COMPANY_ACCOUNT_KINDS, 'validation.accountKind').default('available')),
  entryKind: blankless(z.enum(ENTRY_KINDS, 'validation.entryKind').optional()),
  from: optionalDay,
  to: optionalDay,
  limit: z.coerce.number().int().min(1).max(200).default(STATEMENT_DEFAULT_LIMIT),
  /** The `sequence` of the last row of the previous page: the next page holds the older rows. */
  cursor: blankless(z.coerce.number().int().min(1).optional()),
})
export type StatementQuery = z.infer<typeof StatementQuery>

export const CashFlowQuery = z.object({
  currency: blankless(z.enum(CURRENCY_CODES, 'validation.currency').optional()),
  months: z.coerce.number().int().min(1).max(36).default(12),
})
export type CashFlowQuery = z.infer<typeof CashFlowQuery>
