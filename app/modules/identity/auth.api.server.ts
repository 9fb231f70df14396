import { createRoute, z } from '@hono/zod-openapi'
import type { ApiRouter } from '../../platform/api/api-env'
import type { Context } from 'hono'
import {
  auth,
  authEndpointPolicy,
  bearerSessions,
  endSession,
  jwksDocument,
  mapAuthErrorCode,
  sessionFromCookies,
  signInForToken,
  signUp,
} from './index.server'
import { requireAuth } from './api-auth.server'
import { SignInInput, SignUpInput } from './index'
import { AppError } from '../../platform/errors'
import { enforceAuthRateLimit } from '../../platform/rate-limit.server'
import { appErrorResponse, errorBody, readJsonBody } from '../../platform/api/errors.server'
import { access, ErrorSchema, SIGNED_IN } from '../../platform/api/schemas'

type ApiContext = Context

function clientIpOf(c: ApiContext): string {
  return c.req.header('x-real-ip') ?? 'unknown'
}

const UserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    email_confirmed: z.boolean(),
    phone_confirmed: z.boolean(),
    role: z.enum(['admin', 'user']),
    created_at: z.string(),
    updated_at: z.string(),
    identities: z.array(
      z.object({
        identity_id: z.string(),
        provider: z.enum(['email', 'phone']),
        identity_data: z.record(z.string(), z.union([z.string(), z.boolean()])),
        created_at: z.string(),
      }),
    ),
    factors: z.array(z.object({ id: z.string(), factor_type: z.literal('totp'), status: z.enum(['verified', 'unverified']), created_at: z.string() })),
  })
  .openapi('User')

const BearerSessionSchema = z
  .object({
    access_token: z.string(),
    refresh_token: z.string(),
    expires_in: z.number().int(),
    expires_at: z.number().int(),
    token_type: z.literal('bearer'),
    user: UserSchema,
  })
  .openapi('BearerSession')

const TokenQuery = z.object({ grant_type: z.enum(['password', 'refresh_token', 'session']) })
const PasswordGrant = SignInInput.extend({
  totp_code: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
})
const RefreshGrant = z.object({ refresh_token: z.string().min(1) })

const errors = {
  400: { description: 'Malformed request', content: { 'application/json': { schema: ErrorSchema } } },
  401: { description: 'Missing, invalid or expired credentials', content: { 'application/json': { schema: ErrorSchema } } },
  422: { description: 'Invalid input', content: { 'application/json': { schema: ErrorSchema } } },
  429: { description: 'Too many attempts', content: { 'application/json': { schema: ErrorSchema } } },
}

const tokenRoute = createRoute({
  method: 'post',
  path: '/auth/token',
  ...access({ level: 'public' }),
  tags: ['Authentication'],
  summary: 'Issue or refresh a bearer session',
  description:
    'grant_type=password takes {identifier, password, totp_code?}; grant_type=refresh_token takes {refresh_token} and rotates it; grant_type=session exchanges the browser session cookie (same origin only).',
  request: {
    query: TokenQuery,
    body: { required: false, content: { 'application/json': { schema: z.union([PasswordGrant, RefreshGrant, z.object({})]) } } },
  },
  responses: { 200: { description: 'A bearer session', content: { 'application/json': { schema: BearerSessionSchema } } }, ...errors },
})

const jwksRoute = createRoute({
  method: 'get',
  path: '/auth/jwks',
  ...access({ level: 'public' }),
  tags: ['Authentication'],
  summary: 'Public keys that verify access tokens (cache for 10 minutes)',
  responses: {
    200: { description: 'JSON Web Key Set', content: { 'application/json': { schema: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }) } } },
  },
})

const SessionSummary = z
  .object({
    via: z.enum(['cookie', 'bearer']),
    aal: z.enum(['aal1', 'aal2']),
    expires_at: z.number().int(),
    user: z.object({ id: z.string(), role: z.enum(['admin', 'user']), contact_verified: z.boolean() }),
  })
  .openapi('SessionSummary')

const sessionRoute = createRoute({
  method: 'get',
  path: '/auth/session',
  ...access({ level: 'user' }),
  tags: ['Authentication'],
  summary: 'The current session, checked without a database round-trip',
  security: SIGNED_IN,
  responses: { 200: { description: 'The session', content: { 'application/json': { schema: SessionSummary } } }, 401: errors[401] },
})

const userRoute = createRoute({
  method: 'get',
  path: '/auth/user',
  ...access({ level: 'user' }),
  tags: ['Authentication'],
  summary: 'The signed-in user with identities and factors',
  security: SIGNED_IN,
  responses: { 200: { description: 'The user', content: { 'application/json': { schema: UserSchema } } }, 401: errors[401] },
})

const logoutRoute = createRoute({
  method: 'post',
  path: '/auth/logout',
  ...access({ level: 'user' }),
  tags: ['Authentication'],
  summary: 'End the session behind a bearer token (all its refresh tokens die with it)',
  security: [{ bearer: [] }],
  responses: { 204: { description: 'Signed out' }, 401: errors[401] },
})

