import type { Actor, MemberRole } from './actor'
import { AppError } from './errors'

// The actor's role in its active company, read from the actor alone: companies' policies and the kernel's services
// (which come before companies in the module order) both ask it.
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
