import type { MetaDescriptor } from 'react-router'
import { LOCALES, type Locale, localizePath } from './i18n/locales'

/** What a public page tells search engines and link previews about itself. */
export type SeoInput = {
  /** The public origin (`PUBLIC_URL`), without a trailing slash. */
  origin: string
  locale: Locale
  /** The locale-free path of the canonical URL, with the query that identifies the page if any (e.g. `/b2b/product/abc`). */
  path: string
  title: string
  description: string
  /** An absolute or origin-relative image URL for link previews. */
  image?: string | null
  type?: 'website' | 'product' | 'profile'
  /** Pages that should not be indexed (empty results, deep pages). */
  noindex?: boolean
}

const OG_LOCALE: Record<Locale, string> = { en: 'en_US', 'zh-Hans': 'zh_CN', 'zh-Hant': 'zh_TW' }

/** The absolute URL of a locale-free path in a locale. */
export function absoluteUrl(origin: string, locale: Locale, path: string): string {
  return `${origin}${localizePath(locale, path)}`
}

const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`)

/**
 * Title, description, canonical URL, `hreflang` alternates for every locale (plus x-default → English),
 * Open Graph and Twitter card tags. Descriptions are trimmed to what result pages show.
 */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const description = input.description.length > 160 ? `${input.description.slice(0, 157).trimEnd()}…` : input.description
  const canonical = absoluteUrl(input.origin, input.locale, input.path)
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    ...LOCALES.map((locale) => ({ tagName: 'link', rel: 'alternate', hrefLang: locale, href: absoluteUrl(input.origin, locale, input.path) })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: absoluteUrl(input.origin, 'en', input.path) },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: input.type === 'product' ? 'product' : input.type === 'profile' ? 'profile' : 'website' },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: OG_LOCALE[input.locale] },
    { property: 'og:site_name', content: 'Tradeport' },
    { name: 'twitter:card', content: input.image ? 'summary_large_image' : 'summary' },
  ]
  if (input.image) tags.push({ property: 'og:image', content: absolute(input.origin, input.image) })
  if (input.noindex) tags.push({ name: 'robots', content: 'noindex, follow' })
  return tags
}

/**
 * Route headers of a public page: anonymous views may be kept by shared caches for a minute, or `maxAgeSeconds` for a
 * page with fast-changing figures (per cookie, since the locale and colour mode live there); a signed-in view is
 * personal and stays private.
 */
export function publicPageHeaders(signedIn: boolean, maxAgeSeconds = 60): Record<string, string> {
  return { 'Cache-Control': signedIn ? 'private, no-cache' : `public, max-age=${maxAgeSeconds}`, Vary: 'Cookie' }
}
