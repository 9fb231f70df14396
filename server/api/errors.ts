import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import * as z from 'zod'
import { toAppError } from '../../app/modules/identity/index.server'
import { AppError, isAppError } from '../../app/platform/errors'
import { appErrorMessage } from '../../app/platform/error-message.server'
import { databaseUnavailable, isDatabaseUnavailable } from '../../app/platform/db/database-errors.server'
import { logger } from '../../app/platform/logger.server'
import { currentLocale, requestScope } from '../../app/platform/request-scope.server'
import { translator } from '../../app/platform/i18n/translate.server'
import type { Namespace } from '../../app/platform/i18n/catalog.server'
import { fieldErrorsOf } from '../../app/platform/validation'
import { snakeCaseName } from './schemas'

export type ApiErrorBody = { code: string; message: string; details?: Record<string, unknown> }

/** The JSON body of a request; an empty body is an empty object, malformed JSON a 400. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text()
  if (!text) return {}
  try {
    return JSON.parse(text)
  } catch {
    throw new AppError('bad_request', 'Malformed JSON body')
  }
}

/** Maps any thrown value to the product's AppError; an unreachable database is 503, unknown errors `internal` after being logged. */
export function normalizeError(error: unknown): AppError {
  const mapped = toAppError(error)
  if (isAppError(mapped)) return mapped
  if (isDatabaseUnavailable(mapped)) {
    logger().warn({ err: mapped, requestId: requestScope()?.requestId }, 'database unavailable')
    return databaseUnavailable('unreachable')
  }
  if (mapped instanceof z.ZodError) return new AppError('validation_failed', 'Validation failed', { fields: fieldErrorsOf(mapped) })
  if (mapped instanceof HTTPException) {
    if (mapped.status === 413) return new AppError('payload_too_large', 'Payload too large')
    if (mapped.status === 400) return new AppError('bad_request', mapped.message || 'Bad request')
  }
  if (mapped instanceof SyntaxError) return new AppError('bad_request', 'Malformed JSON body')
  logger().error({ err: mapped, requestId: requestScope()?.requestId }, 'unhandled error')
  return new AppError('internal', 'Internal Server Error')
}

export function errorBody(error: AppError): ApiErrorBody {
  const message = appErrorMessage(error)
  return error.details ? { code: error.code, message, details: error.details } : { code: error.code, message }
}

export function errorResponse(c: Context, thrown: unknown): Response {
  const error = normalizeError(thrown)
  const retryAfter = error.details?.retryAfterSeconds
  if (typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter))
  return c.json(errorBody(error), error.status as 400)
}

/**
 * Runs an API handler's parsing and service call; validation failures carry catalog keys per field,
 * which this turns into messages of `namespace` in the caller's locale (under the JSON names `fieldName` gives).
 */
export async function withFieldMessages<T>(
  namespace: Namespace,
  run: () => Promise<T> | T,
  fieldName: (field: string) => string = (field) => field,
): Promise<T> {
  try {
    return await run()
  } catch (thrown) {
    const error = thrown instanceof z.ZodError ? new AppError('validation_failed', 'Validation failed', { fields: fieldErrorsOf(thrown) }) : thrown
    if (!isAppError(error) || error.code !== 'validation_failed' || !error.details?.fields) throw error
    const t = translator(currentLocale(), namespace)
    const fields = Object.fromEntries(
      Object.entries(error.details.fields as Record<string, string[]>).map(([field, keys]) => [fieldName(field), keys.map((key) => t(key))]),
    )
    throw new AppError('validation_failed', error.message, { ...error.details, fields })
  }
}

/**
 * Parses a request body with a shared input schema and runs the service call with it; the field errors of both come back
 * translated from `namespace` under their JSON (snake_case) names.
 */
export function parseAndRun<S extends z.ZodType, R>(namespace: Namespace, schema: S, body: unknown, run: (input: z.infer<S>) => Promise<R>): Promise<R> {
  return withFieldMessages(namespace, () => run(schema.parse(body)), snakeCaseName)
}
