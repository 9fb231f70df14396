import { AppError, isAppError, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors'

/** Socket and postgres.js connection codes: no connection could be had, or it broke. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
])

/**
 * SQLSTATEs that say "not now" rather than "wrong request": connection exceptions (class 08), insufficient resources
 * (class 53, e.g. 53300 too many connections), statement timeout (57014), shutdown and start-up (57P01–57P03).
 */
const UNAVAILABLE_SQLSTATE = /^(08|53)|^57014$|^57P0[1-3]$/

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

/** The error and what it wraps (a DrizzleQueryError's cause…), outermost first, at most five deep. */
function* causesOf(error: unknown): Generator<unknown> {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) yield current
}

/** True when `error` or what it wraps carries the SQLSTATE `state`. */
export function hasSqlState(error: unknown, state: string): boolean {
  for (const current of causesOf(error)) if (codeOf(current) === state) return true
  return false
}

/** True when `error` (or what it wraps, e.g. a DrizzleQueryError's cause) means the database cannot serve now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const current of causesOf(error)) {
    if (isAppError(current)) return current.code === 'unavailable'
    const code = codeOf(current)
    if (code && (CONNECTION_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true
    // PGlite after close() (a request that raced the shutdown).
    if (current instanceof Error && current.message === 'PGlite is closed') return true
  }
  return false
}

/** The 503 a request gets when the database cannot serve it: retry shortly, nothing was written. */
export function databaseUnavailable(reason: 'busy' | 'unreachable'): AppError {
  const message = reason === 'busy' ? 'The database is busy; retry shortly' : 'The database cannot be reached; retry shortly'
  return new AppError('unavailable', message, { reason, retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS })
}
