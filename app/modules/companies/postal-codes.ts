/**
 * Postal codes per country: which countries use them, the shape they take, and how they are written.
 * Countries not listed here take any short code of letters, digits, spaces and hyphens, optionally.
 */

type PostalCodeRule = {
  /** The canonical form, tested after `format`. */
  pattern: RegExp
  /** A real code, shown to people as the expected shape. */
  example: string
  /** Writes the code's letters and digits (spaces and hyphens removed) in the canonical form. */
  format?: (compact: string) => string
  /** Some countries have codes that few addresses carry; those accept an empty one. */
  optional?: boolean
}

/** Inserts `separator` at `index` (negative: counted from the end), as in "SW1A" + " " + "1AA". */
const splitAt = (index: number, separator: string) => (compact: string) => {
  const at = index < 0 ? compact.length + index : index
  return at > 0 && at < compact.length ? `${compact.slice(0, at)}${separator}${compact.slice(at)}` : compact
}

/** "94105" or the ZIP+4 "94105-1234". */
const zipPlusFour = (compact: string) => (compact.length === 9 ? splitAt(5, '-')(compact) : compact)

const digits = (count: number, example: string, optional = false): PostalCodeRule => ({
  pattern: new RegExp(`^\\d{${count}}$`),
  example,
  ...(optional ? { optional } : {}),
})

const RULES: Record<string, PostalCodeRule> = {
  US: { pattern: /^\d{5}(-\d{4})?$/, example: '94105', format: zipPlusFour },
  CA: { pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/, example: 'K1A 0B1', format: splitAt(-3, ' ') },
  GB: { pattern: /^(GIR 0AA|[A-Z]{1,2}\d[A-Z\d]? \d[ABD-HJLNP-UW-Z]{2})$/, example: 'SW1A 1AA', format: splitAt(-3, ' ') },
  CN: digits(6, '518000'),
  TW: { pattern: /^\d{3}(\d{2,3})?$/, example: '100012' },
  JP: { pattern: /^\d{3}-\d{4}$/, example: '100-0001', format: splitAt(3, '-') },
  KR: digits(5, '03187'),
  DE: digits(5, '10115'),
  FR: digits(5, '75008'),
  IT: digits(5, '00144'),
  ES: { pattern: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/, example: '28013' },
  NL: { pattern: /^[1-9]\d{3} [A-Z]{2}$/, example: '1012 AB', format: splitAt(4, ' ') },
  BE: { pattern: /^[1-9]\d{3}$/, example: '1000' },
  CH: { pattern: /^[1-9]\d{3}$/, example: '8001' },
  AT: { pattern: /^[1-9]\d{3}$/, example: '1010' },
  SE: { pattern: /^[1-9]\d{2} \d{2}$/, example: '114 55', format: splitAt(3, ' ') },
  NO: digits(4, '0150'),
  DK: digits(4, '1050'),
  FI: digits(5, '00100'),
  PL: { pattern: /^\d{2}-\d{3}$/, example: '00-950', format: splitAt(2, '-') },
  PT: { pattern: /^\d{4}-\d{3}$/, example: '1000-001', format: splitAt(4, '-') },
  IE: { pattern: /^([AC-FHKNPRTV-Y]\d{2}|D6W) [\dAC-FHKNPRTV-Y]{4}$/, example: 'D02 X285', format: splitAt(3, ' '), optional: true },
  AU: digits(4, '2000'),
  NZ: digits(4, '6011'),
  IN: { pattern: /^[1-9]\d{5}$/, example: '110001' },
  SG: digits(6, '018956'),
  MY: digits(5, '50450'),
  TH: digits(5, '10330'),
  VN: { pattern: /^\d{5,6}$/, example: '10000', optional: true },
  ID: digits(5, '10110'),
  PH: digits(4, '1000'),
  BR: { pattern: /^\d{5}-\d{3}$/, example: '01310-100', format: splitAt(5, '-') },
  MX: digits(5, '06600'),
  RU: digits(6, '101000'),
  TR: { pattern: /^(0[1-9]|[1-7]\d|8[01])\d{3}$/, example: '34000' },
  SA: { pattern: /^\d{5}(-\d{4})?$/, example: '11564', format: zipPlusFour },
  ZA: digits(4, '0001'),
  CZ: { pattern: /^\d{3} \d{2}$/, example: '110 00', format: splitAt(3, ' ') },
  SK: { pattern: /^\d{3} \d{2}$/, example: '811 01', format: splitAt(3, ' ') },
  GR: { pattern: /^\d{3} \d{2}$/, example: '105 57', format: splitAt(3, ' ') },
  HU: digits(4, '1051'),
  RO: digits(6, '010011'),
  UA: digits(5, '01001'),
  IL: digits(7, '6100000'),
  EG: digits(5, '11511'),
  PK: digits(5, '44000'),
  BD: digits(4, '1000'),
  LK: digits(5, '00100'),
  CL: digits(7, '8320000'),
  CO: digits(6, '110111'),
  AR: { pattern: /^([A-Z]\d{4}[A-Z]{3}|\d{4})$/, example: 'C1002AAP' },
  LU: { pattern: /^\d{4}$/, example: '1009', format: (compact) => compact.replace(/^L/, '') },
}

