import type { ClientSession } from './auth-context'

/** §4: the authentication events the browser hears about. */
export type AuthEventName = 'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED' | 'PASSWORD_RECOVERY' | 'MFA_CHALLENGE_VERIFIED'

export type AuthListener = (event: AuthEventName, session: ClientSession | null) => void

/** Which event a change of session means; `previous` is undefined before the first session is known. */
export function deriveAuthEvent(previous: ClientSession | null | undefined, next: ClientSession | null): AuthEventName | null {
  if (previous === undefined) return 'INITIAL_SESSION'
  if (!previous && !next) return null
  if (!previous && next) return 'SIGNED_IN'
  if (previous && !next) return 'SIGNED_OUT'
  if (!previous || !next) return null
  if (previous.user.id !== next.user.id) return 'SIGNED_IN'
  if (previous.aal === 'aal1' && next.aal === 'aal2') return 'MFA_CHALLENGE_VERIFIED'
  if (previous.sessionId !== next.sessionId) return 'SIGNED_IN'
  const before = previous.user
  const after = next.user
  const changed =
    before.updatedAt !== after.updatedAt ||
    before.emailVerified !== after.emailVerified ||
    before.phoneNumberVerified !== after.phoneNumberVerified ||
    before.twoFactorEnabled !== after.twoFactorEnabled ||
    before.name !== after.name
  return changed ? 'USER_UPDATED' : null
}

const listeners = new Set<AuthListener>()

export function onAuthStateChange(listener: AuthListener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function emitAuthEvent(event: AuthEventName, session: ClientSession | null): void {
  for (const listener of listeners) listener(event, session)
}

/** Tabs of one browser tell each other about sign-in and sign-out over this channel. */
export const AUTH_CHANNEL = 'tradeport-auth'
export type AuthChannelMessage = { event: 'SIGNED_IN' | 'SIGNED_OUT'; userId: string | null }
