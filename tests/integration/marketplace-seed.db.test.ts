import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { topLevelOf } from '../../db/seed/marketplace/plan'
import { seedMarketplace } from '../../db/seed/marketplace/seed-marketplace.server'
import { FAMILIES } from '../../db/seed/marketplace/vocabulary'
import { categories, priceListLines, priceLists, productImages, products } from '../../app/modules/catalog/catalog.tables.server'
import { companyProfiles, organizations } from '../../app/modules/companies/companies.tables.server'
import { files } from '../../app/modules/kernel/kernel.tables.server'
import { database } from '../../app/platform/db/index.server'
import { fileStorage, useFileStorage } from '../../app/platform/files/storage.server'
import { LocalDiskStorage } from '../../app/platform/files/local-storage.server'

const HAN = /\p{Script=Han}/u
let root: string
let first: Awaited<ReturnType<typeof seedMarketplace>>

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tradeport-seed-'))
  useFileStorage(new LocalDiskStorage(root))
  first = await seedMarketplace({ companies: 8, products: 120 })
})

afterAll(() => {
  useFileStorage(undefined)
  rmSync(root, { recursive: true, force: true })
})

describe('seedMarketplace', () => {
  it('creates suppliers with three-locale profiles and a mix of verification states', async () => {
    expect(first).toEqual({ created: true, companies: 8, products: 120 })
    const profiles = await database().select().from(companyProfiles)
    expect(profiles).toHaveLength(8)
    for (const profile of profiles) {
      expect(['supplier', 'both']).toContain(profile.kind)
      expect(profile.description.en).toMatch(/Main products: /)
      expect(profile.description['zh-Hans']).toMatch(HAN)
      expect(profile.description['zh-Hant']).toMatch(HAN)
      expect(profile.mainProducts.length).toBeGreaterThanOrEqual(2)
    }
    expect(new Set(profiles.map((profile) => profile.verificationStatus)).size).toBeGreaterThan(1)
  })

  it('writes bilingual product names, mostly published, with HS codes of the family', async () => {
    const rows = await database().select().from(products)
    expect(rows).toHaveLength(120)
    expect(rows.filter((row) => row.status === 'published').length).toBeGreaterThan(100)
    for (const row of rows) {
      expect(row.nameEn).toMatch(/^[\w\s.,×²'’&()Ø–-]+$/u)
      expect(row.nameZhHans).toMatch(HAN)
      expect(row.nameZhHant).toMatch(HAN)
      expect(row.hsCode).toMatch(/^\d{6}$/)
      expect(row.searchDocument).toContain(row.nameEn.toLowerCase().split(/[^a-z0-9]+/)[0])
    }
    expect(rows.some((row) => row.nameZhHans !== row.nameZhHant)).toBe(true)
  })

  it('feeds from_price from the lowest break of the active price list, in its currency', async () => {
    const lowest = await database()
      .select({
        productId: priceListLines.productId,
        lowest: sql<string>`min(${priceListLines.unitPrice})`,
        currency: sql<string>`min(${priceLists.currency})`,
      })
      .from(priceListLines)
      .innerJoin(priceLists, and(eq(priceLists.id, priceListLines.priceListId), eq(priceLists.isActive, true)))
      .groupBy(priceListLines.productId)
    const breaks = await database().select({ productId: priceListLines.productId, n: count() }).from(priceListLines).groupBy(priceListLines.productId)
    expect(breaks.every((row) => row.n >= 2 && row.n <= 4)).toBe(true)
    const priced = await database()
      .select({ id: products.id, fromPrice: products.fromPrice, currency: products.fromPriceCurrency })
      .from(products)
      .where(sql`${products.fromPrice} is not null`)
    expect(priced.length).toBe(lowest.length)
    const byId = new Map(lowest.map((row) => [row.productId, row]))
    for (const product of priced) {
      expect(product.fromPrice).toBe(byId.get(product.id)?.lowest)
      expect(product.currency).toBe(byId.get(product.id)?.currency)
    }
    const [unpriced] = await database().select({ n: count() }).from(products).where(isNull(products.fromPrice))
    expect(unpriced!.n + priced.length).toBe(120)
  })

  it('attaches a stored public product image to every product', async () => {
    const images = await database().select({ productId: productImages.productId, fileId: productImages.fileId }).from(productImages)
    expect(new Set(images.map((image) => image.productId)).size).toBe(120)
    const stored = await database()
      .select()
      .from(files)
      .where(inArray(files.id, [...new Set(images.map((image) => image.fileId))]))
    expect(stored.every((file) => file.purpose === 'product_image' && file.contentType === 'image/webp' && file.thumbnailKey)).toBe(true)
    const bytes = await fileStorage().get(stored[0]!.storageKey)
    expect(bytes && new TextDecoder().decode(bytes.slice(8, 12))).toBe('WEBP')
  })

  it('gives products their own picture by kind, colour and variant, shared only within a company by products that look alike', async () => {
    const rows = await database()
      .select({
        productId: productImages.productId,
        fileId: productImages.fileId,
        companyId: products.organizationId,
        sku: products.sku,
        attributes: products.attributes,
      })
      .from(productImages)
      .innerJoin(products, eq(products.id, productImages.productId))
    const fileIds = new Set(rows.map((row) => row.fileId))
    // 120 products of a few families each: most have a picture of their own.
    expect(fileIds.size).toBeGreaterThan(80)
    const companyOf = new Map(rows.map((row) => [row.fileId, row.companyId]))
    for (const row of rows) expect(companyOf.get(row.fileId), 'a picture is a file of the product’s own company').toBe(row.companyId)
    // Two products of one family in different colours or variants never share a picture.
    const valueOf = (row: (typeof rows)[number], name: string) => row.attributes.find((attribute) => attribute.name === name)?.value ?? ''
    const look = (row: (typeof rows)[number]) => `${row.companyId}:${row.sku.split('-')[0]}:${valueOf(row, 'Specification')}:${valueOf(row, 'Colour')}`
    const looksOfFile = new Map<string, Set<string>>()
    for (const row of rows) looksOfFile.set(row.fileId, (looksOfFile.get(row.fileId) ?? new Set()).add(look(row)))
    for (const looks of looksOfFile.values()) expect(looks.size).toBe(1)
    const stored = await database()
      .select()
      .from(files)
      .where(inArray(files.id, [...fileIds]))
    const digests = new Set(stored.map((file) => file.sha256))
    expect(digests.size).toBeGreaterThan(60)
  })

  it('gives every company a stored logo and banner, public imagery the Files API serves', async () => {
    const companies = await database()
      .select({ logo: organizations.logoFileId, banner: companyProfiles.bannerFileId })
      .from(organizations)
      .innerJoin(companyProfiles, eq(companyProfiles.organizationId, organizations.id))
    expect(companies).toHaveLength(8)
    const ids = companies.flatMap((company) => [company.logo!, company.banner!])
    expect(ids.every(Boolean)).toBe(true)
    const stored = await database().select().from(files).where(inArray(files.id, ids))
    expect(stored.map((file) => file.purpose).sort()).toEqual([...Array(8).fill('banner'), ...Array(8).fill('logo')])
    expect(stored.every((file) => file.contentType === 'image/webp' && file.thumbnailKey)).toBe(true)
  })

  it('names every attribute and its value in Simplified and Traditional Chinese', async () => {
    const rows = await database().select({ attributes: products.attributes }).from(products)
    const attributes = rows.flatMap((row) => row.attributes)
    expect(attributes.length).toBeGreaterThan(120)
    for (const attribute of attributes) {
      expect(['Material', 'Specification', 'Colour']).toContain(attribute.name)
      expect(attribute.nameZhHans).toMatch(HAN)
      expect(attribute.nameZhHant).toMatch(HAN)
      expect(attribute.valueZhHans).toBeTruthy()
      expect(attribute.valueZhHant).toBeTruthy()
    }
    expect(attributes.some((attribute) => attribute.name === 'Material' && attribute.nameZhHans === '材质' && attribute.nameZhHant === '材質')).toBe(true)
  })

  it('is idempotent: the same companies are not created twice', async () => {
    expect(await seedMarketplace({ companies: 8, products: 120 })).toEqual({ created: false, companies: 0, products: 0 })
    const [companies] = await database().select({ n: count() }).from(organizations)
    expect(companies!.n).toBe(8)
  })

  it('files every product family under the top-level category the tree gives it', async () => {
    const tree = await database().select({ id: categories.id, parentId: categories.parentId }).from(categories)
    const parentOf = new Map(tree.map((row) => [row.id, row.parentId]))
    const top = (id: string): string => {
      const parent = parentOf.get(id)
      return parent ? top(parent) : id
    }
    for (const family of FAMILIES) {
      expect(parentOf.has(family.categoryId), family.code).toBe(true)
      expect(topLevelOf(family), family.code).toBe(top(family.categoryId))
    }
  })
})
