export {
  createFormatter,
  dateTimeFormat,
  numberFormatOf,
  type Conversion,
  type ConvertedMoney,
  type DateInput,
  type FormatPreferences,
  type Formatter,
  type MoneyOptions,
} from './formatter'
export { CURRENCY_CODES } from './currency-codes'
export { DATE_STYLES, HOUR_CYCLES, isCurrencyCode, isTimeZone, type DateStyle, type HourCycle } from './intl-values'
export type { Money } from './money'
