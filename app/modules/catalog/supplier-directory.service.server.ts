import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import { database } from '../../platform/db/index.server'
import type { Locale } from '../../platform/i18n/locales'
import type { CompanySize, SupplierType, VerificationStatus } from '../companies/index'
import { companyCertifications, publicCompanyCards as companies } from '../companies/index.server'
import { attachedFiles, fileContentUrl, fileThumbnailUrl } from '../kernel/index.server'
import { localized } from './catalog.constants'
import { categories, products } from './catalog.tables.server'
import { cachedProductCount } from './product-counts.server'
import { visibleProduct, visibleProductOf } from './product-visibility.server'
import { isPublicProductId } from './product-page.service.server'
import { cardsOf, type MarketProduct } from './search.service.server'
import {
  DIRECTORY_DEFAULT_LIMIT,
  DIRECTORY_MAX_LIMIT,
  DIRECTORY_MAX_OFFSET,
  type DirectoryInput,
  PROFILE_PRODUCTS_DEFAULT_LIMIT,
  PROFILE_PRODUCTS_MAX_LIMIT,
  type ProfileProductsQuery,
} from './supplier-directory.inputs'

/** Company kinds listed in the directory: those that supply goods (service providers have their own pages). */
export const DIRECTORY_KINDS = ['supplier', 'both'] as const

/** A company as the directory lists it. */
export type DirectorySupplier = {
  id: string
  name: string
  logoUrl: string | null
  verified: boolean
  country: string
  city: string
  supplierType: SupplierType | null
  mainProducts: string[]
  productCount: number
}

export type SupplierDirectoryPage = { items: DirectorySupplier[]; total: number; limit: number; offset: number }

export type PublicSupplierProfile = {
  id: string
  name: string
  logoUrl: string | null
  /** The wide picture across the top of the profile. */
  bannerUrl: string | null
  /** In the visitor's locale, falling back to English. */
  description: string
  website: string | null
  country: string
  city: string
  supplierType: SupplierType | null
  size: CompanySize | null
  yearFounded: number | null
  mainProducts: string[]
  mainMarkets: string[]
  capabilities: string[]
  exportMarkets: string[]
  verificationStatus: VerificationStatus
  verified: boolean
  verifiedAt: string | null
  memberSince: string
  updatedAt: string
  /** Names only: a certificate's file is private evidence. */
  certifications: Array<{ id: string; name: string; issuer: string; validUntil: string | null }>
  factoryPhotos: Array<{ id: string; url: string; thumbnailUrl: string }>
  products: { items: MarketProduct[]; total: number; limit: number; offset: number }
}

