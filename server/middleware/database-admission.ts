import type { MiddlewareHandler } from 'hono'
import { AppError, isAppError, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../app/platform/errors'
import { databaseAdmission } from '../../app/platform/db/index.server'
import { detectLocale, LOCALE_ENTRIES, type Locale, splitLocalePath } from '../../app/platform/i18n/locales'
import { translator } from '../../app/platform/i18n/translate.server'
import { currentLocale } from '../../app/platform/request-scope.server'
import { errorResponse } from '../api/errors'
import type { ApiEnv } from './request-context'

/** Requests that never touch the database (or, for the health probe, must answer even when the line is full). */
const OUTSIDE_THE_LINE = ['/api/health', '/assets/', '/socket.io/', '/favicon.svg']

/**
 * Every request that may use the database waits its turn in the bounded line (app/platform/db/admission.server.ts);
 * one turned away gets 503 with Retry-After: JSON for the API, a "busy, try again" page for a page.
 */
export function databaseAdmissionLine(isPage: (path: string) => boolean): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (OUTSIDE_THE_LINE.some((prefix) => c.req.path.startsWith(prefix))) return next()
    try {
      await databaseAdmission().run(() => next(), c.req.raw.signal)
    } catch (error) {
      if (!isAppError(error) || error.code !== 'unavailable') throw error
      c.res = isPage(c.req.path) && !c.req.path.endsWith('.data') ? busyPage(error) : errorResponse(c, error)
    }
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/**
 * The page a visitor sees when the database is busy or unreachable: it needs nothing from the database (not even the
 * session), so it can always be served, and it says when to try again.
 */
export function busyPage(error?: AppError, locale: Locale = currentLocale()): Response {
  const t = translator(locale)
  const retryAfter = typeof error?.details?.retryAfterSeconds === 'number' ? error.details.retryAfterSeconds : UNAVAILABLE_RETRY_AFTER_SECONDS
  const title = t('errors.busyTitle')
  const html = `<!doctype html>
<html lang="${LOCALE_ENTRIES[locale].code}" dir="${LOCALE_ENTRIES[locale].dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>${escapeHtml(t('errors.pageTitle', { status: 503, statusMessage: title }))}</title>
<style>body{font-family:system-ui,sans-serif;display:flex;min-height:100vh;margin:0;align-items:center;justify-content:center;text-align:center}main{max-width:36rem;padding:1.5rem}p.code{font-size:3.75rem;font-weight:700;margin:0}a{display:inline-block;margin-top:1rem;padding:.5rem 1rem;border-radius:.375rem;background:#1d4ed8;color:#fff;text-decoration:none}</style></head>
<body><main id="main"><p class="code" aria-hidden="true">503</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(t('errors.busyDescription', { seconds: retryAfter }))}</p><a href="">${escapeHtml(t('errors.tryAgain'))}</a></main></body>
</html>`
  return new Response(html, {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'retry-after': String(retryAfter), 'cache-control': 'no-store' },
  })
}

/**
 * What a request gets when it arrives on a kept-alive connection after the server began to stop (server.js): 503 with
 * Retry-After and `Connection: close`, so the client retries on a fresh connection (another instance).
 */
export function stoppingResponse(request: Request, isPage: (path: string) => boolean): Response {
  const path = new URL(request.url).pathname
  const locale = splitLocalePath(path).locale ?? detectLocale({ cookieLocale: null, acceptLanguage: request.headers.get('accept-language') })
  const error = new AppError('unavailable', 'The server is restarting; retry shortly', {
    reason: 'stopping',
    retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
  })
  const response = isPage(path)
    ? busyPage(error, locale)
    : Response.json(
        { code: error.code, message: translator(locale)('errors.unavailable'), details: error.details },
        { status: 503, headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS), 'cache-control': 'no-store' } },
      )
  response.headers.set('connection', 'close')
  return response
}
