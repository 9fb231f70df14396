import { and, desc, eq, or, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { containsPattern } from '../../platform/db/contains-pattern'
import { database } from '../../platform/db/index.server'
import type { Party } from '../../platform/state-machine'
import type { PurchaseOrderStatus, ServiceOrderStatus } from './orders.constants'
import { purchaseOrders, serviceOrders } from './orders.tables.server'
import { PARTY_LINK } from './order-links'
import { partyOf } from './purchase-order.policy'
import { visibleTo } from './purchase-order-reads.service.server'

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
    return [
      {
        id: row.id,
        number: row.number,
        status: row.status,
        side,
        counterpartName: side === 'buyer' ? row.supplierName : row.buyerName,
        href: PARTY_LINK[side](row.id),
      },
    ]
  })
}

/** A service order found by its number. */
export type ServiceOrderLookup = { id: string; number: string; status: ServiceOrderStatus; side: Party; counterpartName: string; href: string }

/**
 * The service orders (freight, inspection …) the actor's company ordered or provides whose number contains `q`, newest
 * first; the buyer and provider indexes narrow the rows to the company's own.
 */
export async function findServiceOrdersByNumber(ctx: ServiceContext, input: { q: string; limit: number }): Promise<ServiceOrderLookup[]> {
  const companyId = ctx.actor.companyId
  const q = input.q.trim()
  if (!companyId || !q) return []
  const rows = await database()
    .select()
    .from(serviceOrders)
    .where(
      and(
        or(eq(serviceOrders.buyerCompanyId, companyId), eq(serviceOrders.providerCompanyId, companyId)),
        sql`lower(${serviceOrders.number}) like ${containsPattern(q)}`,
      ),
    )
    .orderBy(desc(serviceOrders.createdAt), desc(serviceOrders.id))
    .limit(input.limit)
  return rows.map((row) => {
    const side: Party = row.buyerCompanyId === companyId ? 'buyer' : 'supplier'
    return {
      id: row.id,
      number: row.number,
      status: row.status,
      side,
      counterpartName: side === 'buyer' ? row.providerName : row.buyerName,
      href: `/app/orders/service/${row.id}`,
    }
  })
}
