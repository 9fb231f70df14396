import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createHttpClient, HttpError, RETRY_STATUS_CODES, TimeoutError } from './client'

type Seen = { method: string; path: string; contentType: string | undefined; body: string }

let server: Server
let baseURL: string
const seen: Seen[] = []

/** /status/{code} answers that status with a JSON error body; /slow waits; /flaky fails once, then answers. */
async function handle(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const url = new URL(req.url ?? '/', 'http://localhost')
  seen.push({ method: req.method ?? '', path: url.pathname, contentType: req.headers['content-type'], body: Buffer.concat(chunks).toString() })
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(req.method === 'HEAD' ? undefined : JSON.stringify(body))
  }
  const status = /^\/status\/(\d{3})$/.exec(url.pathname)?.[1]
  if (status) return json(Number(status), { code: 'failed', message: `status ${status}` })
  if (url.pathname === '/slow') return void setTimeout(() => json(200, { late: true }), 500)
  if (url.pathname === '/flaky')
    return seen.filter((s) => s.path === '/flaky').length === 1 ? json(503, { code: 'unavailable', message: 'try again' }) : json(200, { ok: true })
  if (url.pathname === '/plain-error') {
    res.writeHead(502, { 'content-type': 'text/plain' })
    return res.end('Bad Gateway')
  }
  return json(200, { method: req.method, query: Object.fromEntries(url.searchParams) })
}

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  seen.length = 0
})

const client = () => createHttpClient({ baseURL })
const hits = (path: string) => seen.filter((s) => s.path === path).length

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('the request should have failed'),
    (error: unknown) => error,
  )
}

describe('retries', () => {
  it.each(RETRY_STATUS_CODES)('retries a GET once on %i, then fails', async (status) => {
    const error = await failure(client()(`/status/${status}`))
    expect(error).toBeInstanceOf(HttpError)
    expect(hits(`/status/${status}`)).toBe(2)
  })

  it.each(RETRY_STATUS_CODES)('retries a HEAD once on %i, then fails', async (status) => {
    await failure(client()(`/status/${status}`, { method: 'HEAD' }))
    expect(hits(`/status/${status}`)).toBe(2)
  })

  it('answers with the retry when it succeeds', async () => {
    await expect(client()('/flaky')).resolves.toEqual({ ok: true })
    expect(hits('/flaky')).toBe(2)
  })

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('never retries a %s', async (method) => {
    for (const status of [503, 429, 409]) {
      const error = await failure(client()(`/status/${status}`, { method, body: { a: 1 } }))
      expect(error).toMatchObject({ status })
      expect(hits(`/status/${status}`)).toBe(1)
      seen.length = 0
    }
  })

  it('does not retry statuses outside the list, such as 404', async () => {
    for (const status of [400, 401, 403, 404, 422, 501]) {
      await failure(client()(`/status/${status}`))
      expect(hits(`/status/${status}`), String(status)).toBe(1)
    }
  })
})

describe('errors', () => {
  it('raises statuses 400–599 as an HttpError with the status, the response data and its message', async () => {
    const error = await failure(client()('/status/422'))
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ status: 422, data: { code: 'failed', message: 'status 422' }, message: 'status 422' })
  })

  it('falls back to the status line when the body carries no message', async () => {
    const error = await failure(client()('/plain-error'))
    expect(error).toMatchObject({ status: 502, data: 'Bad Gateway', message: '502 Bad Gateway' })
  })

  it('raises a TimeoutError with code 23 when the answer takes too long', async () => {
    const error = await failure(createHttpClient({ baseURL, timeoutMs: 100 })('/slow'))
    expect(error).toBeInstanceOf(TimeoutError)
    expect(error).toMatchObject({ name: 'TimeoutError', code: 23, message: 'aborted due to timeout' })
  })
})

describe('requests', () => {
  it('sends bodies as JSON and query parameters in the URL', async () => {
    await expect(client()('/echo', { method: 'POST', body: { currency: 'CNY' }, query: { page: 2 } })).resolves.toEqual({
      method: 'POST',
      query: { page: '2' },
    })
    expect(seen[0]).toMatchObject({ contentType: 'application/json', body: '{"currency":"CNY"}' })
  })

  it('sends the cookies of the same origin only', async () => {
    const inits: RequestInit[] = []
    const recording: typeof fetch = async (_input, init) => {
      inits.push(init ?? {})
      return Response.json({})
    }
    await createHttpClient({ baseURL, fetch: recording })('/anything')
    expect(inits[0]?.credentials).toBe('same-origin')
  })
})
