// Who may open a shared document (issue 20): the rules of `/view?token=…`, apart from the database and the hashing.

/** A token is 32 random bytes in base64url: anything else is refused before any lookup. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export const isWellFormedToken = (token: string | null | undefined): token is string => typeof token === 'string' && SHARE_TOKEN_PATTERN.test(token)

/** What the stored link says. */
export type ShareLinkFacts = { revokedAt: Date | null; expiresAt: Date; hasPassword: boolean }

/** What a visitor offered: no password, or one that matched the stored hash or not. */
export type OfferedPassword = 'none' | 'matches' | 'wrong'

export type ShareAccess =
  | { ok: true }
  | { ok: false; status: 404; reason: 'unknown' | 'revoked' }
  | { ok: false; status: 410; reason: 'expired' }
  | { ok: false; status: 403; reason: 'password_required' | 'wrong_password' }

/**
 * Whether the link opens: a malformed or unknown token and a revoked link are not found (404, nothing said about what
 * existed); an expired one is gone (410); a protected one asks for its password (403) — checked last, so that a wrong
 * guess at a dead link learns nothing.
 */
export function shareAccess(link: ShareLinkFacts | null, now: Date, password: OfferedPassword): ShareAccess {
  if (!link) return { ok: false, status: 404, reason: 'unknown' }
  if (link.revokedAt && link.revokedAt <= now) return { ok: false, status: 404, reason: 'revoked' }
  if (link.expiresAt <= now) return { ok: false, status: 410, reason: 'expired' }
  if (link.hasPassword && password === 'none') return { ok: false, status: 403, reason: 'password_required' }
  if (link.hasPassword && password === 'wrong') return { ok: false, status: 403, reason: 'wrong_password' }
  return { ok: true }
}
