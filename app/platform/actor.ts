import type { Locale } from './i18n/locales'

export type PlatformRole = 'admin' | 'user'
export type AssuranceLevel = 'aal1' | 'aal2'
export type MemberRole = 'owner' | 'admin' | 'member'
export type CompanyKind = 'buyer' | 'supplier' | 'both' | 'service_provider'

/** Who is acting. Every service takes it first and authorizes with it; companies arrive with the companies module. */
export type Actor = {
  userId: string
  sessionId: string
  companyId: string | null
  memberRole: MemberRole | null
  platformRole: PlatformRole
  companyKind: CompanyKind | null
  /** The user proved they own their email or phone number. */
  contactVerified: boolean
  aal: AssuranceLevel
}

export type ServiceContext = {
  actor: Actor
  locale: Locale
  requestId: string
}
