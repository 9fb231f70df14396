import { randomUUID } from 'node:crypto'
import type { Faker } from '@faker-js/faker'
import { eq, inArray } from 'drizzle-orm'
import { lowestUnitPrice } from '../../../app/modules/catalog/index'
import { priceListLines, priceLists, productImages, products } from '../../../app/modules/catalog/index.server'
import { certifications, companyProfiles, files, organizations } from '../../../app/modules/companies/index.server'
import { database } from '../../../app/platform/db/index.server'
import { fileStorage } from '../../../app/platform/files/storage.server'
import { THUMBNAIL_CONTENT_TYPE } from '../../../app/platform/files/thumbnail.server'
import { createCompany } from '../../../tests/factories/companies'
import { insertRows, productRow } from '../../../tests/factories/products'
import { FamilyImages } from './images'
import { type CompanyPlan, planCompanies, planProducts, type ProductPlan, seededFaker, shareProducts, topLevelOf } from './plan'

/** The seed of the demo marketplace: the same companies and products on every machine. */
export const MARKETPLACE_SEED = 20_260_301

/** Rows to write together: products first (price lines and images reference them). */
export type ProductRows = {
  products: Array<ReturnType<typeof productRow>>
  lines: Array<typeof priceListLines.$inferInsert & { id: string }>
  images: Array<typeof productImages.$inferInsert & { id: string }>
}

/** Where generated product rows go: multi-row inserts through Drizzle by default, COPY for huge runs (copy-sink). */
export type ProductSink = (rows: ProductRows) => Promise<void>

export type MarketplaceSeedOptions = {
  companies: number
  products: number
  /** Generated product images (WebP through the file storage); off for quick or huge runs. */
  images?: boolean
  seed?: number
  batchSize?: number
  sink?: ProductSink
  onProgress?: (written: number, total: number) => void
}

export type MarketplaceSeedResult = { created: boolean; companies: number; products: number }

type Supplier = { plan: CompanyPlan; companyId: string; imageOf: Map<string, string>; priceListId: string | null; products: Generator<ProductPlan> }

const insertWithDrizzle: ProductSink = async (rows) => {
  await insertRows(products, rows.products, 1_000)
  await Promise.all([insertRows(priceListLines, rows.lines, 4_000), insertRows(productImages, rows.images, 4_000)])
}

/**
 * Generates suppliers (mixed countries, verification states, certificates, three-locale profiles) and their products
 * (bilingual names from the curated vocabulary, HS codes, price breaks feeding from_price, images); skips when the
 * planned companies exist already. Products are written round-robin across suppliers, as a live marketplace fills up.
 */
export async function seedMarketplace(options: MarketplaceSeedOptions): Promise<MarketplaceSeedResult> {
  const seed = options.seed ?? MARKETPLACE_SEED
  const plans = planCompanies(options.companies, seed)
  if (plans.length === 0 || (await anyExists(plans))) return { created: false, companies: 0, products: 0 }
  const counts = shareProducts(plans, Math.max(options.products, 0))
  const total = counts.reduce((sum, value) => sum + value, 0)
  const suppliers = await createSuppliers(plans, counts, seededFaker(seed + 1), options.images !== false)
  const sink = options.sink ?? insertWithDrizzle
  const batchSize = options.batchSize ?? 1_000
  let batch: ProductRows = { products: [], lines: [], images: [] }
  let written = 0
  let pending: Promise<void> = Promise.resolve()
  const flush = async () => {
    // One batch is written while the next is generated.
    await pending
    const rows = batch
    batch = { products: [], lines: [], images: [] }
    written += rows.products.length
    const done = written
    pending = sink(rows).then(() => options.onProgress?.(done, total))
  }
  for (let active = suppliers; active.length > 0; ) {
    const next: Supplier[] = []
    for (const supplier of active) {
      const step = supplier.products.next()
      if (step.done) continue
      addProduct(batch, supplier, step.value)
      next.push(supplier)
      if (batch.products.length >= batchSize) await flush()
    }
    active = next
  }
  await flush()
  await pending
  return { created: true, companies: plans.length, products: total }
}

