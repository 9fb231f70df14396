// API keys (issue 25): created by owners and admins, shown once and stored hashed; a request with
// `Authorization: Bearer tpk_…` acts as the key's company within its scopes. Wrong scope → 403, revoked or expired → 401,
// a disallowed address → 403, each key rate-limited.
import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { addMember, createMember } from '../../../db/factories/companies'
import { createUser } from '../../../db/factories/users'
import { database } from '../../platform/db/index.server'
import { setEnvForTesting } from '../../platform/env.server'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'
import { testEnv } from '../../../tests/support/test-env'
import { apiKeys } from './developers.tables.server'
import { hashApiKey, resetApiKeyCache } from './api-key.service.server'

let app: ReturnType<typeof testApp>
let owner: CookieJar
let member: CookieJar
let otherOwner: CookieJar

beforeAll(async () => {
  app = testApp()
  const a = await createMember({ role: 'owner', companyInput: { name: 'Key Co', kind: 'both' } })
  const memberUser = await createUser()
  await addMember(a.company.id, memberUser.id, 'member')
  owner = await signInWithCookies(app, a.user)
  member = await signInWithCookies(app, memberUser)
  otherOwner = await signInWithCookies(app, (await createMember({ role: 'owner' })).user)
})

afterEach(() => {
  setEnvForTesting(testEnv())
  resetApiKeyCache()
})

type Created = { key: { id: string; prefix: string; scopes: string[]; status: string }; secret: string | null }

async function createKey(body: Record<string, unknown>, jar = owner, headers: Record<string, string> = {}) {
  return call(app, '/api/v1/api-keys', { method: 'POST', body: { name: 'ERP sync', ...body }, jar, headers })
}

async function newKey(scopes: string[], extra: Record<string, unknown> = {}): Promise<Created & { secret: string }> {
  const response = await createKey({ scopes, ...extra })
  expect(response.status, response.text).toBe(201)
  return response.json as unknown as Created & { secret: string }
}

describe('managing keys', () => {
  it('answers the secret once, stores only its hash, and lists the key by its visible start', async () => {
    const created = await newKey(['orders:read', 'catalog:write'])
    expect(created.secret).toMatch(/^tpk_[A-Za-z0-9_-]{43}$/)
    expect(created.key.prefix).toBe(created.secret.slice(0, 12))
    expect(created.key.scopes).toEqual(['catalog:write', 'orders:read'])
    const [row] = await database().select().from(apiKeys).where(eq(apiKeys.id, created.key.id))
    expect(row!.secretHash).toBe(hashApiKey(created.secret))
    expect(JSON.stringify(row)).not.toContain(created.secret)
    const list = await call(app, '/api/v1/api-keys', { jar: owner })
    expect(list.text).not.toContain(created.secret)
    expect((list.json.items as Array<{ id: string }>).map((item) => item.id)).toContain(created.key.id)
    expect((await call(app, `/api/v1/api-keys/${created.key.id}`, { jar: owner })).json).toMatchObject({ status: 'active', last_used_at: null })
  })

  it('answers a retry with the same Idempotency-Key with the same key and no secret', async () => {
    const headers = { 'idempotency-key': `key-${Date.now()}` }
    const first = await createKey({ scopes: ['orders:read'] }, owner, headers)
    const second = await createKey({ scopes: ['orders:read'] }, owner, headers)
    expect(second.status).toBe(201)
    expect((second.json as unknown as Created).key.id).toBe((first.json as unknown as Created).key.id)
    expect((second.json as unknown as Created).secret).toBeNull()
  })

  it('refuses bad input with translated field messages, and members and other companies', async () => {
    const bad = await createKey({ name: '', scopes: ['orders:delete'], expires_at: '2001-01-01T00:00:00Z', allowed_ips: ['300.1.1.1', '10.0.0.0/33'] })
    expect(bad.status).toBe(422)
    const fields = (bad.json as { details: { fields: Record<string, string[]> } }).details.fields
    expect(Object.keys(fields).sort()).toEqual(['allowed_ips.0', 'allowed_ips.1', 'name', 'scopes.0'])
    expect(fields.name![0]).toMatch(/name/i)
    const past = await createKey({ scopes: ['orders:read'], expires_at: '2001-01-01T00:00:00Z' })
    expect(past.status).toBe(422)
    expect(Object.keys((past.json as { details: { fields: object } }).details.fields)).toEqual(['expires_at'])
    expect((await createKey({ scopes: ['orders:read'] }, member)).status).toBe(403)
    const created = await newKey(['orders:read'])
    expect((await call(app, `/api/v1/api-keys/${created.key.id}`, { jar: otherOwner })).status).toBe(404)
    expect((await call(app, `/api/v1/api-keys/${created.key.id}/revoke`, { method: 'POST', jar: otherOwner })).status).toBe(404)
  })
})

