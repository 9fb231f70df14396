import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { ProductAttribute } from '../../app/modules/catalog/index'
import { setProductImages } from '../../app/modules/catalog/index.server'
import { productImages, products } from '../../app/modules/catalog/catalog.tables.server'
import { replaceSupplierBanner, updateSupplierProfile } from '../../app/modules/companies/index.server'
import { uploadFile } from '../../app/modules/kernel/index.server'
import { companyProfiles, organizations } from '../../app/modules/companies/companies.tables.server'
import type { ServiceContext } from '../../app/platform/actor'
import { database } from '../../app/platform/db/index.server'
import { logger } from '../../app/platform/logger.server'
import { contextOf } from '../factories/context'
import { createPriceList, createProduct } from '../factories/products'
import { monogramLogoSvg, patternBannerSvg } from './marketplace/art/brand-art'
import { type ArtSubject, productArtSvg } from './marketplace/art/product-art'
import { PictureRenderer } from './marketplace/images'
import { PRODUCT_PICTURE_SCALE } from './marketplace/seed-marketplace.server'
import { phrase, type Phrase } from './marketplace/vocabulary'

type DemoProduct = {
  sku: string
  name: Phrase
  description: Phrase
  categoryId: string
  hsCode: string
  moq: number
  leadTimeDays: number
  attributes: Array<[name: Phrase, value: Phrase]>
  /** Quantity breaks in US dollars, the smallest quantity first. */
  breaks: Array<[minQuantity: number, unitPrice: string]>
  picture: Omit<ArtSubject, 'seed'>
}

const MATERIAL = phrase('Material', '材质', '材質')
const CAPACITY = phrase('Capacity', '容量')
const SIZE = phrase('Size', '尺寸')
const GLAZE = phrase('Glaze', '釉色')
const DISHWASHER = phrase('Dishwasher safe', '可用洗碗机', '可用洗碗機')
const YES = phrase('Yes', '是')

/**
 * The demo supplier's own catalogue: Jingdezhen tableware with names, descriptions and attributes in the three
 * locales and a drawn picture each. The first three are the ones the demo orders buy (and the browser tests name).
 */
