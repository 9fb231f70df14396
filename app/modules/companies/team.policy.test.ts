import { describe, expect, it } from 'vitest'
import type { Actor, MemberRole } from '../../platform/actor'
import { canLeave, compareMembers, displayStatusOf, isLastOwner, memberPermissions } from './team.policy'
import { CreateInvitationInput, InvitationListQuery, InvitationTokenInput } from './team.inputs'

function actor(memberRole: MemberRole, userId = 'me'): Actor {
  return { userId, sessionId: 's', companyId: 'c', memberRole, platformRole: 'user', companyKind: 'buyer', contactVerified: true, aal: 'aal1' }
}

describe('invitation display status', () => {
  const now = new Date('2026-03-01T12:00:00Z')
  it('reads a pending invitation past its expiry as expired, and leaves answered ones as stored', () => {
    expect(displayStatusOf({ status: 'pending', expiresAt: new Date('2026-03-02T00:00:00Z') }, now)).toBe('pending')
    expect(displayStatusOf({ status: 'pending', expiresAt: now }, now)).toBe('expired')
    expect(displayStatusOf({ status: 'accepted', expiresAt: new Date('2026-02-01T00:00:00Z') }, now)).toBe('accepted')
    expect(displayStatusOf({ status: 'revoked', expiresAt: new Date('2026-02-01T00:00:00Z') }, now)).toBe('revoked')
  })
})

describe('member order', () => {
  it('puts owners first, then admins, then members, by name', () => {
    const people = [
      { role: 'member' as const, name: 'Zhou' },
      { role: 'admin' as const, name: 'Li' },
      { role: 'member' as const, name: 'Chen' },
      { role: 'owner' as const, name: 'Wang' },
    ]
    expect([...people].sort(compareMembers).map((p) => p.name)).toEqual(['Wang', 'Li', 'Chen', 'Zhou'])
  })
})

describe('member permissions', () => {
  it('lets admins move members and admins between admin and member, never near owners', () => {
    expect(memberPermissions(actor('admin'), { userId: 'x', role: 'member' }, 1)).toEqual({
      assignableRoles: ['admin', 'member'],
      removable: true,
      canReceiveOwnership: false,
    })
    expect(memberPermissions(actor('admin'), { userId: 'x', role: 'owner' }, 2)).toEqual({ assignableRoles: [], removable: false, canReceiveOwnership: false })
  })

  it('lets owners do everything but demote or remove the last owner, or remove themselves', () => {
    expect(memberPermissions(actor('owner'), { userId: 'x', role: 'admin' }, 1)).toEqual({
      assignableRoles: ['owner', 'admin', 'member'],
      removable: true,
      canReceiveOwnership: true,
    })
    expect(memberPermissions(actor('owner'), { userId: 'me', role: 'owner' }, 1)).toEqual({ assignableRoles: [], removable: false, canReceiveOwnership: false })
    expect(memberPermissions(actor('owner'), { userId: 'me', role: 'owner' }, 2)).toMatchObject({
      assignableRoles: ['owner', 'admin', 'member'],
      removable: false,
    })
  })

  it('gives members no controls', () => {
    expect(memberPermissions(actor('member'), { userId: 'x', role: 'member' }, 1)).toEqual({
      assignableRoles: [],
      removable: false,
      canReceiveOwnership: false,
    })
  })

  it('lets the only owner leave only after someone else became an owner', () => {
    expect(isLastOwner('owner', 1)).toBe(true)
    expect(canLeave('owner', 1)).toBe(false)
    expect(canLeave('owner', 2)).toBe(true)
    expect(canLeave('member', 1)).toBe(true)
  })
})

describe('team inputs', () => {
  it('normalises the invitee’s address and grants admin or member only', () => {
    expect(CreateInvitationInput.parse({ email: '  Li.Wei@Example.COM ', role: 'admin' })).toEqual({ email: 'li.wei@example.com', role: 'admin' })
    expect(CreateInvitationInput.safeParse({ email: 'li.wei@example.com', role: 'owner' }).error?.issues[0]?.message).toBe('validation.invitableRole')
    expect(CreateInvitationInput.safeParse({ email: 'li.wei', role: 'member' }).error?.issues[0]?.message).toBe('validation.email')
    expect(CreateInvitationInput.safeParse({ email: 'a@phone.tradeport.invalid', role: 'member' }).success).toBe(false)
  })

  it('reads list queries from the address bar with defaults', () => {
    expect(InvitationListQuery.parse({})).toEqual({ limit: 20, offset: 0 })
    expect(InvitationListQuery.parse({ status: 'expired', offset: '40' })).toEqual({ status: 'expired', limit: 20, offset: 40 })
    expect(InvitationListQuery.safeParse({ status: 'lost' }).success).toBe(false)
  })

  it('refuses a truncated link secret', () => {
    expect(InvitationTokenInput.safeParse({ token: 'abc' }).success).toBe(false)
    expect(InvitationTokenInput.safeParse({ token: 'q2nX8kR0vYb3Zt6WmPj1Lc9Hs5Ad4Fe7Gu0Ki2No8Qr' }).success).toBe(true)
  })
})
