import { LOCALES, localizePath } from '../app/platform/i18n/locales'

/**
 * Public pages whose content changes only with a deploy (ADR 054): rendered when the server starts and then kept an hour
 * for anonymous visitors — the HTML and its route data (`.data`) alike — instead of the anonymous page cache's seconds.
 * An hour, not for ever: every page carries the root's reference exchange rates, which the hourly import may change.
 */
export const STATIC_PAGES = ['/marketing', '/supplier/portal'] as const
export const STATIC_PAGE_TTL_MS = 60 * 60 * 1000

const STATIC_PATHS = new Set(LOCALES.flatMap((locale) => STATIC_PAGES.map((page) => localizePath(locale, page))))
const DATA_SUFFIX = '.data'

/** Whether a request path is a static page or its route data (`/en/marketing`, `/en/marketing.data`). */
export function isStaticPagePath(path: string): boolean {
  return STATIC_PATHS.has(path.endsWith(DATA_SUFFIX) ? path.slice(0, -DATA_SUFFIX.length) : path)
}

/** Anything that answers a request: the HTTP app. */
type Fetcher = { fetch(request: Request): Response | Promise<Response> }

/**
 * Prerenders the static pages into the anonymous page cache: each page and its route data in every locale, one after the
 * other (a dozen renders, not a burst at start). Returns how many rendered; a page that fails is left to its first visitor.
 */
export async function prerenderStaticPages(app: Fetcher, origin: string): Promise<{ rendered: number; failed: string[] }> {
  let rendered = 0
  const failed: string[] = []
  for (const path of STATIC_PATHS) {
    for (const target of [path, `${path}${DATA_SUFFIX}`]) {
      const response = await app.fetch(new Request(`${origin}${target}`))
      await response.body?.cancel()
      if (response.status === 200) rendered += 1
      else failed.push(`${target} (${response.status})`)
    }
  }
  return { rendered, failed }
}
