import { randomUUID } from 'node:crypto'
import * as z from 'zod'
import { toAppError } from '../../app/modules/identity/index.server'
import type { ServiceContext } from '../../app/platform/actor'
import { appErrorMessage } from '../../app/platform/error-message.server'
import { unstorableTextPaths } from '../../app/platform/input-text'
import { AppError, ERROR_STATUS, isAppError } from '../../app/platform/errors'
import { translator } from '../../app/platform/i18n/translate.server'
import { logger } from '../../app/platform/logger.server'
import type { Ack, RealtimeErrorCode } from '../../app/platform/realtime/events'
import { runInRequestScope } from '../../app/platform/request-scope.server'
import { fieldErrorsOf } from '../../app/platform/validation'
import type { RealtimeSocket } from './types'

type Failure = Extract<Ack, { ok: false }>

/**
 * Maps a thrown error to the error of an acknowledgement, in the socket's language. Field errors carry catalog keys
 * of the messaging namespace (as on the REST endpoint) and are translated here. An unexpected error is logged and
 * becomes `internal`.
 */
export function failureOf(thrown: unknown, socket: RealtimeSocket, event: string): Failure {
  const mapped = toAppError(thrown)
  const error = mapped instanceof z.ZodError ? new AppError('validation_failed', 'Validation failed', { fields: fieldErrorsOf(mapped) }) : mapped
  if (!isAppError(error)) {
    logger().error({ err: error, event, userId: socket.data.userId }, 'realtime handler failed')
    return failure(socket, 'internal')
  }
  const code = realtimeCodeOf(error)
  const message = appErrorMessage(error)
  const result: Failure = { ok: false, error: { code, message } }
  const retryAfter = error.details?.retryAfterSeconds
  if (code === 'rate_limited' && typeof retryAfter === 'number') result.error.retryAfterSeconds = retryAfter
  const fields = error.details?.fields
  if (code === 'validation_failed' && fields && typeof fields === 'object') {
    const t = translator(socket.data.locale, 'messaging')
    result.error.fields = Object.fromEntries(Object.entries(fields as Record<string, string[]>).map(([field, keys]) => [field, keys.map((key) => t(key))]))
  }
  if (code === 'internal') logger().error({ err: error, event, userId: socket.data.userId }, 'realtime handler failed')
  return result
}

/**
 * The protocol has fewer error codes than the application: 4xx input errors are `validation_failed`, missing access
 * (403) is `not_found` (a socket never learns whether something it may not see exists), a conflict (409, e.g. an
 * archived conversation) is `unsupported`.
 */
function realtimeCodeOf(error: AppError): RealtimeErrorCode {
  switch (error.code) {
    case 'not_found':
    case 'rate_limited':
    case 'payload_too_large':
    case 'validation_failed':
    case 'internal':
      return error.code
    case 'file_too_large':
      return 'payload_too_large'
    default: {
      const status: number = ERROR_STATUS[error.code]
      if (status === 403 || status === 401) return 'not_found'
      if (status === 409) return 'unsupported'
      if (status >= 500) return 'internal'
      return 'validation_failed'
    }
  }
}

/**
 * Socket payloads bypass the HTTP input guard (ADR 018), so the same rule applies here: text with a NUL byte or a lone
 * surrogate is refused, naming each field, before any handler or database sees it.
 */
function unstorablePayload(socket: RealtimeSocket, payload: unknown): Failure | null {
  const fields = unstorableTextPaths(payload)
  if (fields.length === 0) return null
  const refusal = failure(socket, 'validation_failed')
  const message = translator(socket.data.locale)('errors.unstorableText')
  refusal.error.fields = Object.fromEntries(fields.map((field) => [field, [message]]))
  return refusal
}

/** A refusal with the translated standard message of its code. */
export function failure(socket: RealtimeSocket, code: RealtimeErrorCode, extra: Omit<Failure['error'], 'code' | 'message'> = {}): Failure {
  return { ok: false, error: { code, message: translator(socket.data.locale)(`errors.${code}`, extra), ...extra } }
}

export type HandlerContext = { socket: RealtimeSocket; ctx: ServiceContext }

/**
 * Registers a client event: the payload is parsed with `schema` (a bad shape is `validation_failed`), the handler runs
 * in a request scope of the socket's locale with a fresh ServiceContext, and its result (or mapped error) goes to the
 * acknowledgement. Nothing a handler throws reaches Socket.IO: the process and the socket stay up. An event sent
 * without an acknowledgement callback still runs.
 */
export function handle<S extends z.ZodType, R extends object>(
  socket: RealtimeSocket,
  event: string,
  schema: S,
  handler: (input: z.infer<S>, context: HandlerContext) => Promise<Ack<R>> | Ack<R>,
): void {
  socket.on(event, (...args: unknown[]) => {
    const last = args[args.length - 1]
    const ack = typeof last === 'function' ? (last as (response: unknown) => void) : () => {}
    const payload = typeof last === 'function' && args.length === 1 ? undefined : args[0]
    const requestId = randomUUID()
    const ctx: ServiceContext = { actor: socket.data.actor, locale: socket.data.locale, requestId }
    void runInRequestScope({ requestId, locale: socket.data.locale, clientIp: socket.handshake.address, userId: socket.data.userId }, async () => {
      let response: Ack<R> | Failure
      try {
        const parsed = schema.safeParse(payload ?? {})
        response = unstorablePayload(socket, payload) ?? (parsed.success ? await handler(parsed.data, { socket, ctx }) : failureOf(parsed.error, socket, event))
      } catch (thrown) {
        response = failureOf(thrown, socket, event)
      }
      try {
        ack(response)
      } catch (thrown) {
        logger().warn({ err: thrown, event }, 'realtime acknowledgement failed')
      }
    })
  })
}
