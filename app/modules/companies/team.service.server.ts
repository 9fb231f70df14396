import { and, count, eq, inArray, isNull } from 'drizzle-orm'
import type { MemberRole, ServiceContext } from '../../platform/actor'
import { database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { disconnectUsers } from '../../platform/realtime/publisher.server'
import { sessionIdsOf, userDirectory as users } from '../identity/index.server'
import { recordAudit } from '../kernel/index.server'
import { activeCompanies, members, organizations } from './companies.tables.server'
import { membershipsChanged } from './company-context.server'
import { canChangeRole, canRemoveMember, requireCompany, requireRole } from './policies'
import { compareMembers, isLastOwner, memberPermissions, type MemberPermissions } from './team.policy'

export type TeamMember = {
  id: string
  userId: string
  name: string
  /** Null for phone-only accounts, whose stored address is an undeliverable stand-in. */
  email: string | null
  role: MemberRole
  joinedAt: Date
}

const memberColumns = {
  id: members.id,
  userId: members.userId,
  name: users.name,
  email: users.email,
  emailIsPlaceholder: users.emailIsPlaceholder,
  role: members.role,
  joinedAt: members.createdAt,
}

type MemberRow = { id: string; userId: string; name: string; email: string; emailIsPlaceholder: boolean; role: MemberRole; joinedAt: Date }

function toTeamMember({ emailIsPlaceholder, email, ...row }: MemberRow): TeamMember {
  return { ...row, email: emailIsPlaceholder ? null : email }
}

/**
 * Locks the (not deleted) company row for the rest of the transaction, so membership changes of one
 * company run one after another and "at least one owner" holds under concurrent requests.
 */
export async function lockCompany(tx: Transaction, companyId: string): Promise<{ id: string; name: string }> {
  const [company] = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.id, companyId), isNull(organizations.deletedAt)))
    .for('update')
  if (!company) throw new AppError('not_found', 'Company not found')
  return company
}

async function findMember(tx: Transaction, companyId: string, memberId: string): Promise<TeamMember> {
  const [row] = await tx
    .select(memberColumns)
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.id, memberId), eq(members.organizationId, companyId)))
  if (!row) throw new AppError('not_found', 'Member not found')
  return toTeamMember(row)
}

async function findMemberByUser(tx: Transaction, companyId: string, userId: string): Promise<TeamMember> {
  const [row] = await tx
    .select(memberColumns)
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.userId, userId), eq(members.organizationId, companyId)))
  if (!row) throw new AppError('not_found', 'Member not found')
  return toTeamMember(row)
}

async function ownerCount(tx: Transaction, companyId: string): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(members)
    .where(and(eq(members.organizationId, companyId), eq(members.role, 'owner')))
  return row?.value ?? 0
}

/** Sessions of a user who left a company stop acting for it. */
async function dropActiveCompany(tx: Transaction, userId: string, companyId: string): Promise<void> {
  const sessionIds = await sessionIdsOf(tx, userId)
  if (sessionIds.length === 0) return
  await tx.delete(activeCompanies).where(and(eq(activeCompanies.organizationId, companyId), inArray(activeCompanies.sessionId, sessionIds)))
}

/** The active company's members: owners first, then admins, then members, by name (any member). */
export async function listMembers(ctx: ServiceContext): Promise<TeamMember[]> {
  requireCompany(ctx.actor)
  const rows = await database()
    .select(memberColumns)
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(eq(members.organizationId, ctx.actor.companyId))
  return rows.map(toTeamMember).sort(compareMembers)
}

export type ManagedMember = TeamMember & MemberPermissions & { self: boolean }

/** The members with what the actor may do to each, and whether the actor may leave: the management page's view. */
export async function listManagedMembers(ctx: ServiceContext): Promise<{ members: ManagedMember[]; ownerCount: number }> {
  const list = await listMembers(ctx)
  const owners = list.filter((member) => member.role === 'owner').length
  return {
    members: list.map((member) => ({ ...member, ...memberPermissions(ctx.actor, member, owners), self: member.userId === ctx.actor.userId })),
    ownerCount: owners,
  }
}