function addProduct(batch: ProductRows, { plan, companyId, imageOf, priceListId }: Supplier, product: ProductPlan): void {
  const lowest = lowestUnitPrice(product.breaks)
  const row = productRow({
    companyId,
    sku: product.sku,
    nameEn: product.name.en,
    nameZhHans: product.name.zhHans,
    nameZhHant: product.name.zhHant,
    descriptionEn: product.description.en,
    descriptionZhHans: product.description.zhHans,
    descriptionZhHant: product.description.zhHant,
    categoryId: product.family.categoryId,
    hsCode: product.family.hsCode,
    originCountry: plan.country,
    unit: product.family.unit,
    moq: product.moq,
    leadTimeDays: product.leadTimeDays,
    attributes: product.attributes,
    status: product.status,
    publishedAt: product.publishedAt,
    fromPrice: lowest,
    fromPriceCurrency: lowest ? plan.priceCurrency : null,
  })
  batch.products.push(row)
  if (priceListId) for (const line of product.breaks) batch.lines.push({ id: randomUUID(), priceListId, productId: row.id, ...line })
  const fileId = imageOf.get(product.family.code)
  if (fileId) batch.images.push({ id: randomUUID(), productId: row.id, fileId, position: 0, alt: product.name.en })
}

/** Each company with its images, active price list and the plan of its products. */
async function createSuppliers(plans: CompanyPlan[], counts: number[], faker: Faker, withImages: boolean): Promise<Supplier[]> {
  const images = withImages ? new FamilyImages() : null
  const companyIds = await createCompanies(plans)
  const suppliers: Supplier[] = []
  for (const [index, plan] of plans.entries()) {
    const companyId = companyIds[index]!
    suppliers.push({
      plan,
      companyId,
      imageOf: images ? await storeFamilyImages(companyId, plan, images) : new Map(),
      priceListId: plan.priceCurrency ? await createActivePriceList(companyId, plan.priceCurrency) : null,
      products: planProducts(plan, counts[index]!, faker),
    })
  }
  return suppliers
}

async function anyExists(plans: CompanyPlan[]): Promise<boolean> {
  const names = plans.map((plan) => plan.name)
  const found = await database().select({ id: organizations.id }).from(organizations).where(inArray(organizations.name, names)).limit(1)
  return found.length > 0
}

/** Companies through the test factory, then their profile details and certificates. */
async function createCompanies(plans: CompanyPlan[]): Promise<string[]> {
  const ids: string[] = []
  const certificates: Array<typeof certifications.$inferInsert> = []
  for (const plan of plans) {
    const { id } = await createCompany({ name: plan.name, kind: plan.kind, country: plan.country, city: plan.city.en, supplierType: plan.supplierType, verificationStatus: plan.verificationStatus })
    await database()
      .update(companyProfiles)
      .set({
        legalName: plan.legalName,
        description: plan.description,
        mainProducts: plan.mainProducts,
        mainMarkets: plan.mainMarkets,
        exportMarkets: plan.mainMarkets,
        yearFounded: plan.yearFounded,
        website: plan.website,
        size: plan.supplierType === 'manufacturer' ? '201-500' : '11-50',
      })
      .where(eq(companyProfiles.organizationId, id))
    for (const certificate of plan.certifications) certificates.push({ id: randomUUID(), organizationId: id, ...certificate, validUntil: '2028-12-31' })
    ids.push(id)
  }
  await insertRows(certifications, certificates)
  return ids
}

async function createActivePriceList(companyId: string, currency: string): Promise<string> {
  const id = randomUUID()
  await database().insert(priceLists).values({ id, organizationId: companyId, name: `Wholesale ${currency}`, currency, isActive: true })
  return id
}

/** One stored image per family the company makes (the bytes are rendered once per family and shared). */
async function storeFamilyImages(companyId: string, plan: CompanyPlan, images: FamilyImages): Promise<Map<string, string>> {
  const ids = new Map<string, string>()
  const rows: Array<typeof files.$inferInsert> = []
  for (const family of plan.families) {
    const image = await images.of(family, topLevelOf(family))
    const id = randomUUID()
    const storageKey = `originals/${id}`
    const thumbnailKey = `thumbnails/${id}.webp`
    await Promise.all([fileStorage().put(storageKey, image.bytes, 'image/webp'), fileStorage().put(thumbnailKey, image.thumbnail, THUMBNAIL_CONTENT_TYPE)])
    rows.push({ id, organizationId: companyId, name: `${family.code.toLowerCase()}.webp`, contentType: 'image/webp', sizeBytes: image.bytes.byteLength, purpose: 'product_image', storageKey, thumbnailKey, sha256: image.sha256 })
    ids.set(family.code, id)
  }
  await insertRows(files, rows)
  return ids
}
