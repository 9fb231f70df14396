import type { Actor, MemberRole } from '../../platform/actor'
import { type InvitationStatus, MEMBER_ROLES } from './companies.constants'
import { canChangeRole, canRemoveMember, hasRole } from './policies'

/** How many times one invitation may be mailed (the first send included); after that, revoke and invite anew. */
export const MAX_INVITATION_SENDS = 5

const ROLE_ORDER: Record<MemberRole, number> = { owner: 0, admin: 1, member: 2 }

/** What people see: a stored `pending` past its expiry reads `expired`. */
export function displayStatusOf(invitation: { status: Exclude<InvitationStatus, 'expired'>; expiresAt: Date }, now = new Date()): InvitationStatus {
  return invitation.status === 'pending' && invitation.expiresAt.getTime() <= now.getTime() ? 'expired' : invitation.status
}

/** Owners first, then admins, then members; by name within a role. */
export function compareMembers(a: { role: MemberRole; name: string }, b: { role: MemberRole; name: string }): number {
  return ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || a.name.localeCompare(b.name)
}

/** Demoting or removing this member would leave the company without an owner. */
export function isLastOwner(role: MemberRole, ownerCount: number): boolean {
  return role === 'owner' && ownerCount <= 1
}

export type MemberPermissions = {
  /** Roles the actor may give this member, their current role included; empty when it cannot change. */
  assignableRoles: MemberRole[]
  removable: boolean
  /** The actor may hand their ownership to this member. */
  canReceiveOwnership: boolean
}

/** What the actor may do to one member of their company, for the management page's controls. */
export function memberPermissions(actor: Actor, member: { userId: string; role: MemberRole }, ownerCount: number): MemberPermissions {
  const self = member.userId === actor.userId
  const lastOwner = isLastOwner(member.role, ownerCount)
  const assignableRoles = lastOwner ? [] : MEMBER_ROLES.filter((role) => role === member.role || canChangeRole(actor, member.role, role))
  return {
    assignableRoles: assignableRoles.length > 1 ? assignableRoles : [],
    removable: !self && !lastOwner && canRemoveMember(actor, member.role),
    canReceiveOwnership: !self && member.role !== 'owner' && hasRole(actor, 'owner'),
  }
}

/** An owner may leave only while another owner stays; everyone else may always leave. */
export function canLeave(role: MemberRole, ownerCount: number): boolean {
  return !isLastOwner(role, ownerCount)
}
