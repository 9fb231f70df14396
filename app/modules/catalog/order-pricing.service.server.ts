import { and, asc, eq, gte, ilike, inArray, isNull, lte, or, type SQL } from 'drizzle-orm'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import type { Locale } from '../../platform/i18n/locales'
import { localized } from './catalog.constants'
import { priceListLines, priceLists, products } from './catalog.tables.server'
import { visibleProduct, visibleProductOf } from './product-visibility.server'
import type { PriceBreak } from './pricing'

/** A published product as an order line needs it: what it is, its MOQ and the quantity breaks of the active list. */
export type OrderableProduct = { id: string; sku: string; name: string; unit: string; moq: number; breaks: PriceBreak[] }

/** The supplier's price list that prices orders today (active, window including today), if any. */
export type OrderPriceList = { id: string; currency: string }

const today = () => new Date().toISOString().slice(0, 10)
const ORDERABLE_PRODUCTS_LIMIT = 50

async function priceListForOrders(db: Database | Transaction, supplierCompanyId: string): Promise<OrderPriceList | null> {
  const day = today()
  const [row] = await db
    .select({ id: priceLists.id, currency: priceLists.currency })
    .from(priceLists)
    .where(
      and(
        eq(priceLists.organizationId, supplierCompanyId),
        eq(priceLists.isActive, true),
        or(isNull(priceLists.validFrom), lte(priceLists.validFrom, day)),
        or(isNull(priceLists.validTo), gte(priceLists.validTo, day)),
      ),
    )
  return row ?? null
}

async function withBreaks(
  db: Database | Transaction,
  list: OrderPriceList | null,
  rows: Array<Omit<OrderableProduct, 'breaks' | 'name'> & { nameEn: string; nameZhHans: string | null; nameZhHant: string | null }>,
  locale: Locale,
): Promise<OrderableProduct[]> {
  const breaks = new Map<string, PriceBreak[]>()
  if (list && rows.length > 0) {
    const lines = await db
      .select({ productId: priceListLines.productId, minQuantity: priceListLines.minQuantity, unitPrice: priceListLines.unitPrice })
      .from(priceListLines)
      .where(
        and(
          eq(priceListLines.priceListId, list.id),
          inArray(
            priceListLines.productId,
            rows.map((row) => row.id),
          ),
        ),
      )
      .orderBy(asc(priceListLines.minQuantity))
    for (const line of lines) breaks.set(line.productId, [...(breaks.get(line.productId) ?? []), { minQuantity: line.minQuantity, unitPrice: line.unitPrice }])
  }
  return rows.map((row) => ({
    id: row.id,
    sku: row.sku,
    name: localized({ en: row.nameEn, 'zh-Hans': row.nameZhHans, 'zh-Hant': row.nameZhHant }, locale),
    unit: row.unit,
    moq: row.moq,
    breaks: breaks.get(row.id) ?? [],
  }))
}

const productColumns = {
  id: products.id,
  sku: products.sku,
  nameEn: products.nameEn,
  nameZhHans: products.nameZhHans,
  nameZhHant: products.nameZhHant,
  unit: products.unit,
  moq: products.moq,
}

/**
 * What an order to `supplierCompanyId` may contain of `productIds`: its published products with today's price breaks
 * (in the caller's transaction, so the price an order stores is the price at the moment it is written).
 */
export async function orderableProducts(
  db: Database | Transaction,
  supplierCompanyId: string,
  productIds: string[],
  locale: Locale,
): Promise<{ priceList: OrderPriceList | null; products: Map<string, OrderableProduct> }> {
  const priceList = await priceListForOrders(db, supplierCompanyId)
  if (productIds.length === 0) return { priceList, products: new Map() }
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.organizationId, supplierCompanyId), eq(products.status, 'published'), visibleProduct(), inArray(products.id, productIds)))
  const found = await withBreaks(db, priceList, rows, locale)
  return { priceList, products: new Map(found.map((product) => [product.id, product])) }
}

/** The supplier's published products matching `q` (SKU or name), with price breaks, for the order form's picker. */
export async function searchOrderableProducts(
  supplierCompanyId: string,
  q: string,
  locale: Locale,
): Promise<{ priceList: OrderPriceList | null; products: OrderableProduct[] }> {
  const db = database()
  const priceList = await priceListForOrders(db, supplierCompanyId)
  const filters: SQL[] = [eq(products.organizationId, supplierCompanyId), eq(products.status, 'published'), await visibleProductOf(supplierCompanyId)]
  const term = q.trim()
  if (term) {
    const pattern = `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    filters.push(or(ilike(products.sku, pattern), ilike(products.nameEn, pattern), ilike(products.nameZhHans, pattern), ilike(products.nameZhHant, pattern))!)
  }
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(and(...filters))
    .orderBy(asc(products.sku))
    .limit(ORDERABLE_PRODUCTS_LIMIT)
  return { priceList, products: await withBreaks(db, priceList, rows, locale) }
}
