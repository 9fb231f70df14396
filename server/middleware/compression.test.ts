import { availableParallelism } from 'node:os'
import zlib from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { acceptedEncoding, compression, inLane } from './compression'

const BIG = JSON.stringify({ items: Array.from({ length: 200 }, (_, index) => ({ id: index, name: `Clay teapot ${index}` })) })

function app(): Hono {
  const hono = new Hono()
  hono.use(compression())
  hono.get('/json', (c) => {
    c.header('Set-Cookie', 'a=1')
    return c.json(JSON.parse(BIG) as unknown)
  })
  hono.get('/small', (c) => c.json({ ok: true }))
  hono.get('/tagged', (c) => c.body(BIG, 200, { 'content-type': 'application/json', etag: '"v1"' }))
  hono.get('/no-transform', (c) => c.body(BIG, 200, { 'content-type': 'application/json', 'cache-control': 'no-transform' }))
  hono.get('/events', (c) => c.body(BIG, 200, { 'content-type': 'text/event-stream' }))
  hono.get('/stream', () => {
    const parts = ['id,name\n', ...Array.from({ length: 50 }, (_, index) => `${index},Clay teapot ${index}\n`)]
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const part = parts.shift()
        if (part === undefined) controller.close()
        else controller.enqueue(new TextEncoder().encode(part))
      },
    })
    return new Response(body, { headers: { 'content-type': 'text/csv; charset=utf-8' } })
  })
  return hono
}

async function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Response> {
  return app().request(path, { method, headers })
}

const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer())

describe('compression', () => {
  it('sends Brotli to a browser, with the encoded length, the type and a Vary', async () => {
    const response = await get('/json', { 'accept-encoding': 'gzip, deflate, br, zstd' })
    const body = await bytes(response)
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(response.headers.get('content-length')).toBe(String(body.length))
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('vary')).toBe('Accept-Encoding')
    expect(response.headers.getSetCookie()).toEqual(['a=1'])
    expect(body.length).toBeLessThan(BIG.length / 4)
    expect(zlib.brotliDecompressSync(body).toString()).toBe(BIG)
  })

  it('sends gzip to a client that takes only gzip, or refuses Brotli', async () => {
    for (const header of ['gzip', 'br;q=0, gzip']) {
      const response = await get('/json', { 'accept-encoding': header })
      expect(response.headers.get('content-encoding')).toBe('gzip')
      expect(zlib.gunzipSync(await bytes(response)).toString()).toBe(BIG)
    }
  })

  it('sends the bytes as they are without Accept-Encoding, to a HEAD, below 1 kB, for no-transform and event streams', async () => {
    const plain = await get('/json')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toBe('Accept-Encoding')
    expect((await bytes(plain)).toString()).toBe(BIG)
    const browser = { 'accept-encoding': 'gzip, br' }
    expect((await get('/json', browser, 'HEAD')).headers.get('content-encoding')).toBeNull()
    const small = await get('/small', browser)
    expect(small.headers.get('content-encoding')).toBeNull()
    expect(await small.json()).toEqual({ ok: true })
    expect((await get('/no-transform', browser)).headers.get('content-encoding')).toBeNull()
    const events = await get('/events', browser)
    expect(events.headers.get('content-encoding')).toBeNull()
    expect((await bytes(events)).toString()).toBe(BIG)
  })

  it('leaves the body unread for a client without Accept-Encoding, so the server can write it as it is', async () => {
    let reads = 0
    const hono = new Hono()
    hono.use(compression())
    hono.get('/json', () => {
      const response = new Response(BIG, { headers: { 'content-type': 'application/json' } })
      const body = response.body
      Object.defineProperty(response, 'body', {
        get: () => {
          reads++
          return body
        },
      })
      return response
    })
    const plain = await hono.request('/json')
    expect(plain.headers.get('vary')).toBe('Accept-Encoding')
    expect(reads).toBe(0)
    expect(await plain.text()).toBe(BIG)
    const encoded = await hono.request('/json', { headers: { 'accept-encoding': 'br' } })
    expect(encoded.headers.get('content-encoding')).toBe('br')
    expect(reads).toBeGreaterThan(0)
  })

  it('weakens a strong ETag on encoded bytes', async () => {
    const response = await get('/tagged', { 'accept-encoding': 'br' })
    expect(response.headers.get('etag')).toBe('W/"v1"')
    expect((await get('/tagged')).headers.get('etag')).toBe('"v1"')
  })

  it('keeps a body of many chunks streaming, through gzip, without a length', async () => {
    const expected = `id,name\n${Array.from({ length: 50 }, (_, index) => `${index},Clay teapot ${index}\n`).join('')}`
    const gzipped = await get('/stream', { 'accept-encoding': 'br, gzip' })
    expect(gzipped.headers.get('content-encoding')).toBe('gzip')
    expect(gzipped.headers.get('content-length')).toBeNull()
    expect(zlib.gunzipSync(await bytes(gzipped)).toString()).toBe(expected)
    const brotliOnly = await get('/stream', { 'accept-encoding': 'br' })
    expect(brotliOnly.headers.get('content-encoding')).toBeNull()
    expect((await bytes(brotliOnly)).toString()).toBe(expected)
  })
})

describe('acceptedEncoding', () => {
  it('takes the highest weight, Brotli first on a tie, and * for the rest', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br')
    expect(acceptedEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip')
    expect(acceptedEncoding('*;q=0.5')).toBe('br')
    expect(acceptedEncoding('identity')).toBeUndefined()
    expect(acceptedEncoding('br;q=0, gzip;q=0')).toBeUndefined()
    expect(acceptedEncoding(undefined)).toBeUndefined()
  })
})

describe('compression lanes', () => {
  it('run at most as many compressions at a time as there are lanes (two on two cores), hand a freed lane to the next in line, and survive a failure', async () => {
    let active = 0
    let most = 0
    const finished: number[] = []
    const task = (index: number) =>
      inLane(async () => {
        active++
        most = Math.max(most, active)
        await new Promise((resolve) => setTimeout(resolve, 5))
        active--
        if (index === 3) throw new Error('compression failed')
        finished.push(index)
        return index
      })
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, index) => task(index)))
    expect(most).toBe(Math.min(8, Math.max(2, Math.floor(availableParallelism() / 2))))
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(1)
    expect(finished.sort()).toEqual([0, 1, 2, 4, 5, 6, 7])
    // Every lane is free again: new tasks start at once.
    active = 0
    most = 0
    await Promise.all([task(10), task(11)])
    expect(most).toBe(2)
  })

  it('answers every one of many simultaneous requests, each body whole', async () => {
    const hono = app()
    const responses = await Promise.all(Array.from({ length: 12 }, () => hono.request('/json', { headers: { 'accept-encoding': 'br' } })))
    for (const response of responses) {
      expect(response.headers.get('content-encoding')).toBe('br')
      expect(zlib.brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(BIG)
    }
  })
})
