// Where a member stands with the getting-started guide, kept on their membership: the memberships every signed-in
// request already reads (cached, dropped on change) carry it, so a hidden or finished guide costs the sidebar nothing.
import { and, eq, isNull } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { members } from './companies.tables.server'
import { membershipsChanged } from './company-context.server'
import { requireCompany } from './policies'

const membershipOf = (companyId: string, userId: string) => and(eq(members.organizationId, companyId), eq(members.userId, userId))

/** The member hides the guide from their sidebar in the active company; it stays reachable and can be shown again. */
export async function dismissGuide(ctx: ServiceContext): Promise<void> {
  requireCompany(ctx.actor)
  await database().update(members).set({ guideDismissedAt: new Date() }).where(membershipOf(ctx.actor.companyId, ctx.actor.userId))
  membershipsChanged([ctx.actor.userId])
}

/** The member shows the guide in their sidebar again (until it is finished). */
export async function reopenGuide(ctx: ServiceContext): Promise<void> {
  requireCompany(ctx.actor)
  await database().update(members).set({ guideDismissedAt: null }).where(membershipOf(ctx.actor.companyId, ctx.actor.userId))
  membershipsChanged([ctx.actor.userId])
}

/** Records, once, that the member's guide had every step done; later calls change nothing. */
export async function completeGuide(ctx: ServiceContext): Promise<void> {
  requireCompany(ctx.actor)
  const stamped = await database()
    .update(members)
    .set({ guideCompletedAt: new Date() })
    .where(and(membershipOf(ctx.actor.companyId, ctx.actor.userId), isNull(members.guideCompletedAt)))
    .returning({ id: members.id })
  if (stamped.length > 0) membershipsChanged([ctx.actor.userId])
}
