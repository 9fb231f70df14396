// Who may move money (issue 21): a company's owner or admin and, when the company asks for it in its finance settings,
// only from a two-factor (aal2) session. Reading balances and statements is for every member.
import { eq } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import type { Database, Transaction } from '../../platform/db/index.server'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { requireCompany, requireRole } from '../companies/index'
import { financeSettings } from './finance.tables.server'

export type CompanyContext = ServiceContext & { actor: ServiceContext['actor'] & { companyId: string } }

/** The actor acts for a company (any member): reads of its own money. */
export function requireFinanceReader(ctx: ServiceContext): asserts ctx is CompanyContext {
  requireCompany(ctx.actor)
}

/** The actor may move the company's money: owner or admin, with two factors when the company requires them. */
export async function requireMoneyMover(ctx: ServiceContext, db: Database | Transaction = database()): Promise<void> {
  requireMoneyMoverRole(ctx)
  const [settings] = await db
    .select({ requireTwoFactor: financeSettings.requireTwoFactor })
    .from(financeSettings)
    .where(eq(financeSettings.organizationId, ctx.actor.companyId))
  requireTwoFactorWhen(ctx, settings?.requireTwoFactor ?? false)
}

/** The role half of `requireMoneyMover`, for services that read the company's two-factor setting with other facts. */
export function requireMoneyMoverRole(ctx: ServiceContext): asserts ctx is CompanyContext {
  requireCompany(ctx.actor)
  requireRole(ctx.actor, 'admin')
}

/** The two-factor half of `requireMoneyMover`: refused without an aal2 session when the company requires one. */
export function requireTwoFactorWhen(ctx: ServiceContext, required: boolean): void {
  if (required && ctx.actor.aal !== 'aal2') throw new AppError('two_factor_required', 'Your company requires a two-factor session to move money')
}
