import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api'
import { admin, emailOTP, openAPI, phoneNumber, twoFactor } from 'better-auth/plugins'
import type { Database } from '../../platform/db/index.server'
import type { Env } from '../../platform/env.server'
import { isAppError } from '../../platform/errors'
import { localizePath } from '../../platform/i18n/locales'
import { appErrorMessage } from '../../platform/error-message.server'
import { logger } from '../../platform/logger.server'
import { sendMail } from '../../platform/mail/mailer.server'
import { currentLocale } from '../../platform/request-scope.server'
import { sendSms } from '../../platform/sms/sms.server'
import { afterAuthEndpoint, beforeAuthEndpoint } from './auth-limits.server'
import { phoneCodeText, recoveryMail, signInCodeMail, verificationMail } from './auth-mail.server'
import { accounts, sessions, twoFactors, users, verifications } from './identity.tables.server'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-policy'
import { assertStrongPassword } from './password-policy.server'
import { isPlaceholderEmail, isValidPhoneNumber } from './identifiers'

const DAY_SECONDS = 24 * 60 * 60
/** §9: the session cookie lives 400 days and slides forward at most once a day. */
export const SESSION_MAX_AGE_SECONDS = 400 * DAY_SECONDS
export const SESSION_UPDATE_AGE_SECONDS = DAY_SECONDS
/** Pages and API calls trust the signed session cookie this long before looking at the database again. */
export const SESSION_COOKIE_CACHE_SECONDS = 5 * 60
export const VERIFICATION_LINK_SECONDS = DAY_SECONDS
export const RECOVERY_LINK_SECONDS = 60 * 60
export const ONE_TIME_CODE_SECONDS = 10 * 60

/** Paths whose new session has passed a second factor. */
const SECOND_FACTOR_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code', '/two-factor/verify-otp'])
/** Responses that carry session objects (the caller's own or, for list-sessions, every other one). */
const SESSION_RESPONSE_PATHS = new Set([
  '/get-session',
  '/list-sessions',
  '/update-session',
  '/sign-in/email',
  '/sign-in/phone-number',
  '/sign-in/email-otp',
  '/sign-up/email',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/email-otp/verify-email',
  '/phone-number/verify',
  '/verify-email',
])
/** Sign-in paths that must stop at the two-factor step for enrolled users. */
const FIRST_FACTOR_PATHS = new Set(['/sign-in/email', '/sign-in/phone-number', '/sign-in/email-otp'])

/** An AppError thrown inside Better Auth leaves as its APIError, with the product's code, message and details. */
function asApiError(error: unknown): never {
  if (isAppError(error)) {
    const retryAfter = error.details?.retryAfterSeconds
    throw new APIError(
      error.status as 429,
      { code: error.code, message: appErrorMessage(error), details: error.details },
      typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : {},
    )
  }
  throw error
}

/** Session objects leave without their token: the signed cookie is the credential, and script never needs it. */
function withoutSessionTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSessionTokens)
  if (!value || typeof value !== 'object' || value instanceof Date) return value
  const { token: _token, ...rest } = value as Record<string, unknown>
  return Object.fromEntries(Object.entries(rest).map(([key, inner]) => [key, key === 'session' ? withoutSessionTokens(inner) : inner]))
}

function recipientName(user: { name: string; email: string }): { email: string; name: string } {
  return { email: user.email, name: user.name || user.email }
}

type AuthHooks = {
  /** A session ended (sign-out, password reset, revocation): caches that vouch for it must stop. */
  onSessionEnded?: (sessionId: string) => void
  /** Whether a session ended recently; its signed cookie cache then no longer vouches for it (ADR 017). */
  isSessionRevoked?: (sessionId: string) => boolean
}

