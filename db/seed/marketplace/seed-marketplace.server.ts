import { randomUUID } from 'node:crypto'
import type { Faker } from '@faker-js/faker'
import { eq, inArray } from 'drizzle-orm'
import { lowestUnitPrice } from '../../../app/modules/catalog/index'
import { priceListLines, priceLists, productImages, products } from '../../../app/modules/catalog/catalog.tables.server'
import { certifications, companyProfiles, organizations } from '../../../app/modules/companies/companies.tables.server'
import { files } from '../../../app/modules/kernel/kernel.tables.server'
import { database } from '../../../app/platform/db/index.server'
import { createCompany } from '../../factories/companies'
import { insertRows, productRow } from '../../factories/products'
import { monogramLogoSvg, patternBannerSvg } from './art/brand-art'
import { productArtSvg } from './art/product-art'
import { productSubject, subjectKey } from './art/subjects'
import { PictureRenderer } from './images'
import { type FileRow, storePicture } from './pictures.server'
import { type CompanyPlan, planCompanies, planProducts, type ProductPlan, seededFaker, shareProducts } from './plan'

/** Product pictures are drawn at 600 px and stored at 512: sharp enough for the product page, quicker to render at a first start. */
export const PRODUCT_PICTURE_SCALE = 512 / 600

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
  /** Generated product pictures, logos and banners (WebP through the file storage); off for quick or huge runs. */
  images?: boolean
  seed?: number
  batchSize?: number
  sink?: ProductSink
  onProgress?: (written: number, total: number) => void
}

export type MarketplaceSeedResult = { created: boolean; companies: number; products: number }

type Supplier = { plan: CompanyPlan; companyId: string; priceListId: string | null; products: Generator<ProductPlan> }

/** A product waiting for its picture: rendered and stored when its batch is written. */
type PictureJob = { supplier: Supplier; productId: string; product: ProductPlan }

/** Pictures of one run: each company stores each distinct picture once and its products share it. */
type Pictures = { renderer: PictureRenderer; fileOf: Map<string, Promise<string>> }

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
  const pictures: Pictures | null = options.images === false ? null : { renderer: new PictureRenderer(), fileOf: new Map() }
  const suppliers = await createSuppliers(plans, counts, seededFaker(seed + 1), pictures)
  const sink = options.sink ?? insertWithDrizzle
  const batchSize = options.batchSize ?? 1_000
  let batch: ProductRows = { products: [], lines: [], images: [] }
  let jobs: PictureJob[] = []
  let written = 0
  let pending: Promise<void> = Promise.resolve()
  const flush = async () => {
    // One batch is written (its pictures rendered first) while the next is generated.
    await pending
    const rows = batch
    const waiting = jobs
    batch = { products: [], lines: [], images: [] }
    jobs = []
    written += rows.products.length
    const done = written
    pending = (pictures ? pictureRows(pictures, waiting) : Promise.resolve([]))
      .then((images) => sink({ ...rows, images }))
      .then(() => options.onProgress?.(done, total))
  }
  for (let active = suppliers; active.length > 0;) {
    const next: Supplier[] = []
    for (const supplier of active) {
      const step = supplier.products.next()
      if (step.done) continue
      const productId = addProduct(batch, supplier, step.value)
      if (pictures) jobs.push({ supplier, productId, product: step.value })
      next.push(supplier)
      if (batch.products.length >= batchSize) await flush()
    }
    active = next
  }
  await flush()
  await pending
  return { created: true, companies: plans.length, products: total }
}

/** Adds the product's rows to the batch; answers its id. */
function addProduct(batch: ProductRows, { plan, companyId, priceListId }: Supplier, product: ProductPlan): string {
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
  return row.id
}

/**
 * The product images of a batch: each product's picture (art/subjects.ts) rendered once per look and stored once per
 * company, the new file rows inserted before the images that use them.
 */
async function pictureRows(pictures: Pictures, jobs: PictureJob[]): Promise<ProductRows['images']> {
  const created: FileRow[] = []
  const fileIds = await Promise.all(
    jobs.map(async ({ supplier, product }) => {
      const subject = productSubject(product.look)
      const key = `${supplier.companyId}|${subjectKey(subject)}`
      let file = pictures.fileOf.get(key)
      if (!file) {
        // A picture first needed by this batch is inserted with it; later batches find it stored.
        file = pictures.renderer
          .of(subjectKey(subject), () => productArtSvg(subject), PRODUCT_PICTURE_SCALE)
          .then(async (picture) => {
            const row = await storePicture(picture, { companyId: supplier.companyId, purpose: 'product_image', name: `${product.sku.toLowerCase()}.webp` })
            created.push(row)
            return row.id
          })
        pictures.fileOf.set(key, file)
      }
      return file
    }),
  )
  await insertRows(files, created)
  return jobs.map(({ productId, product }, index) => ({ id: randomUUID(), productId, fileId: fileIds[index]!, position: 0, alt: product.name.en }))
}

/** Each company with its logo and banner, active price list and the plan of its products. */
async function createSuppliers(plans: CompanyPlan[], counts: number[], faker: Faker, pictures: Pictures | null): Promise<Supplier[]> {
  const companyIds = await createCompanies(plans)
  if (pictures) await brandCompanies(plans, companyIds, pictures.renderer)
  const suppliers: Supplier[] = []
  for (const [index, plan] of plans.entries()) {
    const companyId = companyIds[index]!
    suppliers.push({
      plan,
      companyId,
      priceListId: plan.priceCurrency ? await createActivePriceList(companyId, plan.priceCurrency) : null,
      products: planProducts(plan, counts[index]!, faker),
    })
  }
  return suppliers
}

/** A monogram logo and a pattern banner per company, stored as its `logo` and `banner` files and shown on its profile. */
async function brandCompanies(plans: CompanyPlan[], companyIds: string[], renderer: PictureRenderer): Promise<void> {
  const branded = await Promise.all(
    plans.map(async (plan, index) => {
      const companyId = companyIds[index]!
      const [logo, banner] = await Promise.all([
        renderer.of(`logo:${plan.name}`, () => monogramLogoSvg(plan.name)),
        renderer.of(`banner:${plan.name}`, () => patternBannerSvg(plan.name)),
      ])
      return {
        companyId,
        logo: await storePicture(logo, { companyId, purpose: 'logo', name: 'logo.webp' }),
        banner: await storePicture(banner, { companyId, purpose: 'banner', name: 'banner.webp' }),
      }
    }),
  )
  await insertRows(
    files,
    branded.flatMap(({ logo, banner }) => [logo, banner]),
  )
  for (const { companyId, logo, banner } of branded) {
    await database().update(organizations).set({ logoFileId: logo.id }).where(eq(organizations.id, companyId))
    await database().update(companyProfiles).set({ bannerFileId: banner.id }).where(eq(companyProfiles.organizationId, companyId))
  }
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
    const { id } = await createCompany({
      name: plan.name,
      kind: plan.kind,
      country: plan.country,
      city: plan.city.en,
      supplierType: plan.supplierType,
      verificationStatus: plan.verificationStatus,
    })
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
  await database()
    .insert(priceLists)
    .values({ id, organizationId: companyId, name: `Wholesale ${currency}`, currency, isActive: true })
  return id
}
