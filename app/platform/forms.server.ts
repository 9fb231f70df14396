import { data } from 'react-router'
import type * as z from 'zod'
import { databaseUnavailable, isDatabaseUnavailable } from './db/database-errors.server'
import { type AppError, isAppError } from './errors'
import { appErrorMessage } from './error-message.server'
import { fieldErrorsOf } from './validation'

/** What a form action answers on failure: field errors are catalog keys, the form error is translated. */
export type FormFailure = {
  ok: false
  fieldErrors: Record<string, string[]>
  formError?: { code: string; message: string; reasons?: string[]; limit?: PlanLimitReach }
}

/** A plan limit a refused action would have passed (402 plan_limit_reached): which, the plan's limit and the usage. */
export type PlanLimitReach = { key: string; limit: number; usage: number }

/** Extra state a failed multi-step form needs to stay on its step (e.g. the email a code went to). */
export type FailureExtra = Record<string, string | number | boolean | string[]>

const BOOLEAN_FIELDS = new Set(['on', 'true'])

/** Reads a urlencoded or multipart form into a plain object: checkboxes become booleans. */
export function formToObject(form: FormData, booleanFields: string[] = []): Record<string, unknown> {
  const object: Record<string, unknown> = {}
  for (const [key, value] of form) if (typeof value === 'string') object[key] = value
  for (const key of booleanFields) object[key] = BOOLEAN_FIELDS.has(String(form.get(key) ?? ''))
  return object
}

export function parseForm<S extends z.ZodType>(schema: S, form: FormData, booleanFields: string[] = []): { ok: true; data: z.infer<S> } | FormFailure {
  const parsed = schema.safeParse(formToObject(form, booleanFields))
  if (parsed.success) return { ok: true, data: parsed.data }
  return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) }
}

/** The response of a failed action: 4xx with translated messages, never a 500 for bad input. */
export function failure(result: FormFailure, status = 422, extra: FailureExtra = {}) {
  return data({ ...extra, ...result }, { status })
}

/** An unreachable database as the `unavailable` AppError (503, retry shortly); any other error unchanged. */
function unavailableOr(error: unknown): unknown {
  return !isAppError(error) && isDatabaseUnavailable(error) ? databaseUnavailable('unreachable') : error
}

const retryable = (error: AppError) => error.status < 500 || error.code === 'unavailable'

/**
 * Converts a service error into a form failure (an unreachable database too: the form keeps its input and says to
 * try again); anything unexpected is rethrown to the error boundary.
 */
export function failureFromError(thrown: unknown, extra: FailureExtra = {}) {
  const error = unavailableOr(thrown)
  if (!isAppError(error) || !retryable(error)) throw thrown
  const fieldKeys = (error.details?.fields ?? {}) as Record<string, string[]>
  const reasons = Array.isArray(error.details?.reasons) ? (error.details.reasons as string[]) : undefined
  const limit = error.code === 'plan_limit_reached' ? (error.details as PlanLimitReach) : undefined
  const result: FormFailure = {
    ok: false,
    fieldErrors: fieldKeys,
    formError: {
      code: error.code,
      message: appErrorMessage(error),
      reasons,
      ...(limit ? { limit: { key: limit.key, limit: limit.limit, usage: limit.usage } } : {}),
    },
  }
  const headers = typeof error.details?.retryAfterSeconds === 'number' ? { 'Retry-After': String(error.details.retryAfterSeconds) } : undefined
  return data({ ...extra, ...result }, { status: error.status, headers })
}

/** Runs a loader's service calls; an AppError (or an unreachable database, 503) becomes a route error response. */
export async function withRouteErrors<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (thrown) {
    const error = unavailableOr(thrown)
    if (!isAppError(error) || !retryable(error)) throw thrown
    const retryAfter = error.details?.retryAfterSeconds
    throw data(appErrorMessage(error), { status: error.status, headers: typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : undefined })
  }
}
