import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createCompany, addMember } from '../../../db/factories/companies'
import { createUser } from '../../../db/factories/users'
import type { PlatformRole, ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { sessionRevocations, signIn } from '../identity/index.server'
import { sessions, users } from '../identity/identity.tables.server'
import { organizations } from './companies.tables.server'
import { auditEvents } from '../kernel/kernel.tables.server'
import { BanUserInput, UserSearchQuery } from './user-admin.inputs'
import { banUser, getUserDetail, searchUsers, setPlatformRole, unbanUser } from './user-admin.service.server'

function contextOf(userId: string, platformRole: PlatformRole = 'admin'): ServiceContext {
  return {
    actor: { userId, sessionId: 'test-session', companyId: null, memberRole: null, platformRole, companyKind: null, contactVerified: true, aal: 'aal1' },
    locale: 'en',
    requestId: 'test',
  }
}

async function platformAdmin() {
  const admin = await createUser({ role: 'admin', name: 'Platform Admin' })
  return { admin, ctx: contextOf(admin.id) }
}

const query = (input: Record<string, unknown> = {}) => UserSearchQuery.parse(input)

async function sessionIdsOf(userId: string) {
  return (await database().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).map((row) => row.id)
}

async function auditAbout(userId: string) {
  return database().select().from(auditEvents).where(eq(auditEvents.targetId, userId))
}

describe('searchUsers', () => {
  it('is for platform admins only', async () => {
    const user = await createUser()
    await expect(searchUsers(contextOf(user.id, 'user'), query())).rejects.toMatchObject({ code: 'forbidden' })
  })

  it('matches name, email or phone without case, treats % and _ literally, and counts live companies', async () => {
    const { ctx } = await platformAdmin()
    const wu = await createUser({ name: 'Wu Meiling', email: 'meiling@lantern-search.test' })
    const percent = await createUser({ name: '100% Cotton Buyer', email: 'cotton@lantern-search.test' })
    await createUser({ name: 'Phone Only', email: 'p8613800001111@phone.tradeport.invalid', phoneNumber: '+8613800001111' })
    const live = await createCompany({ name: 'Live Co' })
    const gone = await createCompany({ name: 'Gone Co' })
    await addMember(live.id, wu.id, 'owner')
    await addMember(gone.id, wu.id, 'member')
    await database().update(organizations).set({ deletedAt: new Date() }).where(eq(organizations.id, gone.id))

    const byName = await searchUsers(ctx, query({ q: 'MEILING' }))
    expect(byName.items.map((u) => u.id)).toEqual([wu.id])
    expect(byName.items[0]).toMatchObject({ email: 'meiling@lantern-search.test', role: 'user', status: 'active', companyCount: 1 })
    expect((await searchUsers(ctx, query({ q: 'lantern-search' }))).total).toBe(2)
    expect((await searchUsers(ctx, query({ q: '%' }))).items.map((u) => u.id)).toEqual([percent.id])
    expect((await searchUsers(ctx, query({ q: 'lantern_search' }))).total).toBe(0)
    const phone = await searchUsers(ctx, query({ q: '13800001111' }))
    expect(phone.items).toHaveLength(1)
    expect(phone.items[0]?.email).toBeNull()
    expect((await searchUsers(ctx, query({ q: 'tradeport.invalid' }))).total).toBe(0)
  })

  it('filters by role and status (an expired ban no longer counts), newest first, a page at a time', async () => {
    const { ctx } = await platformAdmin()
    const tag = 'filter-tag'
    const created = []
    for (const name of ['First', 'Second', 'Third', 'Fourth']) created.push(await createUser({ name: `${tag} ${name}` }))
    const [first, second, third, fourth] = created.map((u) => u.id) as [string, string, string, string]
    await database()
      .update(users)
      .set({ createdAt: new Date('2024-01-01T00:00:00Z') })
      .where(eq(users.id, first))
    await database()
      .update(users)
      .set({ createdAt: new Date('2024-02-01T00:00:00Z') })
      .where(eq(users.id, second))
    await database()
      .update(users)
      .set({ createdAt: new Date('2024-03-01T00:00:00Z') })
      .where(eq(users.id, third))
    await database()
      .update(users)
      .set({ createdAt: new Date('2024-04-01T00:00:00Z'), role: 'admin' })
      .where(eq(users.id, fourth))
    await database().update(users).set({ banned: true, banReason: 'spam' }).where(eq(users.id, second))
    await database()
      .update(users)
      .set({ banned: true, banReason: 'old', banExpires: new Date(Date.now() - 60_000) })
      .where(eq(users.id, third))

    expect((await searchUsers(ctx, query({ q: tag }))).items.map((u) => u.id)).toEqual([fourth, third, second, first])
    expect((await searchUsers(ctx, query({ q: tag, role: 'admin' }))).items.map((u) => u.id)).toEqual([fourth])
    expect((await searchUsers(ctx, query({ q: tag, role: 'user' }))).items.map((u) => u.id)).toEqual([third, second, first])
    expect((await searchUsers(ctx, query({ q: tag, status: 'banned' }))).items.map((u) => u.id)).toEqual([second])
    expect((await searchUsers(ctx, query({ q: tag, status: 'active' }))).items.map((u) => u.id)).toEqual([fourth, third, first])
    const page = await searchUsers(ctx, query({ q: tag, limit: '2', offset: '2' }))
    expect(page).toMatchObject({ total: 4, limit: 2, offset: 2 })
    expect(page.items.map((u) => u.id)).toEqual([second, first])
  })
})

describe('getUserDetail', () => {
  it('shows the profile, companies (deleted ones marked) and audit entries about the user; 404 for an unknown id', async () => {
    const { ctx } = await platformAdmin()
    const user = await createUser({
      name: 'Detail Person',
      email: 'p8613900002222@phone.tradeport.invalid',
      phoneNumber: '+8613900002222',
      phoneNumberVerified: true,
    })
    const company = await createCompany({ name: 'Detail Co', verificationStatus: 'accept' })
    const deleted = await createCompany({ name: 'Deleted Co' })
    await addMember(company.id, user.id, 'admin')
    await addMember(deleted.id, user.id, 'member')
    await database().update(organizations).set({ deletedAt: new Date() }).where(eq(organizations.id, deleted.id))
    await banUser(ctx, user.id, BanUserInput.parse({ reason: 'Spam', expires_in_days: '7' }))

    const detail = await getUserDetail(ctx, user.id)
    expect(detail.user).toMatchObject({
      name: 'Detail Person',
      email: null,
      phoneNumber: '+8613900002222',
      phoneNumberVerified: true,
      twoFactorEnabled: false,
      status: 'banned',
      banReason: 'Spam',
    })
    expect(detail.companies).toEqual([
      { id: company.id, name: 'Detail Co', role: 'admin', verificationStatus: 'accept', deleted: false },
      { id: deleted.id, name: 'Deleted Co', role: 'member', verificationStatus: 'unverified', deleted: true },
    ])
    expect(detail.audit).toEqual([expect.objectContaining({ action: 'user.banned', actorName: 'Platform Admin' })])
    await expect(getUserDetail(ctx, 'no-such-user')).rejects.toMatchObject({ code: 'not_found' })
    await expect(getUserDetail(contextOf(user.id, 'user'), user.id)).rejects.toMatchObject({ code: 'forbidden' })
  })
})

describe('setPlatformRole', () => {
  it('changes the role with an audit entry and ends the user’s sessions at once', async () => {
    const { ctx } = await platformAdmin()
    const user = await createUser({ email: 'promote@example.test' })
    await signIn({ identifier: user.email, password: user.password }, new Headers())
    const [sessionId] = await sessionIdsOf(user.id)

    const promoted = await setPlatformRole(ctx, user.id, 'admin')
    expect(promoted.role).toBe('admin')
    expect(await sessionIdsOf(user.id)).toEqual([])
    expect(sessionRevocations().isRevoked(sessionId ?? '')).toBe(true)
    const [entry] = await auditAbout(user.id)
    expect(entry).toMatchObject({
      action: 'user.role_changed',
      targetType: 'user',
      organizationId: null,
      actorUserId: ctx.actor.userId,
      before: { role: 'user' },
      after: { role: 'admin' },
    })

    expect((await setPlatformRole(ctx, user.id, 'admin')).role).toBe('admin')
    expect(await auditAbout(user.id)).toHaveLength(1)
    expect((await setPlatformRole(ctx, user.id, 'user')).role).toBe('user')
  })

  it('refuses an admin removing their own admin role, a non-admin, and an unknown user', async () => {
    const { admin, ctx } = await platformAdmin()
    await expect(setPlatformRole(ctx, admin.id, 'user')).rejects.toMatchObject({ code: 'cannot_change_own_role', status: 409 })
    const [row] = await database().select({ role: users.role }).from(users).where(eq(users.id, admin.id))
    expect(row?.role).toBe('admin')
    const other = await createUser()
    await expect(setPlatformRole(contextOf(other.id, 'user'), other.id, 'admin')).rejects.toMatchObject({ code: 'forbidden' })
    await expect(setPlatformRole(ctx, 'no-such-user', 'admin')).rejects.toMatchObject({ code: 'not_found' })
  })
})

describe('banUser and unbanUser', () => {
  it('bans for a number of days, ending every session, and records before and after', async () => {
    const { ctx } = await platformAdmin()
    const user = await createUser({ email: 'banned@example.test' })
    await signIn({ identifier: user.email, password: user.password }, new Headers())
    await signIn({ identifier: user.email, password: user.password }, new Headers())
    const ended = await sessionIdsOf(user.id)
    expect(ended).toHaveLength(2)

    const banned = await banUser(ctx, user.id, BanUserInput.parse({ reason: '  Fake listings  ', expires_in_days: 7 }))
    expect(banned).toMatchObject({ status: 'banned', banReason: 'Fake listings' })
    expect(banned.banExpires?.getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000)
    expect(await sessionIdsOf(user.id)).toEqual([])
    for (const id of ended) expect(sessionRevocations().isRevoked(id)).toBe(true)
    await expect(signIn({ identifier: user.email, password: user.password }, new Headers())).rejects.toMatchObject({ code: 'account_banned' })

    const [entry] = await auditAbout(user.id)
    expect(entry).toMatchObject({
      action: 'user.banned',
      before: { banned: false, banReason: null, banExpires: null },
      after: { banned: true, banReason: 'Fake listings', banExpires: banned.banExpires?.toISOString() },
    })

    const unbanned = await unbanUser(ctx, user.id)
    expect(unbanned).toMatchObject({ status: 'active', banReason: null, banExpires: null })
    expect((await signIn({ identifier: user.email, password: user.password }, new Headers())).kind).toBe('signed_in')
    const actions = (await auditAbout(user.id)).map((e) => e.action).sort()
    expect(actions).toEqual(['user.banned', 'user.unbanned'])
    await unbanUser(ctx, user.id)
    expect(await auditAbout(user.id)).toHaveLength(2)
  })

  it('lets the user sign in again once a ban has expired', async () => {
    const user = await createUser({ email: 'served-time@example.test' })
    await database()
      .update(users)
      .set({ banned: true, banReason: 'Spam', banExpires: new Date(Date.now() - 60_000) })
      .where(eq(users.id, user.id))
    expect((await signIn({ identifier: user.email, password: user.password }, new Headers())).kind).toBe('signed_in')
  })

  it('bans until unbanned when no duration is given', async () => {
    const { ctx } = await platformAdmin()
    const user = await createUser()
    const banned = await banUser(ctx, user.id, BanUserInput.parse({ reason: 'Abuse', expires_in_days: 'permanent' }))
    expect(banned).toMatchObject({ status: 'banned', banExpires: null })
  })

  it('refuses banning yourself or another platform admin, and validates the reason and duration', async () => {
    const { admin, ctx } = await platformAdmin()
    const otherAdmin = await createUser({ role: 'admin' })
    await expect(banUser(ctx, admin.id, { reason: 'x', expiresInDays: null })).rejects.toMatchObject({ code: 'cannot_ban_self', status: 409 })
    await expect(banUser(ctx, otherAdmin.id, { reason: 'x', expiresInDays: null })).rejects.toMatchObject({ code: 'cannot_ban_admin', status: 409 })
    await expect(banUser(ctx, 'no-such-user', { reason: 'x', expiresInDays: null })).rejects.toMatchObject({ code: 'not_found' })
    const user = await createUser()
    await expect(banUser(contextOf(user.id, 'user'), otherAdmin.id, { reason: 'x', expiresInDays: null })).rejects.toMatchObject({ code: 'forbidden' })
    expect(BanUserInput.safeParse({ reason: '   ' }).error?.issues.map((i) => i.message)).toEqual(['validation.reason_required'])
    expect(BanUserInput.safeParse({ reason: 'ok', expires_in_days: '0' }).error?.issues.map((i) => i.message)).toEqual(['validation.duration'])
    expect(BanUserInput.safeParse({ reason: 'ok', expires_in_days: 'soon' }).error?.issues.map((i) => i.message)).toEqual(['validation.duration'])
  })
})
