/**
 * The one error type of the application. Services throw it; the API maps it to HTTP once
 * (server/api/errors.ts) and route error boundaries render it.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  invalid_body: 400,
  invalid_token: 400,
  validation_failed: 422,
  weak_password: 422,
  unauthenticated: 401,
  session_missing: 401,
  session_or_user_missing: 401,
  session_not_found: 401,
  bad_jwt: 401,
  jwt_expired: 401,
  invalid_credentials: 401,
  invalid_code: 401,
  mfa_required: 401,
  invalid_signature: 401,
  api_key_invalid: 401,
  api_key_expired: 401,
  two_factor_expired: 401,
  email_not_verified: 403,
  forbidden: 403,
  api_key_ip_refused: 403,
  api_key_not_allowed: 403,
  insufficient_scope: 403,
  account_banned: 403,
  company_required: 403,
  insufficient_role: 403,
  invitation_wrong_recipient: 403,
  publish_not_allowed: 403,
  share_password_required: 403,
  share_password_wrong: 403,
  two_factor_required: 403,
  not_found: 404,
  share_expired: 410,
  conflict: 409,
  stale_version: 409,
  invalid_transition: 409,
  not_your_turn: 409,
  idempotency_key_reused: 409,
  change_pending: 409,
  user_already_exists: 409,
  already_member: 409,
  invitation_pending: 409,
  invitation_expired: 409,
  invitation_closed: 409,
  last_owner: 409,
  owner_must_transfer: 409,
  invitation_send_limit: 409,
  application_pending: 409,
  cannot_change_own_role: 409,
  cannot_ban_self: 409,
  cannot_ban_admin: 409,
  insufficient_funds: 409,
  kyc_not_accepted: 409,
  bank_account_unverified: 409,
  plan_downgrade_blocked: 409,
  plan_unavailable: 409,
  invoice_void: 409,
  webhook_disabled: 409,
  invoice_paid: 409,
  default_plan_required: 409,
  plan_limit_reached: 402,
  assistant_disabled: 403,
  payload_too_large: 413,
  file_too_large: 413,
  unsupported_media_type: 415,
  file_type_not_allowed: 415,
  rate_limited: 429,
  account_locked: 429,
  quota_exceeded: 429,
  internal: 500,
  unavailable: 503,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

/** The Retry-After of a 503 the database causes (busy or out of reach), also shown on the "busy" page. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2

export class AppError extends Error {
  override name = 'AppError'
  readonly code: ErrorCode
  readonly details: Record<string, unknown> | undefined

  constructor(code: ErrorCode, message?: string, details?: Record<string, unknown>) {
    super(message ?? code)
    this.code = code
    this.details = details
  }

  get status(): number {
    return ERROR_STATUS[this.code]
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError
}

/** Guard in the style of invariantResponse: throws an AppError unless the condition holds. */
export function ensure(condition: unknown, code: ErrorCode, message?: string, details?: Record<string, unknown>): asserts condition {
  if (!condition) throw new AppError(code, message, details)
}
