import { and, eq, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { requireCompany } from '../companies/index'
import { canSaveDefaultAssumptions } from './rfq.policy'
import type { SaveAssumptionsInput } from './comparison.inputs'
import { DEFAULT_ASSUMPTIONS, type LandedCostAssumptions } from './sourcing.constants'
import { landedCostSettings, rfqs } from './sourcing.tables.server'

/** Where the assumptions of a comparison come from: the RFQ's own, the company's default, or the product's. */
export const ASSUMPTIONS_SOURCES = ['rfq', 'company', 'default'] as const
export type AssumptionsSource = (typeof ASSUMPTIONS_SOURCES)[number]

/** The company's default assumptions, or the product's when it has none. */
export async function companyAssumptions(companyId: string): Promise<{ assumptions: LandedCostAssumptions; source: AssumptionsSource }> {
  const [row] = await database()
    .select({ assumptions: landedCostSettings.assumptions })
    .from(landedCostSettings)
    .where(eq(landedCostSettings.organizationId, companyId))
  return row ? { assumptions: row.assumptions, source: 'company' } : { assumptions: DEFAULT_ASSUMPTIONS, source: 'default' }
}

const assumptionsOf = (input: SaveAssumptionsInput): LandedCostAssumptions => ({
  freightPct: input.freightPct,
  insurancePct: input.insurancePct,
  dutyPct: input.dutyPct,
  originPct: input.originPct,
  destinationPct: input.destinationPct,
})

/**
 * Keeps the assumptions on the RFQ (the buyer's members), and as the company's default when asked (admins and owners:
 * it changes every member's next comparison). Another company's RFQ is not found.
 */
export async function saveAssumptions(
  ctx: ServiceContext,
  rfqId: string,
  input: SaveAssumptionsInput,
): Promise<{ assumptions: LandedCostAssumptions; savedAsDefault: boolean }> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  if (input.saveAsDefault && !canSaveDefaultAssumptions(ctx.actor))
    throw new AppError('insufficient_role', 'Only admins change the company’s default assumptions', { requiredRole: 'admin' })
  const assumptions = assumptionsOf(input)
  await database().transaction(async (tx) => {
    const updated = await tx
      .update(rfqs)
      .set({ assumptions, updatedAt: sql`now()` })
      .where(and(eq(rfqs.id, rfqId), eq(rfqs.organizationId, companyId)))
      .returning({ id: rfqs.id })
    if (updated.length === 0) throw new AppError('not_found', 'RFQ not found')
    if (input.saveAsDefault) {
      await tx
        .insert(landedCostSettings)
        .values({ organizationId: companyId, assumptions, updatedBy: ctx.actor.userId })
        .onConflictDoUpdate({ target: landedCostSettings.organizationId, set: { assumptions, updatedBy: ctx.actor.userId, updatedAt: sql`now()` } })
    }
  })
  return { assumptions, savedAsDefault: input.saveAsDefault }
}
