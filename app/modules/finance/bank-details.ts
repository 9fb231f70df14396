// How a bank account is identified, checked the way banks check it (issue 21): an IBAN's check digits and BIC, the ABA
// routing number's checksum, the CNAPS bank code's length. Pure, so the form, the action and the API share it.
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools'
import type { BankAccountScheme } from './finance.constants'

/** The identifying part of an account as typed: the scheme decides which of the other fields matter. */
export type BankDetails = { scheme: BankAccountScheme; accountNumber: string; bic: string; routingCode: string }

/** Field → message keys (`validation.iban`, …); empty when the details are valid for their scheme. */
export type BankDetailErrors = Partial<Record<keyof BankDetails, string[]>>

/** Spaces and dashes are how people write account numbers, never part of them. */
export const compactAccountNumber = (value: string): string => value.replace(/[\s-]/g, '').toUpperCase()

/** A US ABA routing number: nine digits whose weighted sum 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. */
export function isAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false
  const weights = [3, 7, 1]
  const sum = [...value].reduce((total, digit, index) => total + Number(digit) * weights[index % 3]!, 0)
  return sum % 10 === 0
}

/** China's CNAPS bank code (the 12-digit code of the receiving branch). */
export const isCnapsCode = (value: string): boolean => /^\d{12}$/.test(value)

const RULES: Record<BankAccountScheme, (details: BankDetails) => BankDetailErrors> = {
  iban: ({ accountNumber, bic }) => ({
    ...(isValidIBAN(electronicFormatIBAN(accountNumber) ?? '') ? {} : { accountNumber: ['validation.iban'] }),
    ...(isValidBIC(bic) ? {} : { bic: ['validation.bic'] }),
  }),
  us_aba: ({ accountNumber, routingCode }) => ({
    ...(/^\d{4,17}$/.test(accountNumber) ? {} : { accountNumber: ['validation.usAccountNumber'] }),
    ...(isAbaRoutingNumber(routingCode) ? {} : { routingCode: ['validation.abaRouting'] }),
  }),
  cn_cnaps: ({ accountNumber, routingCode }) => ({
    ...(/^\d{10,30}$/.test(accountNumber) ? {} : { accountNumber: ['validation.cnAccountNumber'] }),
    ...(isCnapsCode(routingCode) ? {} : { routingCode: ['validation.cnaps'] }),
  }),
  swift: ({ accountNumber, bic }) => ({
    ...(/^[A-Z0-9]{4,34}$/.test(accountNumber) ? {} : { accountNumber: ['validation.swiftAccountNumber'] }),
    ...(isValidBIC(bic) ? {} : { bic: ['validation.bic'] }),
  }),
}

/** What is wrong with the details for their scheme (the numbers compacted first, as they are stored). */
export function bankDetailErrors(details: BankDetails): BankDetailErrors {
  return RULES[details.scheme]({ ...details, accountNumber: compactAccountNumber(details.accountNumber) })
}

/**
 * The country an account's scheme implies: an IBAN names it in its first two letters, ABA is the United States' and
 * CNAPS China's; a SWIFT account's country is the one given.
 */
export function bankCountryOf(details: Pick<BankDetails, 'scheme' | 'accountNumber'>, given: string): string {
  if (details.scheme === 'iban') return compactAccountNumber(details.accountNumber).slice(0, 2)
  if (details.scheme === 'us_aba') return 'US'
  if (details.scheme === 'cn_cnaps') return 'CN'
  return given
}

/** The last four characters behind dots ("···· 4321"): enough to recognise an account, too little to use it. */
export const maskedAccountNumber = (accountNumber: string): string => `···· ${accountNumber.slice(-4)}`

/** How an account is named in lists and on payouts: "HSBC ···· 4321". */
export const bankAccountLabel = (account: { bankName: string; accountNumber: string }): string =>
  `${account.bankName} ${maskedAccountNumber(account.accountNumber)}`
