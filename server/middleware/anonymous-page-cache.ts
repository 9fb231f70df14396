import { ExpiringLru } from '../../app/platform/lru'

type CachedPage = { status: number; headers: Array<[string, string]>; body: string; nonce: string }

/**
 * A micro-cache for pages rendered for anonymous visitors: a request without cookies or credentials
 * gets the same HTML (or route data) as every other such request, except for the CSP nonce, which is
 * swapped for this response's own. Anything personal (a cookie, a Set-Cookie, a non-200, a private or
 * no-store response) and anything but text (a PDF) is never cached.
 */
export class AnonymousPageCache {
  private readonly pages: ExpiringLru<string, CachedPage>

  constructor(
    private readonly ttlMs: number,
    maxPages: number,
    now: () => number = Date.now,
  ) {
    this.pages = new ExpiringLru(maxPages, now)
  }

  static cacheable(request: Request): boolean {
    const headers = request.headers
    return request.method === 'GET' && !headers.has('cookie') && !headers.has('authorization') && !headers.has('x-tradeport-fault')
  }

  /** Text (HTML, route data) that its route did not mark as one visitor's own: a PDF or a private page is never kept. */
  static shareable(response: Response): boolean {
    const type = response.headers.get('content-type') ?? ''
    const control = response.headers.get('cache-control') ?? ''
    return (type.startsWith('text/') || type.includes('json')) && !/\b(private|no-store)\b/.test(control)
  }

  /** The cached page, or `render`'s response, kept for `ttlMs` (the cache's own by default) when it may be shared. */
  async respond(request: Request, nonce: string, render: () => Promise<Response>, ttlMs: number = this.ttlMs): Promise<Response> {
    const url = new URL(request.url)
    const key = `${url.pathname}${url.search}`
    const cached = this.pages.get(key)
    if (cached) return this.replay(cached, nonce)
    const response = await render()
    if (response.status !== 200 || response.headers.has('set-cookie') || !response.body || !AnonymousPageCache.shareable(response)) return response
    const page: CachedPage = { status: response.status, headers: [...response.headers], body: await response.text(), nonce }
    this.pages.set(key, page, ttlMs)
    return this.replay(page, nonce)
  }

  private replay(page: CachedPage, nonce: string): Response {
    const body = page.nonce && page.nonce !== nonce ? page.body.split(`nonce="${page.nonce}"`).join(`nonce="${nonce}"`) : page.body
    return new Response(body, { status: page.status, headers: page.headers })
  }
}
