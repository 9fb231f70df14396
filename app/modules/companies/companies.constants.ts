import type { CompanyKind, MemberRole } from '../../platform/actor'
import type { Locale } from '../../platform/i18n/locales'

export type { CompanyKind, MemberRole }

export const MEMBER_ROLES = ['owner', 'admin', 'member'] as const satisfies readonly MemberRole[]

/** Invitations may grant admin or member; ownership only moves by transfer. */
export const INVITABLE_ROLES = ['admin', 'member'] as const
export type InvitableRole = (typeof INVITABLE_ROLES)[number]

export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'revoked'] as const
/** What people see: a pending invitation past its expiry reads `expired`. */
export const INVITATION_DISPLAY_STATUSES = [...INVITATION_STATUSES, 'expired'] as const
export type InvitationStatus = (typeof INVITATION_DISPLAY_STATUSES)[number]
export const INVITATION_TTL_DAYS = 7

export const COMPANY_KINDS = ['buyer', 'supplier', 'both', 'service_provider'] as const satisfies readonly CompanyKind[]

export const SERVICE_TYPES = ['logistics', 'inspection', 'customs', 'certification', 'sourcing_agent'] as const
export type ServiceType = (typeof SERVICE_TYPES)[number]

export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'] as const
export type CompanySize = (typeof COMPANY_SIZES)[number]

export const SUPPLIER_TYPES = [
  'manufacturer',
  'trading_company',
  'wholesaler',
  'logistics_provider',
  'inspection_agency',
  'customs_broker',
  'certification_body',
] as const
export type SupplierType = (typeof SUPPLIER_TYPES)[number]

export const VERIFICATION_STATUSES = ['unverified', 'pending', 'accept', 'reject'] as const
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number]

export const APPLICATION_STATUSES = ['pending', 'accept', 'reject'] as const
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]

export const ADDRESS_TYPES = ['billing', 'shipping', 'warehouse'] as const
export type AddressType = (typeof ADDRESS_TYPES)[number]

/** A deleted company can be restored by an owner for this long, then it is purged. */
export const COMPANY_RECOVERY_DAYS = 30

export type LocalizedText = Partial<Record<Locale, string>>
