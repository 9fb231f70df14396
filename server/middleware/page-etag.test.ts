import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { matchesIfNoneMatch, pageEtag, weakEtag } from './page-etag'
import type { ApiEnv } from './request-context'

const PUBLIC = 'public, max-age=60'
const page = (nonce: string) => `<html><script nonce="${nonce}">x</script></html>`

/** A page answered with the given headers, rendered with a fresh nonce per request (as the security middleware does). */
function appWith(headers: Record<string, string>, status = 200) {
  const app = new Hono<ApiEnv>()
  let requests = 0
  app.use(async (c, next) => {
    c.set('secureHeadersNonce', `nonce-${++requests}`)
    await next()
  })
  app.use(pageEtag())
  app.all('*', (c) => c.body(page(c.get('secureHeadersNonce') ?? ''), status as 200, { 'content-type': 'text/html; charset=utf-8', ...headers }))
  return app
}

describe('page ETag', () => {
  it('gives a shared page the same weak ETag whatever its nonce, and keeps the body', async () => {
    const app = appWith({ 'cache-control': PUBLIC, vary: 'Cookie' })
    const first = await app.request('/en/b2b/company')
    const second = await app.request('/en/b2b/company')
    expect(first.headers.get('etag')).toMatch(/^W\/"[\w-]+"$/)
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(await second.text()).toBe(page('nonce-2'))
  })

  it('answers 304 without a body when the visitor has this version', async () => {
    const app = appWith({ 'cache-control': PUBLIC, vary: 'Cookie', 'x-other': 'dropped' })
    const etag = (await app.request('/en/b2b/company')).headers.get('etag') ?? ''
    for (const ifNoneMatch of [etag, etag.replace(/^W\//, ''), `"other", ${etag}`, '*']) {
      const response = await app.request('/en/b2b/company', { headers: { 'if-none-match': ifNoneMatch } })
      expect(response.status, ifNoneMatch).toBe(304)
      expect(await response.text()).toBe('')
      expect(response.headers.get('etag')).toBe(etag)
      expect(response.headers.get('cache-control')).toBe(PUBLIC)
      expect(response.headers.get('vary')).toBe('Cookie')
      expect(response.headers.has('content-type')).toBe(false)
      expect(response.headers.has('x-other')).toBe(false)
    }
  })

  it('renders the page again when the visitor’s version is stale', async () => {
    const response = await appWith({ 'cache-control': PUBLIC }).request('/en', { headers: { 'if-none-match': 'W/"stale"' } })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(page('nonce-1'))
  })

  it('leaves signed-in, cookie-setting, uncached, failed and non-HTML responses alone', async () => {
    const cases: Array<[Record<string, string>, number]> = [
      [{ 'cache-control': 'private, no-store' }, 200],
      [{}, 200],
      [{ 'cache-control': PUBLIC, 'set-cookie': 'a=b' }, 200],
      [{ 'cache-control': PUBLIC }, 404],
      [{ 'cache-control': PUBLIC, 'content-type': 'application/json' }, 200],
    ]
    for (const [headers, status] of cases) {
      const response = await appWith(headers, status).request('/en', { headers: { 'if-none-match': '*' } })
      expect(response.status, JSON.stringify(headers)).toBe(status)
      expect(response.headers.has('etag'), JSON.stringify(headers)).toBe(false)
    }
  })

  it('ignores page writes', async () => {
    const response = await appWith({ 'cache-control': PUBLIC }).request('/en', { method: 'POST', headers: { 'if-none-match': '*' } })
    expect(response.status).toBe(200)
    expect(response.headers.has('etag')).toBe(false)
  })
})

describe('ETag helpers', () => {
  it('compares weakly and ignores the nonce', () => {
    expect(weakEtag(page('a'), 'a')).toBe(weakEtag(page('b'), 'b'))
    expect(weakEtag('<p>one</p>', '')).not.toBe(weakEtag('<p>two</p>', ''))
    expect(matchesIfNoneMatch('W/"x"', '"x"')).toBe(true)
    expect(matchesIfNoneMatch('W/"x"', 'W/"y"')).toBe(false)
    expect(matchesIfNoneMatch('W/"x"', undefined)).toBe(false)
  })
})
