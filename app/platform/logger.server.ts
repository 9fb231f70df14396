import pino from 'pino'
import { env } from './env.server'

/** Paths pino blanks out wherever they appear, so secrets never reach the log. */
export const REDACTED_PATHS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'access_token',
  'refresh_token',
  'code',
  'otp',
  'secret',
  'authorization',
  'cookie',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.code',
  '*.otp',
  '*.secret',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
]

const globalLogger = globalThis as unknown as { __tradeportLogger?: pino.Logger }

export function logger(): pino.Logger {
  globalLogger.__tradeportLogger ??= pino({
    level: env().LOG_LEVEL,
    base: { service: 'tradeport' },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  })
  return globalLogger.__tradeportLogger
}
