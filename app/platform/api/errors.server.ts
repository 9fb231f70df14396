import type { Context } from 'hono'
import * as z from 'zod'
import { AppError, isAppError } from '../errors'
import { appErrorMessage } from '../error-message.server'
import { currentLocale } from '../request-scope.server'
import { translator } from '../i18n/translate.server'
import type { Namespace } from '../i18n/catalog.server'
import { fieldErrorsOf } from '../validation'
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

export function errorBody(error: AppError): ApiErrorBody {
  const message = appErrorMessage(error)
  return error.details ? { code: error.code, message, details: error.details } : { code: error.code, message }
}

/** The JSON answer to an AppError, with Retry-After when the error names one (server/api/errors.ts maps any thrown value). */
export function appErrorResponse(c: Context, error: AppError): Response {
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
