import type { Actor, MemberRole } from '../../platform/actor'
import { AppError } from '../../platform/errors'

const ROLE_RANK: Record<MemberRole, number> = { member: 1, admin: 2, owner: 3 }

export function hasRole(actor: Actor, least: MemberRole): boolean {
  return actor.memberRole !== null && ROLE_RANK[actor.memberRole] >= ROLE_RANK[least]
}

/** The actor acts for a company; narrows companyId and memberRole. */
export function requireCompany(actor: Actor): asserts actor is Actor & { companyId: string; memberRole: MemberRole } {
  if (!actor.companyId || !actor.memberRole) throw new AppError('company_required', 'Create or join a company first')
}

/** The actor's role in the active company is at least `least`; 403 otherwise. */
export function requireRole(actor: Actor, least: MemberRole): asserts actor is Actor & { companyId: string; memberRole: MemberRole } {
  requireCompany(actor)
  if (!hasRole(actor, least)) throw new AppError('insufficient_role', 'Your role does not allow this', { requiredRole: least })
}

export { isPlatformAdmin, requirePlatformAdmin } from '../../platform/platform-admin'

/** Editing the company's profile, addresses and certifications. */
export const canEditCompany = (actor: Actor) => hasRole(actor, 'admin')
/** Inviting, removing and changing the roles of members. */
export const canManageMembers = (actor: Actor) => hasRole(actor, 'admin')
/** Deleting the company and transferring its ownership. */
export const canDeleteCompany = (actor: Actor) => hasRole(actor, 'owner')

/**
 * Whether the actor may give `target` (currently `from`) the role `to`. Admins manage members and
 * admins; only owners touch owners or make someone an owner.
 */
export function canChangeRole(actor: Actor, from: MemberRole, to: MemberRole): boolean {
  if (!canManageMembers(actor)) return false
  if (from === 'owner' || to === 'owner') return hasRole(actor, 'owner')
  return true
}

/** Removing a member follows the same rule as changing their role. */
export function canRemoveMember(actor: Actor, role: MemberRole): boolean {
  return canChangeRole(actor, role, 'member')
}

/** Roles an actor may hand out in an invitation. */
export function invitableRolesFor(actor: Actor): MemberRole[] {
  if (!canManageMembers(actor)) return []
  return ['member', 'admin']
}
