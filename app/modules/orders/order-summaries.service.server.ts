import { and, asc, eq, inArray } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { roundToCurrency } from '../catalog/index'
import { requireCompany } from '../companies/index'
import { purchaseOrders } from './orders.tables.server'

/** An order as an award answers with it: number, supplier and total. */
export type AwardedOrderSummary = { id: string; number: string; supplierName: string; total: string; currency: string }

/** The buyer's own orders among `ids`, by number; others' orders are left out. */
export async function awardedOrderSummaries(
  ctx: ServiceContext,
  ids: readonly string[],
  db: Database | Transaction = database(),
): Promise<AwardedOrderSummary[]> {
  requireCompany(ctx.actor)
  if (ids.length === 0) return []
  const rows = await db
    .select({
      id: purchaseOrders.id,
      number: purchaseOrders.number,
      supplierName: purchaseOrders.supplierName,
      total: purchaseOrders.total,
      currency: purchaseOrders.currency,
    })
    .from(purchaseOrders)
    .where(and(inArray(purchaseOrders.id, [...ids]), eq(purchaseOrders.buyerCompanyId, ctx.actor.companyId)))
    .orderBy(asc(purchaseOrders.number))
  // Stored with four decimals; an order's total is written with its currency's digits, as the award made it.
  return rows.map((row) => ({ ...row, total: roundToCurrency(row.total, row.currency) }))
}
