import { createRoute, z } from '@hono/zod-openapi'
import type { ApiRouter } from '../../platform/api/api-env'
import {
  ChangeMemberRoleInput,
  CreateInvitationInput,
  INVITABLE_ROLES,
  INVITATION_DISPLAY_STATUSES,
  INVITATION_TTL_DAYS,
  InvitationTokenInput,
  MAX_INVITATION_SENDS,
  MEMBER_ROLES,
} from './index'
import {
  acceptInvitation,
  changeMemberRole,
  createInvitation,
  declineInvitation,
  leaveCompany,
  listInvitations,
  listMembers,
  pendingInvitationsForMe,
  removeMember,
  resendInvitation,
  revokeInvitation,
  transferOwnership,
} from './index.server'
import { serviceContext } from '../../platform/api/caller.server'
import { readJsonBody } from '../../platform/api/errors.server'
import { access, bodyRef, errorResponses, IdParam, jsonResponse, PageQuery, pageSchema, SIGNED_IN } from '../../platform/api/schemas'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'
import { toWire } from '../../platform/api/wire'

const MemberSchema = z
  .object({
    id: z.string(),
    user_id: z.string(),
    name: z.string(),
    email: z.string().nullable().openapi({ description: 'Null for accounts that sign in by phone only' }),
    role: z.enum(MEMBER_ROLES),
    joined_at: z.string(),
  })
  .openapi('Member')

const InvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(INVITABLE_ROLES),
    status: z.enum(INVITATION_DISPLAY_STATUSES).openapi({ description: 'pending past its expiry reads expired' }),
    inviter_name: z.string().nullable(),
    expires_at: z.string(),
    created_at: z.string(),
    send_count: z.number().int(),
    last_sent_at: z.string(),
    responded_at: z.string().nullable(),
    can_resend: z.boolean(),
  })
  .openapi('Invitation')

const MyInvitationSchema = z
  .object({
    id: z.string(),
    company_id: z.string(),
    company_name: z.string(),
    role: z.enum(INVITABLE_ROLES),
    inviter_name: z.string().nullable(),
    expires_at: z.string(),
  })
  .openapi('MyInvitation')

const JoinedSchema = z.object({ company_id: z.string(), company_name: z.string(), role: z.enum(INVITABLE_ROLES), already_member: z.boolean() })

// Copies made after @hono/zod-openapi extended zod: the shared schemas may predate that, without .openapi().
const ChangeMemberRoleBody = ChangeMemberRoleInput.clone().openapi('ChangeMemberRole', { example: { role: 'admin' } })
const CreateInvitationBody = CreateInvitationInput.clone().openapi('CreateInvitation', { example: { email: 'li.wei@harbour-lantern.example', role: 'member' } })
const InvitationTokenBody = InvitationTokenInput.clone().openapi('InvitationToken', { example: { token: 'q2nX8kR0vYb3Zt6WmPj1Lc9Hs5Ad4Fe7Gu0Ki2No8Qr' } })

const members = ['Members']
const invitations = ['Invitations']

