import { randomUUID } from 'node:crypto'
import type { RouterContextProvider } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { env } from '../../app/platform/env.server'
import { requestInfoContext } from '../../app/platform/request-info'
import { createHttpApp } from '../http-app'
import { createMember } from '../../db/factories/companies'
import { type CookieJar, call, signInWithCookies, testApp } from '../../tests/support/http'
import { TEST_PUBLIC_URL } from '../../tests/support/test-env'

/**
 * Issue 15, findings 4 and 5 (ADR 018): every operation of the OpenAPI document (ours and Better Auth's) is
 * called with a NUL byte in a path parameter, in each query parameter and in its body, and with JSON bodies
 * that are not objects. Each gets the input guard's 4xx, anonymous callers included: had any handler run
 * first, they would get 401 instead, and a handler that reached the database with a NUL would answer 500.
 */

type Operation = {
  parameters?: Array<{ name: string; in: string; required?: boolean; example?: unknown; schema?: { example?: unknown; default?: unknown } }>
  requestBody?: { content?: Record<string, { schema?: { $ref?: string; example?: unknown } }> }
}
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, { example?: unknown }> } }

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
const WRITES = new Set(['post', 'put', 'patch', 'delete'])
const NUL = 'a\u0000b'
const LONE_SURROGATE = 'a\ud800b'
const NOT_OBJECTS = ['null', '"s"', '123', 'true', '[]']

let app: ReturnType<typeof testApp>
let doc: Document
let owner: CookieJar

beforeAll(async () => {
  app = testApp()
  const { user } = await createMember({ role: 'owner', companyInput: { name: 'Guarded Co', kind: 'both' } })
  owner = await signInWithCookies(app, user)
  doc = (await call(app, '/api/openapi.json')).json as unknown as Document
})

function operations(): Array<{ path: string; method: (typeof METHODS)[number]; op: Operation }> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, op: item[method] as Operation })),
  )
}

/** The path with every parameter filled (with `value`, or a fresh id) and the required query parameters' examples. */
function url(path: string, op: Operation, pathValue?: string, query: Record<string, string> = {}): string {
  const concrete = path.replace(/\{\w+\}/g, () => pathValue ?? randomUUID())
  const search = new URLSearchParams()
  for (const parameter of op.parameters ?? []) {
    const example = parameter.example ?? parameter.schema?.example ?? parameter.schema?.default
    if (parameter.in === 'query' && parameter.required && example !== undefined) search.set(parameter.name, String(example))
  }
  for (const [name, value] of Object.entries(query)) search.set(name, value)
  return search.size > 0 ? `${concrete}?${search}` : concrete
}

/** The operation's documented example body with `text` in its first string field (or in a field of its own). */
function bodyWith(op: Operation, text: string): { body: Record<string, unknown>; field: string } {
  const schema = op.requestBody?.content?.['application/json']?.schema
  const example = schema?.$ref ? doc.components?.schemas?.[schema.$ref.split('/').pop() ?? '']?.example : schema?.example
  const body = example && typeof example === 'object' && !Array.isArray(example) ? { ...(example as Record<string, unknown>) } : {}
  const field = Object.keys(body).find((key) => typeof body[key] === 'string') ?? 'note'
  body[field] = text
  return { body, field }
}

async function send(method: string, target: string, init: { jar?: CookieJar; raw?: string; form?: FormData } = {}) {
  const headers = new Headers({ origin: TEST_PUBLIC_URL })
  if (init.jar?.header()) headers.set('cookie', init.jar.header())
  if (init.raw !== undefined) headers.set('content-type', 'application/json')
  const response = await app.request(`${TEST_PUBLIC_URL}${target}`, { method: method.toUpperCase(), headers, body: init.form ?? init.raw })
  const text = await response.text()
  return {
    status: response.status,
    text,
    json: (text.startsWith('{') ? JSON.parse(text) : {}) as { code?: string; details?: { fields?: Record<string, string[]> } },
  }
}

/** A failure line unless the response is the guard's refusal of `field` (its message, not a handler's). */
function refusal(label: string, response: Awaited<ReturnType<typeof send>>, field: string): string[] {
  const messages = response.json.details?.fields?.[field] ?? []
  const refused = response.status === 422 && response.json.code === 'validation_failed' && messages.some((message) => message.includes('cannot be stored'))
  return refused ? [] : [`${label}: ${response.status} ${response.text.slice(0, 160)}`]
}

