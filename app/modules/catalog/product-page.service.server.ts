import { and, asc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm'
import { database } from '../../platform/db/index.server'
import { countryName } from '../../platform/countries'
import type { Locale } from '../../platform/i18n/locales'
import { publicCompanyCards as companies } from '../companies/index.server'
import { fileContentUrl, fileThumbnailUrl } from '../kernel/index.server'
import { localized, localizedAttribute } from './catalog.constants'
import { categories, hsCodes, priceListLines, priceLists, productImages, products } from './catalog.tables.server'
import { visibleProduct } from './product-visibility.server'

/** §5: a public product id is one or more word characters or hyphens; anything else is a 404. */
export const PUBLIC_PRODUCT_ID = /^[\w-]+$/

export function isPublicProductId(id: string | undefined): id is string {
  return typeof id === 'string' && id.length <= 64 && PUBLIC_PRODUCT_ID.test(id)
}

export type PublicProduct = {
  id: string
  sku: string
  name: string
  description: string
  unit: string
  moq: number
  leadTimeDays: number | null
  originCountry: string
  /** Resolved on the server: ICU country names differ between Node and browsers. */
  originCountryName: string
  /** Names and values in the page's locale (English where no translation is given). */
  attributes: Array<{ name: string; value: string }>
  publishedAt: string | null
  updatedAt: string
  hsCode: { code: string; description: string } | null
  /** From the top-level category down to the product's own. */
  categories: Array<{ id: string; name: string }>
  images: Array<{ id: string; url: string; thumbnailUrl: string; alt: string }>
  supplier: {
    id: string
    name: string
    logoUrl: string | null
    country: string
    countryName: string
    city: string
    verificationStatus: string
    verified: boolean
  }
  /** The active price list's breaks, lowest quantity first; unit prices are exact decimal strings. */
  priceTiers: { currency: string; tiers: Array<{ minQuantity: number; unitPrice: string }> } | null
}

/** A published product of a live company as the public sees it, or null (unknown, unpublished or malformed id). */
export async function getPublicProduct(id: string, locale: Locale): Promise<PublicProduct | null> {
  if (!isPublicProductId(id)) return null
  const [row] = await database()
    .select({
      product: products,
      supplierName: companies.name,
      logoFileId: companies.logoFileId,
      country: companies.country,
      city: companies.city,
      verificationStatus: companies.verificationStatus,
      hsDescription: hsCodes.description,
    })
    .from(products)
    .innerJoin(companies, eq(companies.id, products.organizationId))
    .leftJoin(hsCodes, eq(hsCodes.code, products.hsCode))
    .where(and(eq(products.id, id), eq(products.status, 'published'), visibleProduct(), isNull(companies.deletedAt)))
    .limit(1)
  if (!row) return null
  const { product } = row

  const today = sql`current_date`
  const [images, categoryRows, tierRows] = await Promise.all([
    database()
      .select({ id: productImages.id, fileId: productImages.fileId, alt: productImages.alt })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position), asc(productImages.id)),
    database()
      .select({
        id: categories.id,
        parentId: categories.parentId,
        nameEn: categories.nameEn,
        nameZhHans: categories.nameZhHans,
        nameZhHant: categories.nameZhHant,
      })
      .from(categories),
    database()
      .select({ currency: priceLists.currency, minQuantity: priceListLines.minQuantity, unitPrice: priceListLines.unitPrice })
      .from(priceListLines)
      .innerJoin(priceLists, eq(priceLists.id, priceListLines.priceListId))
      .where(
        and(
          eq(priceListLines.productId, id),
          eq(priceLists.organizationId, product.organizationId),
          eq(priceLists.isActive, true),
          or(isNull(priceLists.validFrom), lte(priceLists.validFrom, today)),
          or(isNull(priceLists.validTo), gte(priceLists.validTo, today)),
        ),
      )
      .orderBy(asc(priceListLines.minQuantity)),
  ])

  const byId = new Map(categoryRows.map((category) => [category.id, category]))
  const trail: PublicProduct['categories'] = []
  for (
    let category = byId.get(product.categoryId);
    category && trail.length < byId.size;
    category = category.parentId ? byId.get(category.parentId) : undefined
  ) {
    trail.unshift({ id: category.id, name: localized({ en: category.nameEn, 'zh-Hans': category.nameZhHans, 'zh-Hant': category.nameZhHant }, locale) })
  }

  return {
    id: product.id,
    sku: product.sku,
    name: localized({ en: product.nameEn, 'zh-Hans': product.nameZhHans, 'zh-Hant': product.nameZhHant }, locale),
    description: localized({ en: product.descriptionEn, 'zh-Hans': product.descriptionZhHans, 'zh-Hant': product.descriptionZhHant }, locale),
    unit: product.unit,
    moq: product.moq,
    leadTimeDays: product.leadTimeDays,
    originCountry: product.originCountry,
    originCountryName: countryName(product.originCountry, locale),
    attributes: product.attributes.map((attribute) => localizedAttribute(attribute, locale)),
    publishedAt: product.publishedAt ? product.publishedAt.toISOString() : null,
    updatedAt: product.updatedAt.toISOString(),
    hsCode: product.hsCode ? { code: product.hsCode, description: row.hsDescription ?? '' } : null,
    categories: trail,
    images: images.map((image) => ({ id: image.id, url: fileContentUrl(image.fileId), thumbnailUrl: fileThumbnailUrl(image.fileId), alt: image.alt })),
    supplier: {
      id: product.organizationId,
      name: row.supplierName,
      logoUrl: row.logoFileId ? fileThumbnailUrl(row.logoFileId) : null,
      country: row.country,
      countryName: countryName(row.country, locale),
      city: row.city,
      verificationStatus: row.verificationStatus,
      verified: row.verificationStatus === 'accept',
    },
    priceTiers:
      tierRows.length > 0 ? { currency: tierRows[0]!.currency, tiers: tierRows.map(({ minQuantity, unitPrice }) => ({ minQuantity, unitPrice })) } : null,
  }
}
