import { createContext } from 'react-router'
import type { AssuranceLevel, PlatformRole } from '../../platform/actor'

/** The signed-in session as pages (server and browser) see it. */
export type ClientSession = {
  sessionId: string
  aal: AssuranceLevel
  user: {
    id: string
    name: string
    email: string | null
    emailVerified: boolean
    phoneNumber: string | null
    phoneNumberVerified: boolean
    role: PlatformRole
    twoFactorEnabled: boolean
    updatedAt: number
  }
}

export const clientSessionContext = createContext<ClientSession | null>(null)

export function isVerified(session: ClientSession): boolean {
  return session.user.emailVerified || session.user.phoneNumberVerified
}
