// The remote functions (issue 25, spec §7): pure calculations over the platform's own rules and reference data, so an
// integrator's landed cost, conversion, HS suggestion or IBAN check is the one Tradeport's pages show.
import DecimalBase from 'decimal.js'
import { electronicFormatIBAN, extractBIC, extractIBAN, friendlyFormatIBAN, isValidBIC, validateIBAN, ValidationErrorsIBAN } from 'ibantools'
import { AppError } from '../../platform/errors'
import { currencyDigits } from '../../platform/format/money'
import { convertAmount, crossRate, rateDay } from '../../platform/fx/convert'
import { rateTable } from '../../platform/fx/fx.service.server'
import type { Locale } from '../../platform/i18n/locales'
import { classifyProduct, type HsClassification } from '../../modules/compliance/index.server'
import { DEFAULT_ASSUMPTIONS, landedCost, type LandedLine } from '../../modules/sourcing/index'
import type { IbanProblem } from './functions.constants'
import type { ConvertCurrencyInput, HsClassifyInput, LandedCostFunctionInput, ValidateIbanInput } from './functions.inputs'

const noRate = (currency: string) =>
  new AppError('validation_failed', `There is no exchange rate for ${currency}`, { fields: { currency: ['validation.currencyWithoutRate'] }, currency })

export type LandedCostResult = {
  currency: string
  ratesAsOf: string | null
  assumptions: typeof DEFAULT_ASSUMPTIONS
  goods: string
  landed: string
  lines: LandedLine[]
}

/**
 * The landed cost of quoted lines in the wanted currency, as the quotation comparison computes it: goods converted at
 * today's rates, then what the Incoterm leaves to the buyer, stated by the seller or estimated from the assumptions.
 */
export async function landedCostFunction(input: LandedCostFunctionInput): Promise<LandedCostResult> {
  const rates = await rateTable()
  const assumptions = input.assumptions ?? DEFAULT_ASSUMPTIONS
  const result = landedCost(
    input.lines.map((line, index) => ({ lineId: String(index + 1), quantity: line.quantity, unitPrice: line.unitPrice })),
    { currency: input.quoteCurrency, incoterm: input.incoterm, freightAmount: input.freightAmount, insuranceAmount: input.insuranceAmount },
    input.currency,
    rates,
    assumptions,
  )
  if ('missingRate' in result) throw noRate(result.missingRate)
  return { currency: result.currency, ratesAsOf: rates.asOf, assumptions, goods: result.goods, landed: result.landed, lines: result.lines }
}

export type ConversionResult = {
  amount: string
  currency: string
  exact: string
  rate: string
  rateDate: string | null
  from: { amount: string; currency: string }
}

const Decimal = DecimalBase.clone({ precision: 60 })

/** An amount in another currency through the EUR cross rates of the day (today by default), rounded to the currency's digits. */
export async function convertCurrency(input: ConvertCurrencyInput): Promise<ConversionResult> {
  const rates = await rateTable(input.date)
  const exact = convertAmount(rates, input.amount, input.from, input.to)
  const rate = crossRate(rates, input.from, input.to)
  if (exact === null || rate === null) throw noRate([input.from, input.to].find((currency) => currency !== 'EUR' && !rates.perEur[currency]) ?? input.from)
  return {
    amount: new Decimal(exact).toDecimalPlaces(currencyDigits(input.to), Decimal.ROUND_HALF_UP).toFixed(currencyDigits(input.to)),
    currency: input.to,
    exact,
    rate,
    rateDate: rateDay(rates, input.from, input.to),
    from: { amount: input.amount, currency: input.from },
  }
}

/** Ranked HS headings for a product description, each with its best subheading, in the caller's language. */
export async function hsClassify(input: HsClassifyInput, locale: Locale): Promise<HsClassification[]> {
  return classifyProduct(input.description, locale)
}

const PROBLEM_OF: Partial<Record<ValidationErrorsIBAN, IbanProblem>> = {
  [ValidationErrorsIBAN.NoIBANProvided]: 'format',
  [ValidationErrorsIBAN.NoIBANCountry]: 'country',
  [ValidationErrorsIBAN.WrongBBANLength]: 'length',
  [ValidationErrorsIBAN.WrongBBANFormat]: 'format',
  [ValidationErrorsIBAN.ChecksumNotNumber]: 'checksum',
  [ValidationErrorsIBAN.WrongIBANChecksum]: 'checksum',
  [ValidationErrorsIBAN.WrongAccountBankBranchChecksum]: 'nationalChecksum',
}

export type IbanCheck = {
  valid: boolean
  iban: string
  formatted: string | null
  country: string | null
  bankIdentifier: string | null
  branchIdentifier: string | null
  accountNumber: string | null
  bic: { value: string; valid: boolean; bankCode: string | null; country: string | null; location: string | null; branch: string | null } | null
  problems: IbanProblem[]
}

/**
 * An IBAN checked as banks check it (country, length, format, check digits, the national check where there is one), and
 * its BIC's form. A BIC of another country than the IBAN's is not a fault: banks of some territories use their
 * neighbour's codes.
 */
export function validateIban(input: ValidateIbanInput): IbanCheck {
  const iban = electronicFormatIBAN(input.iban) ?? ''
  const checked = validateIBAN(iban)
  const problems = [...new Set(checked.errorCodes.map((code) => PROBLEM_OF[code]).filter((problem): problem is IbanProblem => problem !== undefined))]
  if (!checked.valid && problems.length === 0) problems.push('format')
  const parts = checked.valid ? extractIBAN(iban) : null
  let bic: IbanCheck['bic'] = null
  if (input.bic !== undefined) {
    const value = input.bic.toUpperCase()
    const valid = isValidBIC(value)
    const found = valid ? extractBIC(value) : null
    bic = {
      value,
      valid,
      bankCode: found?.bankCode ?? null,
      country: found?.countryCode ?? null,
      location: found?.locationCode ?? null,
      branch: found?.branchCode ?? null,
    }
    if (!valid) problems.push('bic')
  }
  return {
    valid: problems.length === 0,
    iban,
    formatted: checked.valid ? (friendlyFormatIBAN(iban) ?? null) : null,
    country: parts?.countryCode ?? null,
    bankIdentifier: parts?.bankIdentifier || null,
    branchIdentifier: parts?.branchIdentifier || null,
    accountNumber: parts?.accountNumber || null,
    bic,
    problems,
  }
}