describe('the input guard on every operation', () => {
  it('walks a document of both our operations and Better Auth’s', () => {
    const paths = Object.keys(doc.paths)
    expect(operations().length).toBeGreaterThan(200)
    expect(paths).toContain('/api/auth/update-user')
    expect(paths).toContain('/api/v1/marketplace/products')
  })

  for (const who of ['anonymous', 'a signed-in owner'] as const) {
    const jar = () => (who === 'anonymous' ? undefined : owner)

    it(`refuses a NUL byte in any path parameter (${who})`, async () => {
      const failures: string[] = []
      for (const { path, method, op } of operations().filter(({ path }) => path.includes('{'))) {
        failures.push(...refusal(`${method.toUpperCase()} ${path}`, await send(method, url(path, op, 'x%00y'), { jar: jar() }), 'path'))
      }
      expect(failures).toEqual([])
    })

    it(`refuses a NUL byte in each query parameter, declared or not (${who})`, async () => {
      const failures: string[] = []
      for (const { path, method, op } of operations()) {
        const names = (op.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name)
        for (const name of names.length > 0 ? names : ['q']) {
          failures.push(
            ...refusal(`${method.toUpperCase()} ${path} ?${name}`, await send(method, url(path, op, undefined, { [name]: NUL }), { jar: jar() }), name),
          )
        }
      }
      expect(failures).toEqual([])
    })

    it(`refuses a NUL byte or a lone surrogate in the body of every write (${who})`, async () => {
      const failures: string[] = []
      for (const { path, method, op } of operations().filter(({ method }) => WRITES.has(method))) {
        for (const text of [NUL, LONE_SURROGATE]) {
          if (op.requestBody?.content?.['multipart/form-data']) {
            // A form travels as UTF-8, where a lone surrogate cannot exist (the client already sends U+FFFD).
            if (text === LONE_SURROGATE) continue
            const form = new FormData()
            form.set('purpose', text)
            form.set('file', new File(['hello'], 'hello.txt', { type: 'text/plain' }))
            failures.push(...refusal(`${method.toUpperCase()} ${path} (form)`, await send(method, url(path, op), { jar: jar(), form }), 'purpose'))
            continue
          }
          const { body, field } = bodyWith(op, text)
          failures.push(
            ...refusal(`${method.toUpperCase()} ${path} .${field}`, await send(method, url(path, op), { jar: jar(), raw: JSON.stringify(body) }), field),
          )
        }
      }
      expect(failures).toEqual([])
    })

    it(`answers 400 invalid_body to a JSON body that is not an object, on every write (${who})`, async () => {
      const failures: string[] = []
      for (const { path, method, op } of operations().filter(({ method }) => WRITES.has(method))) {
        for (const raw of NOT_OBJECTS) {
          const response = await send(method, url(path, op), { jar: jar(), raw })
          if (response.status !== 400 || response.json.code !== 'invalid_body')
            failures.push(`${method.toUpperCase()} ${path} ${raw}: ${response.status} ${response.text.slice(0, 160)}`)
        }
      }
      expect(failures).toEqual([])
    })
  }

  it('names the nested field that holds the NUL, under the name the caller sent', async () => {
    const response = await send('post', '/api/v1/projects', { jar: owner, raw: JSON.stringify({ name: 'Fine', requirements: [{ title: NUL }] }) })
    expect(response.status).toBe(422)
    expect(Object.keys(response.json.details?.fields ?? {})).toEqual(['requirements.0.title'])
  })

  it('refuses a NUL in a urlencoded form sent to Better Auth', async () => {
    const response = await app.request(`${TEST_PUBLIC_URL}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: TEST_PUBLIC_URL, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%00b%40example.test&password=secret',
    })
    expect(response.status).toBe(422)
    expect(((await response.json()) as { details: { fields: Record<string, string[]> } }).details.fields).toHaveProperty('email')
  })

  it('answers malformed JSON with 400 before authentication', async () => {
    const response = await send('post', '/api/v1/projects', { raw: '{"name":' })
    expect(response.status).toBe(400)
    expect(response.json.code).toBe('bad_request')
  })

  it('lets well-formed text through, Chinese and emoji included', async () => {
    const response = await send('post', '/api/v1/projects', { jar: owner, raw: JSON.stringify({ name: '陶瓷杯 ☕ 👍', currency: 'USD' }) })
    expect(response.status).toBe(201)
    const search = await send('get', `/api/v1/marketplace/products?q=${encodeURIComponent('陶瓷 👍')}`)
    expect(search.status).toBe(200)
  })
})

describe('the input guard on pages', () => {
  /** The page handler reports what React Router would be handed: the root middleware turns it into the error page. */
  const pages = () =>
    createHttpApp(env(), async (_request: Request, context: RouterContextProvider) => Response.json(context.get(requestInfoContext).rejectedInput))

  it('hands public search with a NUL in its query string to the error page as a 400', async () => {
    const response = await pages().request(`${TEST_PUBLIC_URL}/en/b2b/market?q=a%00b`)
    expect(await response.json()).toEqual({ status: 400, message: expect.stringContaining('cannot be stored') })
  })

  it('does not redirect a path without a locale that holds a NUL (its Location header could not be written)', async () => {
    const response = await pages().request(`${TEST_PUBLIC_URL}/b2b/market%00`)
    expect(response.status).toBe(200)
    expect(((await response.json()) as { status: number }).status).toBe(400)
  })

  it('hands a page action’s form with a NUL to the error page', async () => {
    const response = await pages().request(`${TEST_PUBLIC_URL}/en/login`, {
      method: 'POST',
      headers: { origin: TEST_PUBLIC_URL, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'intent=sign-in&email=a%00b',
    })
    expect(((await response.json()) as { status: number }).status).toBe(400)
  })
})
