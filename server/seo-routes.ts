import { Hono } from 'hono'
import {
  SITEMAP_KINDS,
  type SitemapKind,
  sitemapIndexXml,
  sitemapPage,
  sitemapPageCounts,
  staticSitemapEntries,
  urlSetXml,
} from '../app/modules/catalog/index.server'
import { hsSitemapPaths } from '../app/modules/compliance/index.server'
import type { Env } from '../app/platform/env.server'
import type { ApiEnv } from './middleware/request-context'

/** Sitemaps change slowly and cost a query: crawlers and shared caches may keep them an hour. */
const SITEMAP_CACHE = 'public, max-age=3600'
const XML = 'application/xml; charset=utf-8'
const SITEMAP_FILE = new RegExp(`^(${SITEMAP_KINDS.join('|')})-([1-9]\\d{0,5})\\.xml$`)

/** Signed-in areas, auth steps and preference switches: nothing there for a search engine. */
const PRIVATE_PAGES = ['/app/', '/login', '/confirm', '/auth/', '/onboarding', '/locale', '/color-mode']

/** robots.txt: public pages open, the API and private or per-visitor pages closed, and where the sitemap is. */
export function robotsTxt(origin: string): string {
  const disallowed = ['/api/', ...PRIVATE_PAGES.map((path) => `/*${path}`)]
  return ['User-agent: *', 'Allow: /', ...disallowed.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n')
}

function sitemapFile(name: string): { kind: SitemapKind; page: number } | null {
  const match = SITEMAP_FILE.exec(name)
  return match ? { kind: match[1] as SitemapKind, page: Number(match[2]) } : null
}

/** `/robots.txt`, the `/sitemap.xml` index and its pages under `/sitemaps/`; absolute URLs come from PUBLIC_URL. */
export function createSeoRouter(config: Pick<Env, 'PUBLIC_URL'>) {
  const origin = config.PUBLIC_URL
  const router = new Hono<ApiEnv>()

  router.get('/robots.txt', (c) => c.body(robotsTxt(origin), 200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': SITEMAP_CACHE }))

  router.get('/sitemap.xml', async (c) =>
    c.body(sitemapIndexXml(origin, await sitemapPageCounts()), 200, { 'content-type': XML, 'cache-control': SITEMAP_CACHE }),
  )

  router.get('/sitemaps/:file', async (c) => {
    const file = c.req.param('file')
    const entries =
      file === 'pages.xml' ? [...staticSitemapEntries(), ...(await hsSitemapPaths()).map((path) => ({ path, lastmod: null }))] : await pageOf(sitemapFile(file))
    if (!entries) return c.text(`Not found: ${c.req.path}\n`, 404)
    return c.body(urlSetXml(origin, entries), 200, { 'content-type': XML, 'cache-control': SITEMAP_CACHE })
  })

  return router
}

async function pageOf(file: { kind: SitemapKind; page: number } | null) {
  return file ? sitemapPage(file.kind, file.page) : null
}
