import type { Actor, CompanyKind } from '../../platform/actor'
import { AppError } from '../../platform/errors'
import { hasRole, requireRole } from '../companies/index'
import { PROVIDER_KINDS } from './orders.constants'

/** Whether a company of this kind may offer services (buyers only buy them). */
export const mayOfferServices = (kind: CompanyKind | null): boolean => kind !== null && (PROVIDER_KINDS as readonly string[]).includes(kind)

/** Admins and owners of a company that may offer services list, change and remove its offerings; any member reads them. */
export function canManageServiceOfferings(actor: Actor): boolean {
  return hasRole(actor, 'admin') && mayOfferServices(actor.companyKind)
}

export function requireOfferingManager(actor: Actor): asserts actor is Actor & { companyId: string } {
  requireRole(actor, 'admin')
  if (!mayOfferServices(actor.companyKind)) throw new AppError('forbidden', 'Only suppliers and service providers offer services')
}