const routes = {
  listMembers: createRoute({
    method: 'get',
    path: '/v1/members',
    tags: members,
    summary: 'The active company’s members: owners first, then admins, then members, by name',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member' }),
    responses: { 200: jsonResponse(z.object({ items: z.array(MemberSchema) }), 'Members'), 401: errorResponses[401], 403: errorResponses[403] },
  }),
  changeRole: createRoute({
    method: 'patch',
    path: '/v1/members/{id}',
    tags: members,
    summary: 'Change a member’s role (admins; only owners touch owners or make owners; the last owner keeps the role)',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam, body: bodyRef('ChangeMemberRole') },
    responses: {
      200: jsonResponse(MemberSchema, 'The member with the new role'),
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      409: { ...errorResponses[409], description: 'last_owner: the company would be left without an owner' },
      422: errorResponses[422],
    },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/v1/members/{id}',
    tags: members,
    summary: 'Remove another member (admins; owners only by owners); their sessions stop acting for the company',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam },
    responses: {
      204: { description: 'Removed' },
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      409: { ...errorResponses[409], description: 'conflict: yourself (use leave); last_owner' },
    },
  }),
  leave: createRoute({
    method: 'post',
    path: '/v1/members/leave',
    tags: members,
    summary: 'Leave the active company; the only owner must transfer ownership first',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'member' }),
    responses: {
      204: { description: 'Left' },
      401: errorResponses[401],
      403: errorResponses[403],
      409: { ...errorResponses[409], description: 'owner_must_transfer' },
    },
  }),
  transfer: createRoute({
    method: 'post',
    path: '/v1/members/{id}/transfer-ownership',
    tags: members,
    summary: 'Make another member an owner; the calling owner becomes an admin',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'owner', resource: 'id' }),
    request: { params: IdParam },
    responses: {
      200: jsonResponse(MemberSchema, 'The new owner'),
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      409: { ...errorResponses[409], description: 'conflict: the member is already an owner' },
    },
  }),
  listInvitations: createRoute({
    method: 'get',
    path: '/v1/invitations',
    tags: invitations,
    summary: 'The active company’s invitations, newest first (admins and owners)',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin' }),
    request: {
      query: PageQuery.extend({
        status: z.enum(INVITATION_DISPLAY_STATUSES).optional().openapi({ description: 'Displayed status; expired = pending past its expiry' }),
      }),
    },
    responses: {
      200: jsonResponse(pageSchema(InvitationSchema), 'A page of invitations'),
      401: errorResponses[401],
      403: errorResponses[403],
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/v1/invitations',
    tags: invitations,
    summary: 'Invite someone by email as admin or member; the mail goes out in their language',
    description: `Admins and owners with a verified contact. An existing member (already_member) or a live invitation to the same address (invitation_pending) is refused with 409 and nothing is stored; an expired one is replaced. The invitation is valid for ${INVITATION_TTL_DAYS} days.`,
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin' }),
    request: { headers: IdempotencyHeader, body: bodyRef('CreateInvitation') },
    responses: {
      201: jsonResponse(InvitationSchema, 'The invitation (the link is only in the mail)'),
      400: errorResponses[400],
      401: errorResponses[401],
      402: errorResponses[402],
      403: errorResponses[403],
      409: errorResponses[409],
      422: errorResponses[422],
    },
  }),
  resend: createRoute({
    method: 'post',
    path: '/v1/invitations/{id}/resend',
    tags: invitations,
    summary: `Mail a pending or expired invitation again with a new link and expiry (at most ${MAX_INVITATION_SENDS} sends)`,
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam },
    responses: {
      200: jsonResponse(InvitationSchema, 'The renewed invitation; earlier links stop working'),
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      409: { ...errorResponses[409], description: 'invitation_closed (answered or revoked) or invitation_send_limit' },
    },
  }),
  revoke: createRoute({
    method: 'delete',
    path: '/v1/invitations/{id}',
    tags: invitations,
    summary: 'Revoke a pending invitation; its link stops working',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam },
    responses: {
      204: { description: 'Revoked' },
      401: errorResponses[401],
      403: errorResponses[403],
      404: errorResponses[404],
      409: { ...errorResponses[409], description: 'invitation_closed' },
    },
  }),
  mine: createRoute({
    method: 'get',
    path: '/v1/invitations/mine',
    tags: invitations,
    summary: 'Live invitations to the caller’s email address, newest first',
    security: SIGNED_IN,
    ...access({ level: 'user' }),
    responses: { 200: jsonResponse(z.object({ items: z.array(MyInvitationSchema) }), 'Invitations'), 401: errorResponses[401] },
  }),
  accept: createRoute({
    method: 'post',
    path: '/v1/invitations/accept',
    tags: invitations,
    summary: 'Accept an invitation with the secret of its link; the session then acts for the company',
    security: SIGNED_IN,
    ...access({ level: 'user' }),
    request: { body: bodyRef('InvitationToken') },
    responses: {
      200: jsonResponse(JoinedSchema, 'Joined'),
      401: errorResponses[401],
      402: { ...errorResponses[402], description: 'plan_limit_reached: the company has no seat left on its plan' },
      403: { ...errorResponses[403], description: 'invitation_wrong_recipient: the caller’s email is not the invited one' },
      404: errorResponses[404],
      409: { ...errorResponses[409], description: 'invitation_expired or invitation_closed (answered or revoked)' },
      422: errorResponses[422],
    },
  }),
  decline: createRoute({
    method: 'post',
    path: '/v1/invitations/decline',
    tags: invitations,
    summary: 'Decline an invitation with the secret of its link',
    security: SIGNED_IN,
    ...access({ level: 'user' }),
    request: { body: bodyRef('InvitationToken') },
    responses: {
      204: { description: 'Declined' },
      401: errorResponses[401],
      403: { ...errorResponses[403], description: 'invitation_wrong_recipient' },
      404: errorResponses[404],
      409: { ...errorResponses[409], description: 'invitation_expired or invitation_closed' },
      422: errorResponses[422],
    },
  }),
}

