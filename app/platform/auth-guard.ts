/** §2: the auth guard's configuration. Paths are locale-free (`/app/dashboard`, not `/en/app/dashboard`). */
export type GuardConfig = {
  loginPath: string
  callbackPath: string
  /** Public routes the guard skips; `/**` at the end matches a whole subtree. */
  exclude: string[]
  /** When set, the guard applies only to these routes. */
  include?: string[]
  /** Save the attempted full path in a cookie so that sign-in returns there. */
  saveRedirect: boolean
}

export const REDIRECT_COOKIE = 'tp_redirect'
export const REDIRECT_COOKIE_MAX_AGE_SECONDS = 10 * 60

export const GUARD_CONFIG: GuardConfig = {
  loginPath: '/login',
  callbackPath: '/confirm',
  exclude: [
    '/',
    '/auth/update-password',
    '/locale',
    '/color-mode',
    '/languages',
    '/b2b',
    '/b2b/**',
    '/pricing',
    '/marketing',
    '/service',
    '/services/**',
    '/sourcing',
    '/orders',
    '/view/**',
    '/hscode-demo',
    '/hscode-demo/**',
    '/supplier/portal',
    '/supplier/onboard',
  ],
  saveRedirect: true,
}

export function matchesPathPattern(path: string, pattern: string): boolean {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path
  if (pattern.endsWith('/**')) {
    const base = pattern.slice(0, -3)
    return normalized === base || normalized.startsWith(`${base}/`)
  }
  return normalized === pattern
}

export type GuardDecision = { action: 'allow' } | { action: 'login'; saveRedirect: boolean }

export function guardDecision(path: string, authenticated: boolean, config: GuardConfig = GUARD_CONFIG): GuardDecision {
  if (authenticated) return { action: 'allow' }
  if (matchesPathPattern(path, config.loginPath) || matchesPathPattern(path, config.callbackPath)) return { action: 'allow' }
  if (config.include && !config.include.some((p) => matchesPathPattern(path, p))) return { action: 'allow' }
  if (config.exclude.some((p) => matchesPathPattern(path, p))) return { action: 'allow' }
  return { action: 'login', saveRedirect: config.saveRedirect }
}

const SAME_SITE = 'http://same-site.invalid'

/**
 * A same-site path that is safe to redirect to, or null: it starts with one `/` (no `//` or `/\`, so no other
 * host), holds no scheme, backslash or control character (browsers drop tabs and newlines, turning `/\t/evil` into
 * `//evil`), and comes back percent-encoded, so any text it carries fits in a Location header.
 */
export function safeRedirectTarget(candidate: string | null | undefined): string | null {
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || [...candidate].some(unsafeInPath)) return null
  const url = new URL(candidate, SAME_SITE)
  return url.origin === SAME_SITE ? `${url.pathname}${url.search}${url.hash}` : null
}

const unsafeInPath = (character: string) => character === '\\' || character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f
