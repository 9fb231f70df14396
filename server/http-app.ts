import { serveStatic } from '@hono/node-server/serve-static'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { requestId } from 'hono/request-id'
import { isbot } from 'isbot'
import { RouterContextProvider } from 'react-router'
import type { Env } from '../app/platform/env.server'
import { AppError } from '../app/platform/errors'
import { multipartBodyLimitBytes, spreadsheetBodyLimitBytes } from '../app/platform/files/limits.server'
import { readCookie, serverCookie } from '../app/platform/http/cookies'
import { detectLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, localizePath, splitLocalePath } from '../app/platform/i18n/locales'
import { requestInfoContext } from '../app/platform/request-info'
import { requestScope } from '../app/platform/request-scope.server'
import { errorResponse } from './api/errors'
import { createApiRouter } from './api/router'
import { AnonymousPageCache } from './middleware/anonymous-page-cache'
import { jsonContentLength } from './middleware/json-length'
import { compression } from './middleware/compression'
import { busyPage, databaseAdmissionLine } from './middleware/database-admission'
import { inputGuard } from './middleware/input-guard'
import { pageEtag } from './middleware/page-etag'
import { type ApiEnv, requestContext } from './middleware/request-context'
import { originCheck, securityHeaders } from './middleware/security'
import { createSeoRouter } from './seo-routes'
import { isStaticPagePath, STATIC_PAGE_TTL_MS } from './static-pages'

/** Renders a page request with React Router (the built or dev server build). */
export type DocumentHandler = (request: Request, context: RouterContextProvider) => Promise<Response>

/** Paths that are never pages: they skip the locale redirect and the React Router handler. */
const NON_PAGE_PREFIXES = ['/api/', '/assets/', '/socket.io/']
/** Files of public/ (copied to build/client) served in production; development's Vite serves all of public/. */
const PUBLIC_FILES = new Set(['/favicon.svg', '/maps/world-land.svg'])
const ROUTE_MANIFEST_PATH = '/__manifest'
const FILES_API_PATH = '/api/v1/files'
/** The product import page (after its locale): its upload form posts the spreadsheet itself. */
const IMPORT_PAGE_PATH = '/app/products/import'
const ANONYMOUS_PAGE_TTL_MS = 10_000

export function isPagePath(path: string): boolean {
  return path !== '/api' && !PUBLIC_FILES.has(path) && !NON_PAGE_PREFIXES.some((p) => path.startsWith(p))
}

const STATUS_LABELS: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Page Not Found', 503: 'Service Unavailable' }

/** Bots get the status and a minimal plain page instead of the interactive error page (§2). */
export function forBots(request: Request, response: Response): Response {
  if (response.status < 400 || !isbot(request.headers.get('user-agent'))) return response
  const label = STATUS_LABELS[response.status] ?? (response.status < 500 ? 'Bad Request' : 'Internal Server Error')
  return new Response(`${response.status} ${label}\n`, { status: response.status, headers: { 'content-type': 'text/plain; charset=utf-8' } })
}

/** Uploads travel as multipart/form-data: to the files API, and to page actions (any page path). */
export function isUploadRequest(path: string, contentType: string | undefined): boolean {
  return /^multipart\/form-data\b/i.test(contentType ?? '') && (path === FILES_API_PATH || isPagePath(path))
}

/**
 * Uploads that may carry a product import spreadsheet: POSTs to the files API and to the import page (or its
 * React Router data request, …/import.data). The files service then holds each purpose to its own limit.
 */
export function isSpreadsheetUploadRequest(method: string, path: string, contentType: string | undefined): boolean {
  if (method !== 'POST' || !isUploadRequest(path, contentType)) return false
  if (path === FILES_API_PATH) return true
  const { locale, rest } = splitLocalePath(path.endsWith('.data') ? path.slice(0, -'.data'.length) : path)
  return locale !== null && rest === IMPORT_PAGE_PATH
}

/**
 * BODY_LIMIT_BYTES for every request but uploads, which may carry the largest file plus the form around it;
 * spreadsheet uploads may carry the (larger) spreadsheet limit.
 */
