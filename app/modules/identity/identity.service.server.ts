import { eq } from 'drizzle-orm'
import type { PlatformRole } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { joinCookieChunks, parseCookieHeader } from '../../platform/http/cookies'
import { logger } from '../../platform/logger.server'
import { enforceAuthRateLimit } from '../../platform/rate-limit.server'
import { requestScope } from '../../platform/request-scope.server'
import { translatingAuthErrors } from './auth-errors.server'
import { auth } from './auth-instance.server'
import type { SignInInput, SignUpInput, TwoFactorInput } from './auth.inputs'
import { sessions, users } from './identity.tables.server'
import { bearerSessions } from './session.server'
import { sessionRevocations } from './session-revocations.server'
import { parseIdentifier, placeholderEmailFor } from './identifiers'
import { assertStrongPassword } from './password-policy.server'

/** Cookies a page action must forward to the browser. */
export type AuthCookies = { setCookies: string[] }
export type SignInOutcome = ({ kind: 'signed_in' } | { kind: 'two_factor'; methods: string[] }) & AuthCookies

function clientIp(): string {
  return requestScope()?.clientIp ?? 'unknown'
}

function setCookiesOf(headers: Headers): string[] {
  return headers.getSetCookie()
}

/** Request headers for a follow-up call that must carry the cookies an earlier call just set. */
function withCookies(base: Headers, setCookies: string[]): Headers {
  const jar = parseCookieHeader(joinCookieChunks(base.get('cookie')))
  for (const setCookie of setCookies) {
    const pair = setCookie.split(';')[0] ?? ''
    const eq = pair.indexOf('=')
    if (eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1))
  }
  const headers = new Headers(base)
  headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '))
  return headers
}

function identifierOrThrow(raw: string) {
  const identifier = parseIdentifier(raw)
  if (!identifier) throw new AppError('validation_failed', 'Invalid identifier', { fields: { identifier: ['validation.identifier_invalid'] } })
  return identifier
}

export async function signUp(input: SignUpInput, headers: Headers): Promise<AuthCookies & { codeSent: boolean }> {
  await enforceAuthRateLimit('sign-up', clientIp())
  const identifier = identifierOrThrow(input.identifier)
  const email = identifier.kind === 'email' ? identifier.email : placeholderEmailFor(identifier.phoneNumber)
  const phoneNumber = identifier.kind === 'phone' ? identifier.phoneNumber : undefined
  assertStrongPassword(input.password, { email: identifier.kind === 'email' ? email : null, name: input.name, phoneNumber })
  if (phoneNumber) {
    const [taken] = await database().select({ id: users.id }).from(users).where(eq(users.phoneNumber, phoneNumber)).limit(1)
    if (taken) throw new AppError('user_already_exists', 'User already exists')
  }
  const result = await translatingAuthErrors(() =>
    auth().api.signUpEmail({
      body: { name: input.name, email, password: input.password, ...(phoneNumber ? { phoneNumber } : {}) },
      headers,
      returnHeaders: true,
    }),
  )
  return { setCookies: setCookiesOf(result.headers), codeSent: phoneNumber ? await trySendPhoneCode(phoneNumber) : false }
}

/** The account exists either way; a code that could not be sent now can be resent from /app/user/verify. */
async function trySendPhoneCode(phoneNumber: string): Promise<boolean> {
  try {
    await sendPhoneVerificationCode(phoneNumber)
    return true
  } catch (error) {
    logger().warn({ err: (error as Error).message }, 'sign-up SMS not sent')
    return false
  }
}

export async function signIn(input: SignInInput, headers: Headers): Promise<SignInOutcome> {
  await enforceAuthRateLimit('sign-in', clientIp())
  const identifier = identifierOrThrow(input.identifier)
  const result = await translatingAuthErrors<{ headers: Headers; response: unknown }>(() =>
    identifier.kind === 'email'
      ? auth().api.signInEmail({ body: { email: identifier.email, password: input.password }, headers, returnHeaders: true })
      : auth().api.signInPhoneNumber({ body: { phoneNumber: identifier.phoneNumber, password: input.password }, headers, returnHeaders: true }),
  )
  return outcome(result.response, result.headers)
}

function outcome(response: unknown, headers: Headers): SignInOutcome {
  const body = response as { twoFactorRedirect?: boolean; twoFactorMethods?: string[] }
  const setCookies = setCookiesOf(headers)
  return body?.twoFactorRedirect ? { kind: 'two_factor', methods: body.twoFactorMethods ?? ['totp'], setCookies } : { kind: 'signed_in', setCookies }
}

