import { and, desc, eq, ne, or, type SQL, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { containsPattern } from '../../platform/db/contains-pattern'
import { database } from '../../platform/db/index.server'
import { companyNames } from '../companies/index.server'
import { buyerRfqPath, supplierRfqPath } from './rfq.links'
import type { RfqStatus } from './sourcing.constants'
import { quotations, rfqInvitations, rfqs } from './sourcing.tables.server'

/** An RFQ found by its number or title; `side` is the actor's: the buyer's own RFQ, or one the supplier was invited to. */
export type RfqLookup = { id: string; number: string; title: string; status: RfqStatus; side: 'buyer' | 'supplier'; buyerName: string | null; href: string }

/** Public buying requests open on their own page. */
const ownRfqHref = (rfq: { id: string; visibility: string }) => (rfq.visibility === 'public' ? `/app/orders/publish/${rfq.id}` : buyerRfqPath(rfq.id))

/**
 * The RFQs whose number or title contains `q` that the actor's company may open: its own (drafts included), newest
 * first, then those it was invited to or opened from the public board (never drafts), most recently invited first.
 * Its own RFQs come through the organization index, the others through its invitations, so another company's RFQ
 * is never a candidate. Without a company there is nothing to find.
 */
export async function findRfqs(ctx: ServiceContext, input: { q: string; limit: number }): Promise<RfqLookup[]> {
  const companyId = ctx.actor.companyId
  const q = input.q.trim()
  if (!companyId || !q) return []
  const pattern = containsPattern(q)
  const matches: SQL = or(sql`lower(${rfqs.number}) like ${pattern}`, sql`lower(${rfqs.title}) like ${pattern}`)!
  const db = database()
  const [own, invited] = await Promise.all([
    db
      .select({ id: rfqs.id, number: rfqs.number, title: rfqs.title, status: rfqs.status, visibility: rfqs.visibility })
      .from(rfqs)
      .where(and(eq(rfqs.organizationId, companyId), matches))
      .orderBy(desc(rfqs.createdAt), desc(rfqs.id))
      .limit(input.limit),
    db
      .select({ id: rfqs.id, number: rfqs.number, title: rfqs.title, status: rfqs.status, buyerId: rfqs.organizationId })
      .from(rfqInvitations)
      .innerJoin(rfqs, eq(rfqs.id, rfqInvitations.rfqId))
      .where(and(eq(rfqInvitations.supplierCompanyId, companyId), ne(rfqs.status, 'draft'), ne(rfqs.organizationId, companyId), matches))
      .orderBy(desc(rfqInvitations.invitedAt), desc(rfqs.id))
      .limit(input.limit),
  ])
  const buyers = await companyNames(invited.map((rfq) => rfq.buyerId))
  return [
    ...own.map((rfq) => ({
      id: rfq.id,
      number: rfq.number,
      title: rfq.title,
      status: rfq.status,
      side: 'buyer' as const,
      buyerName: null,
      href: ownRfqHref(rfq),
    })),
    ...invited.map((rfq) => ({
      id: rfq.id,
      number: rfq.number,
      title: rfq.title,
      status: rfq.status,
      side: 'supplier' as const,
      buyerName: buyers.get(rfq.buyerId) ?? '',
      href: supplierRfqPath(rfq.id),
    })),
  ].slice(0, input.limit)
}

/** Whether the supplier takes part in the RFQ: invited to it, or sent it a quotation (a public RFQ). */
export async function supplierTakesPartInRfq(rfqId: string, supplierCompanyId: string): Promise<boolean> {
  const db = database()
  const [[invited], [quoted]] = await Promise.all([
    db
      .select({ one: sql`1` })
      .from(rfqInvitations)
      .where(and(eq(rfqInvitations.rfqId, rfqId), eq(rfqInvitations.supplierCompanyId, supplierCompanyId))),
    db
      .select({ one: sql`1` })
      .from(quotations)
      .where(and(eq(quotations.rfqId, rfqId), eq(quotations.supplierCompanyId, supplierCompanyId), ne(quotations.status, 'draft'))),
  ])
  return Boolean(invited ?? quoted)
}
