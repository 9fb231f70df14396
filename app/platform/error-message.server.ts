import type { AppError } from './errors'
import { translator } from './i18n/translate.server'
import { currentLocale } from './request-scope.server'

/** An AppError's message in the request's locale; scalar details fill its placeholders (e.g. {{limit}}). */
export function appErrorMessage(error: AppError): string {
  const values: Record<string, string | number> = {}
  for (const [key, value] of Object.entries(error.details ?? {})) if (typeof value === 'string' || typeof value === 'number') values[key] = value
  return translator(currentLocale())(`errors.${error.code}`, { ...values, defaultValue: error.message })
}
