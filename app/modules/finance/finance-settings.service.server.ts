// A company's finance preferences (issue 21): its default currency, payout schedule, whether moving money needs a
// two-factor session, and the details its invoices carry.
import { eq } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { hasRole } from '../../platform/member-roles'
import { requireFinanceReader, requireMoneyMover } from './finance-access.server'
import type { FinanceSettingsInput } from './finance-settings.inputs'
import type { PayoutSchedule } from './finance.constants'
import { financeSettings } from './finance.tables.server'
import { recordAudit } from '../kernel/index.server'

/** The settings as pages and the API show them; `version` 0 while the company has the defaults. */
export type FinanceSettingsView = {
  defaultCurrency: string
  payoutSchedule: PayoutSchedule
  requireTwoFactor: boolean
  invoiceLegalName: string
  invoiceTaxId: string
  invoiceAddress: string
  version: number
  updatedAt: Date | null
  /** Owners and admins change them. */
  canEdit: boolean
}

const DEFAULTS = {
  defaultCurrency: 'USD',
  payoutSchedule: 'manual',
  requireTwoFactor: false,
  invoiceLegalName: '',
  invoiceTaxId: '',
  invoiceAddress: '',
} as const satisfies Omit<FinanceSettingsView, 'version' | 'updatedAt' | 'canEdit'>

/** The company's finance settings, or the defaults while it has changed none (any member reads them). */
export async function getFinanceSettings(ctx: ServiceContext): Promise<FinanceSettingsView> {
  requireFinanceReader(ctx)
  const [row] = await database().select().from(financeSettings).where(eq(financeSettings.organizationId, ctx.actor.companyId))
  const canEdit = hasRole(ctx.actor, 'admin')
  if (!row) return { ...DEFAULTS, version: 0, updatedAt: null, canEdit }
  const { organizationId: _company, ...settings } = row
  return { ...settings, canEdit }
}

/**
 * Changes the settings against the version the editor saw (owners and admins, with two factors when already required).
 * Turning the two-factor rule on needs a two-factor session itself, so nobody locks the company out of its money.
 */
export async function updateFinanceSettings(ctx: ServiceContext, input: FinanceSettingsInput): Promise<FinanceSettingsView> {
  await requireMoneyMover(ctx)
  requireFinanceReader(ctx)
  const companyId = ctx.actor.companyId
  await database().transaction(async (tx) => {
    const [row] = await tx.select().from(financeSettings).where(eq(financeSettings.organizationId, companyId)).for('update')
    const current = row?.version ?? 0
    if (current !== input.version) throw new AppError('stale_version', 'The finance settings changed meanwhile', { version: current })
    if (input.requireTwoFactor && !row?.requireTwoFactor && ctx.actor.aal !== 'aal2')
      throw new AppError('validation_failed', 'Turning on two-factor for money needs a two-factor session', {
        fields: { requireTwoFactor: ['validation.twoFactorSession'] },
      })
    const { version: _seen, ...fields } = input
    await recordAudit(tx, ctx, { companyId, action: 'finance_settings.updated', targetType: 'finance_settings', targetId: companyId, after: fields })
    if (row) {
      await tx
        .update(financeSettings)
        .set({ ...fields, updatedAt: new Date(), version: current + 1 })
        .where(eq(financeSettings.organizationId, companyId))
      return
    }
    // Two first saves at once: the one that comes second finds the row taken, as a stale version.
    const inserted = await tx
      .insert(financeSettings)
      .values({ organizationId: companyId, ...fields })
      .onConflictDoNothing()
      .returning({ version: financeSettings.version })
    if (inserted.length === 0) throw new AppError('stale_version', 'The finance settings changed meanwhile', { version: 1 })
  })
  return getFinanceSettings(ctx)
}
