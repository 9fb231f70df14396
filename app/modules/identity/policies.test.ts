import { describe, expect, it } from 'vitest'
import type { Actor } from '../../platform/actor'
import { assertCanReachOtherCompanies, canReachOtherCompanies } from './policies'

const actor = (contactVerified: boolean): Actor => ({
  userId: 'u',
  sessionId: 's',
  companyId: null,
  memberRole: null,
  platformRole: 'user',
  companyKind: null,
  contactVerified,
  aal: 'aal1',
})

describe('unverified accounts', () => {
  it('may not reach other companies until the email or phone is verified', () => {
    expect(canReachOtherCompanies(actor(false))).toBe(false)
    expect(() => assertCanReachOtherCompanies(actor(false))).toThrow(expect.objectContaining({ code: 'email_not_verified', status: 403 }))
    expect(canReachOtherCompanies(actor(true))).toBe(true)
  })
})
