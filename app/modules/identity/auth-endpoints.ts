import type { AuthRateLimitGroup } from '../../platform/rate-limit.server'

/** A body field holding an email address or a phone number. */
type ContactField = 'email' | 'phoneNumber'

/**
 * How one endpoint under /api/auth is guarded (ADR 017):
 * - `closed`: the product does not offer it (answered 404, left out of the API description);
 * - `group`: the per-address budget each call spends;
 * - `recipient`: the field naming whom the call mails or texts (a per-recipient budget);
 * - `account`: the field naming the account whose failed password or code attempts back off.
 */
export type AuthEndpointPolicy =
  { closed: true; reason: string } | { closed?: false; group: AuthRateLimitGroup | null; recipient?: ContactField; account?: ContactField }

const open = (group: AuthRateLimitGroup | null, fields: { recipient?: ContactField; account?: ContactField } = {}): AuthEndpointPolicy => ({ group, ...fields })
const closed = (reason: string): AuthEndpointPolicy => ({ closed: true, reason })

const NO_SOCIAL = closed('no social sign-in providers are configured')
const NOT_ENABLED = closed('not enabled in this product')

/**
 * Every endpoint mounted under /api/auth, Better Auth's and plugins' as well as ours, by path (`:x` matches one
 * segment). A test lists the mounted endpoints and fails for any path missing here, so a new plugin endpoint
 * cannot go live unguarded.
 */
export const AUTH_ENDPOINTS: Record<string, AuthEndpointPolicy> = {
  // Our own routes (auth.api.server.ts); the token grants decide their budget per grant type.
  '/token': open(null),
  '/jwks': open(null),
  '/session': open(null),
  '/user': open(null),
  '/logout': open(null),
  '/sign-up/phone-number': open('sign-up'),

  // Better Auth core
  '/ok': open(null),
  '/error': open(null),
  '/get-session': open(null),
  '/list-sessions': open(null),
  '/update-session': open(null),
  '/revoke-session': open(null),
  '/revoke-sessions': open(null),
  '/revoke-other-sessions': open(null),
  '/sign-out': open(null),
  '/update-user': open(null),
  '/list-accounts': open(null),
  '/sign-up/email': open('sign-up', { recipient: 'email' }),
  '/sign-in/email': open('sign-in', { account: 'email' }),
  '/change-password': open('sign-in'),
  '/verify-password': open('sign-in'),
  '/send-verification-email': open('code', { recipient: 'email' }),
  '/verify-email': open('code'),
  '/request-password-reset': open('recovery', { recipient: 'email' }),
  '/reset-password': open('recovery'),
  '/reset-password/:token': open('recovery'),
  '/change-email': NOT_ENABLED,
  '/delete-user': NOT_ENABLED,
  '/delete-user/callback': NOT_ENABLED,
  '/sign-in/social': NO_SOCIAL,
  '/callback/:id': NO_SOCIAL,
  '/link-social': NO_SOCIAL,
  '/unlink-account': NO_SOCIAL,
  '/get-access-token': NO_SOCIAL,
  '/refresh-token': NO_SOCIAL,
  '/account-info': NO_SOCIAL,

  // email-otp plugin
  '/email-otp/send-verification-otp': open('code', { recipient: 'email' }),
  '/email-otp/check-verification-otp': open('code', { account: 'email' }),
  '/email-otp/verify-email': open('code', { account: 'email' }),
  '/sign-in/email-otp': open('code', { account: 'email' }),
  '/email-otp/request-password-reset': open('recovery', { recipient: 'email' }),
  '/forget-password/email-otp': open('recovery', { recipient: 'email' }),
  '/email-otp/reset-password': open('recovery', { account: 'email' }),
  '/email-otp/request-email-change': NOT_ENABLED,
  '/email-otp/change-email': NOT_ENABLED,

  // phone-number plugin
  '/sign-in/phone-number': open('sign-in', { account: 'phoneNumber' }),
  '/phone-number/send-otp': open('code', { recipient: 'phoneNumber' }),
  '/phone-number/verify': open('code', { account: 'phoneNumber' }),
  '/phone-number/request-password-reset': open('recovery', { recipient: 'phoneNumber' }),
  '/phone-number/reset-password': open('recovery', { account: 'phoneNumber' }),

  // two-factor plugin (its codes are also limited per sign-in attempt by the plugin itself)
  '/two-factor/enable': open('sign-in'),
  '/two-factor/disable': open('sign-in'),
  '/two-factor/get-totp-uri': open('sign-in'),
  '/two-factor/generate-backup-codes': open('sign-in'),
  '/two-factor/verify-totp': open('sign-in'),
  '/two-factor/verify-backup-code': open('sign-in'),
  '/two-factor/send-otp': closed('second-factor codes by mail or SMS are not offered'),
  '/two-factor/verify-otp': closed('second-factor codes by mail or SMS are not offered'),

  // openAPI plugin: the description is merged into /api/openapi.json; its own reference page is off
  '/open-api/generate-schema': open(null),
  '/reference': open(null),
}

const ADMIN = closed('platform admins use /api/v1/admin/users, which applies our policies and audit log')

function matches(pattern: string, path: string): boolean {
  const expected = pattern.split('/')
  const actual = path.split('/')
  return expected.length === actual.length && expected.every((part, i) => part.startsWith(':') || part === actual[i])
}

/** The policy of a path under /api/auth (without the prefix); unknown paths are closed. */
export function authEndpointPolicy(path: string): AuthEndpointPolicy {
  if (path.startsWith('/admin/')) return ADMIN
  const exact = AUTH_ENDPOINTS[path]
  if (exact) return exact
  for (const [pattern, policy] of Object.entries(AUTH_ENDPOINTS)) if (pattern.includes(':') && matches(pattern, path)) return policy
  return closed('unknown endpoint')
}

/** Whether the product serves this path under /api/auth. */
export function isOpenAuthEndpoint(path: string): boolean {
  return authEndpointPolicy(path).closed !== true
}