/** Gives a member another role; only owners touch owners, and the last owner keeps their role. */
export async function changeMemberRole(ctx: ServiceContext, memberId: string, role: MemberRole): Promise<TeamMember> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const { member, changed } = await database().transaction(async (tx) => {
    await lockCompany(tx, companyId)
    const current = await findMember(tx, companyId, memberId)
    if (!canChangeRole(ctx.actor, current.role, role))
      throw new AppError('insufficient_role', 'Your role does not allow this change', { requiredRole: 'owner' })
    if (current.role === role) return { member: current, changed: false }
    if (isLastOwner(current.role, await ownerCount(tx, companyId))) throw new AppError('last_owner', 'A company needs at least one owner')
    await tx.update(members).set({ role }).where(eq(members.id, current.id))
    await recordAudit(tx, ctx, {
      companyId,
      action: 'member.role_changed',
      targetType: 'member',
      targetId: current.id,
      before: { userId: current.userId, role: current.role },
      after: { userId: current.userId, role },
    })
    return { member: { ...current, role }, changed: true }
  })
  if (changed) membershipsChanged([member.userId])
  return member
}

/** Removes another member (yourself: leave instead); their sessions stop acting for the company. */
export async function removeMember(ctx: ServiceContext, memberId: string): Promise<void> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const removed = await database().transaction(async (tx) => {
    await lockCompany(tx, companyId)
    const member = await findMember(tx, companyId, memberId)
    if (!canRemoveMember(ctx.actor, member.role))
      throw new AppError('insufficient_role', 'Your role does not allow removing this member', { requiredRole: member.role === 'owner' ? 'owner' : 'admin' })
    if (member.userId === ctx.actor.userId) throw new AppError('conflict', 'Use leave to remove yourself from the company', { reason: 'use_leave' })
    if (isLastOwner(member.role, await ownerCount(tx, companyId))) throw new AppError('last_owner', 'A company needs at least one owner')
    await tx.delete(members).where(eq(members.id, member.id))
    await dropActiveCompany(tx, member.userId, companyId)
    await recordAudit(tx, ctx, {
      companyId,
      action: 'member.removed',
      targetType: 'member',
      targetId: member.id,
      before: { userId: member.userId, role: member.role },
      after: null,
    })
    return member
  })
  membershipsChanged([removed.userId])
  disconnectUsers([removed.userId])
}

/** The actor leaves the active company; an owner must first make someone else an owner. */
export async function leaveCompany(ctx: ServiceContext): Promise<void> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  await database().transaction(async (tx) => {
    await lockCompany(tx, companyId)
    const self = await findMemberByUser(tx, companyId, ctx.actor.userId)
    if (isLastOwner(self.role, await ownerCount(tx, companyId))) throw new AppError('owner_must_transfer', 'Transfer ownership before leaving')
    await tx.delete(members).where(eq(members.id, self.id))
    await dropActiveCompany(tx, self.userId, companyId)
    await recordAudit(tx, ctx, {
      companyId,
      action: 'member.left',
      targetType: 'member',
      targetId: self.id,
      before: { userId: self.userId, role: self.role },
      after: null,
    })
  })
  membershipsChanged([ctx.actor.userId])
  disconnectUsers([ctx.actor.userId])
}

/** Makes another member an owner and the acting owner an admin (owners only). */
export async function transferOwnership(ctx: ServiceContext, memberId: string): Promise<TeamMember> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const target = await database().transaction(async (tx) => {
    await lockCompany(tx, companyId)
    const next = await findMember(tx, companyId, memberId)
    requireRole(ctx.actor, 'owner')
    const self = await findMemberByUser(tx, companyId, ctx.actor.userId)
    if (self.role !== 'owner') throw new AppError('insufficient_role', 'Only owners can transfer ownership', { requiredRole: 'owner' })
    if (next.id === self.id || next.role === 'owner') throw new AppError('conflict', 'This member is already an owner', { reason: 'already_owner' })
    await tx.update(members).set({ role: 'owner' }).where(eq(members.id, next.id))
    await tx.update(members).set({ role: 'admin' }).where(eq(members.id, self.id))
    await recordAudit(tx, ctx, {
      companyId,
      action: 'company.ownership_transferred',
      targetType: 'member',
      targetId: next.id,
      before: { newOwner: { userId: next.userId, role: next.role }, previousOwner: { userId: self.userId, role: 'owner' } },
      after: { newOwner: { userId: next.userId, role: 'owner' }, previousOwner: { userId: self.userId, role: 'admin' } },
    })
    return { ...next, role: 'owner' as const }
  })
  membershipsChanged([ctx.actor.userId, target.userId])
  return target
}
