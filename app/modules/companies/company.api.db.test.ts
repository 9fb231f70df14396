import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AuditAction } from '../kernel/index'
import { purgeDeletedCompanies } from './index.server'
import { uploadFile } from '../kernel/index.server'
import { organizations } from './companies.tables.server'
import { auditEvents, files } from '../kernel/kernel.tables.server'
import { fileStorage } from '../../platform/files/storage.server'
import { imageBytes } from '../../../tests/support/file-fixtures'
import { database } from '../../platform/db/index.server'
import { addMember, createMember } from '../../../db/factories/companies'
import { createUser } from '../../../db/factories/users'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'

let app: ReturnType<typeof testApp>
beforeAll(() => {
  app = testApp()
})

const NEW_COMPANY = {
  kind: 'buyer',
  legal_name: 'Jade Harbour Imports Ltd.',
  display_name: 'Jade Harbour',
  country: 'sg',
  city: 'Singapore',
  website: 'jadeharbour.example',
  main_products: 'lamps, cables',
}

async function signedInUser() {
  const user = await createUser()
  return { user, jar: await signInWithCookies(app, user) }
}

const auditOf = (companyId: string, action: AuditAction) =>
  database()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.organizationId, companyId), eq(auditEvents.action, action)))

describe('creating a company', () => {
  it('makes the caller its owner and the session’s active company, and records it', async () => {
    const { user, jar } = await signedInUser()
    expect((await call(app, '/api/v1/companies', { jar })).json).toEqual({ items: [] })
    const created = await call(app, '/api/v1/companies', { jar, body: NEW_COMPANY })
    expect(created.status).toBe(201)
    expect(created.json).toMatchObject({
      display_name: 'Jade Harbour',
      country: 'SG',
      website: 'https://jadeharbour.example',
      main_products: ['lamps', 'cables'],
      verification_status: 'unverified',
    })
    const mine = await call(app, '/api/v1/companies', { jar })
    expect(mine.json.items).toEqual([expect.objectContaining({ company_id: created.json.id, role: 'owner', active: true })])
    expect((await call(app, '/api/v1/companies/current', { jar })).json).toMatchObject({ id: created.json.id })
    const [entry] = await auditOf(String(created.json.id), 'company.created')
    expect(entry).toMatchObject({ actorUserId: user.id, targetType: 'company' })
  })

  it('refuses invalid input with translated field messages and stores nothing', async () => {
    const { jar } = await signedInUser()
    const response = await call(app, '/api/v1/companies', { jar, body: { ...NEW_COMPANY, country: 'XX', kind: 'service_provider', year_founded: 1700 } })
    expect(response.status).toBe(422)
    expect(response.json.details).toMatchObject({
      fields: {
        country: ['Choose a country or region.'],
        services: ['Choose at least one service you provide.'],
        year_founded: ['Enter a year between 1800 and this year.'],
      },
    })
    expect((await call(app, '/api/v1/companies', { jar })).json).toEqual({ items: [] })
  })

  it('answers company_required to a user without a company', async () => {
    const { jar } = await signedInUser()
    const response = await call(app, '/api/v1/companies/current', { jar })
    expect(response.status).toBe(403)
    expect(response.json).toMatchObject({ code: 'company_required', message: 'Create or join a company first.' })
  })
})

describe('switching the active company', () => {
  it('acts for the chosen company until switched again', async () => {
    const first = await createMember({ role: 'owner', companyInput: { name: 'First Co' } })
    const second = await createMember({ role: 'member', companyInput: { name: 'Second Co' } })
    await addMember(second.company.id, first.user.id, 'member')
    const jar = await signInWithCookies(app, first.user)
    expect((await call(app, '/api/v1/companies/current', { jar })).json).toMatchObject({ display_name: 'First Co' })
    const switched = await call(app, '/api/v1/session/company', { method: 'PUT', jar, body: { company_id: second.company.id } })
    expect(switched.json).toMatchObject({ company_id: second.company.id, role: 'member', active: true })
    expect((await call(app, '/api/v1/companies/current', { jar })).json).toMatchObject({ display_name: 'Second Co' })
    // The role follows the company: a member may not edit the second company.
    expect(
      (await call(app, '/api/v1/companies/current', { method: 'PUT', jar, body: { legal_name: 'X Ltd', display_name: 'X Co', country: 'CN' } })).status,
    ).toBe(403)
  })

  it('answers 404 for a company the caller does not belong to', async () => {
    const { jar } = await signedInUser()
    const other = await createMember()
    const response = await call(app, '/api/v1/session/company', { method: 'PUT', jar, body: { company_id: other.company.id } })
    expect(response.status).toBe(404)
    expect((await call(app, `/api/v1/companies/${other.company.id}`, { jar })).status).toBe(404)
  })
})

