import { and, asc, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { requireCompany } from '../companies/index'
import type { ProjectStatus } from './sourcing.constants'
import { purchaseProjects, quotations, requirements, rfqs } from './sourcing.tables.server'

/** The board's columns, in the order a project moves through them (cancelled projects are only counted). */
export const PIPELINE_STAGES = ['draft', 'active', 'sourcing', 'awarded', 'closed'] as const satisfies readonly ProjectStatus[]
export type PipelineStage = (typeof PIPELINE_STAGES)[number]
/** Cards shown per column; the column says how many more there are. */
export const PIPELINE_CARDS_PER_STAGE = 50

export type PipelineCard = {
  id: string
  number: string
  name: string
  currency: string
  budget: string | null
  deadline: string | null
  requirementCount: number
  rfqCount: number
  quotationCount: number
  updatedAt: Date
}

export type PipelineColumn = { stage: PipelineStage; total: number; cards: PipelineCard[] }
export type SourcingPipeline = { columns: PipelineColumn[]; cancelled: number }

/**
 * The company's projects by stage, the most recently changed first, with their requirement, RFQ and quotation counts.
 * Quotations still sealed (deadline not reached) and suppliers' drafts are not counted.
 */
export async function sourcingPipeline(ctx: ServiceContext): Promise<SourcingPipeline> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const mine = eq(purchaseProjects.organizationId, companyId)
  const ranked = database()
    .select({
      id: purchaseProjects.id,
      status: purchaseProjects.status,
      rank: sql<number>`row_number() over (partition by ${purchaseProjects.status} order by ${purchaseProjects.updatedAt} desc, ${purchaseProjects.id})`.as(
        'rank',
      ),
    })
    .from(purchaseProjects)
    .where(and(mine, inArray(purchaseProjects.status, [...PIPELINE_STAGES])))
    .as('ranked')
  const [rows, totals] = await Promise.all([
    database()
      .select({
        id: purchaseProjects.id,
        status: purchaseProjects.status,
        number: purchaseProjects.number,
        name: purchaseProjects.name,
        currency: purchaseProjects.currency,
        budget: purchaseProjects.budget,
        deadline: purchaseProjects.deadline,
        updatedAt: purchaseProjects.updatedAt,
      })
      .from(purchaseProjects)
      .innerJoin(ranked, eq(ranked.id, purchaseProjects.id))
      .where(sql`${ranked.rank} <= ${PIPELINE_CARDS_PER_STAGE}`)
      .orderBy(desc(purchaseProjects.updatedAt), asc(purchaseProjects.id)),
    database().select({ status: purchaseProjects.status, total: count() }).from(purchaseProjects).where(mine).groupBy(purchaseProjects.status),
  ])
  const ids = rows.map((row) => row.id)
  const [requirementCounts, rfqCounts, quotationCounts] = ids.length
    ? await Promise.all([
        database()
          .select({ projectId: requirements.projectId, total: count() })
          .from(requirements)
          .where(and(inArray(requirements.projectId, ids), ne(requirements.status, 'cancelled')))
          .groupBy(requirements.projectId),
        database()
          .select({ projectId: rfqs.projectId, total: count() })
          .from(rfqs)
          .where(and(inArray(rfqs.projectId, ids), eq(rfqs.organizationId, companyId)))
          .groupBy(rfqs.projectId),
        database()
          .select({ projectId: rfqs.projectId, total: count() })
          .from(quotations)
          .innerJoin(rfqs, eq(rfqs.id, quotations.rfqId))
          .where(
            and(
              inArray(rfqs.projectId, ids),
              eq(rfqs.organizationId, companyId),
              ne(quotations.status, 'draft'),
              or(eq(rfqs.sealed, false), sql`${rfqs.quoteDeadline} <= now()`),
            ),
          )
          .groupBy(rfqs.projectId),
      ])
    : [[], [], []]
  const countOf = (list: Array<{ projectId: string | null; total: number }>, id: string) => Number(list.find((row) => row.projectId === id)?.total ?? 0)
  const totalOf = (status: ProjectStatus) => Number(totals.find((row) => row.status === status)?.total ?? 0)
  return {
    columns: PIPELINE_STAGES.map((stage) => ({
      stage,
      total: totalOf(stage),
      cards: rows
        .filter((row) => row.status === stage)
        .map((row) => ({
          id: row.id,
          number: row.number,
          name: row.name,
          currency: row.currency,
          budget: row.budget,
          deadline: row.deadline,
          requirementCount: countOf(requirementCounts, row.id),
          rfqCount: countOf(rfqCounts, row.id),
          quotationCount: countOf(quotationCounts, row.id),
          updatedAt: row.updatedAt,
        })),
    })),
    cancelled: totalOf('cancelled'),
  }
}
