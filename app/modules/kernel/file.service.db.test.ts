import { randomUUID } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMember, createCompany, createMember } from '../../../db/factories/companies'
import { createUser } from '../../../db/factories/users'
import { imageBytes, pdfBytes, exeBytes, xlsxBytes } from '../../../tests/support/file-fixtures'
import type { MemberRole, ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { LocalDiskStorage } from '../../platform/files/local-storage.server'
import { type FileStorage, useFileStorage } from '../../platform/files/storage.server'
import type { FilePurpose } from './kernel.constants'
import { certifications, companyProfiles, organizations, supplierApplications } from '../companies/companies.tables.server'
import { files } from './kernel.tables.server'
import { deleteFile, filesOfCompany, getFile, listFiles, openFile, uploadFile, uploadLimitFor } from './file.service.server'

let root: string
let disk: FileStorage

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tradeport-file-service-'))
  disk = new LocalDiskStorage(root)
  useFileStorage(disk)
})

afterAll(async () => {
  useFileStorage(undefined)
  await rm(root, { recursive: true, force: true })
})

function contextOf(userId: string, companyId: string | null, memberRole: MemberRole | null, platformRole: 'user' | 'admin' = 'user'): ServiceContext {
  return {
    actor: {
      userId,
      sessionId: 'test-session',
      companyId,
      memberRole,
      platformRole,
      companyKind: companyId ? 'buyer' : null,
      contactVerified: true,
      aal: 'aal1',
    },
    locale: 'en',
    requestId: 'test',
  }
}

async function memberOf(role: MemberRole, company?: { id: string }) {
  const { user, company: joined } = await createMember({ role, company })
  return { user, company: joined, ctx: contextOf(user.id, joined.id, role) }
}