export function createAuth(db: Database, config: Env, hooks: AuthHooks = {}) {
  const publicLink = (path: string, query: Record<string, string>) =>
    `${config.PUBLIC_URL}${localizePath(currentLocale(), path)}?${new URLSearchParams(query).toString()}`

  const secondFactor = twoFactor({ issuer: 'Tradeport', backupCodeOptions: { amount: 10, length: 10 } })
  // Better Auth stops password sign-ins at the second factor; a one-time email code must stop there too.
  for (const hook of secondFactor.hooks.after) hook.matcher = (context) => FIRST_FACTOR_PATHS.has(context.path ?? '')

  return betterAuth({
    appName: 'Tradeport',
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret: config.AUTH_SECRET,
    trustedOrigins: [config.PUBLIC_URL],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    telemetry: { enabled: false },
    logger: {
      level: config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace' ? 'debug' : 'warn',
      log: (level, message) => logger()[level]({ source: 'better-auth' }, message),
    },
    // Refusals are answers, not faults: only server errors are logged, through our logger.
    onAPIError: {
      onError: (error) => {
        if (!(error instanceof APIError) || error.statusCode >= 500) logger().error({ source: 'better-auth', err: error }, 'auth endpoint failed')
      },
    },
    // Our own limiter covers every auth surface (REST and page actions) with one configurable budget.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'tp',
      useSecureCookies: config.isHttps,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.isHttps, path: '/' },
      ipAddress: { ipAddressHeaders: ['x-real-ip'] },
    },
    session: {
      expiresIn: SESSION_MAX_AGE_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      cookieCache: {
        enabled: true,
        maxAge: SESSION_COOKIE_CACHE_SECONDS,
        // Read on every use of the cache, by every endpoint: a revoked session's cache no longer matches, so
        // Better Auth looks the session up in the database, finds it gone and answers as signed out.
        version: (session) => (hooks.isSessionRevoked?.(session.id) ? 'revoked' : '1'),
      },
      additionalFields: { aal: { type: 'string', required: false, defaultValue: 'aal1', input: false } },
    },
    user: {
      additionalFields: {
        emailIsPlaceholder: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      requireEmailVerification: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RECOVERY_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        if (isPlaceholderEmail(user.email)) return
        const url = publicLink('/auth/update-password', { token })
        await sendMail(recoveryMail(currentLocale(), recipientName(user), url, RECOVERY_LINK_SECONDS / 60))
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        if (isPlaceholderEmail(user.email)) return
        const url = publicLink('/confirm', { type: 'email', token })
        await sendMail(verificationMail(currentLocale(), recipientName(user), url, VERIFICATION_LINK_SECONDS / 60))
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({ data: { ...user, emailIsPlaceholder: isPlaceholderEmail(user.email) } }),
        },
      },
      session: {
        create: {
          before: async (session, context) => ({
            data: { ...session, aal: context?.path && SECOND_FACTOR_PATHS.has(context.path) ? 'aal2' : 'aal1' },
          }),
        },
        delete: {
          after: async (session) => {
            hooks.onSessionEnded?.(session.id)
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>
        try {
          if (ctx.path === '/sign-up/email' && typeof body.password === 'string') {
            assertStrongPassword(body.password, {
              email: isPlaceholderEmail(String(body.email ?? '')) ? null : String(body.email ?? ''),
              name: String(body.name ?? ''),
              phoneNumber: typeof body.phoneNumber === 'string' ? body.phoneNumber : null,
            })
          }
          if (ctx.path === '/change-password' && typeof body.newPassword === 'string') {
            const session = await getSessionFromCtx(ctx)
            assertStrongPassword(body.newPassword, session?.user ?? {})
          }
          if ((ctx.path === '/reset-password' || ctx.path === '/phone-number/reset-password') && typeof body.newPassword === 'string') {
            assertStrongPassword(body.newPassword, {})
          }
          await beforeAuthEndpoint(ctx.path ?? '', body)
        } catch (error) {
          asApiError(error)
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned
        const failed = returned instanceof APIError
        const code = failed ? (returned.body as { code?: string } | undefined)?.code : undefined
        try {
          await afterAuthEndpoint(ctx.path ?? '', (ctx.body ?? {}) as Record<string, unknown>, failed ? { failed, code } : { failed })
        } catch (error) {
          asApiError(error)
        }
        if (!failed && !(returned instanceof Response) && SESSION_RESPONSE_PATHS.has(ctx.path ?? ''))
          return ctx.json(withoutSessionTokens(returned) as Record<string, unknown>) // list-sessions' array goes out as JSON all the same
      }),
    },
    plugins: [
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      phoneNumber({
        otpLength: 6,
        expiresIn: ONE_TIME_CODE_SECONDS,
        allowedAttempts: 5,
        phoneNumberValidator: (value) => isValidPhoneNumber(value),
        sendOTP: async ({ phoneNumber: to, code }) => {
          await sendSms({ to, text: phoneCodeText(currentLocale(), code, ONE_TIME_CODE_SECONDS / 60) })
        },
        sendPasswordResetOTP: async ({ phoneNumber: to, code }) => {
          await sendSms({ to, text: phoneCodeText(currentLocale(), code, ONE_TIME_CODE_SECONDS / 60) })
        },
      }),
      emailOTP({
        otpLength: 6,
        expiresIn: ONE_TIME_CODE_SECONDS,
        allowedAttempts: 5,
        disableSignUp: true,
        sendVerificationOTP: async ({ email, otp }) => {
          if (isPlaceholderEmail(email)) return
          await sendMail(signInCodeMail(currentLocale(), { email, name: email }, otp, ONE_TIME_CODE_SECONDS / 60))
        },
      }),
      secondFactor,
      openAPI({ disableDefaultReference: true }),
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>