const clamp = (value: number | undefined, fallback: number, min: number, max: number) => Math.min(Math.max(value ?? fallback, min), max)
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`)

/** A live company that supplies goods: the only kind the directory and the public profile show. */
const listedCompany = and(isNull(companies.deletedAt), inArray(companies.kind, [...DIRECTORY_KINDS]))
/**
 * The company's id qualified by hand: in a query without joins Drizzle writes the columns of a selected or ordering SQL
 * expression unqualified, and the subquery below would then read `id` as the product's own.
 */
const companyId = sql`${companies}.${sql.identifier('id')}`
const publishedProductCount =
  sql<number>`(select count(*) from ${products} where ${products.organizationId} = ${companyId} and ${products.status} = 'published' and ${visibleProduct()})`.mapWith(
    Number,
  )

function directoryConditions(input: DirectoryInput): SQL | undefined {
  const conditions: Array<SQL | undefined> = [listedCompany]
  const q = input.q?.trim().toLowerCase()
  if (q) {
    const pattern = `%${escapeLike(q)}%`
    // One branch per column, so that each can use its trigram index (an OR across the view's join could use neither).
    conditions.push(
      sql`${companies.id} in (select named.id from ${companies} named where lower(named.name) like ${pattern} union select listed.id from ${companies} listed where lower(listed.main_products::text) like ${pattern})`,
    )
  }
  if (input.country) conditions.push(eq(companies.country, input.country.toUpperCase()))
  if (input.supplierType) conditions.push(eq(companies.supplierType, input.supplierType))
  if (input.verifiedOnly) conditions.push(eq(companies.verificationStatus, 'accept'))
  if (input.categoryId) {
    conditions.push(sql`exists (
      with recursive subtree(id) as (
        select ${categories.id} from ${categories} where ${categories.id} = ${input.categoryId}
        union all select child.id from ${categories} child join subtree on child.parent_id = subtree.id
      )
      select 1 from ${products} where ${products.organizationId} = ${companies.id} and ${products.status} = 'published' and ${visibleProduct()} and ${products.categoryId} in (select id from subtree)
    )`)
  }
  return and(...conditions)
}

function directoryOrder(input: DirectoryInput): SQL[] {
  const byName = [sql`lower(${companies.name}) asc`, asc(companies.id)]
  if (input.sort === 'newest') return [desc(companies.createdAt), asc(companies.id)]
  if (input.sort === 'products') return [sql`${publishedProductCount} desc`, ...byName]
  return [sql`(${companies.verificationStatus} = 'accept') desc`, ...byName]
}

/** The public supplier directory: live supplying companies, searched by name and main products, filtered and paged. */
export async function listSuppliers(input: DirectoryInput): Promise<SupplierDirectoryPage> {
  const limit = clamp(input.limit, DIRECTORY_DEFAULT_LIMIT, 1, DIRECTORY_MAX_LIMIT)
  const offset = clamp(input.offset, 0, 0, DIRECTORY_MAX_OFFSET)
  const where = directoryConditions(input)
  const [rows, totals] = await Promise.all([
    database()
      .select({
        id: companies.id,
        name: companies.name,
        logoFileId: companies.logoFileId,
        verificationStatus: companies.verificationStatus,
        country: companies.country,
        city: companies.city,
        supplierType: companies.supplierType,
        mainProducts: companies.mainProducts,
        productCount: publishedProductCount,
      })
      .from(companies)
      .where(where)
      .orderBy(...directoryOrder(input))
      .limit(limit)
      .offset(offset),
    database().select({ total: count() }).from(companies).where(where),
  ])
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      logoUrl: row.logoFileId ? fileThumbnailUrl(row.logoFileId) : null,
      verified: row.verificationStatus === 'accept',
      country: row.country,
      city: row.city,
      supplierType: row.supplierType,
      mainProducts: row.mainProducts,
      productCount: row.productCount,
    })),
    total: Number(totals[0]?.total ?? 0),
    limit,
    offset,
  }
}

/** The countries that have listed suppliers, for the directory's country filter. */
export async function supplierCountries(): Promise<string[]> {
  const rows = await database().selectDistinct({ country: companies.country }).from(companies).where(listedCompany).orderBy(asc(companies.country))
  return rows.map((row) => row.country)
}

/** A page of the supplier's published products, newest first. */
async function supplierProducts(supplierId: string, locale: Locale, query: ProfileProductsQuery): Promise<PublicSupplierProfile['products']> {
  const limit = clamp(query.limit, PROFILE_PRODUCTS_DEFAULT_LIMIT, 1, PROFILE_PRODUCTS_MAX_LIMIT)
  const offset = clamp(query.offset, 0, 0, DIRECTORY_MAX_OFFSET)
  const where = and(eq(products.organizationId, supplierId), eq(products.status, 'published'), await visibleProductOf(supplierId))
  const [rows, total] = await Promise.all([
    database().select({ id: products.id }).from(products).where(where).orderBy(desc(products.publishedAt), asc(products.id)).limit(limit).offset(offset),
    cachedProductCount(supplierId, 'published', async () => Number((await database().select({ total: count() }).from(products).where(where))[0]?.total ?? 0)),
  ])
  return {
    items: await cardsOf(
      rows.map((row) => row.id),
      locale,
    ),
    total,
    limit,
    offset,
  }
}

/** The factory photos in the supplier's chosen order; ids that are not its factory photos are skipped. */
async function factoryPhotos(companyId: string, fileIds: string[]): Promise<PublicSupplierProfile['factoryPhotos']> {
  const photos = await attachedFiles(fileIds, { companyId, purposes: ['factory_photo'] })
  return photos.map(({ id }) => ({ id, url: fileContentUrl(id), thumbnailUrl: fileThumbnailUrl(id) }))
}

/**
 * A supplying company's public profile with a page of its published products, or null for an unknown, deleted,
 * buyer-only or malformed id (ids follow the same rule as public product ids).
 */
export async function getSupplierProfile(id: string, locale: Locale, productsQuery: ProfileProductsQuery = {}): Promise<PublicSupplierProfile | null> {
  if (!isPublicProductId(id)) return null
  const [profile] = await database()
    .select()
    .from(companies)
    .where(and(eq(companies.id, id), listedCompany))
    .limit(1)
  if (!profile) return null
  const [certificationRows, photos, productPage] = await Promise.all([
    companyCertifications(id),
    factoryPhotos(id, profile.factoryPhotoFileIds),
    supplierProducts(id, locale, productsQuery),
  ])
  return {
    id,
    name: profile.name,
    logoUrl: profile.logoFileId ? fileContentUrl(profile.logoFileId) : null,
    bannerUrl: profile.bannerFileId ? fileContentUrl(profile.bannerFileId) : null,
    description: localized(profile.description, locale),
    website: profile.website,
    country: profile.country,
    city: profile.city,
    supplierType: profile.supplierType,
    size: profile.size,
    yearFounded: profile.yearFounded,
    mainProducts: profile.mainProducts,
    mainMarkets: profile.mainMarkets,
    capabilities: profile.capabilities,
    exportMarkets: profile.exportMarkets,
    verificationStatus: profile.verificationStatus,
    verified: profile.verificationStatus === 'accept',
    verifiedAt: profile.verificationStatus === 'accept' && profile.verifiedAt ? profile.verifiedAt.toISOString() : null,
    memberSince: profile.createdAt.toISOString(),
    updatedAt: profile.updatedAt.toISOString(),
    certifications: certificationRows,
    factoryPhotos: photos,
    products: productPage,
  }
}