async function failure(run: Promise<unknown>): Promise<AppError> {
  const error = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

async function storedKeys(): Promise<string[]> {
  const folders = await readdir(root).catch(() => [] as string[])
  const keys = await Promise.all(folders.map(async (folder) => (await readdir(path.join(root, folder))).map((name) => `${folder}/${name}`)))
  return keys.flat().sort()
}

const upload = async (ctx: ServiceContext, name: string, purpose: FilePurpose = 'attachment', bytes?: Uint8Array) =>
  uploadFile(ctx, { purpose, name, bytes: bytes ?? (name.endsWith('.pdf') ? pdfBytes() : await imageBytes('png')) })

describe('uploadFile', () => {
  it('stores the sniffed type, a clean name, the size, the uploader and a thumbnail for images', async () => {
    const { user, company, ctx } = await memberOf('member')
    const bytes = await imageBytes('jpeg', 900, 600)
    const file = await uploadFile(ctx, { purpose: 'factory_photo', name: 'C:\\photos\\Gate\u202E.JPG', bytes })
    expect(file).toMatchObject({
      name: 'Gate.jpg',
      contentType: 'image/jpeg',
      sizeBytes: bytes.byteLength,
      purpose: 'factory_photo',
      hasThumbnail: true,
      uploadedBy: user.id,
      companyId: company.id,
    })
    const [row] = await database().select().from(files).where(eq(files.id, file.id))
    expect(row).toMatchObject({
      storageKey: `originals/${file.id}`,
      thumbnailKey: `thumbnails/${file.id}.webp`,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    })
    expect(await disk.get(`originals/${file.id}`)).toEqual(bytes)
  })

  it('stores documents without a thumbnail', async () => {
    const { ctx } = await memberOf('member')
    expect(await upload(ctx, 'ISO 9001.pdf', 'certification')).toMatchObject({ contentType: 'application/pdf', hasThumbnail: false })
    expect(await upload(ctx, 'prices.xlsx', 'attachment', xlsxBytes())).toMatchObject({
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    })
  })

  it('refuses disguised and disallowed types with 415 and stores nothing', async () => {
    const { ctx } = await memberOf('member')
    const before = await storedKeys()
    expect((await failure(upload(ctx, 'setup.png', 'attachment', exeBytes()))).code).toBe('file_type_not_allowed')
    expect((await failure(upload(ctx, 'brochure.pdf', 'logo'))).code).toBe('file_type_not_allowed')
    expect((await failure(upload(ctx, 'sheet.xlsx', 'verification', xlsxBytes()))).code).toBe('file_type_not_allowed')
    expect(await storedKeys()).toEqual(before)
  })

  it('refuses files over the limit of their type with 413 and the limit in MB', async () => {
    const { ctx } = await memberOf('member')
    const png = await imageBytes('png')
    const oversizedImage = new Uint8Array(5 * 1_048_576 + 1)
    oversizedImage.set(png)
    const error = await failure(upload(ctx, 'huge.png', 'attachment', oversizedImage))
    expect(error).toMatchObject({ code: 'file_too_large', details: { limitMb: 5 } })
    const oversizedPdf = new Uint8Array(10 * 1_048_576 + 1)
    oversizedPdf.set(pdfBytes())
    expect(await failure(upload(ctx, 'huge.pdf', 'certification', oversizedPdf))).toMatchObject({ code: 'file_too_large', details: { limitMb: 10 } })
    expect(uploadLimitFor('logo')).toBe(5 * 1_048_576)
    expect(uploadLimitFor('certification')).toBe(10 * 1_048_576)
  })

  it('refuses an empty file and an unknown purpose with 422', async () => {
    const { ctx } = await memberOf('member')
    expect(await failure(upload(ctx, 'empty.png', 'attachment', new Uint8Array()))).toMatchObject({
      code: 'validation_failed',
      details: { fields: { file: ['validation.fileEmpty'] } },
    })
    expect(await failure(upload(ctx, 'a.png', 'selfie' as FilePurpose))).toMatchObject({
      code: 'validation_failed',
      details: { fields: { purpose: ['validation.filePurpose'] } },
    })
  })

  it('needs an active company', async () => {
    const user = await createUser()
    expect((await failure(upload(contextOf(user.id, null, null), 'a.png'))).code).toBe('company_required')
  })

  it('removes the stored bytes when the database refuses the record', async () => {
    const { user } = await memberOf('member')
    const before = await storedKeys()
    // A company that does not exist: the insert fails on its foreign key after the bytes were written.
    const error = await upload(contextOf(user.id, randomUUID(), 'member'), 'orphan.png').then(
      () => null,
      (thrown: unknown) => thrown,
    )
    expect(error).toBeTruthy()
    expect(await storedKeys()).toEqual(before)
  })

  it('keeps the upload when its thumbnail cannot be stored', async () => {
    const { ctx } = await memberOf('member')
    const thumbnailsFail: FileStorage = {
      put: (key, bytes, type) => (key.startsWith('thumbnails/') ? Promise.reject(new Error('disk full')) : disk.put(key, bytes, type)),
      get: (key) => disk.get(key),
      delete: (key) => disk.delete(key),
    }
    useFileStorage(thumbnailsFail)
    try {
      const file = await upload(ctx, 'logo.png', 'logo')
      expect(file.hasThumbnail).toBe(false)
      expect(await disk.get(`originals/${file.id}`)).not.toBeNull()
    } finally {
      useFileStorage(disk)
    }
  })

  it('answers 503 when the storage is down, and records nothing', async () => {
    const { ctx, company } = await memberOf('member')
    useFileStorage({ put: () => Promise.reject(new Error('bucket unreachable')), get: () => Promise.resolve(null), delete: () => Promise.resolve() })
    try {
      expect((await failure(upload(ctx, 'a.pdf', 'attachment'))).code).toBe('unavailable')
    } finally {
      useFileStorage(disk)
    }
    expect(await database().select().from(files).where(eq(files.organizationId, company.id))).toEqual([])
  })
})

describe('listFiles', () => {
  it('lists the active company’s files by name (case-insensitive, code point order), 100 at a time from offset 0', async () => {
    const { ctx } = await memberOf('owner')
    for (const name of ['beta.pdf', 'Alpha.pdf', 'gamma.png', 'alpha 2.pdf']) await upload(ctx, name)
    const other = await memberOf('owner')
    await upload(other.ctx, 'aardvark.pdf')
    const page = await listFiles(ctx, {})
    expect(page).toMatchObject({ total: 4, limit: 100, offset: 0 })
    expect(page.items.map((file) => file.name)).toEqual(['alpha 2.pdf', 'Alpha.pdf', 'beta.pdf', 'gamma.png'])
    expect((await listFiles(ctx, { limit: 2, offset: 1 })).items.map((file) => file.name)).toEqual(['Alpha.pdf', 'beta.pdf'])
  })

  it('filters by purpose and refuses a limit over 100', async () => {
    const { ctx } = await memberOf('owner')
    await upload(ctx, 'logo.png', 'logo')
    await upload(ctx, 'doc.pdf', 'attachment')
    expect((await listFiles(ctx, { purpose: 'logo' })).items.map((file) => file.name)).toEqual(['logo.png'])
    expect((await failure(listFiles(ctx, { limit: 101 }))).code).toBe('validation_failed')
  })
})

describe('reading files', () => {
  it('shows a file to its company, to platform admins, and as 404 to everyone else', async () => {
    const { ctx } = await memberOf('member')
    const file = await upload(ctx, 'contract.pdf')
    expect((await getFile(ctx, file.id)).id).toBe(file.id)
    const admin = await createUser({ role: 'admin' })
    expect((await getFile(contextOf(admin.id, null, null, 'admin'), file.id)).id).toBe(file.id)
    const stranger = await memberOf('owner')
    expect((await failure(getFile(stranger.ctx, file.id))).code).toBe('not_found')
    expect((await failure(openFile(stranger.ctx, file.id))).code).toBe('not_found')
    expect((await failure(openFile(null, file.id))).code).toBe('not_found')
    expect((await failure(getFile(ctx, 'no-such-file'))).code).toBe('not_found')
  })

  it('serves a live company’s logo and factory photos to anyone, publicly cacheable', async () => {
    const { ctx, company } = await memberOf('member')
    const logo = await upload(ctx, 'logo.png', 'logo')
    const download = await openFile(null, logo.id)
    expect(download).toMatchObject({ contentType: 'image/png', cacheScope: 'public', inline: true })
    expect(download.etag).toMatch(/^"[0-9a-f]{64}"$/)
    expect(await download.read()).toEqual(await disk.get(`originals/${logo.id}`))
    const thumbnail = await openFile(null, logo.id, 'thumbnail')
    expect(thumbnail).toMatchObject({ contentType: 'image/webp', etag: download.etag.replace(/"$/, '-thumbnail"') })
    await database().update(organizations).set({ deletedAt: new Date() }).where(eq(organizations.id, company.id))
    expect((await failure(openFile(null, logo.id))).code).toBe('not_found')
  })

  it('keeps private files private in caches, and has no thumbnail for documents', async () => {
    const { ctx } = await memberOf('member')
    const pdf = await upload(ctx, 'report.pdf', 'verification')
    expect(await openFile(ctx, pdf.id)).toMatchObject({ cacheScope: 'private', inline: true, contentType: 'application/pdf' })
    expect((await failure(openFile(ctx, pdf.id, 'thumbnail'))).code).toBe('not_found')
    const sheet = await upload(ctx, 'prices.xlsx', 'attachment', xlsxBytes())
    expect((await openFile(ctx, sheet.id)).inline).toBe(false)
  })

  it('gives the verification review only the company’s own files, in the order asked for', async () => {
    const { ctx, company } = await memberOf('owner')
    const first = await upload(ctx, 'licence.pdf', 'verification')
    const second = await upload(ctx, 'permit.pdf', 'verification')
    const foreign = await upload((await memberOf('owner')).ctx, 'other.pdf', 'verification')
    expect((await filesOfCompany(company.id, [second.id, foreign.id, first.id, 'missing'])).map((file) => file.id)).toEqual([second.id, first.id])
    expect(await filesOfCompany(company.id, [])).toEqual([])
  })
})

describe('deleteFile', () => {
  it('lets the uploader delete their own file, and removes its bytes', async () => {
    const { ctx } = await memberOf('member')
    const file = await upload(ctx, 'mine.png')
    await deleteFile(ctx, file.id)
    expect((await failure(getFile(ctx, file.id))).code).toBe('not_found')
    expect(await disk.get(`originals/${file.id}`)).toBeNull()
    expect(await disk.get(`thumbnails/${file.id}.webp`)).toBeNull()
  })

  it('refuses a member deleting someone else’s file (403), and lets admins and owners do it', async () => {
    const owner = await memberOf('owner')
    const member = await memberOf('member', owner.company)
    const admin = await memberOf('admin', owner.company)
    const first = await upload(owner.ctx, 'owner-file.pdf')
    const second = await upload(member.ctx, 'member-file.pdf')
    expect(await failure(deleteFile(member.ctx, first.id))).toMatchObject({ code: 'insufficient_role', details: { requiredRole: 'admin' } })
    await deleteFile(admin.ctx, first.id)
    await deleteFile(owner.ctx, second.id)
    expect((await listFiles(owner.ctx, {})).total).toBe(0)
  })

  it('answers 404 for another company’s file, before any role check', async () => {
    const { ctx } = await memberOf('owner')
    const file = await upload(ctx, 'private.pdf')
    const stranger = await memberOf('member')
    expect((await failure(deleteFile(stranger.ctx, file.id))).code).toBe('not_found')
    expect((await getFile(ctx, file.id)).id).toBe(file.id)
  })

  it('clears the logo, certification and factory photo references', async () => {
    const { ctx, company } = await memberOf('owner')
    const logo = await upload(ctx, 'logo.png', 'logo')
    const photo = await upload(ctx, 'gate.png', 'factory_photo')
    const keep = await upload(ctx, 'hall.png', 'factory_photo')
    const certificate = await upload(ctx, 'iso.pdf', 'certification')
    await database().update(organizations).set({ logoFileId: logo.id }).where(eq(organizations.id, company.id))
    await database()
      .update(companyProfiles)
      .set({ factoryPhotoFileIds: [photo.id, keep.id] })
      .where(eq(companyProfiles.organizationId, company.id))
    await database().insert(certifications).values({ id: randomUUID(), organizationId: company.id, name: 'ISO 9001', fileId: certificate.id })
    for (const file of [logo, photo, certificate]) await deleteFile(ctx, file.id)
    const [organization] = await database().select().from(organizations).where(eq(organizations.id, company.id))
    const [profile] = await database().select().from(companyProfiles).where(eq(companyProfiles.organizationId, company.id))
    const [certification] = await database().select().from(certifications).where(eq(certifications.organizationId, company.id))
    expect(organization?.logoFileId).toBeNull()
    expect(profile?.factoryPhotoFileIds).toEqual([keep.id])
    expect(certification?.fileId).toBeNull()
  })

  it('keeps a document of a pending verification application (409) until the review ends', async () => {
    const { ctx, company, user } = await memberOf('owner')
    const evidence = await upload(ctx, 'licence.pdf', 'verification')
    const applicationId = randomUUID()
    await database()
      .insert(supplierApplications)
      .values({ id: applicationId, organizationId: company.id, supplierType: 'manufacturer', documentFileIds: [evidence.id], submittedBy: user.id })
    expect(await failure(deleteFile(ctx, evidence.id))).toMatchObject({ code: 'conflict', details: { reason: 'file_under_review' } })
    await database().update(supplierApplications).set({ status: 'reject' }).where(eq(supplierApplications.id, applicationId))
    await deleteFile(ctx, evidence.id)
  })

  it('needs the file to belong to the company the actor acts for', async () => {
    const first = await createCompany()
    const second = await createCompany()
    const user = await createUser()
    await addMember(first.id, user.id, 'owner')
    await addMember(second.id, user.id, 'owner')
    const file = await upload(contextOf(user.id, first.id, 'owner'), 'first.pdf')
    expect((await failure(deleteFile(contextOf(user.id, second.id, 'owner'), file.id))).code).toBe('not_found')
  })
})
