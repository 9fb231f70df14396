import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LocalDiskStorage } from '../../platform/files/local-storage.server'
import { useFileStorage } from '../../platform/files/storage.server'
import { CATALOGS } from '../../platform/i18n/catalog.server'
import { database } from '../../platform/db/index.server'
import { devMessages } from '../../platform/mail/mail.tables.server'
import { createMember } from '../../../db/factories/companies'
import { createUser } from '../../../db/factories/users'
import { pdfBytes } from '../../../tests/support/file-fixtures'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'
import { TEST_PUBLIC_URL } from '../../../tests/support/test-env'

let app: ReturnType<typeof testApp>
let root: string

beforeAll(async () => {
  app = testApp()
  root = await mkdtemp(path.join(tmpdir(), 'tradeport-verification-api-'))
  useFileStorage(new LocalDiskStorage(root))
})

afterAll(async () => {
  useFileStorage(undefined)
  await rm(root, { recursive: true, force: true })
})

const suppliersEn = CATALOGS.en.suppliers
const suppliersZhHans = CATALOGS['zh-Hans'].suppliers

async function signedIn(role: 'owner' | 'admin' | 'member', company?: { id: string }, name?: string) {
  const { user, company: joined } = await createMember({ role, company, companyInput: { name: name ?? 'Lantern Works', kind: 'supplier', country: 'CN' } })
  return { user, company: joined, jar: await signInWithCookies(app, user) }
}

async function reviewer() {
  const user = await createUser({ role: 'admin' })
  return signInWithCookies(app, user)
}

