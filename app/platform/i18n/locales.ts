export const LOCALES = ['en', 'zh-Hans', 'zh-Hant'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'

export const LOCALE_COOKIE = 'i18n_redirected'
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

/** The locale entries of §3: code, ISO language tag and direction. */
export const LOCALE_ENTRIES: Record<Locale, { code: Locale; language: string; dir: 'ltr' | 'rtl'; nativeName: string }> = {
  en: { code: 'en', language: 'en-US', dir: 'ltr', nativeName: 'English' },
  'zh-Hans': { code: 'zh-Hans', language: 'zh-CN', dir: 'ltr', nativeName: '简体中文' },
  'zh-Hant': { code: 'zh-Hant', language: 'zh-TW', dir: 'ltr', nativeName: '繁體中文' },
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

const TRADITIONAL_REGIONS = new Set(['tw', 'hk', 'mo'])

/** Maps a BCP 47 tag (zh-TW, zh-Hant-HK, en-GB, zh) to one of the product locales, or null. */
export function matchLocale(tag: string): Locale | null {
  const parts = tag.trim().toLowerCase().split(/[-_]/)
  const [language, ...rest] = parts
  if (language === 'en') return 'en'
  if (language !== 'zh') return null
  if (rest.includes('hant')) return 'zh-Hant'
  if (rest.includes('hans')) return 'zh-Hans'
  return rest.some((part) => TRADITIONAL_REGIONS.has(part)) ? 'zh-Hant' : 'zh-Hans'
}

/** Accept-Language entries ordered by quality, highest first (stable for equal weights). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .map((entry, position) => {
      const [tag = '', ...params] = entry.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const quality = q ? Number.parseFloat(q.slice(2)) : 1
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, position }
    })
    .filter((e) => e.tag && e.tag !== '*' && e.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.position - b.position)
    .map((e) => e.tag)
}

/** §4: the language cookie first, then the browser's languages, then the fallback. */
export function detectLocale(input: { cookieLocale?: string | null; acceptLanguage?: string | null }): Locale {
  if (isLocale(input.cookieLocale)) return input.cookieLocale
  for (const tag of parseAcceptLanguage(input.acceptLanguage)) {
    const match = matchLocale(tag)
    if (match) return match
  }
  return DEFAULT_LOCALE
}

/** Splits `/zh-Hans/app/x` into the locale and the rest of the path (`/app/x`). */
export function splitLocalePath(pathname: string): { locale: Locale | null; rest: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname)
  const first = match?.[1]
  if (first && isLocale(first)) return { locale: first, rest: match?.[2] ?? '/' }
  return { locale: null, rest: pathname }
}

export function localizePath(locale: Locale, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`
}