function requestBodyLimit(config: Env): MiddlewareHandler {
  // The rest of the body is left unread, so the connection cannot carry another request: it closes after the answer
  // (a client that reused it would otherwise see its next request dropped).
  const onError = (c: Context) => {
    c.header('Connection', 'close')
    return errorResponse(c, new AppError('payload_too_large', 'Payload too large'))
  }
  const standard = bodyLimit({ maxSize: config.BODY_LIMIT_BYTES, onError })
  const uploads = bodyLimit({ maxSize: Math.max(config.BODY_LIMIT_BYTES, multipartBodyLimitBytes(config)), onError })
  const spreadsheets = bodyLimit({ maxSize: Math.max(config.BODY_LIMIT_BYTES, multipartBodyLimitBytes(config), spreadsheetBodyLimitBytes(config)), onError })
  return (c, next) => {
    // A GET or HEAD without Content-Length or Transfer-Encoding has no body: over HTTP/1.1 a body needs one of them (RFC
    // 9112 §6.3), and a fetch Request of these methods cannot carry one. Nothing to limit; asking the Node adapter for
    // the body anyway builds a whole fetch Request (measured: a tenth of an order list's CPU, a fifth of the health
    // check's). Other methods are measured as before, whether or not their headers announce a body.
    const method = c.req.method
    if ((method === 'GET' || method === 'HEAD') && c.req.header('content-length') === undefined && c.req.header('transfer-encoding') === undefined)
      return next()
    const contentType = c.req.header('content-type')
    if (isSpreadsheetUploadRequest(method, c.req.path, contentType)) return spreadsheets(c, next)
    return isUploadRequest(c.req.path, contentType) ? uploads(c, next) : standard(c, next)
  }
}

/** The whole HTTP surface: middleware, /api, static files, the locale redirect and the page handler. */
export function createHttpApp(config: Env, handleDocument: DocumentHandler) {
  const app = new Hono<ApiEnv>()
  // Anonymous pages are the same for every visitor: render them at most every few seconds in production.
  const pageCache = config.NODE_ENV === 'production' ? new AnonymousPageCache(ANONYMOUS_PAGE_TTL_MS, 500) : null

  app.use(requestId({ headerName: 'x-request-id', limitLength: 64 }))
  app.use(requestContext())
  app.use(securityHeaders(config))
  app.use(compression())
  app.use(jsonContentLength())
  app.use(requestBodyLimit(config))
  app.use(originCheck(config))
  app.use(inputGuard(isPagePath))
  app.use(databaseAdmissionLine(isPagePath))
  app.onError((error, c) => errorResponse(c, error))

  app.route('/', createApiRouter())
  app.route('/', createSeoRouter(config))

  if (config.NODE_ENV === 'production') {
    // Compressed at build time (Brotli and gzip copies beside each file); the compression middleware leaves them be.
    app.use(
      '/assets/*',
      serveStatic({ root: './build/client', precompressed: true, onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable') }),
    )
    // Only the public files are looked up on disk; page requests never touch the file system.
    const publicFiles = serveStatic({ root: './build/client', onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=86400') })
    for (const file of PUBLIC_FILES) app.use(file, publicFiles)
  }

  app.use('*', pageEtag())
  app.all('*', async (c) => {
    const path = c.req.path
    if (!isPagePath(path)) return errorResponse(c, new AppError('not_found', `Not found: ${path}`))
    // React Router's data requests end in .data (the home page's is /en.data); its route discovery has no locale.
    const { locale } = splitLocalePath(path.endsWith('.data') ? path.slice(0, -'.data'.length) : path)
    const rejectedInput = c.get('rejectedInput') ?? null
    // A refused path is not redirected (its text cannot go into a Location header): the error page answers it.
    if (!locale && path !== ROUTE_MANIFEST_PATH && !rejectedInput) {
      const detected = detectLocale({ cookieLocale: readCookie(c.req.header('cookie'), LOCALE_COOKIE), acceptLanguage: c.req.header('accept-language') })
      const search = new URL(c.req.url).search
      const target = path === '/' ? localizePath(detected, config.ROOT_REDIRECT ?? '/') : `${localizePath(detected, path)}${search}`
      c.header('Set-Cookie', serverCookie(LOCALE_COOKIE, detected, { maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS, secure: config.isHttps }))
      return c.redirect(target, 302)
    }
    const context = new RouterContextProvider()
    context.set(requestInfoContext, {
      requestId: c.get('requestId'),
      nonce: c.get('secureHeadersNonce') ?? '',
      clientIp: c.get('clientIp'),
      faultInjection: config.FAULT_INJECTION ? (c.req.header('x-tradeport-fault') ?? null) : null,
      rejectedInput,
    })
    const nonce = c.get('secureHeadersNonce') ?? ''
    const render = () => handleDocument(c.req.raw, context)
    // Static pages (prerendered at start, ADR 054) are kept an hour; other anonymous pages a few seconds.
    const ttl = isStaticPagePath(path) ? STATIC_PAGE_TTL_MS : undefined
    const response = pageCache && AnonymousPageCache.cacheable(c.req.raw) ? await pageCache.respond(c.req.raw, nonce, render, ttl) : await render()
    // A page whose loader found the database unreachable says "busy, try again" (data requests keep React Router's encoding).
    if (response.status >= 500 && requestScope()?.databaseUnavailable && !path.endsWith('.data')) {
      await response.body?.cancel()
      return busyPage()
    }
    return forBots(c.req.raw, response)
  })

  return app
}
