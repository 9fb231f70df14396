import { createContext } from 'react-router'
import type { MemberRole } from '../../platform/actor'
import type { CompanyKind, VerificationStatus } from './companies.constants'

/** Where a member stands with the getting-started guide: shown in the sidebar, hidden by them, or finished. */
export type GuideState = 'open' | 'dismissed' | 'completed'

/** One company a user belongs to, as the top bar and the actor need it. */
export type Membership = {
  companyId: string
  name: string
  logoFileId: string | null
  role: MemberRole
  kind: CompanyKind
  verificationStatus: VerificationStatus
  guide: GuideState
}

/** The signed-in user's companies and the active one, for pages (set by the companies middleware). */
export type ClientCompanies = { memberships: Membership[]; active: Membership | null }

export const companiesContext = createContext<ClientCompanies | null>(null)
