import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { inputGuard } from './input-guard'
import type { ApiEnv } from './request-context'

/** Pages are everything outside /api; a page echoes what the guard decided and the form it still reads itself. */
function guardedApp() {
  const app = new Hono<ApiEnv>()
  app.use(inputGuard((path) => !path.startsWith('/api/')))
  app.all('/api/*', async (c) => c.json({ reached: true, body: await c.req.text() }))
  app.all('*', async (c) => {
    const type = c.req.header('content-type') ?? ''
    const form = /form/.test(type) ? Object.fromEntries([...(await c.req.raw.formData())].map(([k, v]) => [k, typeof v === 'string' ? v : v.name])) : null
    return c.json({ rejectedInput: c.get('rejectedInput') ?? null, form })
  })
  return app
}

async function page(response: Response) {
  return (await response.json()) as { rejectedInput: { status: number; message: string } | null; form: Record<string, string> | null }
}

describe('input guard', () => {
  it('marks a page request with a NUL in its query string for the error page, in the 400 range', async () => {
    const { rejectedInput } = await page(await guardedApp().request('/en/b2b/market?q=a%00b'))
    expect(rejectedInput).toEqual({ status: 400, message: expect.stringContaining('cannot be stored') })
  })

  it('marks a page path no route could decode, and refuses it on the API, as 400', async () => {
    const app = guardedApp()
    for (const path of ['/en/app/orders/%ZZ/view', '/en/hscode-demo/%E4%B8']) {
      expect((await page(await app.request(path))).rejectedInput, path).toEqual({ status: 400, message: 'The request could not be understood.' })
    }
    const refused = await app.request('/api/v1/things/%ZZ')
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ code: 'bad_request', message: 'The request could not be understood.' })
    expect((await page(await app.request('/en/b2b/product/%E4%B8%AD%20x'))).rejectedInput).toBeNull()
  })

  it('marks a NUL in a page path', async () => {
    expect((await page(await guardedApp().request('/en/b2b/product/a%00b'))).rejectedInput?.status).toBe(400)
  })

  it('marks a NUL in a urlencoded or a multipart page submission', async () => {
    const app = guardedApp()
    const urlencoded = await app.request('/en/login', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=a%00b' })
    expect((await page(urlencoded)).rejectedInput?.status).toBe(400)
    const form = new FormData()
    form.set('name', 'a\u0000b')
    expect((await page(await app.request('/en/app/products/edit', { method: 'POST', body: form }))).rejectedInput?.status).toBe(400)
    const upload = new FormData()
    upload.set('file', new File(['x'], 'a\u0000b.csv'))
    expect((await page(await app.request('/en/app/products/import', { method: 'POST', body: upload }))).rejectedInput?.status).toBe(400)
  })

  it('refuses a page submission that is not a form, with a body or without, as 415 before its action fails to read it', async () => {
    const app = guardedApp()
    const unsupported = { status: 415, message: 'This type of content is not supported.' }
    const json = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a@example.com' }) }
    expect((await page(await app.request('/en/login', json))).rejectedInput).toEqual(unsupported)
    expect((await page(await app.request('/en/login.data', json))).rejectedInput).toEqual(unsupported)
    expect((await page(await app.request('/en/login', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'email=a' }))).rejectedInput).toEqual(
      unsupported,
    )
    expect((await page(await app.request('/en/app/user/preference', { method: 'POST' }))).rejectedInput).toEqual(unsupported)
    expect((await page(await app.request('/en/app/orders/1', { method: 'DELETE', headers: { 'content-type': 'application/json' } }))).rejectedInput).toEqual(
      unsupported,
    )
    // Reading a page is not submitting one, whatever it says its content is.
    expect((await page(await app.request('/en/login', { headers: { 'content-type': 'application/json' } }))).rejectedInput).toBeNull()
    // An empty form is still a form.
    const empty = await app.request('/en/logout', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' })
    expect(await page(empty)).toEqual({ rejectedInput: null, form: {} })
  })

  it('leaves clean pages alone and their form readable by the action', async () => {
    const form = new FormData()
    form.set('name', '陶瓷杯 ☕')
    form.set('file', new File(['\u0000binary is fine'], 'data.bin'))
    const result = await page(await guardedApp().request('/en/app/products/edit?tab=1', { method: 'POST', body: form }))
    expect(result).toEqual({ rejectedInput: null, form: { name: '陶瓷杯 ☕', file: 'data.bin' } })
  })

  it('answers the API itself, and leaves a clean body for the handler to read', async () => {
    const app = guardedApp()
    const refused = await app.request('/api/v1/things?q=a%00b')
    expect(refused.status).toBe(422)
    const reached = await app.request('/api/v1/things', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"fine"}' })
    expect(await reached.json()).toEqual({ reached: true, body: '{"name":"fine"}' })
  })

  it('refuses a NUL hidden in a JSON escape and in a key, and a lone surrogate', async () => {
    const app = guardedApp()
    for (const body of ['{"name":"a\\u0000b"}', '{"a\\u0000":"b"}', '{"name":"\\ud800"}']) {
      const response = await app.request('/api/v1/things', { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      expect(response.status, body).toBe(422)
    }
  })

  it('treats an API body without a JSON content type as JSON, as the handlers do', async () => {
    const response = await guardedApp().request('/api/v1/things', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'null' })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { code: string }).code).toBe('invalid_body')
  })
})