/** Countries without postal codes: a code given there is dropped. */
const WITHOUT_POSTAL_CODES = new Set([
  'AE',
  'AG',
  'AO',
  'AW',
  'BF',
  'BI',
  'BJ',
  'BS',
  'BW',
  'BZ',
  'CD',
  'CF',
  'CG',
  'CI',
  'CK',
  'CM',
  'DJ',
  'DM',
  'ER',
  'FJ',
  'GD',
  'GM',
  'GQ',
  'GY',
  'HK',
  'KI',
  'KM',
  'KN',
  'KP',
  'LY',
  'ML',
  'MO',
  'MR',
  'MW',
  'NR',
  'NU',
  'QA',
  'RW',
  'SB',
  'SC',
  'SL',
  'SR',
  'ST',
  'SY',
  'TD',
  'TG',
  'TK',
  'TL',
  'TO',
  'TV',
  'UG',
  'VU',
  'YE',
  'ZW',
])

/** Free-form codes of the countries without a rule. */
const ANY_CODE = /^[A-Z0-9][A-Z0-9 -]{0,19}$/

/** What a country expects, for the form's hint. */
export type PostalCodeFormat = { kind: 'none' } | { kind: 'free' } | { kind: 'pattern'; example: string; required: boolean }

export function postalCodeFormat(country: string): PostalCodeFormat {
  if (WITHOUT_POSTAL_CODES.has(country)) return { kind: 'none' }
  const rule = RULES[country]
  return rule ? { kind: 'pattern', example: rule.example, required: !rule.optional } : { kind: 'free' }
}

export function postalCodeExample(country: string): string | undefined {
  return RULES[country]?.example
}

/** Countries whose postal codes are checked against a pattern. */
export const VALIDATED_POSTAL_CODE_COUNTRIES = Object.keys(RULES)

export type PostalCodeCheck = { ok: true; value: string } | { ok: false; reason: 'required' | 'format' }

/**
 * Validates a postal code for `country` and writes it the way the post office does: full-width
 * characters folded, upper case, single spaces, separators where the country puts them.
 */
export function checkPostalCode(country: string, raw: string): PostalCodeCheck {
  if (WITHOUT_POSTAL_CODES.has(country)) return { ok: true, value: '' }
  const cleaned = raw.normalize('NFKC').trim().toUpperCase().replace(/\s+/g, ' ')
  const rule = RULES[country]
  if (!cleaned) return rule && !rule.optional ? { ok: false, reason: 'required' } : { ok: true, value: '' }
  if (!rule) return ANY_CODE.test(cleaned) ? { ok: true, value: cleaned } : { ok: false, reason: 'format' }
  const compact = cleaned.replace(/[\s-]/g, '')
  const value = rule.format ? rule.format(compact) : compact
  return rule.pattern.test(value) ? { ok: true, value } : { ok: false, reason: 'format' }
}
