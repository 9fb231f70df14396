import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LocalDiskStorage } from '../../platform/files/local-storage.server'
import { useFileStorage } from '../../platform/files/storage.server'
import { CATALOGS } from '../../platform/i18n/catalog.server'
import { createMember } from '../../../db/factories/companies'
import { createUser } from '../../../db/factories/users'
import { exeBytes, imageBytes, pdfBytes } from '../../../tests/support/file-fixtures'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'
import { TEST_PUBLIC_URL } from '../../../tests/support/test-env'

let app: ReturnType<typeof testApp>
let root: string

beforeAll(async () => {
  app = testApp()
  root = await mkdtemp(path.join(tmpdir(), 'tradeport-files-api-'))
  useFileStorage(new LocalDiskStorage(root))
})

afterAll(async () => {
  useFileStorage(undefined)
  await rm(root, { recursive: true, force: true })
})

type Role = 'owner' | 'admin' | 'member'

async function signedInMember(role: Role = 'owner', company?: { id: string }) {
  const { user, company: joined } = await createMember({ role, company })
  return { user, company: joined, jar: await signInWithCookies(app, user) }
}

function formWith(bytes: Uint8Array | null, name: string, purpose: string | null = 'attachment'): FormData {
  const form = new FormData()
  if (bytes) form.set('file', new File([new Uint8Array(bytes)], name))
  if (purpose !== null) form.set('purpose', purpose)
  return form
}

async function post(jar: CookieJar | null, body: FormData | string, headers: Record<string, string> = {}) {
  const response = await app.request(`${TEST_PUBLIC_URL}/api/v1/files`, {
    method: 'POST',
    headers: { origin: TEST_PUBLIC_URL, ...(jar ? { cookie: jar.header() } : {}), ...headers },
    body,
  })
  const text = await response.text()
  return {
    status: response.status,
    json: (text ? JSON.parse(text) : null) as Record<string, unknown> & { code?: string; message?: string; details?: Record<string, unknown> },
  }
}

async function uploaded(jar: CookieJar, name: string, purpose = 'attachment', bytes?: Uint8Array) {
  const response = await post(jar, formWith(bytes ?? (name.endsWith('.pdf') ? pdfBytes() : await imageBytes('png')), name, purpose))
  expect(response.status).toBe(201)
  return response.json as { id: string; content_url: string; thumbnail_url: string | null; name: string }
}

const uiValidation = CATALOGS.en.ui.validation as Record<string, string>

describe('POST /api/v1/files', () => {
  it('stores a multipart upload and answers its metadata in snake_case', async () => {
    const { user, company, jar } = await signedInMember('member')
    const bytes = await imageBytes('png', 640, 480)
    const response = await post(jar, formWith(bytes, 'Factory gate.png', 'factory_photo'))
    expect(response.status).toBe(201)
    const id = String(response.json.id)
    expect(response.json).toEqual({
      id,
      name: 'Factory gate.png',
      content_type: 'image/png',
      size_bytes: bytes.byteLength,
      purpose: 'factory_photo',
      has_thumbnail: true,
      content_url: `/api/v1/files/${id}/content`,
      thumbnail_url: `/api/v1/files/${id}/thumbnail`,
      uploaded_by: user.id,
      company_id: company.id,
      created_at: expect.any(String),
    })
  })

  it('refuses anonymous callers (401) and users without a company (403) before reading the body', async () => {
    expect((await post(null, formWith(pdfBytes(), 'a.pdf'))).status).toBe(401)
    const loner = await createUser()
    const response = await post(await signInWithCookies(app, loner), formWith(pdfBytes(), 'a.pdf'))
    expect(response).toMatchObject({ status: 403, json: { code: 'company_required' } })
  })

  it('refuses an .exe renamed .png with 415 file_type_not_allowed', async () => {
    const { jar } = await signedInMember()
    const response = await post(jar, formWith(exeBytes(), 'holiday.png'))
    expect(response).toMatchObject({ status: 415, json: { code: 'file_type_not_allowed', message: CATALOGS.en.common.errors.file_type_not_allowed } })
  })

  it('refuses a body that is not multipart with 415', async () => {
    const { jar } = await signedInMember()
    const response = await post(jar, JSON.stringify({ purpose: 'logo' }), { 'content-type': 'application/json' })
    expect(response).toMatchObject({ status: 415, json: { code: 'unsupported_media_type' } })
  })

  it('refuses an image over 5 MB with 413 file_too_large, naming the limit', async () => {
    const { jar } = await signedInMember()
    const big = new Uint8Array(5 * 1_048_576 + 10)
    big.set(await imageBytes('png'))
    const response = await post(jar, formWith(big, 'poster.png'))
    expect(response).toMatchObject({
      status: 413,
      json: { code: 'file_too_large', message: 'The file is larger than the limit of 5 MB.', details: { limitMb: 5 } },
    })
  })

  it('lets uploads past the 1 MB body limit, refuses them past their purpose’s limit, and refuses bodies past the largest upload', async () => {
    const { jar } = await signedInMember()
    const twoMegabytes = new Uint8Array(2 * 1_048_576)
    twoMegabytes.set(pdfBytes())
    expect((await post(jar, formWith(twoMegabytes, 'catalogue.pdf'))).status).toBe(201)
    // The body is admitted (spreadsheet imports may reach 50 MB); the document limit of the purpose refuses it.
    const tooLargeDocument = await post(jar, formWith(new Uint8Array(11 * 1_048_576), 'huge.pdf'))
    expect(tooLargeDocument).toMatchObject({ status: 413, json: { code: 'file_too_large', details: { limitMb: 10 } } })
    const tooLargeBody = await post(jar, formWith(new Uint8Array(51 * 1_048_576), 'huger.pdf'))
    expect(tooLargeBody).toMatchObject({ status: 413, json: { code: 'payload_too_large' } })
    const json = await post(jar, JSON.stringify({ filler: 'x'.repeat(1_100_000) }), { 'content-type': 'application/json' })
    expect(json).toMatchObject({ status: 413, json: { code: 'payload_too_large' } })
  })

  it('answers 422 with translated field messages for an empty or missing file and an unknown purpose', async () => {
    const { jar } = await signedInMember()
    expect(await post(jar, formWith(new Uint8Array(), 'empty.pdf'))).toMatchObject({
      status: 422,
      json: { code: 'validation_failed', details: { fields: { file: [uiValidation.fileEmpty] } } },
    })
    expect(await post(jar, formWith(null, '', 'selfie'))).toMatchObject({
      status: 422,
      json: { details: { fields: { file: [uiValidation.fileRequired], purpose: [uiValidation.filePurpose] } } },
    })
    const zh = await post(jar, formWith(null, ''), { 'accept-language': 'zh-CN' })
    expect(zh.json).toMatchObject({
      message: CATALOGS['zh-Hans'].common.errors.validation_failed,
      details: { fields: { file: [(CATALOGS['zh-Hans'].ui.validation as Record<string, string>).fileRequired] } },
    })
  })
})

