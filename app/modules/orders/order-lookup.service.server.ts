import { and, desc, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { containsPattern } from '../../platform/db/contains-pattern'
import { database } from '../../platform/db/index.server'
import type { Party } from '../../platform/state-machine'
import type { PurchaseOrderStatus } from './orders.constants'
import { purchaseOrders } from './orders.tables.server'
import { PARTY_LINK, partyOf, visibleTo } from './purchase-order.service.server'

/** An order found by its number: enough to name it and open it. */
export type OrderLookup = { id: string; number: string; status: PurchaseOrderStatus; side: Party; counterpartName: string; href: string }

/**
 * The purchase orders of the actor's company whose number contains `q` — those it buys, and those it supplies once
 * placed — newest first. Without a company there is nothing to find. The company's buyer and supplier indexes narrow the
 * rows (or the trigram index on lower(number) when the text is selective), so no other company's order is ever read.
 */
export async function findOrdersByNumber(ctx: ServiceContext, input: { q: string; limit: number }): Promise<OrderLookup[]> {
  const companyId = ctx.actor.companyId
  const q = input.q.trim()
  if (!companyId || !q) return []
  const rows = await database()
    .select()
    .from(purchaseOrders)
    .where(and(visibleTo(companyId), sql`lower(${purchaseOrders.number}) like ${containsPattern(q)}`))
    .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.id))
    .limit(input.limit)
  return rows.flatMap((row) => {
    const side = partyOf(row, companyId)
    if (!side) return []
    return [{ id: row.id, number: row.number, status: row.status, side, counterpartName: side === 'buyer' ? row.supplierName : row.buyerName, href: PARTY_LINK[side](row.id) }]
  })
}
