import { desc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { invitations, members } from './companies.tables.server'
import { database } from '../../platform/db/index.server'
import { devMessages } from '../../platform/mail/mail.tables.server'
import { addMember, createCompany } from '../../../db/factories/companies'
import { createUser } from '../../../db/factories/users'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'

let app: ReturnType<typeof testApp>
beforeAll(() => {
  app = testApp()
})

type Signed = { id: string; email: string; name: string; memberId: string; jar: CookieJar }

/** A company with a signed-in owner, admin and member. */
async function team(name: string) {
  const company = await createCompany({ name })
  const people = {} as Record<'owner' | 'admin' | 'member', Signed>
  for (const role of ['owner', 'admin', 'member'] as const) {
    const user = await createUser({ name: `${role} of ${name}` })
    const member = await addMember(company.id, user.id, role)
    people[role] = { id: user.id, email: user.email, name: user.name, memberId: member.id, jar: await signInWithCookies(app, user) }
  }
  return { company, ...people }
}

async function secretMailedTo(email: string): Promise<string> {
  const [mail] = await database().select().from(devMessages).where(eq(devMessages.recipient, email)).orderBy(desc(devMessages.createdAt)).limit(1)
  const link = /http:\/\/\S+/.exec(mail?.textBody ?? '')?.[0] ?? ''
  return new URL(link).searchParams.get('token') ?? ''
}

const invitationCount = async (companyId: string) => (await database().select().from(invitations).where(eq(invitations.organizationId, companyId))).length

describe('members API', () => {
  it('lists the active company’s members in snake_case for any member; anonymous callers get 401', async () => {
    const { owner, member } = await team('Api Members')
    const response = await call(app, '/api/v1/members', { jar: member.jar })
    expect(response.status).toBe(200)
    const items = response.json.items as Array<Record<string, unknown>>
    expect(items.map((m) => m.role)).toEqual(['owner', 'admin', 'member'])
    expect(items[0]).toEqual({ id: owner.memberId, user_id: owner.id, name: owner.name, email: owner.email, role: 'owner', joined_at: expect.any(String) })
    expect((await call(app, '/api/v1/members')).status).toBe(401)
  })

  it('changes roles within the actor’s reach and refuses escalation with 403', async () => {
    const { owner, admin, member } = await team('Api Roles')
    const escalate = await call(app, `/api/v1/members/${member.memberId}`, { method: 'PATCH', body: { role: 'owner' }, jar: admin.jar })
    expect(escalate.status).toBe(403)
    expect(escalate.json).toMatchObject({ code: 'insufficient_role', message: 'Your role in this company does not allow this. Ask an owner or an admin.' })
    expect((await call(app, `/api/v1/members/${owner.memberId}`, { method: 'PATCH', body: { role: 'member' }, jar: admin.jar })).status).toBe(403)
    expect((await call(app, `/api/v1/members/${admin.memberId}`, { method: 'PATCH', body: { role: 'member' }, jar: member.jar })).status).toBe(403)
    const promoted = await call(app, `/api/v1/members/${member.memberId}`, { method: 'PATCH', body: { role: 'admin' }, jar: admin.jar })
    expect(promoted.status).toBe(200)
    expect(promoted.json).toMatchObject({ id: member.memberId, role: 'admin' })
  })

  it('answers 409 last_owner, 422 for an unknown role and 404 for another company’s member', async () => {
    const { owner, member } = await team('Api Last Owner')
    const other = await team('Api Other')
    const lastOwner = await call(app, `/api/v1/members/${owner.memberId}`, { method: 'PATCH', body: { role: 'admin' }, jar: owner.jar })
    expect(lastOwner.status).toBe(409)
    expect(lastOwner.json.code).toBe('last_owner')
    const invalid = await call(app, `/api/v1/members/${member.memberId}`, { method: 'PATCH', body: { role: 'boss' }, jar: owner.jar })
    expect(invalid.status).toBe(422)
    expect(invalid.json).toMatchObject({ code: 'validation_failed', details: { fields: { role: ['validation.role'] } } })
    expect((await call(app, `/api/v1/members/${member.memberId}`, { method: 'PATCH', body: { role: 'admin' }, jar: other.owner.jar })).status).toBe(404)
    expect((await call(app, `/api/v1/members/${member.memberId}`, { method: 'DELETE', jar: other.owner.jar })).status).toBe(404)
  })

  it('removes members (not yourself), lets members leave, and keeps the only owner until they transfer', async () => {
    const { company, owner, admin, member } = await team('Api Leave')
    expect((await call(app, `/api/v1/members/${admin.memberId}`, { method: 'DELETE', jar: admin.jar })).json.code).toBe('conflict')
    const leaveAsOwner = await call(app, '/api/v1/members/leave', { method: 'POST', jar: owner.jar })
    expect(leaveAsOwner.status).toBe(409)
    expect(leaveAsOwner.json).toMatchObject({ code: 'owner_must_transfer', message: 'Transfer ownership to another member before you leave the company.' })
    expect((await call(app, '/api/v1/members/leave', { method: 'POST', jar: member.jar })).status).toBe(204)
    expect((await call(app, '/api/v1/members', { jar: member.jar })).json.code).toBe('company_required')

    expect((await call(app, `/api/v1/members/${admin.memberId}/transfer-ownership`, { method: 'POST', jar: admin.jar })).status).toBe(403)
    const transferred = await call(app, `/api/v1/members/${admin.memberId}/transfer-ownership`, { method: 'POST', jar: owner.jar })
    expect(transferred.status).toBe(200)
    expect(transferred.json).toMatchObject({ id: admin.memberId, role: 'owner' })
    expect((await call(app, `/api/v1/members/${owner.memberId}`, { method: 'DELETE', jar: admin.jar })).status).toBe(204)
    expect(await database().select({ id: members.id }).from(members).where(eq(members.organizationId, company.id))).toEqual([{ id: admin.memberId }])
  })
})

describe('invitations API', () => {
  it('invites (admins), refuses members, owner invitations, duplicates and existing members without storing anything', async () => {
    const { company, admin, member } = await team('Api Invite')
    const created = await call(app, '/api/v1/invitations', { body: { email: 'Fresh.Face@Example.test', role: 'admin' }, jar: admin.jar })
    expect(created.status).toBe(201)
    expect(created.json).toMatchObject({
      email: 'fresh.face@example.test',
      role: 'admin',
      status: 'pending',
      send_count: 1,
      inviter_name: admin.name,
      can_resend: true,
      responded_at: null,
    })
    expect(JSON.stringify(created.json)).not.toMatch(/token/)

    expect((await call(app, '/api/v1/invitations', { body: { email: 'other@example.test', role: 'member' }, jar: member.jar })).status).toBe(403)
    const owner = await call(app, '/api/v1/invitations', { body: { email: 'other@example.test', role: 'owner' }, jar: admin.jar })
    expect(owner.status).toBe(422)
    expect(owner.json).toMatchObject({ code: 'validation_failed', details: { fields: { role: ['validation.invitableRole'] } } })
    const duplicate = await call(app, '/api/v1/invitations', { body: { email: 'fresh.face@example.test', role: 'member' }, jar: admin.jar })
    expect(duplicate.status).toBe(409)
    expect(duplicate.json).toMatchObject({ code: 'invitation_pending', message: 'An invitation to this email address is already pending. Resend it instead.' })
    const existing = await call(app, '/api/v1/invitations', { body: { email: member.email, role: 'member' }, jar: admin.jar })
    expect(existing.status).toBe(409)
    expect(existing.json.code).toBe('already_member')
    expect(await invitationCount(company.id)).toBe(1)
  })

  it('lists with filters for admins, resends and revokes; members get 403 and other companies 404', async () => {
    const { admin, member } = await team('Api Manage')
    const other = await team('Api Manage Other')
    const created = await call(app, '/api/v1/invitations', { body: { email: 'listed@example.test', role: 'member' }, jar: admin.jar })
    const id = String(created.json.id)
    const list = await call(app, '/api/v1/invitations?status=pending&limit=10', { jar: admin.jar })
    expect(list.status).toBe(200)
    expect(list.json).toMatchObject({ total: 1, limit: 10, offset: 0, items: [{ id, status: 'pending' }] })
    expect((await call(app, '/api/v1/invitations?status=expired', { jar: admin.jar })).json).toMatchObject({ total: 0, items: [] })
    expect((await call(app, '/api/v1/invitations', { jar: member.jar })).status).toBe(403)

    expect((await call(app, `/api/v1/invitations/${id}/resend`, { method: 'POST', jar: other.owner.jar })).status).toBe(404)
    expect((await call(app, `/api/v1/invitations/${id}/resend`, { method: 'POST', jar: member.jar })).status).toBe(403)
    const resent = await call(app, `/api/v1/invitations/${id}/resend`, { method: 'POST', jar: admin.jar })
    expect(resent.status).toBe(200)
    expect(resent.json).toMatchObject({ id, send_count: 2 })

    expect((await call(app, `/api/v1/invitations/${id}`, { method: 'DELETE', jar: other.owner.jar })).status).toBe(404)
    expect((await call(app, `/api/v1/invitations/${id}`, { method: 'DELETE', jar: admin.jar })).status).toBe(204)
    const again = await call(app, `/api/v1/invitations/${id}`, { method: 'DELETE', jar: admin.jar })
    expect(again.status).toBe(409)
    expect(again.json.code).toBe('invitation_closed')
    expect((await call(app, `/api/v1/invitations/${id}/resend`, { method: 'POST', jar: admin.jar })).json.code).toBe('invitation_closed')
  })

  it('lets the invitee see and accept the invitation; the session then acts for the company; the link cannot be reused', async () => {
    const { company, owner } = await team('Api Join')
    const invitee = await createUser({ email: 'joiner@example.test', name: 'Joiner' })
    const jar = await signInWithCookies(app, invitee)
    await call(app, '/api/v1/invitations', { body: { email: invitee.email, role: 'member' }, jar: owner.jar })
    const mine = await call(app, '/api/v1/invitations/mine', { jar })
    expect(mine.status).toBe(200)
    expect(mine.json.items).toMatchObject([{ company_id: company.id, company_name: 'Api Join', role: 'member', inviter_name: owner.name }])

    const token = await secretMailedTo(invitee.email)
    const accepted = await call(app, '/api/v1/invitations/accept', { body: { token }, jar })
    expect(accepted.status).toBe(200)
    expect(accepted.json).toEqual({ company_id: company.id, company_name: 'Api Join', role: 'member', already_member: false })
    const joinedTeam = await call(app, '/api/v1/members', { jar })
    expect((joinedTeam.json.items as Array<{ user_id: string }>).map((m) => m.user_id)).toContain(invitee.id)

    const reused = await call(app, '/api/v1/invitations/accept', { body: { token }, jar })
    expect(reused.status).toBe(409)
    expect(reused.json).toMatchObject({ code: 'invitation_closed', message: 'This invitation has already been accepted, declined or revoked.' })
  })

  it('refuses the wrong recipient (403), unknown links (404), malformed links (422) and expired links (409)', async () => {
    const { company, owner } = await team('Api Refuse')
    const invitee = await createUser({ email: 'declines@example.test' })
    const stranger = await createUser({ email: 'stranger-api@example.test' })
    await call(app, '/api/v1/invitations', { body: { email: invitee.email, role: 'admin' }, jar: owner.jar })
    const token = await secretMailedTo(invitee.email)
    const strangerJar = await signInWithCookies(app, stranger)
    const wrong = await call(app, '/api/v1/invitations/accept', { body: { token }, jar: strangerJar })
    expect(wrong.status).toBe(403)
    expect(wrong.json.code).toBe('invitation_wrong_recipient')
    expect((await call(app, '/api/v1/invitations/accept', { body: { token: 'z'.repeat(43) }, jar: strangerJar })).status).toBe(404)
    expect((await call(app, '/api/v1/invitations/decline', { body: { token: 'short' }, jar: strangerJar })).status).toBe(422)
    expect((await call(app, '/api/v1/invitations/accept', { body: { token } })).status).toBe(401)

    const jar = await signInWithCookies(app, invitee)
    await database()
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.organizationId, company.id))
    const expired = await call(app, '/api/v1/invitations/accept', { body: { token }, jar })
    expect(expired.status).toBe(409)
    expect(expired.json.code).toBe('invitation_expired')
    await database()
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(invitations.organizationId, company.id))
    expect((await call(app, '/api/v1/invitations/decline', { body: { token }, jar })).status).toBe(204)
    expect((await call(app, '/api/v1/invitations/mine', { jar })).json.items).toEqual([])
  })
})