describe('GET /api/v1/files', () => {
  it('lists the active company’s files by name, 100 per page from offset 0 by default', async () => {
    const { jar } = await signedInMember()
    for (const name of ['b.pdf', 'a.pdf', 'c.png']) await uploaded(jar, name)
    await uploaded((await signedInMember()).jar, 'a-stranger.pdf')
    const response = await call(app, '/api/v1/files', { jar })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({ total: 3, limit: 100, offset: 0 })
    expect((response.json.items as Array<{ name: string }>).map((file) => file.name)).toEqual(['a.pdf', 'b.pdf', 'c.png'])
    expect(response.headers.get('cache-control')).toBe('no-store')
    const filtered = await call(app, '/api/v1/files?purpose=logo&limit=5', { jar })
    expect(filtered.json).toMatchObject({ items: [], total: 0, limit: 5 })
    expect((await call(app, '/api/v1/files?limit=500', { jar })).status).toBe(422)
    expect((await call(app, '/api/v1/files')).status).toBe(401)
  })
})

describe('GET /api/v1/files/{id} and its content', () => {
  it('answers the metadata to the company and 404 to another company', async () => {
    const { jar } = await signedInMember('member')
    const file = await uploaded(jar, 'contract.pdf')
    expect((await call(app, `/api/v1/files/${file.id}`, { jar })).json).toMatchObject({ id: file.id, name: 'contract.pdf' })
    const stranger = await signedInMember('owner')
    expect((await call(app, `/api/v1/files/${file.id}`, { jar: stranger.jar })).status).toBe(404)
    expect((await call(app, file.content_url, { jar: stranger.jar })).status).toBe(404)
    expect((await call(app, file.content_url)).status).toBe(404)
    expect((await call(app, `/api/v1/files/${file.id}`)).status).toBe(401)
  })

  it('serves the bytes with their type, nosniff, private caching, an inline name and an ETag; 304 when unchanged', async () => {
    const { jar } = await signedInMember('member')
    const file = await uploaded(jar, '营业执照 (2024).pdf', 'verification')
    const response = await app.request(`${TEST_PUBLIC_URL}${file.content_url}`, { headers: { cookie: jar.header() } })
    expect(response.status).toBe(200)
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(pdfBytes())
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cache-control')).toBe('private, max-age=3600')
    expect(response.headers.get('vary')).toContain('Cookie')
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="____ (2024).pdf"; filename*=UTF-8''%E8%90%A5%E4%B8%9A%E6%89%A7%E7%85%A7%20%282024%29.pdf`,
    )
    const etag = response.headers.get('etag') ?? ''
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/)
    const again = await app.request(`${TEST_PUBLIC_URL}${file.content_url}`, { headers: { cookie: jar.header(), 'if-none-match': `W/${etag}` } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(etag)
  })

  it('serves a company’s logo and its thumbnail to anyone, publicly cacheable', async () => {
    const { jar } = await signedInMember('member')
    const logo = await uploaded(jar, 'logo.png', 'logo', await imageBytes('png', 800, 400))
    const content = await call(app, logo.content_url)
    expect(content.status).toBe(200)
    expect(content.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(content.headers.get('vary') ?? '').not.toContain('Cookie')
    expect(content.headers.get('content-type')).toBe('image/png')
    const thumbnail = await app.request(`${TEST_PUBLIC_URL}${logo.thumbnail_url}`)
    expect(thumbnail.status).toBe(200)
    expect(thumbnail.headers.get('content-type')).toBe('image/webp')
    expect(thumbnail.headers.get('content-disposition')).toBe(`inline; filename="logo.webp"; filename*=UTF-8''logo.webp`)
    expect((await thumbnail.arrayBuffer()).byteLength).toBeGreaterThan(0)
  })

  it('answers 404 for the thumbnail of a document', async () => {
    const { jar } = await signedInMember()
    const pdf = await uploaded(jar, 'spec.pdf')
    expect(pdf.thumbnail_url).toBeNull()
    expect((await call(app, `/api/v1/files/${pdf.id}/thumbnail`, { jar })).status).toBe(404)
  })
})

describe('DELETE /api/v1/files/{id}', () => {
  it('lets the uploader and admins delete, refuses other members (403) and other companies (404)', async () => {
    const owner = await signedInMember('owner')
    const member = await signedInMember('member', owner.company)
    const admin = await signedInMember('admin', owner.company)
    const ownersFile = await uploaded(owner.jar, 'owner.pdf')
    const membersFile = await uploaded(member.jar, 'member.pdf')
    const stranger = await signedInMember('owner')
    expect((await call(app, `/api/v1/files/${ownersFile.id}`, { method: 'DELETE', jar: stranger.jar })).status).toBe(404)
    expect((await call(app, `/api/v1/files/${ownersFile.id}`, { method: 'DELETE', jar: member.jar })).json).toMatchObject({ code: 'insufficient_role' })
    expect((await call(app, `/api/v1/files/${membersFile.id}`, { method: 'DELETE', jar: member.jar })).status).toBe(204)
    expect((await call(app, `/api/v1/files/${ownersFile.id}`, { method: 'DELETE', jar: admin.jar })).status).toBe(204)
    expect((await call(app, ownersFile.content_url, { jar: owner.jar })).status).toBe(404)
    expect((await call(app, `/api/v1/files/${ownersFile.id}`, { method: 'DELETE' })).status).toBe(401)
  })
})

describe('uploads through page actions', () => {
  it('accept multipart bodies past 1 MB on page paths, and keep the 1 MB limit for other bodies', async () => {
    const { jar } = await signedInMember()
    const form = formWith(new Uint8Array(2 * 1_048_576), 'scan.pdf')
    const page = await app.request(`${TEST_PUBLIC_URL}/en/app/settings`, {
      method: 'POST',
      headers: { cookie: jar.header(), origin: TEST_PUBLIC_URL },
      body: form,
    })
    expect(page.status).toBe(200)
    const urlencoded = await app.request(`${TEST_PUBLIC_URL}/en/app/settings`, {
      method: 'POST',
      headers: { cookie: jar.header(), origin: TEST_PUBLIC_URL, 'content-type': 'application/x-www-form-urlencoded' },
      body: `note=${'x'.repeat(1_100_000)}`,
    })
    expect(urlencoded.status).toBe(413)
  })
})

describe('OpenAPI', () => {
  type Operation = { tags: string[]; 'x-access': Record<string, unknown>; requestBody?: { content: Record<string, { schema: unknown }> } }
  it('documents the six operations with their access rules and the multipart upload body', async () => {
    const doc = (await call(app, '/api/openapi.json')).json as {
      paths: Record<string, Record<string, Operation>>
      components: { schemas: Record<string, { example?: unknown; properties?: Record<string, unknown> }> }
    }
    expect(Object.keys(doc.paths['/api/v1/files'] ?? {}).sort()).toEqual(['get', 'post'])
    expect(Object.keys(doc.paths['/api/v1/files/{id}'] ?? {}).sort()).toEqual(['delete', 'get'])
    expect(doc.paths['/api/v1/files']?.post?.['x-access']).toEqual({ level: 'company', minRole: 'member' })
    expect(doc.paths['/api/v1/files/{id}']?.delete?.['x-access']).toEqual({ level: 'company', minRole: 'admin', resource: 'id' })
    expect(doc.paths['/api/v1/files/{id}/content']?.get?.['x-access']).toEqual({ level: 'public' })
    expect(doc.paths['/api/v1/files/{id}/thumbnail']?.get?.['x-access']).toEqual({ level: 'public' })
    expect(doc.paths['/api/v1/files']?.post?.requestBody?.content['multipart/form-data']?.schema).toEqual({ $ref: '#/components/schemas/UploadFile' })
    expect(doc.components.schemas.UploadFile).toMatchObject({
      example: { file: 'factory-gate.png', purpose: 'factory_photo' },
      properties: { file: { type: 'string', format: 'binary' } },
    })
  })
})
