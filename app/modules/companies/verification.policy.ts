import type { MemberRole } from '../../platform/actor'
import type { VerificationStatus } from './companies.constants'

/** A company applies while unverified, and again after a rejection; never while pending or once verified. */
export function mayApplyForVerification(status: VerificationStatus): boolean {
  return status === 'unverified' || status === 'reject'
}

/** Owners and admins send the company's application. */
export function canSubmitApplication(role: MemberRole | null, status: VerificationStatus): boolean {
  return (role === 'owner' || role === 'admin') && mayApplyForVerification(status)
}