export async function sendSignInCode(email: string): Promise<void> {
  await enforceAuthRateLimit('code', clientIp())
  await translatingAuthErrors(() => auth().api.sendVerificationOTP({ body: { email, type: 'sign-in' } }))
}

export async function signInWithCode(email: string, code: string, headers: Headers): Promise<SignInOutcome> {
  await enforceAuthRateLimit('code', clientIp())
  const result = await translatingAuthErrors(() => auth().api.signInEmailOTP({ body: { email, otp: code }, headers, returnHeaders: true }))
  return outcome(result.response, result.headers)
}

export async function verifySecondFactor(input: TwoFactorInput, headers: Headers): Promise<AuthCookies> {
  await enforceAuthRateLimit('sign-in', clientIp())
  const body = { code: input.code, trustDevice: input.trustDevice }
  const result = await translatingAuthErrors(() =>
    input.method === 'backup'
      ? auth().api.verifyBackupCode({ body, headers, returnHeaders: true })
      : auth().api.verifyTOTP({ body, headers, returnHeaders: true }),
  )
  return { setCookies: setCookiesOf(result.headers) }
}

/**
 * Password sign-in for API clients: a second factor, when enrolled, must come in the same request.
 * Returns the id of the new session, on which the bearer session is then issued.
 */
export async function signInForToken(input: SignInInput & { totpCode?: string }, headers: Headers): Promise<string> {
  const first = await signIn(input, headers)
  const setCookies =
    first.kind === 'two_factor' && input.totpCode
      ? (await verifySecondFactor({ method: 'totp', code: input.totpCode, trustDevice: false }, withCookies(headers, first.setCookies))).setCookies
      : first.setCookies
  if (first.kind === 'two_factor' && !input.totpCode) throw new AppError('mfa_required', 'A second factor is required', { factors: first.methods })
  const session = await auth().api.getSession({ headers: withCookies(headers, setCookies), query: { disableCookieCache: true } })
  if (!session) throw new AppError('session_missing', 'Auth session missing!')
  return session.session.id
}

export async function requestPasswordRecovery(email: string): Promise<void> {
  await enforceAuthRateLimit('recovery', clientIp())
  await translatingAuthErrors(() => auth().api.requestPasswordReset({ body: { email } }))
}

export async function resetPasswordWithToken(token: string, newPassword: string): Promise<void> {
  await enforceAuthRateLimit('recovery', clientIp())
  const [verification] = await database().query.verifications.findMany({
    where: (v, { eq: equals }) => equals(v.identifier, `reset-password:${token}`),
    limit: 1,
  })
  const [user] = verification ? await database().select().from(users).where(eq(users.id, verification.value)).limit(1) : []
  if (user) assertStrongPassword(newPassword, { email: user.emailIsPlaceholder ? null : user.email, name: user.name, phoneNumber: user.phoneNumber })
  await translatingAuthErrors(() => auth().api.resetPassword({ body: { token, newPassword } }))
}

export async function changePassword(
  input: { currentPassword: string; newPassword: string; revokeOtherSessions: boolean },
  headers: Headers,
): Promise<AuthCookies> {
  await enforceAuthRateLimit('sign-in', clientIp())
  const result = await translatingAuthErrors(() => auth().api.changePassword({ body: input, headers, returnHeaders: true }))
  return { setCookies: setCookiesOf(result.headers) }
}

export async function verifyEmailToken(token: string, headers: Headers): Promise<AuthCookies> {
  await enforceAuthRateLimit('code', clientIp())
  const result = await translatingAuthErrors(() => auth().api.verifyEmail({ query: { token }, headers, returnHeaders: true }))
  return { setCookies: setCookiesOf(result.headers) }
}

export async function resendVerificationEmail(email: string): Promise<void> {
  await enforceAuthRateLimit('code', clientIp())
  await translatingAuthErrors(() => auth().api.sendVerificationEmail({ body: { email } }))
}

export async function sendPhoneVerificationCode(phoneNumber: string): Promise<void> {
  await enforceAuthRateLimit('code', clientIp())
  await translatingAuthErrors(() => auth().api.sendPhoneNumberOTP({ body: { phoneNumber } }))
}

