import type { Actor } from '../../platform/actor'
import { AppError } from '../../platform/errors'
import { hasRole, requireRole } from '../companies/index'
import { SUPPLYING_KINDS } from './product.policy'

/** Admins and owners of a company that sells may import and export its catalogue. */
export function canImportProducts(actor: Actor): boolean {
  return hasRole(actor, 'admin') && actor.companyKind !== null && SUPPLYING_KINDS.includes(actor.companyKind)
}

export function requireImporter(actor: Actor): asserts actor is Actor & { companyId: string } {
  requireRole(actor, 'admin')
  if (!canImportProducts(actor)) throw new AppError('forbidden', 'Only supplying companies import and export products')
}
