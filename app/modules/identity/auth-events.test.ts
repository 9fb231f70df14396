import { describe, expect, it } from 'vitest'
import type { ClientSession } from './auth-context'
import { deriveAuthEvent, emitAuthEvent, onAuthStateChange } from './auth-events'

const base: ClientSession = {
  sessionId: 's1',
  aal: 'aal1',
  user: {
    id: 'u1',
    name: 'Mei',
    email: 'mei@example.test',
    emailVerified: false,
    phoneNumber: null,
    phoneNumberVerified: false,
    role: 'user',
    twoFactorEnabled: false,
    updatedAt: 1,
  },
}

describe('auth events (§4)', () => {
  it('starts with INITIAL_SESSION, signed in or not', () => {
    expect(deriveAuthEvent(undefined, base)).toBe('INITIAL_SESSION')
    expect(deriveAuthEvent(undefined, null)).toBe('INITIAL_SESSION')
  })

  it('reports sign-in and sign-out', () => {
    expect(deriveAuthEvent(null, base)).toBe('SIGNED_IN')
    expect(deriveAuthEvent(base, null)).toBe('SIGNED_OUT')
    expect(deriveAuthEvent(base, { ...base, sessionId: 's2' })).toBe('SIGNED_IN')
  })

  it('reports a verified second factor', () => {
    expect(deriveAuthEvent(base, { ...base, sessionId: 's2', aal: 'aal2' })).toBe('MFA_CHALLENGE_VERIFIED')
  })

  it('reports user updates such as a verified email', () => {
    expect(deriveAuthEvent(base, { ...base, user: { ...base.user, emailVerified: true } })).toBe('USER_UPDATED')
  })

  it('stays quiet when nothing changed', () => {
    expect(deriveAuthEvent(base, { ...base })).toBeNull()
    expect(deriveAuthEvent(null, null)).toBeNull()
  })
})

describe('auth event listeners', () => {
  it('hear every emitted event until they unsubscribe', () => {
    const heard: string[] = []
    const unsubscribe = onAuthStateChange((event, session) => heard.push(`${event}:${session?.user.id ?? 'none'}`))
    emitAuthEvent('SIGNED_IN', base)
    emitAuthEvent('TOKEN_REFRESHED', base)
    unsubscribe()
    emitAuthEvent('SIGNED_OUT', null)
    expect(heard).toEqual(['SIGNED_IN:u1', 'TOKEN_REFRESHED:u1'])
  })
})
