import { describe, expect, it } from 'vitest'
import { AnonymousPageCache } from './anonymous-page-cache'

const page = (nonce: string) => `<html><script nonce="${nonce}">x</script><link nonce="${nonce}"></html>`

describe('anonymous page cache', () => {
  it('renders once and replays with each response’s own nonce', async () => {
    const cache = new AnonymousPageCache(10_000, 10, () => 0)
    let renders = 0
    const render = (nonce: string) => async () => {
      renders += 1
      return new Response(page(nonce), { headers: { 'content-type': 'text/html' } })
    }
    const request = new Request('http://localhost/en')
    expect(await (await cache.respond(request, 'first', render('first'))).text()).toBe(page('first'))
    expect(await (await cache.respond(request, 'second', render('second'))).text()).toBe(page('second'))
    expect(renders).toBe(1)
  })

  it('never caches a response that sets a cookie or is not a 200', async () => {
    const cache = new AnonymousPageCache(10_000, 10, () => 0)
    let renders = 0
    const request = new Request('http://localhost/en/nothing')
    const notFound = async () => {
      renders += 1
      return new Response('missing', { status: 404 })
    }
    await cache.respond(request, 'n', notFound)
    await cache.respond(request, 'n', notFound)
    const withCookie = async () => {
      renders += 1
      return new Response('x', { headers: { 'set-cookie': 'a=1' } })
    }
    await cache.respond(new Request('http://localhost/en/cookie'), 'n', withCookie)
    await cache.respond(new Request('http://localhost/en/cookie'), 'n', withCookie)
    expect(renders).toBe(4)
  })

  it('serves only anonymous GET requests', () => {
    expect(AnonymousPageCache.cacheable(new Request('http://localhost/en'))).toBe(true)
    expect(AnonymousPageCache.cacheable(new Request('http://localhost/en', { headers: { cookie: 'a=1' } }))).toBe(false)
    expect(AnonymousPageCache.cacheable(new Request('http://localhost/en', { headers: { authorization: 'Bearer x' } }))).toBe(false)
    expect(AnonymousPageCache.cacheable(new Request('http://localhost/en', { method: 'POST' }))).toBe(false)
  })

  it('renders again after the time to live', async () => {
    let now = 0
    const cache = new AnonymousPageCache(1000, 10, () => now)
    let renders = 0
    const render = async () => {
      renders += 1
      return new Response('page')
    }
    const request = new Request('http://localhost/en')
    await cache.respond(request, 'n', render)
    now = 1001
    await cache.respond(request, 'n', render)
    expect(renders).toBe(2)
  })

  it('keeps a page for the time to live its caller asks, the static pages’ hour instead of seconds', async () => {
    let now = 0
    const cache = new AnonymousPageCache(1000, 10, () => now)
    let renders = 0
    const render = async () => {
      renders += 1
      return new Response('page', { headers: { 'content-type': 'text/html' } })
    }
    const request = new Request('http://localhost/en/marketing')
    await cache.respond(request, 'n', render, 60_000)
    now = 59_999
    await cache.respond(request, 'n', render, 60_000)
    expect(renders).toBe(1)
    now = 60_001
    await cache.respond(request, 'n', render, 60_000)
    expect(renders).toBe(2)
  })

  it('keeps neither a PDF (whose bytes pass untouched) nor a page its route marked private', async () => {
    const cache = new AnonymousPageCache(10_000, 10)
    let renders = 0
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0xfe, 0x00, 0x80])
    const pdf = async () => {
      renders += 1
      return new Response(bytes, { headers: { 'content-type': 'application/pdf' } })
    }
    const first = await cache.respond(new Request('http://localhost/en/view/pdf?token=t'), 'n', pdf)
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(bytes)
    await cache.respond(new Request('http://localhost/en/view/pdf?token=t'), 'n', pdf)
    const shared = async () => {
      renders += 1
      return new Response('<p>shared</p>', { headers: { 'content-type': 'text/html', 'cache-control': 'private, no-store' } })
    }
    await cache.respond(new Request('http://localhost/en/view?token=t'), 'n', shared)
    await cache.respond(new Request('http://localhost/en/view?token=t'), 'n', shared)
    expect(renders).toBe(4)
  })
})
