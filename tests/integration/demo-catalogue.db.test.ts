import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_CATALOGUE, seedDemoCatalogue } from '../../db/seed/demo-catalogue.server'
import { getPublicProduct } from '../../app/modules/catalog/index.server'
import { priceLists, productImages, products } from '../../app/modules/catalog/catalog.tables.server'
import { companyProfiles, organizations } from '../../app/modules/companies/companies.tables.server'
import { files } from '../../app/modules/kernel/kernel.tables.server'
import { database } from '../../app/platform/db/index.server'
import { LocalDiskStorage } from '../../app/platform/files/local-storage.server'
import { useFileStorage } from '../../app/platform/files/storage.server'
import { createMember } from '../../db/factories/companies'

let root: string
let supplier: { userId: string; companyId: string }

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tradeport-demo-catalogue-'))
  useFileStorage(new LocalDiskStorage(root))
  const { user, company } = await createMember({
    role: 'owner',
    companyInput: { name: 'Bamboo Kiln Ceramics', kind: 'supplier', verificationStatus: 'accept', city: 'Jingdezhen' },
  })
  supplier = { userId: user.id, companyId: company.id }
  await seedDemoCatalogue(supplier)
})

afterAll(() => {
  useFileStorage(undefined)
  rmSync(root, { recursive: true, force: true })
})

describe('seedDemoCatalogue', () => {
  it('gives the demo supplier its priced catalogue, each product with a picture of its own uploaded like a person’s', async () => {
    const rows = await database()
      .select({ id: products.id, sku: products.sku, fromPrice: products.fromPrice })
      .from(products)
      .where(eq(products.organizationId, supplier.companyId))
    expect(rows.map((row) => row.sku).sort()).toEqual(DEMO_CATALOGUE.map((item) => item.sku).sort())
    expect(rows.every((row) => row.fromPrice)).toBe(true)
    const images = await database()
      .select({ productId: productImages.productId, fileId: productImages.fileId, alt: productImages.alt })
      .from(productImages)
      .where(
        inArray(
          productImages.productId,
          rows.map((row) => row.id),
        ),
      )
    expect(new Set(images.map((image) => image.productId)).size).toBe(DEMO_CATALOGUE.length)
    expect(new Set(images.map((image) => image.fileId)).size).toBe(DEMO_CATALOGUE.length)
    const stored = await database()
      .select()
      .from(files)
      .where(
        inArray(
          files.id,
          images.map((image) => image.fileId),
        ),
      )
    // Through uploadFile: the uploader is recorded and the type was sniffed from the bytes.
    for (const file of stored) expect(file).toMatchObject({ purpose: 'product_image', contentType: 'image/webp', uploadedBy: supplier.userId })
    expect(new Set(stored.map((file) => file.sha256)).size).toBe(DEMO_CATALOGUE.length)
    const [list] = await database().select({ n: count() }).from(priceLists).where(eq(priceLists.organizationId, supplier.companyId))
    expect(list!.n).toBe(1)
  })

  it('names the products and their attributes in the visitor’s language', async () => {
    const [mug] = await database().select({ id: products.id }).from(products).where(eq(products.sku, 'BKC-MUG-350'))
    const hans = await getPublicProduct(mug!.id, 'zh-Hans')
    expect(hans).toMatchObject({ name: '青瓷石器马克杯 350 毫升' })
    expect(hans?.attributes).toContainEqual({ name: '材质', value: '石器' })
    const hant = await getPublicProduct(mug!.id, 'zh-Hant')
    expect(hant?.attributes).toContainEqual({ name: '可用洗碗機', value: '是' })
    const english = await getPublicProduct(mug!.id, 'en')
    expect(english?.attributes).toContainEqual({ name: 'Glaze', value: 'Celadon' })
    expect(english?.supplier.logoUrl).toMatch(/^\/api\/v1\/files\/[\w-]+\/thumbnail$/)
  })

  it('gives the company a logo, a banner and a description in three languages', async () => {
    const [company] = await database()
      .select({ logo: organizations.logoFileId, banner: companyProfiles.bannerFileId, description: companyProfiles.description })
      .from(organizations)
      .innerJoin(companyProfiles, eq(companyProfiles.organizationId, organizations.id))
      .where(eq(organizations.id, supplier.companyId))
    const branding = await database()
      .select({ id: files.id, purpose: files.purpose })
      .from(files)
      .where(inArray(files.id, [company!.logo!, company!.banner!]))
    expect(Object.fromEntries(branding.map((file) => [file.id, file.purpose]))).toEqual({ [company!.logo!]: 'logo', [company!.banner!]: 'banner' })
    expect(Object.keys(company!.description).sort()).toEqual(['en', 'zh-Hans', 'zh-Hant'])
  })

  it('runs again without adding anything, and pictures a catalogue product that lost its image', async () => {
    const before = await database().select({ n: count() }).from(files)
    await seedDemoCatalogue(supplier)
    expect(await database().select({ n: count() }).from(files)).toEqual(before)
    const [vase] = await database().select({ id: products.id }).from(products).where(eq(products.sku, 'BKC-VASE-30'))
    await database().delete(productImages).where(eq(productImages.productId, vase!.id))
    await seedDemoCatalogue(supplier)
    const [pictured] = await database().select({ n: count() }).from(productImages).where(eq(productImages.productId, vase!.id))
    expect(pictured!.n).toBe(1)
    const [owned] = await database().select({ n: count() }).from(products).where(eq(products.organizationId, supplier.companyId))
    expect(owned!.n).toBe(DEMO_CATALOGUE.length)
  })
})
