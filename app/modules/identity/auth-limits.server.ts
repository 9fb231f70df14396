import { env } from '../../platform/env.server'
import { AppError } from '../../platform/errors'
import { type BackoffPolicy, failureBackoffStore } from '../../platform/failure-backoff.server'
import { enforceRecipientRateLimit } from '../../platform/rate-limit.server'
import { authEndpointPolicy } from './auth-endpoints'
import { normalizePhoneNumber } from './identifiers'

/**
 * Per-account back-off (ADR 017): five free failures, then 15 s doubling to at most 5 minutes. A refused attempt
 * does not count, so an attacker can hold a victim off for at most five minutes at a time, and recovery by mail
 * or SMS stays open.
 */
export const ACCOUNT_BACKOFF: BackoffPolicy = { freeFailures: 5, firstLockSeconds: 15, maxLockSeconds: 300, forgetAfterSeconds: 60 * 60 }

/** Better Auth's answers to a wrong password or code; anything else (a missing field, a ban) is no guess. */
const WRONG_SECRET_CODES = new Set(['INVALID_EMAIL_OR_PASSWORD', 'INVALID_PHONE_NUMBER_OR_PASSWORD', 'INVALID_PASSWORD', 'INVALID_OTP', 'TOO_MANY_ATTEMPTS'])

type Body = Record<string, unknown>

/** An email address or phone number as one key, whatever its spelling in the request. */
function contactKey(value: unknown, field: 'email' | 'phoneNumber'): string | null {
  if (typeof value !== 'string' || !value.trim()) return null
  return field === 'email' ? value.trim().toLowerCase() : normalizePhoneNumber(value)
}

const accountKey = (key: string) => `account:${key}`

/** Refuses an attempt on an account that is backing off, with the seconds left. */
export async function assertAccountNotLocked(account: string): Promise<void> {
  if (!env().AUTH_RATE_LIMIT) return
  const seconds = await failureBackoffStore().lockedFor(accountKey(account))
  if (seconds > 0) throw new AppError('account_locked', 'Too many failed attempts for this account', { retryAfterSeconds: seconds })
}

export async function recordAccountAttempt(account: string, succeeded: boolean): Promise<void> {
  if (!env().AUTH_RATE_LIMIT) return
  if (succeeded) await failureBackoffStore().reset(accountKey(account))
  else await failureBackoffStore().fail(accountKey(account), ACCOUNT_BACKOFF)
}

/**
 * Runs before every Better Auth endpoint, called over HTTP or from a page action alike: spends the recipient's
 * budget of the calls that mail or text someone, and refuses accounts that are backing off.
 */
export async function beforeAuthEndpoint(path: string, body: Body): Promise<void> {
  const policy = authEndpointPolicy(path)
  if (policy.closed) return
  const recipient = policy.recipient ? contactKey(body[policy.recipient], policy.recipient) : null
  if (recipient) await enforceRecipientRateLimit(recipient)
  const account = policy.account ? contactKey(body[policy.account], policy.account) : null
  if (account) await assertAccountNotLocked(account)
}

/** Counts a wrong password or code against the account, and forgets the failures on success. */
export async function afterAuthEndpoint(path: string, body: Body, outcome: { failed: false } | { failed: true; code: string | undefined }): Promise<void> {
  const policy = authEndpointPolicy(path)
  const account = !policy.closed && policy.account ? contactKey(body[policy.account], policy.account) : null
  if (!account) return
  if (!outcome.failed) await recordAccountAttempt(account, true)
  else if (WRONG_SECRET_CODES.has(outcome.code ?? '')) await recordAccountAttempt(account, false)
}