export function registerTeamRoutes(api: ApiRouter) {
  api.openAPIRegistry.register('ChangeMemberRole', ChangeMemberRoleBody)
  api.openAPIRegistry.register('CreateInvitation', CreateInvitationBody)
  api.openAPIRegistry.register('InvitationToken', InvitationTokenBody)
  api.openapi(routes.listMembers, async (c) =>
    c.json({ items: (await listMembers(await serviceContext(c))).map((member) => toWire(MemberSchema, member)) }, 200),
  )

  api.openapi(routes.leave, async (c) => {
    await leaveCompany(await serviceContext(c))
    return c.body(null, 204)
  })

  api.openapi(routes.changeRole, async (c) => {
    const ctx = await serviceContext(c)
    const { role } = ChangeMemberRoleBody.parse(await readJsonBody(c))
    return c.json(toWire(MemberSchema, await changeMemberRole(ctx, c.req.valid('param').id, role)), 200)
  })

  api.openapi(routes.remove, async (c) => {
    await removeMember(await serviceContext(c), c.req.valid('param').id)
    return c.body(null, 204)
  })

  api.openapi(routes.transfer, async (c) => c.json(toWire(MemberSchema, await transferOwnership(await serviceContext(c), c.req.valid('param').id)), 200))

  api.openapi(routes.listInvitations, async (c) => {
    const ctx = await serviceContext(c)
    const page = await listInvitations(ctx, c.req.valid('query'))
    c.header('Cache-Control', 'no-store')
    return c.json(
      { items: page.items.map((invitation) => toWire(InvitationSchema, invitation)), total: page.total, limit: page.limit, offset: page.offset },
      200,
    )
  })

  api.openapi(routes.mine, async (c) => {
    const items = await pendingInvitationsForMe(await serviceContext(c))
    c.header('Cache-Control', 'no-store')
    return c.json({ items: items.map((invitation) => toWire(MyInvitationSchema, invitation)) }, 200)
  })

  api.openapi(routes.create, async (c) => {
    const ctx = await serviceContext(c)
    const input = CreateInvitationBody.parse(await readJsonBody(c))
    return c.json(toWire(InvitationSchema, await createInvitation(ctx, input, idempotencyOf(c))), 201)
  })

  api.openapi(routes.resend, async (c) => c.json(toWire(InvitationSchema, await resendInvitation(await serviceContext(c), c.req.valid('param').id)), 200))

  api.openapi(routes.revoke, async (c) => {
    await revokeInvitation(await serviceContext(c), c.req.valid('param').id)
    return c.body(null, 204)
  })

  api.openapi(routes.accept, async (c) => {
    const ctx = await serviceContext(c)
    const { token } = InvitationTokenBody.parse(await readJsonBody(c))
    return c.json(toWire(JoinedSchema, await acceptInvitation(ctx, token)), 200)
  })

  api.openapi(routes.decline, async (c) => {
    const ctx = await serviceContext(c)
    const { token } = InvitationTokenBody.parse(await readJsonBody(c))
    await declineInvitation(ctx, token)
    return c.body(null, 204)
  })
}
