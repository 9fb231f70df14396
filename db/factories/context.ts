import type { MemberRole, ServiceContext } from '../../app/platform/actor'
import type { Locale } from '../../app/platform/i18n/locales'

/** A service context for a member of a company, as services receive it. */
export function contextOf(userId: string, companyId: string, memberRole: MemberRole = 'owner', locale: Locale = 'en'): ServiceContext {
  return {
    actor: { userId, sessionId: `session-${userId}`, companyId, memberRole, platformRole: 'user', companyKind: null, contactVerified: true, aal: 'aal1' },
    locale,
    requestId: 'test',
  }
}
