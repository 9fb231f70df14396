import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMember } from '../../../db/factories/companies'
import { imageBytes, pdfBytes } from '../../../tests/support/file-fixtures'
import type { MemberRole, ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { LocalDiskStorage } from '../../platform/files/local-storage.server'
import { useFileStorage } from '../../platform/files/storage.server'
import { getSupplierProfile as publicProfile } from '../catalog/index.server'
import { companyProfiles } from './companies.tables.server'
import { files } from '../kernel/kernel.tables.server'
import { openFile } from '../kernel/index.server'
import { getSupplierProfile, removeSupplierBanner, replaceSupplierBanner } from './supplier-profile.service.server'

let root: string

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tradeport-banner-'))
  useFileStorage(new LocalDiskStorage(root))
})

afterAll(async () => {
  useFileStorage(undefined)
  await rm(root, { recursive: true, force: true })
})

async function supplierMember(role: MemberRole, company?: { id: string }): Promise<ServiceContext & { actor: { companyId: string } }> {
  const { user, company: joined } = await createMember({ role, company, companyInput: { kind: 'supplier', verificationStatus: 'accept' } })
  return {
    actor: {
      userId: user.id,
      sessionId: 'test',
      companyId: joined.id,
      memberRole: role,
      platformRole: 'user',
      companyKind: 'supplier',
      contactVerified: true,
      aal: 'aal1',
    },
    locale: 'en',
    requestId: 'test',
  }
}

async function failure(run: Promise<unknown>): Promise<AppError> {
  const error = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

const fileRow = async (id: string) => (await database().select().from(files).where(eq(files.id, id)))[0]

describe('supplier banner', () => {
  it('stores an uploaded image as the profile banner, public on the profile, and replaces the previous one', async () => {
    const ctx = await supplierMember('owner')
    const first = await replaceSupplierBanner(ctx, { name: 'banner.png', bytes: await imageBytes('png', 1200, 300) })
    expect(first.bannerFileId).toBeTruthy()
    expect(await fileRow(first.bannerFileId!)).toMatchObject({ purpose: 'banner', contentType: 'image/png' })
    const shown = await publicProfile(ctx.actor.companyId, 'en')
    expect(shown?.bannerUrl).toBe(`/api/v1/files/${first.bannerFileId}/content`)
    // Anyone may fetch it, like a logo.
    expect((await openFile(null, first.bannerFileId!)).contentType).toBe('image/png')

    const second = await replaceSupplierBanner(ctx, { name: 'banner.webp', bytes: await imageBytes('webp', 1200, 300) })
    expect(second.bannerFileId).not.toBe(first.bannerFileId)
    expect(await fileRow(first.bannerFileId!)).toBeUndefined()
    expect((await getSupplierProfile(ctx)).bannerFileId).toBe(second.bannerFileId)
  })

  it('refuses what is not an image, a missing file and members who are not admins, storing nothing', async () => {
    const owner = await supplierMember('owner')
    expect((await failure(replaceSupplierBanner(owner, { name: 'banner.pdf', bytes: pdfBytes() }))).code).toBe('file_type_not_allowed')
    expect((await failure(replaceSupplierBanner(owner, null))).details).toEqual({ fields: { banner: ['validation.bannerRequired'] } })
    const member = await supplierMember('member', { id: owner.actor.companyId })
    expect((await failure(replaceSupplierBanner(member, { name: 'banner.png', bytes: await imageBytes('png') }))).code).toBe('insufficient_role')
    expect(await database().select().from(files).where(eq(files.organizationId, owner.actor.companyId))).toEqual([])
    const [profile] = await database()
      .select({ bannerFileId: companyProfiles.bannerFileId })
      .from(companyProfiles)
      .where(eq(companyProfiles.organizationId, owner.actor.companyId))
    expect(profile?.bannerFileId).toBeNull()
  })

  it('takes the banner off the profile and deletes its file', async () => {
    const ctx = await supplierMember('admin')
    const { bannerFileId } = await replaceSupplierBanner(ctx, { name: 'banner.jpg', bytes: await imageBytes('jpeg', 800, 200) })
    expect((await removeSupplierBanner(ctx)).bannerFileId).toBeNull()
    expect(await fileRow(bannerFileId!)).toBeUndefined()
    expect((await publicProfile(ctx.actor.companyId, 'en'))?.bannerUrl).toBeNull()
    expect((await failure(removeSupplierBanner(ctx))).code).toBe('not_found')
  })
})
