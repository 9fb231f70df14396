/** ISO 3166-1 alpha-2 codes; names come from Intl.DisplayNames in the reader's locale. */
export const COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA', 'BB', 'BD', 'BE',
  'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD',
  'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM',
  'DO', 'DZ', 'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF',
  'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM', 'HN', 'HR', 'HT', 'HU',
  'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN',
  'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME',
  'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
  'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM',
  'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI',
  'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK',
  'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
  'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
] as const
export type CountryCode = (typeof COUNTRY_CODES)[number]

const KNOWN = new Set<string>(COUNTRY_CODES)

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && KNOWN.has(value)
}

const displayNames = new Map<string, Intl.DisplayNames>()

/**
 * Names fixed here because runtimes disagree: Node's full ICU says "Hong Kong SAR China", Chromium's "Hong Kong",
 * and a server-rendered name must equal the one the browser renders while hydrating. These are the only codes that
 * differ between Node 24 and Debian's Chromium in our three locales (checked code by code).
 */
const FIXED_NAMES: Record<string, Record<string, string>> = {
  HK: { en: 'Hong Kong', 'zh-Hans': '中国香港', 'zh-Hant': '中國香港' },
  MO: { en: 'Macao', 'zh-Hans': '中国澳门', 'zh-Hant': '中國澳門' },
  FK: { en: 'Falkland Islands', 'zh-Hans': '福克兰群岛', 'zh-Hant': '福克蘭群島' },
  PS: { en: 'Palestine', 'zh-Hans': '巴勒斯坦', 'zh-Hant': '巴勒斯坦' },
}

/** The country's name in `locale` (falls back to the code when the runtime has no name for it). */
export function countryName(code: string, locale: string): string {
  const fixed = FIXED_NAMES[code]?.[locale]
  if (fixed) return fixed
  let names = displayNames.get(locale)
  if (!names) {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region' })
    displayNames.set(locale, names)
  }
  return names.of(code) ?? code
}

/** Every country as {code, name}, sorted by name in `locale`. */
export function countryOptions(locale: string): { code: CountryCode; name: string }[] {
  const collator = new Intl.Collator(locale)
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) => collator.compare(a.name, b.name))
}
