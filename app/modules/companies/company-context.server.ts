import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Actor } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { SharedCache } from '../../platform/shared-cache.server'
import type { ServiceContext } from '../../platform/actor'
import { actorFromAuthState, type AuthState } from '../identity/index.server'
import { activeCompanies, companyProfiles, members, organizations } from './companies.tables.server'
import type { GuideState, Membership } from './company-context'
import { closeCompanyNameCache, companyNamesChanged } from './company-lookups.server'

const TTL_MS = 60_000

/** A user's memberships by `user:<id>`, and a session's chosen company by `session:<id>` ('' for none). */
const globalCaches = globalThis as unknown as { __tradeportMemberships?: SharedCache<Membership[]>; __tradeportActiveCompany?: SharedCache<string> }

function membershipCache(): SharedCache<Membership[]> {
  if (!globalCaches.__tradeportMemberships) {
    globalCaches.__tradeportMemberships = new SharedCache('tradeport:memberships-changed', TTL_MS)
    globalCaches.__tradeportMemberships.listen()
  }
  return globalCaches.__tradeportMemberships
}

function activeCompanyCache(): SharedCache<string> {
  if (!globalCaches.__tradeportActiveCompany) {
    globalCaches.__tradeportActiveCompany = new SharedCache('tradeport:active-company-changed', TTL_MS)
    globalCaches.__tradeportActiveCompany.listen()
  }
  return globalCaches.__tradeportActiveCompany
}

export async function closeCompanyCaches(): Promise<void> {
  await globalCaches.__tradeportMemberships?.close()
  await globalCaches.__tradeportActiveCompany?.close()
  globalCaches.__tradeportMemberships = undefined
  globalCaches.__tradeportActiveCompany = undefined
  await closeCompanyNameCache()
}

async function loadMemberships(userId: string): Promise<Membership[]> {
  const rows = await database()
    .select({
      companyId: organizations.id,
      name: organizations.name,
      logoFileId: organizations.logoFileId,
      role: members.role,
      kind: companyProfiles.kind,
      verificationStatus: companyProfiles.verificationStatus,
      guide: sql<GuideState>`case when ${members.guideCompletedAt} is not null then 'completed' when ${members.guideDismissedAt} is not null then 'dismissed' else 'open' end`,
    })
    .from(members)
    .innerJoin(organizations, eq(organizations.id, members.organizationId))
    .innerJoin(companyProfiles, eq(companyProfiles.organizationId, organizations.id))
    .where(and(eq(members.userId, userId), isNull(organizations.deletedAt)))
    .orderBy(asc(members.createdAt))
  return rows
}

export function membershipsOf(userId: string): Promise<Membership[]> {
  return membershipCache().read(`user:${userId}`, () => loadMemberships(userId))
}

async function chosenCompanyOf(sessionId: string): Promise<string> {
  return activeCompanyCache().read(`session:${sessionId}`, async () => {
    const [row] = await database()
      .select({ organizationId: activeCompanies.organizationId })
      .from(activeCompanies)
      .where(eq(activeCompanies.sessionId, sessionId))
    return row?.organizationId ?? ''
  })
}

export type CompanyContext = { memberships: Membership[]; active: Membership | null }

/** The session's companies and the one it acts for: the chosen one while still a member, else the first joined. */
export async function companyContextOf(userId: string, sessionId: string): Promise<CompanyContext> {
  const [memberships, chosen] = await Promise.all([membershipsOf(userId), chosenCompanyOf(sessionId)])
  const active = memberships.find((m) => m.companyId === chosen) ?? memberships[0] ?? null
  return { memberships, active }
}

/** The actor of an authenticated request, with its active company. */
export async function actorFor(state: AuthState): Promise<Actor> {
  const { active } = await companyContextOf(state.user.id, state.sessionId)
  return withCompany(actorFromAuthState(state), active)
}

export function withCompany(actor: Actor, active: Membership | null): Actor {
  return { ...actor, companyId: active?.companyId ?? null, memberRole: active?.role ?? null, companyKind: active?.kind ?? null }
}

/** After membership rows of these users changed. */
export function membershipsChanged(userIds: string[]): void {
  membershipCache().changed(userIds.map((id) => `user:${id}`))
}

/** After a company's name, kind, logo, verification or existence changed: every member's view of it. */
export async function companyChanged(companyId: string): Promise<void> {
  companyNamesChanged([companyId])
  const rows = await database().select({ userId: members.userId }).from(members).where(eq(members.organizationId, companyId))
  membershipsChanged(rows.map((row) => row.userId))
}

/** Makes the session act for another of the user's companies; 404 if they are not a member of it. */
export async function switchActiveCompany(ctx: ServiceContext, companyId: string): Promise<Membership> {
  const membership = (await membershipsOf(ctx.actor.userId)).find((m) => m.companyId === companyId)
  if (!membership) throw new AppError('not_found', 'Company not found')
  await setActiveCompany(ctx.actor.sessionId, companyId)
  return membership
}

export async function setActiveCompany(sessionId: string, companyId: string, db = database()): Promise<void> {
  await db
    .insert(activeCompanies)
    .values({ sessionId, organizationId: companyId })
    .onConflictDoUpdate({ target: activeCompanies.sessionId, set: { organizationId: companyId, updatedAt: new Date() } })
  activeCompanyCache().changed([`session:${sessionId}`])
}

export function resetCompanyCaches(): void {
  globalCaches.__tradeportMemberships?.clear()
  globalCaches.__tradeportActiveCompany?.clear()
}
