import { beforeAll, describe, expect, it } from 'vitest'
import { setEnvForTesting } from '../../app/platform/env.server'
import { sendMail } from '../../app/platform/mail/mailer.server'
import { createUser } from '../../db/factories/users'
import { call, CookieJar, testApp } from '../../tests/support/http'
import { TEST_PUBLIC_URL, testEnv } from '../../tests/support/test-env'

let app: ReturnType<typeof testApp>
beforeAll(() => {
  app = testApp()
})

async function signedIn(role: 'admin' | 'user', email: string, name?: string) {
  const user = await createUser({ email, role, name })
  const jar = new CookieJar()
  const response = await call(app, '/api/auth/sign-in/email', { body: { email: user.email, password: user.password }, jar })
  return { user, jar, response }
}

describe('health', () => {
  it('reports the database as reachable', async () => {
    const response = await call(app, '/api/health')
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({ status: 'ok', database: { reachable: true } })
  })
})

describe('security headers', () => {
  it('sends a strict CSP with a script nonce and no inline scripts, plus framing and sniffing protection', async () => {
    const response = await app.request(`${TEST_PUBLIC_URL}/en`)
    const csp = response.headers.get('content-security-policy') ?? ''
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? ''
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+'/)
    expect(scriptSrc).not.toContain('unsafe-inline')
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('strict-transport-security')).toBeNull()
    expect(response.headers.get('x-request-id')).toBeTruthy()
  })

  it('adds HSTS when served over https', async () => {
    setEnvForTesting(testEnv({ PUBLIC_URL: 'https://tradeport.example' }))
    const https = testApp()
    const response = await https.request('https://tradeport.example/api/health')
    expect(response.headers.get('strict-transport-security')).toContain('max-age=')
    setEnvForTesting(testEnv())
  })
})

describe('requests', () => {
  it('refuses a cookie-authenticated write from another origin (CSRF)', async () => {
    const { jar } = await signedIn('user', 'csrf@example.test')
    const response = await call(app, '/api/auth/sign-out', { body: {}, jar, headers: { origin: 'https://evil.example' } })
    expect(response.status).toBe(403)
    expect(response.json.code).toBe('forbidden')
  })

  it('refuses bodies over the size limit with 413', async () => {
    const response = await call(app, '/api/auth/sign-in/email', { body: { email: 'x@example.test', password: 'p'.repeat(2_000_000) } })
    expect(response.status).toBe(413)
    expect(response.json.code).toBe('payload_too_large')
    // The unread rest of the body cannot be followed by another request on the same connection.
    expect(response.headers.get('connection')).toBe('close')
  })

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await call(app, '/api/nothing-here')
    expect(response.status).toBe(404)
    expect(response.json.code).toBe('not_found')
  })

  it('serves the OpenAPI 3.1 description with our and Better Auth endpoints, and the reference UI', async () => {
    const doc = await call(app, '/api/openapi.json')
    expect(doc.json.openapi).toBe('3.1.0')
    const paths = Object.keys(doc.json.paths as object)
    expect(paths).toEqual(
      expect.arrayContaining(['/api/health', '/api/auth/token', '/api/auth/session', '/api/v1/dev/messages', '/api/user/profiles', '/api/auth/sign-in/email']),
    )
    const ui = await app.request(`${TEST_PUBLIC_URL}/api/docs`)
    expect(ui.status).toBe(200)
    expect(await ui.text()).toContain('/api/docs/assets/swagger-ui-bundle.js')
    expect(await (await app.request(`${TEST_PUBLIC_URL}/api/docs/init.js`)).text()).toContain('/api/openapi.json')
    expect((await app.request(`${TEST_PUBLIC_URL}/api/docs/assets/swagger-ui-bundle.js`)).status).toBe(200)
    expect((await app.request(`${TEST_PUBLIC_URL}/api/docs/assets/package.json`)).status).toBe(404)
  })

  it('keeps every cookie within 3,180 characters, even for a user with a long name', async () => {
    const { response } = await signedIn('user', 'long-name@example.test', 'N'.repeat(100))
    const cookies = response.headers.getSetCookie()
    expect(cookies.length).toBeGreaterThan(0)
    for (const cookie of cookies) expect(cookie.length).toBeLessThanOrEqual(3180)
    expect(cookies.find((c) => c.startsWith('tp.session_token='))).toMatch(/Max-Age=34560000/)
    expect(cookies.find((c) => c.startsWith('tp.session_token='))).toMatch(/HttpOnly/)
    expect(cookies.find((c) => c.startsWith('tp.session_token='))).toMatch(/SameSite=Lax/)
  })
})

describe('locale redirects (§2, §4)', () => {
  it('sends a path without a locale to the detected one and remembers it for 365 days', async () => {
    const response = await app.request(`${TEST_PUBLIC_URL}/app/dashboard?tab=2`, { headers: { 'accept-language': 'zh-TW,zh;q=0.9' } })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/zh-Hant/app/dashboard?tab=2')
    expect(response.headers.get('set-cookie')).toMatch(/i18n_redirected=zh-Hant; Path=\/; Max-Age=31536000/)
  })

  it('hands React Router its data requests, including the home page of a locale (/en.data), without a redirect', async () => {
    for (const path of ['/en.data', '/zh-Hant.data', '/en/login.data', '/__manifest?paths=%2Fen']) {
      expect((await app.request(`${TEST_PUBLIC_URL}${path}`)).status, path).toBe(200)
    }
    expect((await app.request(`${TEST_PUBLIC_URL}/login.data`)).status).toBe(302)
  })

  it('prefers the i18n_redirected cookie over the browser language', async () => {
    const response = await app.request(`${TEST_PUBLIC_URL}/login`, { headers: { cookie: 'i18n_redirected=zh-Hans', 'accept-language': 'en' } })
    expect(response.headers.get('location')).toBe('/zh-Hans/login')
  })

  it('redirects the root to the configured target in the detected locale', async () => {
    expect((await app.request(`${TEST_PUBLIC_URL}/`)).headers.get('location')).toBe('/en')
    setEnvForTesting(testEnv({ ROOT_REDIRECT: '/b2b' }))
    const configured = testApp()
    expect((await configured.request(`${TEST_PUBLIC_URL}/`)).headers.get('location')).toBe('/en/b2b')
    setEnvForTesting(testEnv())
  })
})

describe('dev mailbox API', () => {
  it('lists and shows messages to platform admins only', async () => {
    await sendMail({ to: 'someone@example.test', subject: 'Hello', text: 'Open http://localhost:3000/en/confirm?token=abc', html: '<p>Hello</p>' })
    const admin = await signedIn('admin', 'root@example.test')
    const list = await call(app, '/api/v1/dev/messages?channel=mail&limit=5', { jar: admin.jar })
    expect(list.status).toBe(200)
    const items = list.json.items as Array<{ id: string; subject: string }>
    expect(items[0]?.subject).toBe('Hello')
    const one = await call(app, `/api/v1/dev/messages/${items[0]?.id}`, { jar: admin.jar })
    expect(one.json.text_body).toContain('/en/confirm')

    const member = await signedIn('user', 'member@example.test')
    expect((await call(app, '/api/v1/dev/messages', { jar: member.jar })).status).toBe(403)
    expect((await call(app, '/api/v1/dev/messages')).status).toBe(401)
    expect((await call(app, '/api/v1/dev/messages/does-not-exist', { jar: admin.jar })).status).toBe(404)
    expect((await call(app, '/api/v1/dev/messages?limit=1000', { jar: admin.jar })).status).toBe(422)
  })
})
