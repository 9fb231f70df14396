import { beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../db/factories/users'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'

let app: ReturnType<typeof testApp>
let admin: Awaited<ReturnType<typeof createUser>>
let adminJar: CookieJar

beforeAll(async () => {
  app = testApp()
  admin = await createUser({ role: 'admin', name: 'Api Admin', email: 'api-admin@example.test' })
  adminJar = await signInWithCookies(app, admin)
})

type Tokens = { access_token: string; refresh_token: string }

async function passwordGrant(user: { email: string; password: string }) {
  return call(app, '/api/auth/token?grant_type=password', { body: { identifier: user.email, password: user.password } })
}

describe('platform admin user endpoints', () => {
  it('answer 401 to anonymous callers and 403 to everyone but platform admins, by cookie or bearer', async () => {
    const user = await createUser({ email: 'plain@example.test' })
    const jar = await signInWithCookies(app, user)
    const { access_token } = (await passwordGrant(user)).json as unknown as Tokens
    const endpoints = [
      ['GET', '/api/v1/admin/users', undefined],
      ['GET', `/api/v1/admin/users/${user.id}`, undefined],
      ['PUT', `/api/v1/admin/users/${user.id}/role`, { role: 'admin' }],
      ['POST', `/api/v1/admin/users/${user.id}/ban`, { reason: 'x' }],
      ['POST', `/api/v1/admin/users/${user.id}/unban`, undefined],
    ] as const
    for (const [method, path, body] of endpoints) {
      expect((await call(app, path, { method, body })).status, `${method} ${path} anonymous`).toBe(401)
      const byCookie = await call(app, path, { method, body, jar })
      expect(byCookie.status, `${method} ${path} cookie`).toBe(403)
      expect(byCookie.json).toMatchObject({ code: 'forbidden', message: 'You do not have permission to do this.' })
      expect((await call(app, path, { method, body, bearer: access_token })).status, `${method} ${path} bearer`).toBe(403)
    }
  })

  it('search by name or email with role and status filters and pagination, in snake_case', async () => {
    for (const name of ['Alpha', 'Bravo', 'Charlie']) await createUser({ name: `Searchable ${name}`, email: `searchable-${name.toLowerCase()}@example.test` })
    const page = await call(app, '/api/v1/admin/users?q=SEARCHABLE&limit=2', { jar: adminJar })
    expect(page.status).toBe(200)
    expect(page.json).toMatchObject({ total: 3, limit: 2, offset: 0 })
    const items = page.json.items as Array<Record<string, unknown>>
    expect(items.map((u) => u.name)).toEqual(['Searchable Charlie', 'Searchable Bravo'])
    expect(items[0]).toEqual({
      id: expect.any(String),
      name: 'Searchable Charlie',
      email: 'searchable-charlie@example.test',
      phone: null,
      role: 'user',
      status: 'active',
      ban_expires: null,
      company_count: 0,
      created_at: expect.any(String),
    })
    const next = await call(app, '/api/v1/admin/users?q=searchable&limit=2&offset=2', { jar: adminJar })
    expect((next.json.items as Array<{ name: string }>).map((u) => u.name)).toEqual(['Searchable Alpha'])
    const admins = await call(app, '/api/v1/admin/users?role=admin', { jar: adminJar })
    expect((admins.json.items as Array<{ id: string }>).map((u) => u.id)).toContain(admin.id)
    expect((admins.json.items as Array<{ role: string }>).every((u) => u.role === 'admin')).toBe(true)
    expect((await call(app, '/api/v1/admin/users?q=searchable&status=banned', { jar: adminJar })).json.total).toBe(0)
    const invalid = await call(app, '/api/v1/admin/users?status=asleep', { jar: adminJar })
    expect(invalid.status).toBe(422)
    expect(invalid.json).toMatchObject({ code: 'validation_failed', details: { fields: { status: ['validation.status'] } } })
  })

  it('changes a platform role with an audit entry, and refuses an admin removing their own', async () => {
    const user = await createUser({ email: 'to-promote@example.test' })
    const promoted = await call(app, `/api/v1/admin/users/${user.id}/role`, { method: 'PUT', body: { role: 'admin' }, jar: adminJar })
    expect(promoted.status).toBe(200)
    expect(promoted.json).toMatchObject({ id: user.id, role: 'admin', status: 'active' })

    const self = await call(app, `/api/v1/admin/users/${admin.id}/role`, { method: 'PUT', body: { role: 'user' }, jar: adminJar })
    expect(self.status).toBe(409)
    expect(self.json).toMatchObject({ code: 'cannot_change_own_role', message: 'You cannot remove your own platform admin role. Ask another platform admin.' })
    const invalid = await call(app, `/api/v1/admin/users/${user.id}/role`, { method: 'PUT', body: { role: 'root' }, jar: adminJar })
    expect(invalid.status).toBe(422)
    expect((await call(app, '/api/v1/admin/users/nobody/role', { method: 'PUT', body: { role: 'admin' }, jar: adminJar })).status).toBe(404)

    const detail = await call(app, `/api/v1/admin/users/${user.id}`, { jar: adminJar })
    expect(detail.json.audit).toEqual([
      {
        id: expect.any(String),
        action: 'user.role_changed',
        actor: { id: admin.id, name: 'Api Admin' },
        before: { role: 'user' },
        after: { role: 'admin' },
        created_at: expect.any(String),
      },
    ])
  })

  it('ban ends cookie and bearer sessions at once, refresh tokens die, and the user cannot sign in until unbanned', async () => {
    const user = await createUser({ email: 'to-ban@example.test' })
    const jar = await signInWithCookies(app, user)
    const tokens = (await passwordGrant(user)).json as unknown as Tokens
    // Both checks are now cached in process (decoded cookie, verified token): the ban must still cut through.
    expect((await call(app, '/api/user/profiles', { jar })).status).toBe(200)
    expect((await call(app, '/api/user/profiles', { bearer: tokens.access_token })).status).toBe(200)

    const banned = await call(app, `/api/v1/admin/users/${user.id}/ban`, { body: { reason: 'Fake supplier listings', expires_in_days: 7 }, jar: adminJar })
    expect(banned.status).toBe(200)
    expect(banned.json).toMatchObject({ status: 'banned', ban_reason: 'Fake supplier listings' })

    expect((await call(app, '/api/user/profiles', { jar })).status).toBe(401)
    expect((await call(app, '/api/user/profiles', { bearer: tokens.access_token })).status).toBe(401)
    const refresh = await call(app, '/api/auth/token?grant_type=refresh_token', { body: { refresh_token: tokens.refresh_token } })
    expect(refresh.json.code).toBe('session_not_found')

    const cookieSignIn = await call(app, '/api/auth/sign-in/email', { body: { email: user.email, password: user.password } })
    expect(cookieSignIn.status).toBe(403)
    expect(cookieSignIn.json).toMatchObject({
      code: 'account_banned',
      message: 'This account has been suspended. Contact support if you think this is a mistake.',
    })
    expect(cookieSignIn.headers.getSetCookie().some((cookie) => cookie.startsWith('tp.session_token=') && !cookie.startsWith('tp.session_token=;'))).toBe(false)
    expect((await passwordGrant(user)).json.code).toBe('account_banned')

    const listed = await call(app, '/api/v1/admin/users?q=to-ban&status=banned', { jar: adminJar })
    expect((listed.json.items as Array<{ id: string }>).map((u) => u.id)).toEqual([user.id])

    const unbanned = await call(app, `/api/v1/admin/users/${user.id}/unban`, { method: 'POST', jar: adminJar })
    expect(unbanned.json).toMatchObject({ status: 'active', ban_reason: null, ban_expires: null })
    expect((await call(app, '/api/auth/sign-in/email', { body: { email: user.email, password: user.password } })).status).toBe(200)
    expect((await passwordGrant(user)).status).toBe(200)

    const detail = await call(app, `/api/v1/admin/users/${user.id}`, { jar: adminJar })
    const audit = detail.json.audit as Array<{ action: string; before: unknown; after: unknown }>
    expect(audit.map((e) => e.action)).toEqual(['user.unbanned', 'user.banned'])
    expect(audit[1]).toMatchObject({
      before: { banned: false },
      after: { banned: true, banReason: 'Fake supplier listings', banExpires: banned.json.ban_expires },
    })
    expect(audit[0]).toMatchObject({ before: { banned: true }, after: { banned: false, banReason: null, banExpires: null } })
  })

  it('refuses to ban yourself or another platform admin, and needs a reason', async () => {
    const otherAdmin = await createUser({ role: 'admin' })
    const user = await createUser()
    const self = await call(app, `/api/v1/admin/users/${admin.id}/ban`, { body: { reason: 'x' }, jar: adminJar })
    expect(self).toMatchObject({ status: 409, json: { code: 'cannot_ban_self', message: 'You cannot ban yourself.' } })
    const other = await call(app, `/api/v1/admin/users/${otherAdmin.id}/ban`, { body: { reason: 'x' }, jar: adminJar })
    expect(other).toMatchObject({ status: 409, json: { code: 'cannot_ban_admin', message: 'Platform admins cannot be banned. Make them a user first.' } })
    const noReason = await call(app, `/api/v1/admin/users/${user.id}/ban`, { body: { expires_in_days: 1 }, jar: adminJar })
    expect(noReason.status).toBe(422)
    expect(noReason.json).toMatchObject({ code: 'validation_failed', details: { fields: { reason: ['validation.reason_required'] } } })
    const badDuration = await call(app, `/api/v1/admin/users/${user.id}/ban`, { body: { reason: 'x', expires_in_days: 0 }, jar: adminJar })
    expect(badDuration.json).toMatchObject({ details: { fields: { expires_in_days: ['validation.duration'] } } })
    expect((await call(app, '/api/v1/admin/users/nobody/ban', { body: { reason: 'x' }, jar: adminJar })).status).toBe(404)
  })
})

describe('Better Auth’s own admin endpoints', () => {
  it('are not reachable, even for a platform admin, so every change goes through the audited endpoints', async () => {
    const user = await createUser()
    for (const [method, path, body] of [
      ['POST', '/api/auth/admin/ban-user', { userId: user.id }],
      ['POST', '/api/auth/admin/set-role', { userId: user.id, role: 'admin' }],
      ['POST', '/api/auth/admin/unban-user', { userId: user.id }],
      ['GET', '/api/auth/admin/list-users', undefined],
      ['POST', '/api/auth/admin/impersonate-user', { userId: user.id }],
    ] as const) {
      const response = await call(app, path, { method, body, jar: adminJar })
      expect(response.status, path).toBe(404)
      expect(response.json?.code, path).toBe('not_found')
    }
    // Spellings Better Auth does not route are unknown to it as well.
    for (const path of ['/api/auth//admin/ban-user', '/api/auth/Admin/ban-user']) {
      expect((await call(app, path, { body: { userId: user.id }, jar: adminJar })).status, path).toBe(404)
    }
    const detail = await call(app, `/api/v1/admin/users/${user.id}`, { jar: adminJar })
    expect(detail.json).toMatchObject({ user: { role: 'user', status: 'active' }, audit: [] })
  })

  it('are left out of the OpenAPI document, where ours declare platform-admin access', async () => {
    const doc = (await call(app, '/api/openapi.json')).json as { paths: Record<string, Record<string, { 'x-access'?: unknown; tags?: string[] }>> }
    const paths = Object.keys(doc.paths)
    expect(paths.filter((path) => path.startsWith('/api/auth/admin'))).toEqual([])
    expect(paths.some((path) => path.startsWith('/api/auth/sign-in'))).toBe(true)
    for (const [path, method] of [
      ['/api/v1/admin/users', 'get'],
      ['/api/v1/admin/users/{id}', 'get'],
      ['/api/v1/admin/users/{id}/role', 'put'],
      ['/api/v1/admin/users/{id}/ban', 'post'],
      ['/api/v1/admin/users/{id}/unban', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toMatchObject({ 'x-access': { level: 'platform_admin' }, tags: ['Platform admin'] })
    }
  })
})
