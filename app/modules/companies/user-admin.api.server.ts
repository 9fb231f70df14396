import { createRoute, z } from '@hono/zod-openapi'
import type { ApiRouter } from '../../platform/api/api-env'
import { BAN_MAX_DAYS, BAN_REASON_MAX_LENGTH, BanUserInput, PLATFORM_ROLES, SetPlatformRoleInput, USER_STATUSES, UserSearchQuery } from './index'
import { banUser, getUserDetail, searchUsers, setPlatformRole, unbanUser, type AdminUserProfile } from './index.server'
import { serviceContext } from '../../platform/api/caller.server'
import { readJsonBody } from '../../platform/api/errors.server'
import { access, bodyRef, errorResponses, IdParam, jsonResponse, pageSchema, SIGNED_IN } from '../../platform/api/schemas'
import { toWire, withAuditActor } from '../../platform/api/wire'

const AdminUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable().describe('null for a phone-only account'),
    phone: z.string().nullable(),
    email_verified: z.boolean(),
    phone_verified: z.boolean(),
    two_factor_enabled: z.boolean(),
    role: z.enum(PLATFORM_ROLES),
    status: z.enum(USER_STATUSES),
    ban_reason: z.string().nullable(),
    ban_expires: z.string().nullable().describe('null while banned means until unbanned'),
    created_at: z.string(),
  })
  .openapi('AdminUser')

const AdminUserListItemSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    role: z.enum(PLATFORM_ROLES),
    status: z.enum(USER_STATUSES),
    ban_expires: z.string().nullable(),
    company_count: z.number().int().describe('Companies the user belongs to, deleted ones not counted'),
    created_at: z.string(),
  })
  .openapi('AdminUserListItem')

const AdminUserDetailSchema = z
  .object({
    user: AdminUserSchema,
    companies: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        role: z.enum(['owner', 'admin', 'member']),
        verification_status: z.string().nullable(),
        deleted: z.boolean(),
      }),
    ),
    audit: z.array(
      z.object({
        id: z.string(),
        action: z.string(),
        actor: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
        before: z.record(z.string(), z.unknown()).nullable(),
        after: z.record(z.string(), z.unknown()).nullable(),
        created_at: z.string(),
      }),
    ),
  })
  .openapi('AdminUserDetail')

const SetPlatformRoleBody = SetPlatformRoleInput.clone().openapi('SetPlatformRole', { example: { role: 'user' } })
// The wire shape of BanUserInput, which the handler parses (it also takes "permanent" from the page's form).
const BanUserBody = z
  .object({
    reason: z.string().min(1).max(BAN_REASON_MAX_LENGTH),
    expires_in_days: z.number().int().min(1).max(BAN_MAX_DAYS).nullable().optional().describe('Omitted or null: until unbanned'),
  })
  .openapi('BanUser', { example: { reason: 'Fraudulent supplier listings reported by three buyers', expires_in_days: 30 } })

/** A user with the API's names for the phone fields (phone, phone_verified). */
const withPhone = (user: AdminUserProfile) => ({ ...user, phone: user.phoneNumber, phoneVerified: user.phoneNumberVerified })
const userWire = (user: AdminUserProfile) => toWire(AdminUserSchema, withPhone(user))

const tags = ['Platform admin']
const platformAdmin = access({ level: 'platform_admin' })
const forbidden = { description: 'Not a platform admin', content: errorResponses[403].content }

const routes = {
  search: createRoute({
    method: 'get',
    path: '/v1/admin/users',
    tags,
    summary: 'Search users by name, email or phone, newest first, with their company counts',
    security: SIGNED_IN,
    ...platformAdmin,
    request: { query: UserSearchQuery },
    responses: {
      200: jsonResponse(pageSchema(AdminUserListItemSchema), 'A page of users'),
      401: errorResponses[401],
      403: forbidden,
      422: errorResponses[422],
    },
  }),
  detail: createRoute({
    method: 'get',
    path: '/v1/admin/users/{id}',
    tags,
    summary: 'One user with their companies and the recent audit entries about them',
    security: SIGNED_IN,
    ...platformAdmin,
    request: { params: IdParam },
    responses: { 200: jsonResponse(AdminUserDetailSchema, 'The user'), 401: errorResponses[401], 403: forbidden, 404: errorResponses[404] },
  }),
  setRole: createRoute({
    method: 'put',
    path: '/v1/admin/users/{id}/role',
    tags,
    summary: 'Make a user a platform admin or an ordinary user; their sessions end so the new role applies at once',
    description: 'An admin cannot remove their own admin role (409 cannot_change_own_role). Setting the current role changes nothing.',
    security: SIGNED_IN,
    ...platformAdmin,
    request: { params: IdParam, body: bodyRef('SetPlatformRole') },
    responses: { 200: jsonResponse(AdminUserSchema, 'The user'), ...errorResponses, 403: forbidden },
  }),
  ban: createRoute({
    method: 'post',
    path: '/v1/admin/users/{id}/ban',
    tags,
    summary: 'Ban a user for a number of days or until unbanned: all their sessions end at once and they cannot sign in',
    description: 'Refused with 409 for yourself (cannot_ban_self) and for platform admins (cannot_ban_admin: make them a user first).',
    security: SIGNED_IN,
    ...platformAdmin,
    request: { params: IdParam, body: bodyRef('BanUser') },
    responses: { 200: jsonResponse(AdminUserSchema, 'The banned user'), ...errorResponses, 403: forbidden },
  }),
  unban: createRoute({
    method: 'post',
    path: '/v1/admin/users/{id}/unban',
    tags,
    summary: 'Lift a user’s ban so they can sign in again',
    security: SIGNED_IN,
    ...platformAdmin,
    request: { params: IdParam },
    responses: { 200: jsonResponse(AdminUserSchema, 'The user'), 401: errorResponses[401], 403: forbidden, 404: errorResponses[404] },
  }),
}

export function registerUserAdminRoutes(api: ApiRouter) {
  api.openAPIRegistry.register('SetPlatformRole', SetPlatformRoleBody)
  api.openAPIRegistry.register('BanUser', BanUserBody)

  api.openapi(routes.search, async (c) => {
    const page = await searchUsers(await serviceContext(c), c.req.valid('query'))
    c.header('Cache-Control', 'no-store')
    return c.json(
      {
        items: page.items.map((u) => toWire(AdminUserListItemSchema, { ...u, phone: u.phoneNumber })),
        total: page.total,
        limit: page.limit,
        offset: page.offset,
      },
      200,
    )
  })

  api.openapi(routes.detail, async (c) => {
    const detail = await getUserDetail(await serviceContext(c), c.req.valid('param').id)
    c.header('Cache-Control', 'no-store')
    return c.json(toWire(AdminUserDetailSchema, { ...detail, user: withPhone(detail.user), audit: detail.audit.map(withAuditActor) }), 200)
  })

  api.openapi(routes.setRole, async (c) => {
    const ctx = await serviceContext(c)
    const { role } = SetPlatformRoleInput.parse(await readJsonBody(c))
    return c.json(userWire(await setPlatformRole(ctx, c.req.valid('param').id, role)), 200)
  })

  api.openapi(routes.ban, async (c) => {
    const ctx = await serviceContext(c)
    const input = BanUserInput.parse(await readJsonBody(c))
    return c.json(userWire(await banUser(ctx, c.req.valid('param').id, input)), 200)
  })

  api.openapi(routes.unban, async (c) => c.json(userWire(await unbanUser(await serviceContext(c), c.req.valid('param').id)), 200))
}
