import { APIError } from 'better-auth/api'
import { AppError, ERROR_STATUS, type ErrorCode } from '../../platform/errors'

const CODE_MAP: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'invalid_credentials',
  INVALID_PHONE_NUMBER_OR_PASSWORD: 'invalid_credentials',
  INVALID_PASSWORD: 'invalid_credentials',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'invalid_credentials',
  USER_ALREADY_EXISTS: 'user_already_exists',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'user_already_exists',
  PHONE_NUMBER_EXIST: 'user_already_exists',
  INVALID_OTP: 'invalid_code',
  OTP_EXPIRED: 'invalid_code',
  OTP_HAS_EXPIRED: 'invalid_code',
  OTP_NOT_FOUND: 'invalid_code',
  INVALID_CODE: 'invalid_code',
  INVALID_BACKUP_CODE: 'invalid_code',
  TOO_MANY_ATTEMPTS: 'rate_limited',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'rate_limited',
  ACCOUNT_TEMPORARILY_LOCKED: 'rate_limited',
  INVALID_TOKEN: 'invalid_token',
  TOKEN_EXPIRED: 'invalid_token',
  INVALID_TWO_FACTOR_COOKIE: 'two_factor_expired',
  PASSWORD_TOO_SHORT: 'weak_password',
  PASSWORD_TOO_LONG: 'weak_password',
  FAILED_TO_GET_SESSION: 'session_missing',
  SESSION_EXPIRED: 'session_missing',
  USER_NOT_FOUND: 'invalid_credentials',
  INVALID_PHONE_NUMBER: 'validation_failed',
  INVALID_EMAIL: 'validation_failed',
  VALIDATION_ERROR: 'validation_failed',
  EMAIL_ALREADY_VERIFIED: 'conflict',
  TOTP_ALREADY_ENABLED: 'conflict',
  TWO_FACTOR_NOT_ENABLED: 'conflict',
  BANNED_USER: 'account_banned',
  PHONE_NUMBER_NOT_EXIST: 'invalid_credentials',
}

const STATUS_FALLBACK: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'session_missing',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'rate_limited',
}

/** The product's error code for a Better Auth error code and HTTP status. */
export function mapAuthErrorCode(code: string | undefined, status: number): ErrorCode | null {
  // Our own hooks throw inside Better Auth with the product's codes (weak_password, rate_limited, account_locked…).
  if (code && Object.hasOwn(ERROR_STATUS, code)) return code as ErrorCode
  if (code && CODE_MAP[code]) return CODE_MAP[code]
  return STATUS_FALLBACK[status] ?? null
}

/** Turns Better Auth's APIError into an AppError; anything else passes through unchanged. */
export function toAppError(error: unknown): unknown {
  if (!(error instanceof APIError)) return error
  const body = (error.body ?? {}) as { code?: string; message?: string; details?: Record<string, unknown> }
  const code = mapAuthErrorCode(body.code, error.statusCode)
  if (!code) return error
  const details = code === 'weak_password' && !body.details ? { reasons: [body.code === 'PASSWORD_TOO_LONG' ? 'too_long' : 'length'] } : body.details
  return new AppError(code, body.message ?? code, details)
}

export async function translatingAuthErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    throw toAppError(error)
  }
}