export const DEMO_CATALOGUE: DemoProduct[] = [
  {
    sku: 'BKC-MUG-350',
    name: phrase('Celadon stoneware mug, 350 ml', '青瓷石器马克杯 350 毫升', '青瓷石器馬克杯 350 毫升'),
    description: phrase(
      'A sturdy everyday mug in a soft celadon glaze, thrown and fired in Jingdezhen.',
      '柔和青瓷釉色的日常马克杯，景德镇拉坯烧制，坚固耐用。',
      '柔和青瓷釉色的日常馬克杯，景德鎮拉坯燒製，堅固耐用。',
    ),
    categoryId: 'mugs-cups',
    hsCode: '691200',
    moq: 200,
    leadTimeDays: 30,
    attributes: [
      [MATERIAL, phrase('Stoneware', '石器')],
      [CAPACITY, phrase('350 ml', '350 毫升')],
      [GLAZE, phrase('Celadon', '青瓷')],
      [DISHWASHER, YES],
    ],
    breaks: [
      [200, '3.4000'],
      [1000, '2.9500'],
    ],
    picture: { kind: 'mug', colour: '#9dbf9e', variant: 0 },
  },
  {
    sku: 'BKC-BOWL-15',
    name: phrase('Hand-thrown rice bowl, 15 cm', '手工拉坯饭碗 15 厘米', '手工拉坯飯碗 15 厘米'),
    description: phrase(
      'A rice bowl thrown by hand, with a cobalt line under the rim.',
      '手工拉坯饭碗，碗沿下饰一道钴蓝线。',
      '手工拉坯飯碗，碗沿下飾一道鈷藍線。',
    ),
    categoryId: 'tableware',
    hsCode: '691110',
    moq: 300,
    leadTimeDays: 25,
    attributes: [
      [MATERIAL, phrase('Porcelain', '瓷')],
      [SIZE, phrase('15 cm', '15 厘米')],
      [DISHWASHER, YES],
    ],
    breaks: [
      [300, '2.1000'],
      [2000, '1.7800'],
    ],
    picture: { kind: 'bowl', colour: '#f1ede4', variant: 0, accent: '#1e40af' },
  },
  {
    sku: 'BKC-VASE-30',
    name: phrase('Blue-and-white porcelain vase, 30 cm', '青花瓷花瓶 30 厘米'),
    description: phrase('A hand-painted blue-and-white vase with a lotus scroll.', '手绘青花缠枝莲纹花瓶。', '手繪青花纏枝蓮紋花瓶。'),
    categoryId: 'home-decor',
    hsCode: '691110',
    moq: 50,
    leadTimeDays: 45,
    attributes: [
      [MATERIAL, phrase('Porcelain', '瓷')],
      [SIZE, phrase('30 cm', '30 厘米')],
      [GLAZE, phrase('Underglaze blue', '釉下青花')],
    ],
    breaks: [
      [50, '18.5000'],
      [500, '15.9000'],
    ],
    picture: { kind: 'vase', colour: '#f8fafc', variant: 0, accent: '#1e3a8a' },
  },
  {
    sku: 'BKC-TPT-600',
    name: phrase('Celadon teapot, 600 ml', '青瓷茶壶 600 毫升', '青瓷茶壺 600 毫升'),
    description: phrase('A round teapot with a stainless infuser, glazed in celadon.', '圆形青瓷茶壶，配不锈钢滤网。', '圓形青瓷茶壺，配不鏽鋼濾網。'),
    categoryId: 'tableware',
    hsCode: '691110',
    moq: 100,
    leadTimeDays: 30,
    attributes: [
      [MATERIAL, phrase('Porcelain', '瓷')],
      [CAPACITY, phrase('600 ml', '600 毫升')],
      [GLAZE, phrase('Celadon', '青瓷')],
    ],
    breaks: [
      [100, '9.8000'],
      [500, '8.4000'],
    ],
    picture: { kind: 'teapot', colour: '#9dbf9e', variant: 0 },
  },
  {
    sku: 'BKC-PLT-27',
    name: phrase('Porcelain dinner plate with cobalt rim, 27 cm', '钴蓝边白瓷餐盘 27 厘米', '鈷藍邊白瓷餐盤 27 公分'),
    description: phrase(
      'A white dinner plate with a cobalt rim line, for hotels and restaurants.',
      '白瓷餐盘饰钴蓝边线，适合酒店和餐厅。',
      '白瓷餐盤飾鈷藍邊線，適合飯店和餐廳。',
    ),
    categoryId: 'porcelain-plates',
    hsCode: '691110',
    moq: 500,
    leadTimeDays: 30,
    attributes: [
      [MATERIAL, phrase('Porcelain', '瓷')],
      [SIZE, phrase('27 cm', '27 厘米', '27 公分')],
      [DISHWASHER, YES],
    ],
    breaks: [
      [500, '2.6000'],
      [3000, '2.1500'],
    ],
    picture: { kind: 'plate', colour: '#f8fafc', variant: 1, accent: '#1d4ed8' },
  },
  {
    sku: 'BKC-BOWL-TNM',
    name: phrase('Tenmoku glazed tea bowl', '天目釉茶碗'),
    description: phrase('A small tea bowl in a deep brown tenmoku glaze.', '深褐色天目釉小茶碗。'),
    categoryId: 'tableware',
    hsCode: '691200',
    moq: 200,
    leadTimeDays: 35,
    attributes: [
      [MATERIAL, phrase('Stoneware', '石器')],
      [GLAZE, phrase('Tenmoku', '天目')],
    ],
    breaks: [
      [200, '4.2000'],
      [1000, '3.6000'],
    ],
    picture: { kind: 'bowl', colour: '#4a2f22', variant: 1, accent: '#b45309' },
  },
  {
    sku: 'BKC-VASE-20',
    name: phrase('Famille-rose bud vase, 20 cm', '粉彩小花瓶 20 厘米', '粉彩小花瓶 20 公分'),
    description: phrase('A slender bud vase painted in famille-rose enamels.', '粉彩绘制的细颈小花瓶。', '粉彩繪製的細頸小花瓶。'),
    categoryId: 'home-decor',
    hsCode: '691110',
    moq: 100,
    leadTimeDays: 40,
    attributes: [
      [MATERIAL, phrase('Porcelain', '瓷')],
      [SIZE, phrase('20 cm', '20 厘米', '20 公分')],
      [GLAZE, phrase('Famille rose', '粉彩')],
    ],
    breaks: [
      [100, '7.5000'],
      [1000, '6.2000'],
    ],
    picture: { kind: 'vase', colour: '#fce7f3', variant: 1, accent: '#db2777' },
  },
]

const attributeOf = ([name, value]: [Phrase, Phrase]): ProductAttribute => ({
  name: name.en,
  value: value.en,
  nameZhHans: name.zhHans,
  valueZhHans: value.zhHans,
  nameZhHant: name.zhHant,
  valueZhHant: value.zhHant,
})

const DESCRIPTION = phrase(
  'Bamboo Kiln Ceramics throws, glazes and fires tableware and decorative porcelain in Jingdezhen, for hotels, restaurants and retail brands.',
  '竹窑陶瓷位于景德镇，为酒店、餐厅和零售品牌拉坯、施釉并烧制餐具和装饰瓷器。',
  '竹窯陶瓷位於景德鎮，為飯店、餐廳和零售品牌拉坯、施釉並燒製餐具和裝飾瓷器。',
)

/**
 * Gives the demo supplier its catalogue (the products it lacks, priced by the "Export list 2026" when that is new),
 * a picture for each product without one, and a logo, banner and description when it has none — pictures through
 * the upload services (type sniffing, size limits, thumbnails), as a person's uploads go. Idempotent.
 */