export async function verifyPhoneCode(phoneNumber: string, code: string, headers: Headers): Promise<AuthCookies> {
  await enforceAuthRateLimit('code', clientIp())
  await translatingAuthErrors(() => auth().api.verifyPhoneNumber({ body: { phoneNumber, code, disableSession: true } }))
  return refreshSessionCookies(headers)
}

/** Re-reads the session from the database so the signed cookie cache reflects a change to the user. */
export async function refreshSessionCookies(headers: Headers): Promise<AuthCookies> {
  const result = await auth().api.getSession({ headers, query: { disableCookieCache: true }, returnHeaders: true })
  return { setCookies: setCookiesOf(result.headers) }
}

export async function signOut(headers: Headers): Promise<AuthCookies> {
  try {
    const result = await auth().api.signOut({ headers, returnHeaders: true })
    return { setCookies: setCookiesOf(result.headers) }
  } catch (error) {
    // §8: a sign-out without a live session is still a sign-out.
    const status = (error as { statusCode?: number }).statusCode
    if (status === 401 || status === 403 || status === 404) return { setCookies: [] }
    throw error
  }
}

/** Ends one session by id (bearer logout): its cookie, refresh tokens and cached access all stop working. */
export async function endSession(sessionId: string): Promise<void> {
  await bearerSessions().revokeSession(sessionId)
  const [row] = await database().select({ token: sessions.token }).from(sessions).where(eq(sessions.id, sessionId)).limit(1)
  if (row) await (await auth().$context).internalAdapter.deleteSession(row.token)
}

export async function enrolTotp(password: string, headers: Headers): Promise<{ totpURI: string; backupCodes: string[] }> {
  await enforceAuthRateLimit('sign-in', clientIp())
  const result = await translatingAuthErrors(() => auth().api.enableTwoFactor({ body: { password, method: 'totp' }, headers }))
  if (!('totpURI' in result)) throw new AppError('conflict', 'TOTP enrolment did not start')
  return { totpURI: result.totpURI, backupCodes: result.backupCodes }
}

export async function confirmTotp(code: string, headers: Headers): Promise<AuthCookies> {
  await enforceAuthRateLimit('sign-in', clientIp())
  const result = await translatingAuthErrors(() => auth().api.verifyTOTP({ body: { code }, headers, returnHeaders: true }))
  return { setCookies: setCookiesOf(result.headers) }
}

export async function disableTotp(password: string, headers: Headers): Promise<AuthCookies> {
  await enforceAuthRateLimit('sign-in', clientIp())
  const result = await translatingAuthErrors(() => auth().api.disableTwoFactor({ body: { password }, headers, returnHeaders: true }))
  return { setCookies: setCookiesOf(result.headers) }
}

/** What a platform admin may bar a user with: Better Auth's admin plugin refuses their new sessions while it lasts. */
export type Ban = { reason: string; expiresAt: Date | null }

/** Sets a user's platform role in the caller's transaction; their sessions still carry the old role until ended. */
export async function updatePlatformRole(db: Database | Transaction, userId: string, role: PlatformRole): Promise<void> {
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId))
}

/** Bans a user (null lifts the ban) in the caller's transaction; an expired ban is lifted at their next sign-in. */
export async function updateBan(db: Database | Transaction, userId: string, ban: Ban | null): Promise<void> {
  await db
    .update(users)
    .set({ banned: ban !== null, banReason: ban?.reason ?? null, banExpires: ban?.expiresAt ?? null, updatedAt: new Date() })
    .where(eq(users.id, userId))
}

/**
 * Deletes every session of a user in the caller's transaction (refresh tokens and active companies go with
 * them); pass the ids to `revokeSessions` once it committed.
 */
export async function deleteUserSessions(db: Database | Transaction, userId: string): Promise<string[]> {
  const deleted = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id })
  return deleted.map((row) => row.id)
}

/** The ids of the user's sessions, for records other modules keep per session (the active company). */
export async function sessionIdsOf(db: Database | Transaction, userId: string): Promise<string[]> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))
  return rows.map((row) => row.id)
}

/** Holds the user's row (`FOR UPDATE`) until the transaction ends, so that changes to one user apply one after the other; false for an unknown user. */
export async function lockUser(tx: Transaction, userId: string): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
  return row !== undefined
}

/** Cookie caches and access tokens stop vouching for these ended sessions at once (ADR 003). */
export function revokeSessions(sessionIds: string[]): void {
  for (const id of sessionIds) sessionRevocations().revoke(id)
}