const phoneSignUpRoute = createRoute({
  method: 'post',
  path: '/auth/sign-up/phone-number',
  ...access({ level: 'public' }),
  tags: ['Authentication'],
  summary: 'Create an account with a phone number (or email) and password; an SMS code verifies the phone',
  request: { body: { required: true, content: { 'application/json': { schema: SignUpInput } } } },
  responses: {
    201: { description: 'Account created and signed in (session cookie set)' },
    ...errors,
    409: { description: 'Already registered', content: { 'application/json': { schema: ErrorSchema } } },
  },
})

/** Better Auth answers errors in its own words; rewrite them into the product's codes and locale. */
async function translateAuthResponse(response: Response): Promise<Response> {
  if (response.status < 400 || !response.headers.get('content-type')?.includes('application/json')) return response
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string; message?: string; details?: Record<string, unknown> } | null
  const code = mapAuthErrorCode(body?.code, response.status)
  if (!code) return response
  const error = new AppError(code, body?.message ?? code, body?.details)
  const mapped = errorBody(error)
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  const retryAfter = error.details?.retryAfterSeconds
  if (typeof retryAfter === 'number') headers.set('Retry-After', String(retryAfter))
  return new Response(JSON.stringify(mapped), { status: response.status, headers })
}

export function registerAuthRoutes(api: ApiRouter) {
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
  api.openAPIRegistry.registerComponent('securitySchemes', 'cookie', { type: 'apiKey', in: 'cookie', name: 'tp.session_token' })

  // Every endpoint under /api/auth is listed with its guard (ADR 017): closed ones are not served, the others
  // spend the caller's budget for their group (sign-in, sign-up, recovery, code).
  api.use('/auth/*', async (c, next) => {
    const policy = authEndpointPolicy(c.req.path.replace(/^\/api\/auth/, ''))
    if (policy.closed) return appErrorResponse(c, new AppError('not_found', `Not found: ${c.req.path}`))
    if (policy.group) await enforceAuthRateLimit(policy.group, clientIpOf(c))
    await next()
  })

  api.openapi(tokenRoute, async (c) => {
    const { grant_type } = c.req.valid('query')
    const body = await readJsonBody(c)
    if (grant_type === 'refresh_token') {
      const { refresh_token } = RefreshGrant.parse(body)
      return c.json(await bearerSessions().refresh(refresh_token), 200)
    }
    if (grant_type === 'session') {
      const { state } = await sessionFromCookies(c.req.raw.headers)
      if (!state) throw new AppError('session_missing', 'Auth session missing!')
      return c.json(await bearerSessions().issue(state.sessionId), 200)
    }
    // Only a password can be guessed: signInForToken spends the sign-in budget; the grants above leave it alone.
    const grant = PasswordGrant.parse(body)
    const headers = new Headers({ 'x-real-ip': clientIpOf(c) })
    const sessionId = await signInForToken({ identifier: grant.identifier, password: grant.password, totpCode: grant.totp_code }, headers)
    return c.json(await bearerSessions().issue(sessionId), 200)
  })

  api.openapi(jwksRoute, async (c) => {
    c.header('Cache-Control', 'public, max-age=600')
    return c.json(jwksDocument(await bearerSessions().keyRing()), 200)
  })

  api.openapi(sessionRoute, async (c) => {
    const state = await requireAuth(c)
    c.header('Cache-Control', 'no-store')
    return c.json(
      {
        via: state.via,
        aal: state.aal,
        expires_at: state.expiresAt,
        user: { id: state.user.id, role: state.user.role, contact_verified: state.user.emailVerified || state.user.phoneNumberVerified },
      },
      200,
    )
  })

  api.openapi(userRoute, async (c) => {
    const state = await requireAuth(c)
    const user = await bearerSessions().loadUser(state.user.id)
    if (!user) throw new AppError('session_or_user_missing', 'Auth session or user missing')
    c.header('Cache-Control', 'no-store')
    return c.json(user, 200)
  })

  api.openapi(logoutRoute, async (c) => {
    const state = await requireAuth(c)
    if (state.via !== 'bearer') throw new AppError('bad_jwt', 'invalid JWT structure')
    await endSession(state.sessionId)
    return c.body(null, 204)
  })

  api.openapi(phoneSignUpRoute, async (c) => {
    const input = c.req.valid('json')
    const { setCookies } = await signUp(input, c.req.raw.headers)
    for (const cookie of setCookies) c.header('set-cookie', cookie, { append: true })
    return c.json({ status: true }, 201)
  })

  // Everything else under /api/auth is Better Auth's.
  api.all('/auth/*', async (c) => {
    const path = c.req.path.replace(/^\/api\/auth/, '')
    if (path === '/phone-number/verify' && c.req.method === 'POST') {
      // A phone code verifies the number; it is not a way around the password and the second factor.
      const body = (await c.req.raw
        .clone()
        .json()
        .catch(() => ({}))) as { disableSession?: boolean; updatePhoneNumber?: boolean }
      if (body.disableSession !== true && body.updatePhoneNumber !== true) {
        return appErrorResponse(c, new AppError('bad_request', 'Set disableSession: true to verify a phone number'))
      }
    }
    if (path === '/sign-out' && c.req.method === 'POST') {
      const { state } = await sessionFromCookies(c.req.raw.headers)
      if (state) await bearerSessions().revokeSession(state.sessionId)
    }
    return translateAuthResponse(await auth().handler(c.req.raw))
  })
}
