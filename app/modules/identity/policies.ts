import type { Actor } from '../../platform/actor'
import { AppError } from '../../platform/errors'

/**
 * Until the email or phone number is verified, actions that reach other companies (inviting people,
 * sending RFQs, placing orders) are refused with `email_not_verified`.
 */
export function canReachOtherCompanies(actor: Actor): boolean {
  return actor.contactVerified
}

export function assertCanReachOtherCompanies(actor: Actor): void {
  if (!canReachOtherCompanies(actor)) throw new AppError('email_not_verified', 'Verify your email address or phone number first')
}
