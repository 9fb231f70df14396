// What billing counts of a company's team (issue 24, ADR 051): its members. An invitation holds a seat while it is open,
// so a company at its limit cannot invite more people than it can take in.
import { and, count, eq, gt, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { Transaction } from '../../platform/db/index.server'
import { enforcePlanLimit, registerUsageCounter } from '../billing/index.server'
import { invitations, members } from './companies.tables.server'

const memberCount = (companyId: string) => sql`${new QueryBuilder().select({ members: count() }).from(members).where(eq(members.organizationId, companyId))}`

registerUsageCounter('members', memberCount)

/**
 * In the caller's transaction, before an invitation is written: the open invitations and the new one must fit the plan
 * (402). The invitation takes no seat yet: accepting it does (`enforceSeatForMember`).
 */
export async function enforceSeatForInvitation(tx: Transaction, companyId: string, now: Date = new Date()): Promise<void> {
  const [open] = await tx
    .select({ invitations: count() })
    .from(invitations)
    .where(and(eq(invitations.organizationId, companyId), eq(invitations.status, 'pending'), gt(invitations.expiresAt, now)))
  await enforcePlanLimit(tx, companyId, 'members', 1 + (open?.invitations ?? 0), now, { taking: 0 })
}

/** In the caller's transaction, before a member is added: one more must fit the plan (402). */
export async function enforceSeatForMember(tx: Transaction, companyId: string): Promise<void> {
  await enforcePlanLimit(tx, companyId, 'members', 1)
}
