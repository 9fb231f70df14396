import { and, asc, count, eq, exists, gt, ilike, or, type SQL, sql } from 'drizzle-orm'
import { database } from '../../platform/db/index.server'
import type { Locale } from '../../platform/i18n/locales'
import type { Incoterm } from '../../platform/trade-terms'
import { categoryNames } from '../catalog/index.server'
import { companyCards } from '../companies/index.server'
import type { BuyingRequestQuery } from './rfq.inputs'
import { rfqLines, rfqs } from './sourcing.tables.server'

/** A card of the public board: what is asked and by when; the buyer's country, never its name. */
export type BuyingRequestCard = {
  id: string
  title: string
  buyerCountry: string | null
  categoryId: string | null
  categoryName: string | null
  /** The first line, for the quantity summary (`400 pcs LED panel light`), and how many more there are. */
  firstLine: { title: string; quantity: number; unit: string } | null
  lineCount: number
  currency: string
  incoterm: Incoterm
  quoteDeadline: Date
  publishedAt: Date | null
}
export type BuyingRequestPage = { items: BuyingRequestCard[]; total: number }

/** Open public buying requests whose deadline is still ahead, soonest deadline first; for anyone, signed in or not. */
export async function listBuyingRequests(query: BuyingRequestQuery, locale: Locale, now: Date = new Date()): Promise<BuyingRequestPage> {
  const filters: SQL[] = [eq(rfqs.visibility, 'public'), eq(rfqs.status, 'open'), gt(rfqs.quoteDeadline, now)]
  if (query.q) filters.push(ilike(rfqs.title, `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`))
  if (query.category) {
    const lineInCategory = database()
      .select({ one: sql`1` })
      .from(rfqLines)
      .where(and(eq(rfqLines.rfqId, rfqs.id), eq(rfqLines.categoryId, query.category)))
    filters.push(or(eq(rfqs.categoryId, query.category), exists(lineInCategory))!)
  }
  const where = and(...filters)
  const db = database()
  // Qualified by hand: in a query without joins Drizzle writes the columns of a selected SQL expression unqualified, and
  // the subqueries would then read `id` as the line's own.
  const rfqId = sql`${rfqs}.${sql.identifier('id')}`
  const firstLine = sql<{
    title: string
    quantity: number
    unit: string
  } | null>`(select json_build_object('title', ${rfqLines.title}, 'quantity', ${rfqLines.quantity}, 'unit', ${rfqLines.unit}) from ${rfqLines} where ${rfqLines.rfqId} = ${rfqId} order by ${rfqLines.position} limit 1)`
  const lineCount = sql<number>`(select count(*)::int from ${rfqLines} where ${rfqLines.rfqId} = ${rfqId})`
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: rfqs.id,
        title: rfqs.title,
        buyerId: rfqs.organizationId,
        categoryId: rfqs.categoryId,
        firstLine,
        lineCount,
        currency: rfqs.currency,
        incoterm: rfqs.incoterm,
        quoteDeadline: rfqs.quoteDeadline,
        publishedAt: rfqs.publishedAt,
      })
      .from(rfqs)
      .where(where)
      .orderBy(asc(rfqs.quoteDeadline), asc(rfqs.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(rfqs).where(where),
  ])
  const [buyers, names] = await Promise.all([companyCards(rows.map((row) => row.buyerId)), categoryNames(locale)])
  return {
    items: rows.map(({ buyerId, ...row }) => ({
      ...row,
      buyerCountry: buyers.get(buyerId)?.country || null,
      lineCount: Number(row.lineCount),
      categoryName: row.categoryId ? (names.get(row.categoryId) ?? null) : null,
    })),
    total: total?.n ?? 0,
  }
}
