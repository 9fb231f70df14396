import type { Actor } from '../../platform/actor'
import { type ClientSession, isVerified } from './auth-context'

/** The actor of a page request; company membership arrives with the companies module. */
export function actorFromClientSession(session: ClientSession): Actor {
  return {
    userId: session.user.id,
    sessionId: session.sessionId,
    companyId: null,
    memberRole: null,
    platformRole: session.user.role,
    companyKind: null,
    contactVerified: isVerified(session),
    aal: session.aal,
  }
}