describe('the company profile', () => {
  let owner: CookieJar
  let member: CookieJar
  let companyId: string
  beforeAll(async () => {
    const created = await createMember({ role: 'owner', companyInput: { name: 'Profile Co' } })
    companyId = created.company.id
    owner = await signInWithCookies(app, created.user)
    const colleague = await createMember({ role: 'member', company: created.company })
    member = await signInWithCookies(app, colleague.user)
  })

  it('lets an admin or owner change it, recording only what changed', async () => {
    const response = await call(app, '/api/v1/companies/current', {
      method: 'PUT',
      jar: owner,
      body: { legal_name: 'Profile Co Ltd.', display_name: 'Profile Co', country: 'CN', city: 'Ningbo', description_zh_hans: '宁波的制造商' },
    })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({ city: 'Ningbo', description: { 'zh-Hans': '宁波的制造商' } })
    const [entry] = await auditOf(companyId, 'company.updated')
    expect(entry?.before).toMatchObject({ city: 'Shenzhen' })
    expect(entry?.after).toMatchObject({ city: 'Ningbo' })
    expect(entry?.after).not.toHaveProperty('displayName')
  })

  it('refuses members with insufficient_role', async () => {
    const response = await call(app, '/api/v1/companies/current', {
      method: 'PUT',
      jar: member,
      body: { legal_name: 'Hijack Ltd', display_name: 'Hijack', country: 'CN' },
    })
    expect(response.status).toBe(403)
    expect(response.json.code).toBe('insufficient_role')
  })

  it('keeps certifications per company and refuses files of other companies', async () => {
    const added = await call(app, '/api/v1/companies/current/certifications', {
      jar: owner,
      body: { name: 'ISO 14001', issuer: 'TÜV', valid_until: '2029-01-31' },
    })
    expect(added.status).toBe(201)
    const foreign = await call(app, '/api/v1/companies/current/certifications', { jar: owner, body: { name: 'BSCI', file_id: 'not-ours' } })
    expect(foreign.status).toBe(422)
    expect(foreign.json.details).toMatchObject({ fields: { file_id: ['Choose a file uploaded by this company.'] } })
    expect((await call(app, '/api/v1/companies/current/certifications', { jar: member })).json.items).toEqual([
      expect.objectContaining({ name: 'ISO 14001', valid_until: '2029-01-31' }),
    ])
    expect((await call(app, `/api/v1/companies/current/certifications/${added.json.id}`, { method: 'DELETE', jar: member })).status).toBe(403)
    expect((await call(app, `/api/v1/companies/current/certifications/${added.json.id}`, { method: 'DELETE', jar: owner })).status).toBe(204)
    expect(await auditOf(companyId, 'certification.removed')).toHaveLength(1)
  })

  it('shows the activity log to admins, filtered and paginated', async () => {
    const log = await call(app, '/api/v1/companies/current/audit?action=company.updated&limit=1', { jar: owner })
    expect(log.status).toBe(200)
    expect(log.json).toMatchObject({ total: 1, limit: 1, offset: 0, items: [expect.objectContaining({ action: 'company.updated' })] })
    expect((await call(app, '/api/v1/companies/current/audit', { jar: member })).status).toBe(403)
  })
})

describe('deleting a company', () => {
  it('needs the exact name, hides the company at once, and lets an owner restore it within 30 days', async () => {
    const created = await createMember({ role: 'owner', companyInput: { name: 'Doomed Co' } })
    const jar = await signInWithCookies(app, created.user)
    const colleague = await createMember({ role: 'admin', company: created.company })
    const colleagueJar = await signInWithCookies(app, colleague.user)
    expect((await call(app, '/api/v1/companies/current?confirm_name=Doomed', { method: 'DELETE', jar: colleagueJar })).status).toBe(403)
    expect((await call(app, '/api/v1/companies/current?confirm_name=Doomed', { method: 'DELETE', jar })).status).toBe(422)
    const deleted = await call(app, '/api/v1/companies/current?confirm_name=Doomed%20Co', { method: 'DELETE', jar })
    expect(deleted.status).toBe(200)
    expect(new Date(String(deleted.json.purge_after)).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000)
    expect((await call(app, '/api/v1/companies', { jar: colleagueJar })).json.items).toEqual([])
    expect((await call(app, `/api/v1/companies/${created.company.id}/restore`, { method: 'POST', jar: colleagueJar })).status).toBe(404)
    expect((await call(app, `/api/v1/companies/${created.company.id}/restore`, { method: 'POST', jar })).status).toBe(204)
    expect((await call(app, '/api/v1/companies/current', { jar })).json).toMatchObject({ display_name: 'Doomed Co' })
  })

  it('purges companies whose recovery window has passed, with their stored files', async () => {
    const created = await createMember({ role: 'owner', companyInput: { name: 'Old Co' } })
    const ctx = {
      actor: {
        userId: created.user.id,
        sessionId: 'purge-test',
        companyId: created.company.id,
        memberRole: 'owner' as const,
        platformRole: 'user' as const,
        companyKind: 'buyer' as const,
        contactVerified: true,
        aal: 'aal1' as const,
      },
      locale: 'en' as const,
      requestId: 'purge-test',
    }
    const stored = await uploadFile(ctx, { purpose: 'logo', name: 'logo.png', bytes: await imageBytes('png') })
    const [row] = await database().select().from(files).where(eq(files.id, stored.id))
    expect(await fileStorage().get(String(row?.storageKey))).not.toBeNull()
    await database()
      .update(organizations)
      .set({ deletedAt: new Date(Date.now() - 31 * 86_400_000), purgeAfter: new Date(Date.now() - 86_400_000) })
      .where(eq(organizations.id, created.company.id))
    expect(await purgeDeletedCompanies()).toBeGreaterThanOrEqual(1)
    expect(await database().select().from(organizations).where(eq(organizations.id, created.company.id))).toEqual([])
    expect(await fileStorage().get(String(row?.storageKey))).toBeNull()
    expect(await fileStorage().get(String(row?.thumbnailKey))).toBeNull()
  })
})
