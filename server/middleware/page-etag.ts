import { createHash } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { ApiEnv } from './request-context'

/** What a 304 repeats of the full response (RFC 9110 §15.4.5). */
const KEPT_ON_NOT_MODIFIED = new Set(['cache-control', 'content-location', 'date', 'etag', 'expires', 'vary'])

/** A page the route declared shareable (`Cache-Control: public`): only those are the same for every visitor. */
export function isSharedPage(response: Response): boolean {
  const cacheControl = response.headers.get('cache-control') ?? ''
  return (
    response.status === 200 &&
    response.body !== null &&
    /^text\/html\b/i.test(response.headers.get('content-type') ?? '') &&
    /(^|,)\s*public\s*(,|$)/i.test(cacheControl) &&
    !/no-store|private/i.test(cacheControl) &&
    !response.headers.has('set-cookie')
  )
}

/** A weak validator of the page's content; the per-response CSP nonce is left out, or no two responses would match. */
export function weakEtag(body: string, nonce: string): string {
  const stable = nonce ? body.split(nonce).join('') : body
  return `W/"${createHash('sha256').update(stable).digest('base64url')}"`
}

/** If-None-Match uses the weak comparison: `W/"x"` and `"x"` match (RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(etag: string, header: string | undefined): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const opaque = etag.replace(/^W\//, '')
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque)
}

/**
 * Conditional GET for shared (anonymous) HTML pages: adds a weak ETag and answers 304 when the visitor already has
 * this version. Signed-in pages (private, no-store) and anything setting a cookie pass through untouched.
 */
export function pageEtag(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    await next()
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || !isSharedPage(c.res)) return
    const response = c.res
    const body = await response.text()
    const etag = weakEtag(body, c.get('secureHeadersNonce') ?? '')
    if (matchesIfNoneMatch(etag, c.req.header('if-none-match'))) {
      const headers = new Headers([['etag', etag]])
      for (const [name, value] of response.headers) if (KEPT_ON_NOT_MODIFIED.has(name)) headers.set(name, value)
      // Assigning c.res merges the old response's headers in; a 304 carries only the ones it must repeat.
      c.res = new Response(null, { status: 304, headers })
      for (const name of [...c.res.headers.keys()]) if (!KEPT_ON_NOT_MODIFIED.has(name)) c.res.headers.delete(name)
      return
    }
    const headers = new Headers(response.headers)
    headers.set('etag', etag)
    c.res = new Response(body, { status: response.status, headers })
  }
}
