import { CURRENCY_CODES } from '../../platform/format/currency-codes'
import { z } from '../../platform/zod'
import { PAYOUT_SCHEDULES } from './finance.constants'

const text = (max: number, message: string) => z.preprocess((value) => value ?? '', z.string(message).trim().max(max, message))

/**
 * A company's finance preferences and invoicing details, against the version the editor saw (0 while the company still
 * has the defaults). `requireTwoFactor` makes every money-moving command ask for a two-factor session.
 */
export const FinanceSettingsInput = z.object({
  version: z.coerce.number('validation.version').int().min(0, 'validation.version'),
  defaultCurrency: z.enum(CURRENCY_CODES, 'validation.currency'),
  payoutSchedule: z.enum(PAYOUT_SCHEDULES, 'validation.payoutSchedule'),
  requireTwoFactor: z.boolean('validation.requireTwoFactor'),
  invoiceLegalName: text(200, 'validation.invoiceLegalName'),
  invoiceTaxId: text(64, 'validation.invoiceTaxId'),
  invoiceAddress: text(500, 'validation.invoiceAddress'),
})
export type FinanceSettingsInput = z.infer<typeof FinanceSettingsInput>
