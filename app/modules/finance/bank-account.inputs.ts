import { isCountryCode } from '../../platform/countries'
import { CURRENCY_CODES } from '../../platform/format/currency-codes'
import { z } from '../../platform/zod'
import { bankCountryOf, bankDetailErrors, compactAccountNumber } from './bank-details'
import { BANK_ACCOUNT_SCHEMES } from './finance.constants'

/** How many live (not archived) bank accounts a company keeps: enough for every currency it trades in. */
export const MAX_BANK_ACCOUNTS = 20

const text = (max: number, message: string) => z.string(message).trim().min(1, message).max(max, message)
/** A field the scheme may not use: absent or empty is ''. */
const optionalCode = (normalize: (value: string) => string) =>
  z.preprocess((value) => value ?? '', z.string('validation.bankCode').max(40, 'validation.bankCode').transform(normalize))

const BankAccountFields = z.object({
  holderName: text(200, 'validation.holderName'),
  bankName: text(200, 'validation.bankName'),
  currency: z.enum(CURRENCY_CODES, 'validation.currency'),
  scheme: z.enum(BANK_ACCOUNT_SCHEMES, 'validation.scheme'),
  accountNumber: z.string('validation.accountNumber').max(64, 'validation.accountNumber').transform(compactAccountNumber),
  bic: optionalCode((value) => value.replace(/\s/g, '').toUpperCase()),
  routingCode: optionalCode((value) => value.replace(/[\s-]/g, '')),
  /** Only a SWIFT account's: the other schemes imply their country. */
  country: optionalCode((value) => value.trim().toUpperCase()),
})
type BankAccountFields = z.infer<typeof BankAccountFields>

/** The scheme's own checks, each under its field; a SWIFT account also needs a known country. */
function checkScheme(input: BankAccountFields, ctx: z.RefinementCtx): void {
  for (const [field, keys] of Object.entries(bankDetailErrors(input))) for (const message of keys) ctx.addIssue({ code: 'custom', path: [field], message })
  if (input.scheme === 'swift' && !isCountryCode(input.country)) ctx.addIssue({ code: 'custom', path: ['country'], message: 'validation.country' })
}

/** Keeps only the codes the scheme uses, and the country it implies, so a stored account never carries a stale code. */
function normalized<T extends BankAccountFields>(input: T): T {
  const usesBic = input.scheme === 'iban' || input.scheme === 'swift'
  return {
    ...input,
    bic: usesBic ? input.bic : '',
    routingCode: usesBic ? '' : input.routingCode,
    country: bankCountryOf(input, input.country),
  }
}

/** A new bank account for payouts: holder, bank, currency and the scheme's identifiers. */
export const BankAccountInput = BankAccountFields.superRefine(checkScheme).transform(normalized)
export type BankAccountInput = z.infer<typeof BankAccountInput>

/** A change to an account, against the version the editor saw. */
export const EditBankAccountInput = BankAccountFields.extend({ version: z.coerce.number('validation.version').int().min(1, 'validation.version') })
  .superRefine(checkScheme)
  .transform(normalized)
export type EditBankAccountInput = z.infer<typeof EditBankAccountInput>