describe('calling the API with a key', () => {
  it('acts as the company within the key’s scopes: write includes read, other areas and writes are 403', async () => {
    const reader = await newKey(['orders:read'])
    const orders = await call(app, '/api/v1/orders', { bearer: reader.secret })
    expect(orders.status, orders.text).toBe(200)
    const catalog = await call(app, '/api/v1/products', { bearer: reader.secret })
    expect(catalog.status).toBe(403)
    expect(catalog.json).toMatchObject({ code: 'insufficient_scope', details: { requiredScope: 'catalog:read' } })
    expect(catalog.json.message).toContain('catalog:read')
    const writer = await newKey(['catalog:write'])
    expect((await call(app, '/api/v1/products', { bearer: writer.secret })).status).toBe(200)
    const write = await call(app, '/api/v1/projects', { method: 'POST', bearer: reader.secret, body: { name: 'Lamps' } })
    expect(write.json).toMatchObject({ code: 'insufficient_scope', details: { requiredScope: 'sourcing:write' } })
    // Public operations need no scope.
    expect((await call(app, '/api/v1/hs-codes/sections', { bearer: reader.secret })).status).toBe(200)
  })

  it('never manages keys or webhooks, signs in, or acts as a platform admin', async () => {
    const everything = await newKey(['company:write', 'orders:write'])
    for (const [method, path] of [
      ['GET', '/api/v1/api-keys'],
      ['POST', '/api/v1/api-keys'],
      ['GET', '/api/v1/webhooks'],
      ['GET', '/api/v1/admin/plans'],
      ['GET', '/api/v1/notifications'],
      ['POST', '/api/auth/sign-out'],
    ] as const) {
      const response = await call(app, path, { method, bearer: everything.secret, ...(method === 'POST' ? { body: {} } : {}) })
      expect([response.status, response.json.code], `${method} ${path}`).toEqual([403, 'api_key_not_allowed'])
    }
  })

  it('records its last use', async () => {
    const key = await newKey(['orders:read'])
    await call(app, '/api/v1/orders', { bearer: key.secret })
    await expect.poll(async () => (await call(app, `/api/v1/api-keys/${key.key.id}`, { jar: owner })).json.last_used_at).not.toBeNull()
  })

  it('refuses a revoked key (401) at once, an expired one (401), and an unknown one (401)', async () => {
    const key = await newKey(['orders:read'])
    expect((await call(app, '/api/v1/orders', { bearer: key.secret })).status).toBe(200)
    expect((await call(app, `/api/v1/api-keys/${key.key.id}/revoke`, { method: 'POST', jar: owner })).json).toMatchObject({ status: 'revoked' })
    expect((await call(app, '/api/v1/orders', { bearer: key.secret })).json).toMatchObject({ code: 'api_key_invalid' })
    expect((await call(app, '/api/v1/orders', { bearer: key.secret })).status).toBe(401)

    const expiring = await newKey(['orders:read'], { expires_at: new Date(Date.now() + 60_000).toISOString() })
    expect((await call(app, '/api/v1/orders', { bearer: expiring.secret })).status).toBe(200)
    await database()
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expiring.key.id))
    resetApiKeyCache()
    const expired = await call(app, '/api/v1/orders', { bearer: expiring.secret })
    expect([expired.status, expired.json.code]).toEqual([401, 'api_key_expired'])
    expect((await call(app, `/api/v1/api-keys/${expiring.key.id}`, { jar: owner })).json).toMatchObject({ status: 'expired' })

    const unknown = await call(app, '/api/v1/orders', { bearer: `tpk_${'x'.repeat(43)}` })
    expect([unknown.status, unknown.json.code]).toEqual([401, 'api_key_invalid'])
  })

  it('refuses an address outside the allow-list (403) and accepts one inside it', async () => {
    setEnvForTesting(testEnv({ TRUST_PROXY: 'true' }))
    const key = await newKey(['orders:read'], { allowed_ips: ['203.0.113.0/24', '2001:db8::7'] })
    const from = (ip: string) => call(app, '/api/v1/orders', { bearer: key.secret, headers: { 'x-forwarded-for': ip } })
    expect((await from('203.0.113.40')).status).toBe(200)
    expect((await from('2001:db8::7')).status).toBe(200)
    const outside = await from('198.51.100.1')
    expect([outside.status, outside.json.code]).toEqual([403, 'api_key_ip_refused'])
  })

  it('stops working when its creator leaves the company', async () => {
    const company = await createMember({ role: 'owner' })
    const admin = await createUser()
    await addMember(company.company.id, admin.id, 'admin')
    const jar = await signInWithCookies(app, admin)
    const created = (await createKey({ scopes: ['orders:read'] }, jar)).json as unknown as Created & { secret: string }
    expect((await call(app, '/api/v1/orders', { bearer: created.secret })).status).toBe(200)
    const ownerJar = await signInWithCookies(app, company.user)
    const members = (await call(app, '/api/v1/members', { jar: ownerJar })).json.items as Array<{ id: string; user_id?: string; user?: { id: string } }>
    const row = members.find((entry) => entry.user_id === admin.id || entry.user?.id === admin.id)!
    expect((await call(app, `/api/v1/members/${row.id}`, { method: 'DELETE', jar: ownerJar })).status).toBe(204)
    expect((await call(app, '/api/v1/orders', { bearer: created.secret })).json).toMatchObject({ code: 'api_key_invalid' })
  })

  it('limits each key’s requests per minute (429 with Retry-After), other keys unaffected', async () => {
    setEnvForTesting(testEnv({ API_KEY_RATE_LIMIT_PER_MINUTE: '3' }))
    const busy = await newKey(['orders:read'])
    const calm = await newKey(['orders:read'])
    for (let request = 0; request < 3; request += 1) expect((await call(app, '/api/v1/orders', { bearer: busy.secret })).status).toBe(200)
    const limited = await call(app, '/api/v1/orders', { bearer: busy.secret })
    expect([limited.status, limited.json.code]).toEqual([429, 'rate_limited'])
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await call(app, '/api/v1/orders', { bearer: calm.secret })).status).toBe(200)
  })
})