/** A verification document uploaded through the Files API. */
async function uploadDocument(jar: CookieJar): Promise<string> {
  const form = new FormData()
  form.set('purpose', 'verification')
  form.set('file', new File([new Uint8Array(pdfBytes())], 'licence.pdf'))
  const response = await app.request(`${TEST_PUBLIC_URL}/api/v1/files`, {
    method: 'POST',
    headers: { origin: TEST_PUBLIC_URL, cookie: jar.header() },
    body: form,
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

async function apply(jar: CookieJar) {
  const documentId = await uploadDocument(jar)
  return call(app, '/api/v1/supplier/applications', {
    method: 'POST',
    body: { supplier_type: 'manufacturer', document_file_ids: [documentId], message: 'Licence attached.' },
    jar,
  })
}

describe('supplier profile API', () => {
  it('shows the profile to members and lets admins change it', async () => {
    const admin = await signedIn('admin')
    const member = await signedIn('member', admin.company)
    const put = await call(app, '/api/v1/supplier/profile', {
      method: 'PUT',
      body: { supplier_type: 'manufacturer', capabilities: ['OEM'], export_markets: ['us', 'JP'], description: { en: 'LED lamps.' } },
      jar: admin.jar,
    })
    expect(put.status).toBe(200)
    expect(put.json).toMatchObject({
      supplier_type: 'manufacturer',
      capabilities: ['OEM'],
      export_markets: ['US', 'JP'],
      description: { en: 'LED lamps.' },
      factory_photos: [],
      verification_status: 'unverified',
      verified_at: null,
    })
    const get = await call(app, '/api/v1/supplier/profile', { jar: member.jar })
    expect(get.status).toBe(200)
    expect(get.json).toMatchObject({ company_id: admin.company.id, supplier_type: 'manufacturer', export_markets: ['US', 'JP'] })
  })

  it('answers a member 403 whatever the body, and an admin 422 with translated messages under the API’s field names', async () => {
    const admin = await signedIn('admin')
    const member = await signedIn('member', admin.company)
    expect((await call(app, '/api/v1/supplier/profile', { method: 'PUT', body: { export_markets: 'nowhere' }, jar: member.jar })).status).toBe(403)
    const invalid = await call(app, '/api/v1/supplier/profile', {
      method: 'PUT',
      body: { export_markets: ['US', 'XX'], supplier_type: 'pirate' },
      jar: admin.jar,
      headers: { 'accept-language': 'zh-CN' },
    })
    expect(invalid.status).toBe(422)
    expect((invalid.json.details as { fields: Record<string, string[]> }).fields).toEqual({
      export_markets: [suppliersZhHans.validation.country],
      supplier_type: [suppliersZhHans.validation.supplierType],
    })
  })
})

describe('supplier applications API', () => {
  it('submits an application, refuses a second one while it is pending, and lists the history', async () => {
    const owner = await signedIn('owner')
    const first = await apply(owner.jar)
    expect(first.status).toBe(201)
    expect(first.json).toMatchObject({ status: 'pending', supplier_type: 'manufacturer', document_count: 1, submitted_by_name: owner.user.name })
    const second = await apply(owner.jar)
    expect(second.status).toBe(409)
    expect(second.json.code).toBe('application_pending')
    const history = await call(app, '/api/v1/supplier/applications', { jar: owner.jar })
    expect((history.json.items as unknown[]).length).toBe(1)
  })

  it('refuses documents of another company with a translated field error', async () => {
    const owner = await signedIn('owner')
    const other = await signedIn('owner', undefined, 'Other Works')
    const foreign = await uploadDocument(other.jar)
    const response = await call(app, '/api/v1/supplier/applications', {
      method: 'POST',
      body: { supplier_type: 'wholesaler', document_file_ids: [foreign] },
      jar: owner.jar,
    })
    expect(response.status).toBe(422)
    expect(response.json.details).toEqual({ fields: { document_file_ids: [suppliersEn.validation.file] } })
  })

  it('needs at least one document', async () => {
    const owner = await signedIn('owner')
    const response = await call(app, '/api/v1/supplier/applications', {
      method: 'POST',
      body: { supplier_type: 'wholesaler', document_file_ids: [] },
      jar: owner.jar,
    })
    expect(response.status).toBe(422)
    expect(response.json.details).toEqual({ fields: { document_file_ids: [suppliersEn.validation.documentsRequired] } })
  })
})

describe('verification review API', () => {
  it('queues the application for platform admins, who reject it with a note; the supplier reads the note and is mailed', async () => {
    const owner = await signedIn('owner', undefined, 'Review Lamps')
    const applied = await apply(owner.jar)
    const id = String(applied.json.id)
    const admin = await reviewer()

    const queue = await call(app, '/api/v1/admin/verifications?q=Review%20Lamps', { jar: admin })
    expect(queue.status).toBe(200)
    expect(queue.json).toMatchObject({
      total: 1,
      items: [{ id, status: 'pending', company: { name: 'Review Lamps', verification_status: 'pending' }, document_count: 1 }],
    })
    const detail = await call(app, `/api/v1/admin/verifications/${id}`, { jar: admin })
    expect(detail.status).toBe(200)
    expect(detail.json).toMatchObject({
      id,
      message: 'Licence attached.',
      documents: [{ name: 'licence.pdf', content_type: 'application/pdf' }],
      company: { display_name: 'Review Lamps' },
      previous: [],
    })

    const withoutNote = await call(app, `/api/v1/admin/verifications/${id}/decision`, { method: 'POST', body: { decision: 'reject' }, jar: admin })
    expect(withoutNote.status).toBe(422)
    expect(withoutNote.json.details).toEqual({ fields: { note: [suppliersEn.validation.noteRequired] } })

    const rejected = await call(app, `/api/v1/admin/verifications/${id}/decision`, {
      method: 'POST',
      body: { decision: 'reject', note: 'The licence is unreadable.' },
      jar: admin,
    })
    expect(rejected.status).toBe(200)
    expect(rejected.json).toMatchObject({ id, status: 'reject', review_note: 'The licence is unreadable.' })
    expect((await call(app, `/api/v1/admin/verifications/${id}/decision`, { method: 'POST', body: { decision: 'accept' }, jar: admin })).status).toBe(409)

    const history = await call(app, '/api/v1/supplier/applications', { jar: owner.jar })
    expect(history.json.items).toMatchObject([{ id, status: 'reject', review_note: 'The licence is unreadable.' }])
    expect((await call(app, '/api/v1/supplier/profile', { jar: owner.jar })).json.verification_status).toBe('reject')
    const mails = await database().select().from(devMessages).where(eq(devMessages.recipient, owner.user.email))
    expect(mails.map((mail) => mail.subject)).toContain(suppliersEn.mail.reject.subject.replace('{{company}}', 'Review Lamps'))

    const again = await apply(owner.jar)
    expect(again.status).toBe(201)
  })

  it('keeps the queue and decisions to platform admins', async () => {
    const owner = await signedIn('owner')
    const applied = await apply(owner.jar)
    expect((await call(app, '/api/v1/admin/verifications', { jar: owner.jar })).status).toBe(403)
    expect((await call(app, `/api/v1/admin/verifications/${String(applied.json.id)}`, { jar: owner.jar })).status).toBe(403)
    expect(
      (await call(app, `/api/v1/admin/verifications/${String(applied.json.id)}/decision`, { method: 'POST', body: { decision: 'accept' }, jar: owner.jar }))
        .status,
    ).toBe(403)
    expect((await call(app, '/api/v1/admin/verifications')).status).toBe(401)
  })

  it('accepts: the company is verified', async () => {
    const owner = await signedIn('owner')
    const applied = await apply(owner.jar)
    const admin = await reviewer()
    const accepted = await call(app, `/api/v1/admin/verifications/${String(applied.json.id)}/decision`, {
      method: 'POST',
      body: { decision: 'accept' },
      jar: admin,
    })
    expect(accepted.status).toBe(200)
    const profile = await call(app, '/api/v1/supplier/profile', { jar: owner.jar })
    expect(profile.json.verification_status).toBe('accept')
    expect(profile.json.verified_at).toEqual(expect.any(String))
    const companies = await call(app, '/api/v1/companies', { jar: owner.jar })
    expect(companies.json.items).toMatchObject([{ verification_status: 'accept' }])
  })
})
