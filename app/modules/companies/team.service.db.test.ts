import { createHash, randomUUID } from 'node:crypto'
import { and, count, desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { addMember, createCompany } from '../../../db/factories/companies'
import { createUser } from '../../../db/factories/users'
import type { MemberRole, ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import type { Locale } from '../../platform/i18n/locales'
import { devMessages } from '../../platform/mail/mail.tables.server'
import { setLanguagePreference } from '../identity/index.server'
import { sessions, users } from '../identity/identity.tables.server'
import type { AuditAction } from '../kernel/index'
import { activeCompanies, invitations, members } from './companies.tables.server'
import { auditEvents } from '../kernel/kernel.tables.server'
import {
  acceptInvitation,
  acceptInvitationById,
  createInvitation,
  declineInvitation,
  declineInvitationById,
  listInvitations,
  pendingInvitationsForMe,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
} from './invitation.service.server'
import { CreateInvitationInput } from './team.inputs'
import { changeMemberRole, leaveCompany, listManagedMembers, listMembers, removeMember, transferOwnership } from './team.service.server'

type Person = { id: string; email: string; name: string }

/** A real session row: active_companies points at it. */
async function sessionOf(userId: string): Promise<string> {
  const id = randomUUID()
  await database()
    .insert(sessions)
    .values({ id, token: randomUUID(), userId, expiresAt: new Date(Date.now() + 86_400_000) })
  return id
}

async function ctxFor(
  user: { id: string },
  membership: { companyId: string; role: MemberRole } | null,
  options: { locale?: Locale; contactVerified?: boolean } = {},
): Promise<ServiceContext> {
  return {
    actor: {
      userId: user.id,
      sessionId: await sessionOf(user.id),
      companyId: membership?.companyId ?? null,
      memberRole: membership?.role ?? null,
      platformRole: 'user',
      companyKind: membership ? 'buyer' : null,
      contactVerified: options.contactVerified ?? true,
      aal: 'aal1',
    },
    locale: options.locale ?? 'en',
    requestId: 'test',
  }
}

/** A company with an owner, an admin and a member, each with a service context. */
async function team(name = 'Harbour Lantern') {
  const company = await createCompany({ name })
  const people = {} as Record<MemberRole, Person & { memberId: string; ctx: ServiceContext }>
  for (const role of ['owner', 'admin', 'member'] as const) {
    const user = await createUser({ name: `${role[0]?.toUpperCase()}${role.slice(1)} ${name}` })
    const member = await addMember(company.id, user.id, role)
    people[role] = { id: user.id, email: user.email, name: user.name, memberId: member.id, ctx: await ctxFor(user, { companyId: company.id, role }) }
  }
  return { company, ...people }
}

async function auditOf(companyId: string, action: AuditAction) {
  return database()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.organizationId, companyId), eq(auditEvents.action, action)))
    .orderBy(desc(auditEvents.createdAt))
}

async function roleOf(memberId: string) {
  const [row] = await database().select({ role: members.role }).from(members).where(eq(members.id, memberId))
  return row?.role
}

async function invitationRows(companyId: string) {
  return database().select().from(invitations).where(eq(invitations.organizationId, companyId)).orderBy(desc(invitations.createdAt))
}

async function lastMailTo(email: string) {
  const [row] = await database().select().from(devMessages).where(eq(devMessages.recipient, email)).orderBy(desc(devMessages.createdAt)).limit(1)
  return row
}

/** The secret of the newest invitation link mailed to this address. */
async function secretMailedTo(email: string): Promise<string> {
  const link = /http:\/\/\S+/.exec((await lastMailTo(email))?.textBody ?? '')?.[0] ?? ''
  return new URL(link).searchParams.get('token') ?? ''
}

const invite = (ctx: ServiceContext, email: string, role: 'admin' | 'member' = 'member') => createInvitation(ctx, CreateInvitationInput.parse({ email, role }))

async function expire(invitationId: string) {
  await database()
    .update(invitations)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(invitations.id, invitationId))
}

