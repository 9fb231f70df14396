import { and, asc, eq, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm'
import { database, forgetOnDatabaseChange } from '../../platform/db/index.server'
import { LOCALES } from '../../platform/i18n/locales'
import { absoluteUrl } from '../../platform/seo'
import { SERVICE_TYPES } from '../companies/index'
import { publicCompanyCards as companies } from '../companies/index.server'
import { products } from './catalog.tables.server'
import { visibleProduct } from './product-visibility.server'
import { DIRECTORY_KINDS } from './supplier-directory.service.server'

/** The protocol allows 50,000; smaller files are cheaper to build and to fetch. */
export const SITEMAP_MAX_URLS = 10_000
/** Every record is listed once per locale, so a page holds this many records. */
export const SITEMAP_RECORDS_PER_PAGE = Math.floor(SITEMAP_MAX_URLS / LOCALES.length)
/** Public pages that are not records, locale-free. */
export const STATIC_SITEMAP_PATHS = [
  '/',
  '/b2b',
  '/b2b/market',
  '/b2b/company',
  '/supplier/onboard',
  '/service',
  ...SERVICE_TYPES.map((type) => `/services/${type}`),
  '/pricing',
  '/marketing',
  '/sourcing',
  '/supplier/portal',
] as const
/** Page boundaries are recomputed at most this often; the sitemap's own max-age is the same. */
const BOUNDARY_TTL_MS = 60 * 60 * 1000

export const SITEMAP_KINDS = ['products', 'companies'] as const
export type SitemapKind = (typeof SITEMAP_KINDS)[number]

export type SitemapEntry = { path: string; lastmod: Date | null }

/** Published products of live companies: id and last change, with `extra` conditions. */
function listedProducts(extra?: SQL) {
  return database()
    .select({ id: products.id, lastmod: products.updatedAt })
    .from(products)
    .innerJoin(companies, eq(companies.id, products.organizationId))
    .where(and(eq(products.status, 'published'), visibleProduct(), isNull(companies.deletedAt), extra))
}

/** The companies the directory lists: id and last change, with `extra` conditions. */
function listedCompanies(extra?: SQL) {
  return database()
    .select({ id: companies.id, lastmod: companies.updatedAt })
    .from(companies)
    .where(and(isNull(companies.deletedAt), inArray(companies.kind, [...DIRECTORY_KINDS]), extra))
}

const SOURCES = {
  products: { id: products.id, path: (id: string) => `/b2b/product/${encodeURIComponent(id)}`, listed: listedProducts },
  companies: { id: companies.id, path: (id: string) => `/b2b/company/${encodeURIComponent(id)}`, listed: listedCompanies },
}

const boundaryCache = forgetOnDatabaseChange(new Map<SitemapKind, { starts: string[]; expiresAt: number }>())

/**
 * The first id of every page, in id order: one pass over the ids (an hour apart at most) so that each page is then
 * read by an id range (keyset) instead of an ever deeper OFFSET.
 */
async function pageStarts(kind: SitemapKind, now = Date.now()): Promise<string[]> {
  const cached = boundaryCache.get(kind)
  if (cached && cached.expiresAt > now) return cached.starts
  const records = SOURCES[kind].listed().as('records')
  const numbered = database()
    .select({ id: records.id, position: sql<number>`row_number() over (order by ${records.id})`.as('position') })
    .from(records)
    .as('numbered')
  const rows = await database()
    .select({ id: numbered.id })
    .from(numbered)
    .where(sql`(${numbered.position} - 1) % ${sql.raw(String(SITEMAP_RECORDS_PER_PAGE))} = 0`)
    .orderBy(asc(numbered.id))
  const starts = rows.map((row) => row.id)
  boundaryCache.set(kind, { starts, expiresAt: now + BOUNDARY_TTL_MS })
  return starts
}

/** Forgets the cached page boundaries (tests, or after a bulk import). */
export function resetSitemapCache(): void {
  boundaryCache.clear()
}

/** How many pages each record sitemap has (at least one, so the index never points at nothing). */
export async function sitemapPageCounts(): Promise<Record<SitemapKind, number>> {
  const [productStarts, companyStarts] = await Promise.all([pageStarts('products'), pageStarts('companies')])
  return { products: Math.max(productStarts.length, 1), companies: Math.max(companyStarts.length, 1) }
}

/** The records of one page (1-based), or null for a page that does not exist. */
export async function sitemapPage(kind: SitemapKind, page: number): Promise<SitemapEntry[] | null> {
  const starts = await pageStarts(kind)
  if (!Number.isSafeInteger(page) || page < 1 || page > Math.max(starts.length, 1)) return null
  const start = starts[page - 1]
  if (start === undefined) return []
  const source = SOURCES[kind]
  const next = starts[page]
  const rows = await source
    .listed(and(gte(source.id, start), next === undefined ? undefined : lt(source.id, next)))
    .orderBy(asc(source.id))
    .limit(SITEMAP_RECORDS_PER_PAGE)
  return rows.map((row) => ({ path: source.path(row.id), lastmod: row.lastmod }))
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`)
const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>'

/** `<sitemapindex>` pointing at every page of every sitemap. */
export function sitemapIndexXml(origin: string, counts: Record<SitemapKind, number>): string {
  const locations = [
    `${origin}/sitemaps/pages.xml`,
    ...SITEMAP_KINDS.flatMap((kind) => Array.from({ length: counts[kind] }, (_, index) => `${origin}/sitemaps/${kind}-${index + 1}.xml`)),
  ]
  const body = locations.map((location) => `<sitemap><loc>${escapeXml(location)}</loc></sitemap>`).join('\n')
  return `${XML_HEADER}\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`
}

/** `<urlset>` with one `<url>` per record and locale, each naming every locale's version (and x-default) as alternates. */
export function urlSetXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.flatMap((entry) => {
    const alternates = [
      ...LOCALES.map((locale) => [locale, absoluteUrl(origin, locale, entry.path)] as const),
      ['x-default', absoluteUrl(origin, 'en', entry.path)] as const,
    ]
      .map(([hreflang, href]) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`)
      .join('')
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : ''
    return LOCALES.map((locale) => `<url><loc>${escapeXml(absoluteUrl(origin, locale, entry.path))}</loc>${lastmod}${alternates}</url>`)
  })
  return `${XML_HEADER}\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
}

/** The static public pages; they carry no lastmod because nothing records when their content changed. */
export function staticSitemapEntries(): SitemapEntry[] {
  return STATIC_SITEMAP_PATHS.map((path) => ({ path, lastmod: null }))
}
