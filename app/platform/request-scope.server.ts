import { AsyncLocalStorage } from 'node:async_hooks'
import { DEFAULT_LOCALE, type Locale } from './i18n/locales'

/** What every piece of server code may know about the request it serves, without threading it through. */
export type RequestScope = {
  requestId: string
  locale: Locale
  clientIp: string
  /** The signed-in person the request acts for, once known (realtime changes are not echoed back to them). */
  userId?: string
  /** Set when the database could not serve this request, so a page shows "busy, try again" (503), not a 500. */
  databaseUnavailable?: boolean
}

const storage = new AsyncLocalStorage<RequestScope>()

export function runInRequestScope<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn)
}

export function requestScope(): RequestScope | undefined {
  return storage.getStore()
}

export function currentLocale(): Locale {
  return storage.getStore()?.locale ?? DEFAULT_LOCALE
}

/** Records who the current request acts for (set where the actor is resolved: page guard, API, socket event). */
export function actingAs(userId: string): void {
  const scope = storage.getStore()
  if (scope) scope.userId = userId
}

/** Records that the database could not serve the current request (see RequestScope.databaseUnavailable). */
export function noteDatabaseUnavailable(): void {
  const scope = storage.getStore()
  if (scope) scope.databaseUnavailable = true
}
