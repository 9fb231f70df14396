import { describe, expect, it } from 'vitest'
import { SessionRevocations } from './session-revocations.server'

describe('session revocations', () => {
  it('remembers a revoked session for as long as caches could vouch for it, then forgets it', () => {
    let now = 0
    const revocations = new SessionRevocations(900_000, () => now)
    expect(revocations.isRevoked('s1')).toBe(false)
    revocations.revoke('s1')
    expect(revocations.isRevoked('s1')).toBe(true)
    expect(revocations.isRevoked('s2')).toBe(false)
    now = 900_001
    expect(revocations.isRevoked('s1')).toBe(false)
  })
})