export async function seedDemoCatalogue(supplier: { userId: string; companyId: string }): Promise<void> {
  const ctx = contextOf(supplier.userId, supplier.companyId)
  const owned = await database().select({ id: products.id, sku: products.sku }).from(products).where(eq(products.organizationId, supplier.companyId))
  const ids: Record<string, string> = Object.fromEntries(owned.map((row) => [row.sku, row.id]))
  const missing = DEMO_CATALOGUE.filter((item) => !ids[item.sku])
  for (const item of missing) {
    // Published a few days apart among the newest generated products, so the first page of the market mixes suppliers.
    const publishedAt = new Date(Date.UTC(2025, 11, 31 - DEMO_CATALOGUE.indexOf(item) * 3, 12))
    const row = await createProduct({
      publishedAt,
      companyId: supplier.companyId,
      sku: item.sku,
      nameEn: item.name.en,
      nameZhHans: item.name.zhHans,
      nameZhHant: item.name.zhHant,
      descriptionEn: item.description.en,
      descriptionZhHans: item.description.zhHans,
      descriptionZhHant: item.description.zhHant,
      moq: item.moq,
      leadTimeDays: item.leadTimeDays,
      unit: 'piece',
      categoryId: item.categoryId,
      hsCode: item.hsCode,
      originCountry: 'CN',
      attributes: item.attributes.map(attributeOf),
      fromPrice: item.breaks[0]![1],
      fromPriceCurrency: 'USD',
    })
    ids[item.sku] = row.id
  }
  if (missing.length === DEMO_CATALOGUE.length) {
    await createPriceList({
      companyId: supplier.companyId,
      name: 'Export list 2026',
      lines: DEMO_CATALOGUE.flatMap((item) => item.breaks.map(([minQuantity, unitPrice]) => ({ productId: ids[item.sku]!, minQuantity, unitPrice }))),
    })
  }
  const renderer = new PictureRenderer()
  const pictured = await pictureProducts(ctx, renderer, ids)
  const branded = await brandCompany(ctx, renderer)
  if (missing.length + pictured > 0 || branded) logger().info({ products: missing.length, pictures: pictured, branded }, 'demo catalogue seeded')
}

/** A drawn picture for each catalogue product that has none; answers how many were added. */
async function pictureProducts(ctx: ServiceContext, renderer: PictureRenderer, ids: Record<string, string>): Promise<number> {
  const productIds = DEMO_CATALOGUE.map((item) => ids[item.sku]!).filter(Boolean)
  const withImages = new Set(
    (await database().selectDistinct({ productId: productImages.productId }).from(productImages).where(inArray(productImages.productId, productIds))).map(
      (row) => row.productId,
    ),
  )
  const bare = DEMO_CATALOGUE.filter((item) => ids[item.sku] && !withImages.has(ids[item.sku]!))
  for (const item of bare) {
    const picture = await renderer.of(item.sku, () => productArtSvg({ ...item.picture, seed: item.sku }), PRODUCT_PICTURE_SCALE)
    const file = await uploadFile(ctx, { purpose: 'product_image', name: `${item.sku.toLowerCase()}.webp`, bytes: picture.bytes })
    await setProductImages(ctx, ids[item.sku]!, { images: [{ fileId: file.id, alt: item.name.en }] })
  }
  return bare.length
}

/** A monogram logo, a pattern banner and a three-locale description for the demo supplier, where it has none. */
async function brandCompany(ctx: ServiceContext, renderer: PictureRenderer): Promise<boolean> {
  const companyId = ctx.actor.companyId!
  const [company] = await database()
    .select({
      name: organizations.name,
      logoFileId: organizations.logoFileId,
      bannerFileId: companyProfiles.bannerFileId,
      description: companyProfiles.description,
    })
    .from(organizations)
    .innerJoin(companyProfiles, eq(companyProfiles.organizationId, organizations.id))
    .where(eq(organizations.id, companyId))
  if (!company) return false
  if (!company.logoFileId) {
    const logo = await renderer.of('logo', () => monogramLogoSvg(company.name))
    const file = await uploadFile(ctx, { purpose: 'logo', name: 'logo.webp', bytes: logo.bytes })
    await database()
      .update(organizations)
      .set({ logoFileId: file.id })
      .where(and(eq(organizations.id, companyId), isNull(organizations.logoFileId)))
  }
  if (!company.bannerFileId) {
    const banner = await renderer.of('banner', () => patternBannerSvg(company.name))
    await replaceSupplierBanner(ctx, { name: 'banner.webp', bytes: banner.bytes })
  }
  if (!company.description.en) {
    await updateSupplierProfile(ctx, { descriptionEn: DESCRIPTION.en, descriptionZhHans: DESCRIPTION.zhHans, descriptionZhHant: DESCRIPTION.zhHant })
    await database()
      .update(companyProfiles)
      .set({ mainProducts: ['Celadon tableware', 'Porcelain plates', 'Decorative vases'], mainMarkets: ['US', 'DE', 'JP'] })
      .where(eq(companyProfiles.organizationId, companyId))
  }
  return !company.logoFileId || !company.bannerFileId || !company.description.en
}