describe('members', () => {
  it('lists owners first, then admins and members by name, without the stand-in email of phone-only accounts', async () => {
    const { company, owner } = await team('Directory Co')
    const phoneOnly = await createUser({ name: 'Aaron Phone', email: '8613800000000@phone.tradeport.invalid' })
    await database().update(users).set({ emailIsPlaceholder: true }).where(eq(users.id, phoneOnly.id))
    await addMember(company.id, phoneOnly.id, 'member')
    const list = await listMembers(owner.ctx)
    expect(list.map((m) => m.role)).toEqual(['owner', 'admin', 'member', 'member'])
    expect(list.slice(2).map((m) => m.name)).toEqual(['Aaron Phone', 'Member Directory Co'])
    expect(list.find((m) => m.userId === phoneOnly.id)?.email).toBeNull()
    expect(list[0]).toMatchObject({ userId: owner.id, email: owner.email, name: owner.name })
  })

  it('tells the management page what each member may be changed to', async () => {
    const { admin, owner } = await team('Permissions Co')
    const asAdmin = await listManagedMembers(admin.ctx)
    const byRole = (role: MemberRole) => asAdmin.members.find((m) => m.role === role)
    expect(byRole('owner')).toMatchObject({ assignableRoles: [], removable: false, canReceiveOwnership: false })
    expect(byRole('member')).toMatchObject({ assignableRoles: ['admin', 'member'], removable: true, canReceiveOwnership: false })
    expect(byRole('admin')).toMatchObject({ self: true, removable: false })
    const asOwner = await listManagedMembers(owner.ctx)
    expect(asOwner.members.find((m) => m.role === 'owner')).toMatchObject({ self: true, assignableRoles: [] })
    expect(asOwner.members.find((m) => m.role === 'member')).toMatchObject({ assignableRoles: ['owner', 'admin', 'member'], canReceiveOwnership: true })
  })

  it('changes a role and audits who, where, what, before and after', async () => {
    const { company, admin, member } = await team('Roles Co')
    const changed = await changeMemberRole(admin.ctx, member.memberId, 'admin')
    expect(changed.role).toBe('admin')
    expect(await roleOf(member.memberId)).toBe('admin')
    const [entry] = await auditOf(company.id, 'member.role_changed')
    expect(entry).toMatchObject({
      actorUserId: admin.id,
      targetType: 'member',
      targetId: member.memberId,
      before: { userId: member.id, role: 'member' },
      after: { userId: member.id, role: 'admin' },
    })
  })

  it('does nothing (and audits nothing) when the role is unchanged', async () => {
    const { company, admin, member } = await team('Same Role Co')
    await changeMemberRole(admin.ctx, member.memberId, 'member')
    expect(await auditOf(company.id, 'member.role_changed')).toHaveLength(0)
  })

  it('refuses role escalation: admins cannot make owners or touch owners, members cannot change roles', async () => {
    const { owner, admin, member } = await team('Escalation Co')
    await expect(changeMemberRole(admin.ctx, member.memberId, 'owner')).rejects.toMatchObject({ code: 'insufficient_role' })
    await expect(changeMemberRole(admin.ctx, admin.memberId, 'owner')).rejects.toMatchObject({ code: 'insufficient_role' })
    await expect(changeMemberRole(admin.ctx, owner.memberId, 'member')).rejects.toMatchObject({ code: 'insufficient_role' })
    await expect(changeMemberRole(member.ctx, member.memberId, 'admin')).rejects.toMatchObject({ code: 'insufficient_role' })
    expect([await roleOf(owner.memberId), await roleOf(admin.memberId), await roleOf(member.memberId)]).toEqual(['owner', 'admin', 'member'])
  })

  it('keeps the last owner: demoting them is a conflict, with another owner it works', async () => {
    const { company, owner, admin } = await team('Last Owner Co')
    await expect(changeMemberRole(owner.ctx, owner.memberId, 'admin')).rejects.toMatchObject({ code: 'last_owner' })
    await changeMemberRole(owner.ctx, admin.memberId, 'owner')
    await changeMemberRole(owner.ctx, owner.memberId, 'admin')
    expect(await roleOf(owner.memberId)).toBe('admin')
    expect(await auditOf(company.id, 'member.role_changed')).toHaveLength(2)
  })

  it('answers 404 for a member of another company, before looking at roles', async () => {
    const { member } = await team('Scope A')
    const other = await team('Scope B')
    await expect(changeMemberRole(member.ctx, other.member.memberId, 'admin')).rejects.toMatchObject({ code: 'not_found' })
    await expect(removeMember(other.owner.ctx, member.memberId)).rejects.toMatchObject({ code: 'not_found' })
    await expect(transferOwnership(other.owner.ctx, member.memberId)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('removes a member, ends their sessions acting for the company and audits it', async () => {
    const { company, admin, member } = await team('Remove Co')
    await database().insert(activeCompanies).values({ sessionId: member.ctx.actor.sessionId, organizationId: company.id })
    await removeMember(admin.ctx, member.memberId)
    expect(await roleOf(member.memberId)).toBeUndefined()
    expect(await database().select().from(activeCompanies).where(eq(activeCompanies.sessionId, member.ctx.actor.sessionId))).toEqual([])
    const [entry] = await auditOf(company.id, 'member.removed')
    expect(entry).toMatchObject({ actorUserId: admin.id, targetId: member.memberId, before: { userId: member.id, role: 'member' }, after: null })
  })

  it('refuses removals beyond the actor’s reach and removing yourself', async () => {
    const { owner, admin, member } = await team('Remove Rules Co')
    await expect(removeMember(admin.ctx, owner.memberId)).rejects.toMatchObject({ code: 'insufficient_role' })
    await expect(removeMember(member.ctx, admin.memberId)).rejects.toMatchObject({ code: 'insufficient_role' })
    await expect(removeMember(admin.ctx, admin.memberId)).rejects.toMatchObject({ code: 'conflict' })
    await expect(removeMember(owner.ctx, owner.memberId)).rejects.toMatchObject({ code: 'conflict' })
    expect(
      await database()
        .select({ value: count() })
        .from(members)
        .where(eq(members.organizationId, owner.ctx.actor.companyId ?? '')),
    ).toEqual([{ value: 3 }])
  })

  it('lets members leave, but the only owner must transfer ownership first', async () => {
    const { company, owner, admin, member } = await team('Leave Co')
    await expect(leaveCompany(owner.ctx)).rejects.toMatchObject({ code: 'owner_must_transfer' })
    await leaveCompany(member.ctx)
    expect(await roleOf(member.memberId)).toBeUndefined()
    const [entry] = await auditOf(company.id, 'member.left')
    expect(entry).toMatchObject({ actorUserId: member.id, targetId: member.memberId, before: { userId: member.id, role: 'member' } })
    await changeMemberRole(owner.ctx, admin.memberId, 'owner')
    await leaveCompany(owner.ctx)
    expect(await roleOf(owner.memberId)).toBeUndefined()
  })

  it('transfers ownership: the target becomes owner, the owner becomes admin, audited', async () => {
    const { company, owner, admin, member } = await team('Transfer Co')
    await expect(transferOwnership(admin.ctx, member.memberId)).rejects.toMatchObject({ code: 'insufficient_role' })
    await expect(transferOwnership(owner.ctx, owner.memberId)).rejects.toMatchObject({ code: 'conflict' })
    const next = await transferOwnership(owner.ctx, member.memberId)
    expect(next).toMatchObject({ userId: member.id, role: 'owner' })
    expect([await roleOf(owner.memberId), await roleOf(member.memberId)]).toEqual(['admin', 'owner'])
    const [entry] = await auditOf(company.id, 'company.ownership_transferred')
    expect(entry).toMatchObject({
      actorUserId: owner.id,
      targetId: member.memberId,
      before: { newOwner: { userId: member.id, role: 'member' }, previousOwner: { userId: owner.id, role: 'owner' } },
      after: { newOwner: { userId: member.id, role: 'owner' }, previousOwner: { userId: owner.id, role: 'admin' } },
    })
  })
})

describe('creating invitations', () => {
  it('stores only the hash of the link secret and mails the link in the inviter’s language when the invitee has no account', async () => {
    const { company, admin } = await team('Invite Co')
    const ctx = { ...admin.ctx, locale: 'zh-Hant' as const }
    const created = await invite(ctx, '  New.Colleague@Example.TEST ', 'admin')
    expect(created).toMatchObject({
      email: 'new.colleague@example.test',
      role: 'admin',
      status: 'pending',
      sendCount: 1,
      inviterName: admin.name,
      canResend: true,
    })
    const mail = await lastMailTo('new.colleague@example.test')
    expect(mail?.subject).toBe(`${admin.name} 邀請你加入 Tradeport 上的 Invite Co`)
    expect(mail?.textBody).toMatch(/http:\/\/localhost:3000\/zh-Hant\/app\/team\/join\?token=/)
    const secret = await secretMailedTo('new.colleague@example.test')
    const [row] = await invitationRows(company.id)
    expect(row?.tokenHash).toBe(createHash('sha256').update(secret).digest('hex'))
    expect(row?.tokenHash).not.toContain(secret)
    expect(row?.locale).toBe('zh-Hant')
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000)
    const [entry] = await auditOf(company.id, 'invitation.created')
    expect(entry).toMatchObject({ actorUserId: admin.id, targetId: created.id, after: { email: 'new.colleague@example.test', role: 'admin' } })
  })

  it('writes the mail in the language the invitee chose for their account', async () => {
    const { owner } = await team('Language Co')
    const invitee = await createUser({ email: 'prefers-chinese@example.test' })
    await setLanguagePreference(await ctxFor(invitee, null), 'zh-Hans')
    await invite(owner.ctx, 'prefers-chinese@example.test')
    const mail = await lastMailTo('prefers-chinese@example.test')
    expect(mail?.subject).toBe(`${owner.name} 邀请你加入 Tradeport 上的 Language Co`)
    expect(mail?.textBody).toContain('/zh-Hans/app/team/join?token=')
    expect(mail?.htmlBody).toContain('lang="zh-CN"')
  })

  it('refuses members, unverified inviters and owner invitations, storing nothing', async () => {
    const { company, admin, member } = await team('Refuse Co')
    await expect(invite(member.ctx, 'someone@example.test')).rejects.toMatchObject({ code: 'insufficient_role' })
    await expect(invite({ ...admin.ctx, actor: { ...admin.ctx.actor, contactVerified: false } }, 'someone@example.test')).rejects.toMatchObject({
      code: 'email_not_verified',
    })
    expect(CreateInvitationInput.safeParse({ email: 'someone@example.test', role: 'owner' }).success).toBe(false)
    expect(CreateInvitationInput.safeParse({ email: 'not-an-email', role: 'member' }).success).toBe(false)
    expect(CreateInvitationInput.safeParse({ email: '8613800000000@phone.tradeport.invalid', role: 'member' }).success).toBe(false)
    expect(await invitationRows(company.id)).toEqual([])
    expect(await lastMailTo('someone@example.test')).toBeUndefined()
  })

  it('refuses inviting an existing member or an address with a live invitation (409, nothing stored)', async () => {
    const { company, owner, member } = await team('Duplicate Co')
    await expect(invite(owner.ctx, member.email.toUpperCase())).rejects.toMatchObject({ code: 'already_member' })
    await invite(owner.ctx, 'twice@example.test')
    await expect(invite(owner.ctx, 'twice@example.test', 'admin')).rejects.toMatchObject({ code: 'invitation_pending' })
    const rows = await invitationRows(company.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]?.role).toBe('member')
    expect(await database().select({ value: count() }).from(devMessages).where(eq(devMessages.recipient, 'twice@example.test'))).toEqual([{ value: 1 }])
  })

  it('replaces an expired invitation: the old one is revoked, a new one is pending', async () => {
    const { company, owner } = await team('Replace Co')
    const first = await invite(owner.ctx, 'late@example.test')
    await expire(first.id)
    const second = await invite(owner.ctx, 'late@example.test', 'admin')
    const rows = await invitationRows(company.id)
    expect(rows.map((row) => [row.id, row.status])).toEqual(
      expect.arrayContaining([
        [first.id, 'revoked'],
        [second.id, 'pending'],
      ]),
    )
    expect((await auditOf(company.id, 'invitation.revoked'))[0]).toMatchObject({ targetId: first.id, before: { status: 'expired' } })
  })
})

describe('listing, resending and revoking invitations', () => {
  it('lists newest first with the displayed status, filters by it (expired included) and pages', async () => {
    const { owner, member } = await team('List Co')
    const a = await invite(owner.ctx, 'a@example.test')
    const b = await invite(owner.ctx, 'b@example.test')
    const c = await invite(owner.ctx, 'c@example.test')
    await expire(a.id)
    await revokeInvitation(owner.ctx, b.id)
    const all = await listInvitations(owner.ctx, { limit: 2, offset: 0 })
    expect(all.total).toBe(3)
    expect(all.items.map((i) => i.id)).toEqual([c.id, b.id])
    expect((await listInvitations(owner.ctx, { limit: 2, offset: 2 })).items.map((i) => [i.id, i.status])).toEqual([[a.id, 'expired']])
    expect((await listInvitations(owner.ctx, { status: 'expired', limit: 20, offset: 0 })).items.map((i) => i.id)).toEqual([a.id])
    expect((await listInvitations(owner.ctx, { status: 'pending', limit: 20, offset: 0 })).items.map((i) => i.id)).toEqual([c.id])
    expect((await listInvitations(owner.ctx, { status: 'revoked', limit: 20, offset: 0 })).items.map((i) => i.id)).toEqual([b.id])
    await expect(listInvitations(member.ctx, { limit: 20, offset: 0 })).rejects.toMatchObject({ code: 'insufficient_role' })
  })

  it('resends with a new secret and expiry; the old link stops working; at most five sends', async () => {
    const { company, admin } = await team('Resend Co')
    const created = await invite(admin.ctx, 'resend@example.test')
    const oldSecret = await secretMailedTo('resend@example.test')
    await expire(created.id)
    const resent = await resendInvitation(admin.ctx, created.id)
    expect(resent).toMatchObject({ status: 'pending', sendCount: 2 })
    const newSecret = await secretMailedTo('resend@example.test')
    expect(newSecret).not.toBe(oldSecret)
    await expect(previewInvitation(oldSecret)).rejects.toMatchObject({ code: 'not_found' })
    expect(await previewInvitation(newSecret)).toMatchObject({ status: 'pending', email: 'resend@example.test' })
    expect((await auditOf(company.id, 'invitation.resent'))[0]).toMatchObject({ targetId: created.id, before: { sendCount: 1 }, after: { sendCount: 2 } })
    for (let sends = 3; sends <= 5; sends += 1) await resendInvitation(admin.ctx, created.id)
    await expect(resendInvitation(admin.ctx, created.id)).rejects.toMatchObject({ code: 'invitation_send_limit', details: { maxSends: 5 } })
    expect((await invitationRows(company.id))[0]?.sendCount).toBe(5)
  })

  it('revokes pending invitations only; the link then reads revoked', async () => {
    const { company, admin, member } = await team('Revoke Co')
    const created = await invite(admin.ctx, 'revoke@example.test')
    const secret = await secretMailedTo('revoke@example.test')
    await expect(revokeInvitation(member.ctx, created.id)).rejects.toMatchObject({ code: 'insufficient_role' })
    await revokeInvitation(admin.ctx, created.id)
    await expect(revokeInvitation(admin.ctx, created.id)).rejects.toMatchObject({ code: 'invitation_closed' })
    await expect(resendInvitation(admin.ctx, created.id)).rejects.toMatchObject({ code: 'invitation_closed' })
    expect((await previewInvitation(secret)).status).toBe('revoked')
    expect((await auditOf(company.id, 'invitation.revoked'))[0]).toMatchObject({
      actorUserId: admin.id,
      before: { status: 'pending' },
      after: { status: 'revoked' },
    })
  })

  it('answers 404 for another company’s invitation', async () => {
    const { owner } = await team('Inv Scope A')
    const other = await team('Inv Scope B')
    const created = await invite(owner.ctx, 'scoped@example.test')
    await expect(resendInvitation(other.owner.ctx, created.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(revokeInvitation(other.member.ctx, created.id)).rejects.toMatchObject({ code: 'not_found' })
  })
})

describe('answering invitations', () => {
  async function invited(role: 'admin' | 'member' = 'member') {
    const { company, owner } = await team(`Join ${randomUUID().slice(0, 4)}`)
    const user = await createUser({ name: 'Joining Person' })
    const created = await invite(owner.ctx, user.email, role)
    return { company, owner, user, created, secret: await secretMailedTo(user.email), ctx: await ctxFor(user, null) }
  }

  it('previews the company, inviter, role and status; an unknown secret is 404', async () => {
    const { company, owner, user, secret } = await invited('admin')
    expect(await previewInvitation(secret)).toMatchObject({
      companyName: company.name,
      verificationStatus: 'unverified',
      inviterName: owner.name,
      role: 'admin',
      email: user.email,
      status: 'pending',
    })
    await expect(previewInvitation('x'.repeat(43))).rejects.toMatchObject({ code: 'not_found' })
  })

  it('joins with the invited role, acts for the company and audits both the answer and the membership', async () => {
    const { company, user, created, secret, ctx } = await invited('admin')
    const joined = await acceptInvitation(ctx, secret)
    expect(joined).toEqual({ companyId: company.id, companyName: company.name, role: 'admin', alreadyMember: false })
    const [member] = await database()
      .select()
      .from(members)
      .where(and(eq(members.organizationId, company.id), eq(members.userId, user.id)))
    expect(member?.role).toBe('admin')
    expect(await database().select().from(activeCompanies).where(eq(activeCompanies.sessionId, ctx.actor.sessionId))).toMatchObject([
      { organizationId: company.id },
    ])
    expect((await auditOf(company.id, 'invitation.accepted'))[0]).toMatchObject({
      actorUserId: user.id,
      targetId: created.id,
      before: { status: 'pending' },
      after: { status: 'accepted' },
    })
    expect((await auditOf(company.id, 'member.joined'))[0]).toMatchObject({
      actorUserId: user.id,
      targetId: member?.id,
      after: { userId: user.id, role: 'admin', invitationId: created.id },
    })
  })

  it('refuses a reused link, changing nothing', async () => {
    const { company, secret, ctx } = await invited()
    await acceptInvitation(ctx, secret)
    await expect(acceptInvitation(ctx, secret)).rejects.toMatchObject({ code: 'invitation_closed' })
    await expect(declineInvitation(ctx, secret)).rejects.toMatchObject({ code: 'invitation_closed' })
    expect(await auditOf(company.id, 'invitation.accepted')).toHaveLength(1)
  })

  it('refuses an expired link', async () => {
    const { company, created, secret, ctx } = await invited()
    await expire(created.id)
    await expect(acceptInvitation(ctx, secret)).rejects.toMatchObject({ code: 'invitation_expired' })
    await expect(declineInvitation(ctx, secret)).rejects.toMatchObject({ code: 'invitation_expired' })
    expect(await database().select().from(members).where(eq(members.organizationId, company.id))).toHaveLength(3)
  })

  it('refuses someone signed in with another address (also a phone-only account)', async () => {
    const { company, secret } = await invited()
    const stranger = await createUser({ email: 'stranger@example.test' })
    await expect(acceptInvitation(await ctxFor(stranger, null), secret)).rejects.toMatchObject({ code: 'invitation_wrong_recipient' })
    const phoneOnly = await createUser({ email: '8613900000000@phone.tradeport.invalid' })
    await database().update(users).set({ emailIsPlaceholder: true }).where(eq(users.id, phoneOnly.id))
    await expect(declineInvitation(await ctxFor(phoneOnly, null), secret)).rejects.toMatchObject({ code: 'invitation_wrong_recipient' })
    expect((await invitationRows(company.id))[0]?.status).toBe('pending')
  })

  it('marks the invitation accepted for someone who is already a member', async () => {
    const { company, user, secret, ctx } = await invited()
    await addMember(company.id, user.id, 'member')
    expect(await acceptInvitation(ctx, secret)).toMatchObject({ alreadyMember: true })
    expect((await invitationRows(company.id))[0]?.status).toBe('accepted')
    expect(await auditOf(company.id, 'member.joined')).toHaveLength(0)
  })

  it('declines and audits it', async () => {
    const { company, user, created, secret, ctx } = await invited()
    await declineInvitation(ctx, secret)
    expect((await invitationRows(company.id))[0]).toMatchObject({ status: 'declined' })
    expect((await auditOf(company.id, 'invitation.declined'))[0]).toMatchObject({ actorUserId: user.id, targetId: created.id, after: { status: 'declined' } })
    await expect(acceptInvitation(ctx, secret)).rejects.toMatchObject({ code: 'invitation_closed' })
  })
})

describe('invitations for me (onboarding)', () => {
  it('lists live invitations to my address and answers them by id; others’ ids are not found', async () => {
    const a = await team('Mine A')
    const b = await team('Mine B')
    const user = await createUser({ email: 'many-invites@example.test' })
    const ctx = await ctxFor(user, null)
    const fromA = await invite(a.admin.ctx, user.email, 'admin')
    const fromB = await invite(b.owner.ctx, user.email)
    const expired = await invite((await team('Mine C')).owner.ctx, user.email)
    await expire(expired.id)
    await invite(a.owner.ctx, 'someone-else@example.test')
    const mine = await pendingInvitationsForMe(ctx)
    expect(mine.map((i) => i.id).sort()).toEqual([fromA.id, fromB.id].sort())
    expect(mine.find((i) => i.id === fromA.id)).toMatchObject({ companyName: 'Mine A', role: 'admin', inviterName: a.admin.name })

    const stranger = await createUser({ email: 'not-invited@example.test' })
    await expect(acceptInvitationById(await ctxFor(stranger, null), fromA.id)).rejects.toMatchObject({ code: 'not_found' })
    expect(await acceptInvitationById(ctx, fromA.id)).toMatchObject({ companyId: a.company.id, role: 'admin' })
    await declineInvitationById(ctx, fromB.id)
    expect(await pendingInvitationsForMe(ctx)).toEqual([])
  })

  it('needs a verified address to answer without the mailed link', async () => {
    const { owner } = await team('Unverified Co')
    const user = await createUser({ email: 'unverified-invitee@example.test', emailVerified: false })
    const created = await invite(owner.ctx, user.email)
    const ctx = await ctxFor(user, null, { contactVerified: false })
    expect((await pendingInvitationsForMe(ctx)).map((i) => i.id)).toEqual([created.id])
    await expect(acceptInvitationById(ctx, created.id)).rejects.toMatchObject({ code: 'email_not_verified' })
    expect(await acceptInvitation(ctx, await secretMailedTo(user.email))).toMatchObject({ alreadyMember: false })
  })
})

describe('concurrent changes', () => {
  it('keeps an owner when two owners demote each other at once', async () => {
    const { owner, admin } = await team('Two Owners Co')
    await changeMemberRole(owner.ctx, admin.memberId, 'owner')
    const second = { ...admin.ctx, actor: { ...admin.ctx.actor, memberRole: 'owner' as const } }
    const results = await Promise.allSettled([changeMemberRole(owner.ctx, admin.memberId, 'admin'), changeMemberRole(second, owner.memberId, 'admin')])
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({ reason: { code: 'last_owner' } })
    expect([await roleOf(owner.memberId), await roleOf(admin.memberId)].sort()).toEqual(['admin', 'owner'])
  })

  it('admits one acceptance of the same link', async () => {
    const { company, owner } = await team('Race Co')
    const user = await createUser()
    await invite(owner.ctx, user.email)
    const secret = await secretMailedTo(user.email)
    const [first, second] = await Promise.allSettled([acceptInvitation(await ctxFor(user, null), secret), acceptInvitation(await ctxFor(user, null), secret)])
    expect([first.status, second.status].sort()).toEqual(['fulfilled', 'rejected'])
    expect(
      await database()
        .select()
        .from(members)
        .where(and(eq(members.organizationId, company.id), eq(members.userId, user.id))),
    ).toHaveLength(1)
  })
})
