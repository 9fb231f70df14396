import { describe, expect, it } from 'vitest'
import type { Actor, MemberRole } from '../../platform/actor'
import { isAppError } from '../../platform/errors'
import {
  canChangeRole,
  canDeleteCompany,
  canEditCompany,
  canRemoveMember,
  invitableRolesFor,
  requireCompany,
  requirePlatformAdmin,
  requireRole,
} from './policies'

function actor(memberRole: MemberRole | null, platformRole: 'admin' | 'user' = 'user'): Actor {
  return {
    userId: 'u',
    sessionId: 's',
    companyId: memberRole ? 'c' : null,
    memberRole,
    platformRole,
    companyKind: memberRole ? 'buyer' : null,
    contactVerified: true,
    aal: 'aal1',
  }
}

function codeOf(run: () => void): string | undefined {
  try {
    run()
  } catch (error) {
    return isAppError(error) ? error.code : 'other'
  }
  return undefined
}

describe('company policies', () => {
  it('asks a user without a company to create or join one first', () => {
    expect(codeOf(() => requireCompany(actor(null)))).toBe('company_required')
    expect(codeOf(() => requireCompany(actor('member')))).toBeUndefined()
  })

  it('refuses a role below the one an action needs with insufficient_role', () => {
    expect(codeOf(() => requireRole(actor('member'), 'admin'))).toBe('insufficient_role')
    expect(codeOf(() => requireRole(actor('admin'), 'admin'))).toBeUndefined()
    expect(codeOf(() => requireRole(actor('admin'), 'owner'))).toBe('insufficient_role')
  })

  it('lets admins edit the company and only owners delete it', () => {
    expect(canEditCompany(actor('member'))).toBe(false)
    expect(canEditCompany(actor('admin'))).toBe(true)
    expect(canDeleteCompany(actor('admin'))).toBe(false)
    expect(canDeleteCompany(actor('owner'))).toBe(true)
  })

  it('keeps owners out of an admin’s reach', () => {
    expect(canChangeRole(actor('admin'), 'member', 'admin')).toBe(true)
    expect(canChangeRole(actor('admin'), 'member', 'owner')).toBe(false)
    expect(canChangeRole(actor('admin'), 'owner', 'member')).toBe(false)
    expect(canChangeRole(actor('owner'), 'owner', 'admin')).toBe(true)
    expect(canChangeRole(actor('member'), 'member', 'admin')).toBe(false)
    expect(canRemoveMember(actor('admin'), 'owner')).toBe(false)
    expect(canRemoveMember(actor('admin'), 'member')).toBe(true)
  })

  it('lets only admins and owners invite, never as owner', () => {
    expect(invitableRolesFor(actor('member'))).toEqual([])
    expect(invitableRolesFor(actor('admin'))).toEqual(['member', 'admin'])
  })

  it('reserves platform administration for platform admins', () => {
    expect(codeOf(() => requirePlatformAdmin(actor('owner')))).toBe('forbidden')
    expect(codeOf(() => requirePlatformAdmin(actor(null, 'admin')))).toBeUndefined()
  })
})
