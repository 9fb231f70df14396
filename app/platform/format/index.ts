export { createFormatter, type Conversion, type DateInput, type FormatPreferences, type Formatter } from './formatter'
export { DATE_STYLES, HOUR_CYCLES, isCurrencyCode, isTimeZone, type DateStyle, type HourCycle } from './intl-values'
export { noFxRates, type FxRates, type Money } from './money'
