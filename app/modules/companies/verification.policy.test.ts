import { describe, expect, it } from 'vitest'
import { canSubmitApplication, mayApplyForVerification } from './verification.policy'

describe('verification policy', () => {
  it('lets a company apply while unverified and re-apply after a rejection, not while pending or once verified', () => {
    expect(mayApplyForVerification('unverified')).toBe(true)
    expect(mayApplyForVerification('reject')).toBe(true)
    expect(mayApplyForVerification('pending')).toBe(false)
    expect(mayApplyForVerification('accept')).toBe(false)
  })

  it('leaves the application to owners and admins', () => {
    expect(canSubmitApplication('owner', 'unverified')).toBe(true)
    expect(canSubmitApplication('admin', 'reject')).toBe(true)
    expect(canSubmitApplication('member', 'unverified')).toBe(false)
    expect(canSubmitApplication(null, 'unverified')).toBe(false)
  })
})
