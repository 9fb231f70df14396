import { env } from '../../app/platform/env.server'
import { createHttpApp } from '../../server/http-app'
import { TEST_PUBLIC_URL } from './test-env'

/** Keeps cookies between requests like a browser would (name=value only; expiry honoured for Max-Age=0). */
export class CookieJar {
  private readonly cookies = new Map<string, string>()

  store(response: Response): void {
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = setCookie.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1)
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === ''
      if (expired) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)
  }

  names(): string[] {
    return [...this.cookies.keys()]
  }

  /** Another browser holding the very same cookies (e.g. a copy an attacker took). */
  copy(): CookieJar {
    const copy = new CookieJar()
    for (const [name, value] of this.cookies) copy.cookies.set(name, value)
    return copy
  }
}

/** The real middleware stack and API, with a stand-in for the page renderer. */
export function testApp() {
  return createHttpApp(env(), async () => new Response('<!doctype html><title>page</title>', { headers: { 'content-type': 'text/html' } }))
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null
  } catch {
    return null
  }
}

type JsonInit = { method?: string; body?: unknown; headers?: Record<string, string>; jar?: CookieJar; bearer?: string }

export async function call(app: ReturnType<typeof testApp>, path: string, init: JsonInit = {}) {
  const headers = new Headers(init.headers)
  if (init.body !== undefined) headers.set('content-type', 'application/json')
  if (init.jar?.header()) headers.set('cookie', init.jar.header())
  if (init.bearer) headers.set('authorization', `Bearer ${init.bearer}`)
  if (init.method && init.method !== 'GET' && !headers.has('origin')) headers.set('origin', TEST_PUBLIC_URL)
  const response = await app.request(`${TEST_PUBLIC_URL}${path}`, {
    method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
    headers,
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  })
  init.jar?.store(response)
  const text = await response.text()
  return { status: response.status, headers: response.headers, json: parseJson(text) as Record<string, unknown> & { code?: string; message?: string }, text }
}

type App = ReturnType<typeof testApp>

/** Signs a user in through the API and returns their cookie jar. */
export async function signInWithCookies(app: App, user: { email: string; password: string }): Promise<CookieJar> {
  const jar = new CookieJar()
  const response = await call(app, '/api/auth/sign-in/email', { body: { email: user.email, password: user.password }, jar })
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${response.text}`)
  return jar
}

/** Enrols TOTP for a signed-in user the way the two-factor page does; returns the base32 secret. */
export async function enrolTotpFor(app: App, user: { password: string }, jar: CookieJar, codeFor: (secret: string) => string): Promise<string> {
  const enrol = await call(app, '/api/auth/two-factor/enable', { body: { password: user.password }, jar })
  const secret = new URL(String(enrol.json.totpURI)).searchParams.get('secret') ?? ''
  const confirmed = await call(app, '/api/auth/two-factor/verify-totp', { body: { code: codeFor(secret) }, jar })
  if (confirmed.status !== 200) throw new Error(`TOTP confirmation failed: ${confirmed.status}`)
  return secret
}
