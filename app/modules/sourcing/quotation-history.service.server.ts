import { asc, eq } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { requireCompany } from '../companies/index'
import { userNames } from '../identity/index.server'
import { diffSnapshots, type Snapshot } from './quotation-diff'
import { readableQuotation } from './quotation.read.service.server'
import type { QuotationRevisionEntry } from './quotation.types'
import { quotationRevisions } from './sourcing.tables.server'

/** Every submitted round, newest first, each with what changed against the round before (sealed rule for the buyer). */
export async function quotationHistory(ctx: ServiceContext, id: string): Promise<QuotationRevisionEntry[]> {
  requireCompany(ctx.actor)
  const db = database()
  await readableQuotation(db, ctx.actor.companyId, id, new Date())
  const rows = await db
    .select({
      revision: quotationRevisions.revision,
      snapshot: quotationRevisions.snapshot,
      submittedAt: quotationRevisions.submittedAt,
      submittedBy: quotationRevisions.submittedBy,
    })
    .from(quotationRevisions)
    .where(eq(quotationRevisions.quotationId, id))
    .orderBy(asc(quotationRevisions.revision))
  const names = await userNames(
    rows.map((row) => row.submittedBy),
    db,
  )
  const entries = rows.map((row, index) => ({
    revision: row.revision,
    submittedAt: row.submittedAt,
    submittedByName: row.submittedBy ? (names.get(row.submittedBy) ?? null) : null,
    changes: index === 0 ? [] : diffSnapshots(rows[index - 1]!.snapshot as Snapshot, row.snapshot as Snapshot),
  }))
  return entries.reverse()
}
