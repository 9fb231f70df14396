// The company's finance papers (issue 21), isomorphic: a receipt per payment, a fee invoice and a statement per month
// and currency. A paper is named by its kind and a key: the payment's id, or the month and currency ("2026-03-USD").
import { z } from '../../platform/zod'
import { CURRENCY_CODES } from '../../platform/format/currency-codes'

export const FINANCE_PAPER_KINDS = ['receipt', 'fee_invoice', 'statement'] as const
export type FinancePaperKind = (typeof FINANCE_PAPER_KINDS)[number]

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/
const PERIOD_KEY = /^(\d{4}-(?:0[1-9]|1[0-2]))-([A-Z]{3})$/

/** A month and a currency: the period a fee invoice or a statement covers. */
export type PaperPeriod = { month: string; currency: string }

/** "2026-03" and "USD" → "2026-03-USD". */
export const periodKey = ({ month, currency }: PaperPeriod): string => `${month}-${currency}`

/** "2026-03-USD" → the month and the currency; anything else (an unknown currency too) → null. */
export function parsePeriodKey(key: string): PaperPeriod | null {
  const match = PERIOD_KEY.exec(key)
  if (!match || !(CURRENCY_CODES as readonly string[]).includes(match[2]!)) return null
  return { month: match[1]!, currency: match[2]! }
}

/** A fee invoice's number, the same every time it is made: FEE-202603-USD-1A2B3C4D (the company's short id last). */
export const feeInvoiceNumber = ({ month, currency }: PaperPeriod, companyId: string): string =>
  `FEE-${month.replace('-', '')}-${currency}-${companyId
    .replace(/[^0-9a-z]/gi, '')
    .slice(0, 8)
    .toUpperCase()}`

/** A statement's number: ST-202603-USD-1A2B3C4D. */
export const statementNumber = ({ month, currency }: PaperPeriod, companyId: string): string =>
  `ST-${month.replace('-', '')}-${currency}-${companyId
    .replace(/[^0-9a-z]/gi, '')
    .slice(0, 8)
    .toUpperCase()}`

const blankless = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema)

/** The papers list's filters: one month (YYYY-MM) and one currency, each optional. */
export const FinancePaperQuery = z.object({
  month: blankless(z.string().regex(MONTH, 'validation.month').optional()),
  currency: blankless(z.enum(CURRENCY_CODES, 'validation.currency').optional()),
})
export type FinancePaperQuery = z.infer<typeof FinancePaperQuery>
