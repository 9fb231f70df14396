import { data } from 'react-router'
import type * as z from 'zod'
import { isAppError } from './errors'
import { appErrorMessage } from './error-message.server'
import { fieldErrorsOf } from './validation'

/** What a form action answers on failure: field errors are catalog keys, the form error is translated. */
export type FormFailure = {
  ok: false
  fieldErrors: Record<string, string[]>
  formError?: { code: string; message: string; reasons?: string[] }
}

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

/** Converts a service error into a form failure; anything unexpected is rethrown to the error boundary. */
export function failureFromError(error: unknown, extra: FailureExtra = {}) {
  if (!isAppError(error) || error.status >= 500) throw error
  const fieldKeys = (error.details?.fields ?? {}) as Record<string, string[]>
  const reasons = Array.isArray(error.details?.reasons) ? (error.details.reasons as string[]) : undefined
  const result: FormFailure = {
    ok: false,
    fieldErrors: fieldKeys,
    formError: { code: error.code, message: appErrorMessage(error), reasons },
  }
  const headers = typeof error.details?.retryAfterSeconds === 'number' ? { 'Retry-After': String(error.details.retryAfterSeconds) } : undefined
  return data({ ...extra, ...result }, { status: error.status, headers })
}


/** Runs a loader's service calls; an AppError becomes a route error response with its status and message. */
export async function withRouteErrors<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error
    throw data(appErrorMessage(error), { status: error.status })
  }
}
