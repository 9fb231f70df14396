// What a supplier tells the market about its stock: the available units of its catalogue products in the warehouses
// it chose to publish. A public read (no actor): it shows nothing the company did not publish.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { database } from '../../platform/db/index.server'
import { stockItemKey } from '../../platform/stock-item'
import { stockLevels, warehouses } from './inventory.tables.server'

/**
 * Per catalogue product of the company: available units (on hand − reserved) summed over its published, active
 * warehouses. A product no published warehouse stocks is absent (nothing to say: it may be made to order); one they
 * stock with nothing available is 0. Other companies' stock of the same product (a buyer's receipts) never counts.
 * One statement on the (organization, item key) index of the levels.
 */
export async function publishedAvailability(companyId: string, productIds: readonly string[]): Promise<Map<string, number>> {
  const keys = [...new Set(productIds)].map((productId) => stockItemKey({ productId, sku: '', description: '' }))
  if (keys.length === 0) return new Map()
  const rows = await database()
    .select({ productId: stockLevels.productId, available: sql<string>`sum(${stockLevels.onHand} - ${stockLevels.reserved})` })
    .from(stockLevels)
    .innerJoin(warehouses, eq(warehouses.id, stockLevels.warehouseId))
    .where(
      and(
        eq(stockLevels.organizationId, companyId),
        inArray(stockLevels.itemKey, keys),
        eq(warehouses.organizationId, companyId),
        eq(warehouses.publishAvailability, true),
        isNull(warehouses.archivedAt),
      ),
    )
    .groupBy(stockLevels.productId)
  return new Map(rows.flatMap((row) => (row.productId ? [[row.productId, Number(row.available)] as const] : [])))
}
