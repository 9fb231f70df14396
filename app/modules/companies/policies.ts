import type { Actor, MemberRole } from '../../platform/actor'
import { hasRole } from '../../platform/member-roles'

export { hasRole, requireCompany, requireRole } from '../../platform/member-roles'
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
