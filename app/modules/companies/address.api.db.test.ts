import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '../kernel/kernel.tables.server'
import { database } from '../../platform/db/index.server'
import { addMember, createMember } from '../../../db/factories/companies'
import { createUser } from '../../../db/factories/users'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'

let app: ReturnType<typeof testApp>
let companyId: string
let owner: CookieJar
let member: CookieJar
let stranger: CookieJar

beforeAll(async () => {
  app = testApp()
  const a = await createMember({ role: 'owner', companyInput: { name: 'Address Co' } })
  companyId = a.company.id
  const memberUser = await createUser()
  await addMember(companyId, memberUser.id, 'member')
  const b = await createMember({ role: 'owner', companyInput: { name: 'Other Co' } })
  owner = await signInWithCookies(app, a.user)
  member = await signInWithCookies(app, memberUser)
  stranger = await signInWithCookies(app, b.user)
})

const LONDON = {
  type: 'billing',
  label: 'London office',
  recipient: 'Accounts',
  phone: '+44 20 7946 0000',
  line1: '1 Poultry',
  city: 'London',
  postal_code: 'ec2r8ef',
  country: 'gb',
}

async function created(body: Record<string, unknown> = LONDON) {
  const response = await call(app, '/api/v1/addresses', { body, jar: owner })
  expect(response.status, response.text).toBe(201)
  return response.json as Record<string, unknown> & { id: string }
}

describe('POST /api/v1/addresses', () => {
  it('adds an address in snake_case, normalised, the first of its type as default', async () => {
    const address = await created()
    expect(address).toMatchObject({ type: 'billing', label: 'London office', postal_code: 'EC2R 8EF', country: 'GB', is_default: true, line2: '', region: '' })
    expect(typeof address.created_at).toBe('string')
    const [entry] = await database()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, companyId), eq(auditEvents.targetId, address.id)))
    expect(entry).toMatchObject({ action: 'address.created' })
  })

  it('answers 422 with translated messages per field, under their JSON names', async () => {
    const response = await call(app, '/api/v1/addresses', {
      body: { ...LONDON, label: '', postal_code: '12345' },
      jar: owner,
      headers: { 'accept-language': 'en' },
    })
    expect(response.status).toBe(422)
    expect(response.json).toMatchObject({
      code: 'validation_failed',
      details: { fields: { label: ['Give the address a name.'], postal_code: ['Enter a postal code like SW1A 1AA.'] } },
    })
  })

  it('refuses members (403) and anonymous callers (401)', async () => {
    expect((await call(app, '/api/v1/addresses', { body: LONDON, jar: member })).status).toBe(403)
    expect((await call(app, '/api/v1/addresses', { body: LONDON })).status).toBe(401)
  })
})

describe('GET /api/v1/addresses', () => {
  it('lists the company’s addresses for any member, optionally of one type', async () => {
    await created({ ...LONDON, type: 'warehouse', label: 'Tilbury', postal_code: 'RM18 7EH' })
    const all = await call(app, '/api/v1/addresses', { jar: member })
    expect(all.status).toBe(200)
    const items = all.json.items as Array<{ type: string }>
    expect(items.length).toBeGreaterThan(0)
    const warehouses = await call(app, '/api/v1/addresses?type=warehouse', { jar: member })
    expect((warehouses.json.items as Array<{ type: string }>).every((item) => item.type === 'warehouse')).toBe(true)
    expect((await call(app, '/api/v1/addresses', { jar: stranger })).json.items).toEqual([])
    expect((await call(app, '/api/v1/addresses?type=office', { jar: member })).status).toBe(422)
  })
})

describe('/api/v1/addresses/{id}', () => {
  it('reads, changes and deletes an address; another company gets 404 throughout', async () => {
    const address = await created({ ...LONDON, type: 'shipping', label: 'Dock' })
    const path = `/api/v1/addresses/${address.id}`
    expect((await call(app, path, { jar: member })).json).toMatchObject({ id: address.id, label: 'Dock' })
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const response = await call(app, path, { method, jar: stranger, ...(method === 'PATCH' ? { body: { label: 'Mine now' } } : {}) })
      expect(response.status, method).toBe(404)
    }
    expect((await call(app, `${path}/default`, { method: 'POST', jar: stranger })).status).toBe(404)

    const patched = await call(app, path, { method: 'PATCH', body: { label: 'Dock 2', postal_code: 'e16 1aa' }, jar: owner })
    expect(patched.status, patched.text).toBe(200)
    expect(patched.json).toMatchObject({ label: 'Dock 2', postal_code: 'E16 1AA', city: 'London' })
    expect((await call(app, path, { method: 'PATCH', body: { label: 'Nope' }, jar: member })).status).toBe(403)
    expect((await call(app, path, { method: 'DELETE', jar: member })).status).toBe(403)
    expect((await call(app, path, { method: 'DELETE', jar: owner })).status).toBe(204)
    expect((await call(app, path, { jar: owner })).status).toBe(404)
  })

  it('answers 422 when a patched country no longer fits the postal code, naming the JSON field', async () => {
    const address = await created({ ...LONDON, label: 'To move' })
    const response = await call(app, `/api/v1/addresses/${address.id}`, { method: 'PATCH', body: { country: 'US' }, jar: owner })
    expect(response.status).toBe(422)
    expect(response.json).toMatchObject({ details: { fields: { postal_code: ['Enter a postal code like 94105.'] } } })
  })

  it('makes an address its type’s default (admins and owners only)', async () => {
    const first = await created({ ...LONDON, type: 'shipping', label: 'First dock' })
    const second = await created({ ...LONDON, type: 'shipping', label: 'Second dock' })
    expect((await call(app, `/api/v1/addresses/${second.id}/default`, { method: 'POST', jar: member })).status).toBe(403)
    const response = await call(app, `/api/v1/addresses/${second.id}/default`, { method: 'POST', jar: owner })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({ id: second.id, is_default: true })
    expect((await call(app, `/api/v1/addresses/${first.id}`, { jar: owner })).json).toMatchObject({ is_default: false })
  })
})

describe('OpenAPI document', () => {
  it('describes the address endpoints with their access rules and body examples', async () => {
    const doc = (await call(app, '/api/openapi.json')).json as {
      paths: Record<string, Record<string, { tags: string[]; 'x-access': unknown }>>
      components: { schemas: Record<string, { example?: unknown }> }
    }
    expect(doc.paths['/api/v1/addresses']?.post).toMatchObject({ tags: ['Addresses'], 'x-access': { level: 'company', minRole: 'admin' } })
    expect(doc.paths['/api/v1/addresses/{id}']?.patch).toMatchObject({ 'x-access': { level: 'company', minRole: 'admin', resource: 'id' } })
    expect(doc.paths['/api/v1/addresses/{id}/default']?.post).toMatchObject({ 'x-access': { resource: 'id' } })
    const example = doc.components.schemas.CreateAddress?.example
    const response = await call(app, '/api/v1/addresses', { body: example, jar: owner })
    expect(response.status, response.text).toBe(201)
  })
})
