// The company's items whose available stock is under their threshold, across its warehouses: a queue for the supplier home.
import { and, eq, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { queueLength, queueOf } from '../../platform/db/sql-text.server'
import { requireCompany } from '../companies/index'
import { stockLevels, warehouses } from './inventory.tables.server'

export type LowStockItem = { id: string; warehouseId: string; warehouseName: string; sku: string; description: string; available: number; threshold: number }
/** How many items are low (to the queues' cap; `more` past it) and the first few, by description. */
export type LowStockQueue = { count: number; more: boolean; items: LowStockItem[] }

const SHOWN = 3

/** Items under their low-stock threshold in any of the company's warehouses (any member): read from the flag every write keeps. */
export async function lowStockQueue(ctx: ServiceContext): Promise<LowStockQueue> {
  requireCompany(ctx.actor)
  const where = and(eq(stockLevels.organizationId, ctx.actor.companyId), sql`${stockLevels.belowThreshold}`)
  const order = sql`lower(${stockLevels.description}), ${stockLevels.sku}, ${stockLevels.id}`
  const rows = await database()
    .select({
      id: stockLevels.id,
      warehouseId: stockLevels.warehouseId,
      warehouseName: warehouses.name,
      sku: stockLevels.sku,
      description: stockLevels.description,
      available: sql<number>`(${stockLevels.onHand} - ${stockLevels.reserved})::int`.mapWith(Number),
      threshold: sql<number>`coalesce(${stockLevels.lowStockThreshold}, 0)::int`.mapWith(Number),
      queued: queueLength(stockLevels, where, order),
    })
    .from(stockLevels)
    .innerJoin(warehouses, eq(warehouses.id, stockLevels.warehouseId))
    .where(where)
    .orderBy(order)
    .limit(SHOWN)
  return queueOf(rows)
}
