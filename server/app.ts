import type { Server as HttpServer } from 'node:http'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { compress } from 'hono/compress'
import { requestId } from 'hono/request-id'
import { isbot } from 'isbot'
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router'
import * as serverBuild from 'virtual:react-router/server-build'
import { seedDemoData } from '../db/seed/demo.server'
import { bearerSessions } from '../app/modules/identity/index.server'
import { closeDatabase, databaseHandle } from '../app/platform/db/index.server'
import { env } from '../app/platform/env.server'
import { AppError } from '../app/platform/errors'
import { readCookie } from '../app/platform/http/cookies'
import { detectLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, localizePath, splitLocalePath } from '../app/platform/i18n/locales'
import { logger } from '../app/platform/logger.server'
import { closeRedis } from '../app/platform/redis.server'
import { requestInfoContext } from '../app/platform/request-info'
import { createApiRouter } from './api/router'
import { errorResponse } from './api/errors'
import { attachRealtime as attachSocketIo } from './realtime'
import { type AppVariables, requestContext } from './middleware/request-context'
import { originCheck, securityHeaders } from './middleware/security'

/** Paths that are never pages: they skip the locale redirect and the React Router handler. */
const NON_PAGE_PREFIXES = ['/api/', '/assets/', '/socket.io/']
const PUBLIC_FILES = new Set(['/favicon.svg', '/robots.txt'])

function isPagePath(path: string): boolean {
  return path !== '/api' && !PUBLIC_FILES.has(path) && !NON_PAGE_PREFIXES.some((p) => path.startsWith(p))
}

/** Bots get the status and a minimal plain page instead of the interactive error page (§2). */
function forBots(request: Request, response: Response): Response {
  if (response.status < 400 || !isbot(request.headers.get('user-agent'))) return response
  const label = response.status === 404 ? 'Page Not Found' : 'Internal Server Error'
  return new Response(`${response.status} ${label}\n`, { status: response.status, headers: { 'content-type': 'text/plain; charset=utf-8' } })
}

export function createApp(build: ServerBuild = serverBuild as unknown as ServerBuild) {
  const config = env()
  const handleDocument = createRequestHandler(build, config.NODE_ENV === 'production' ? 'production' : 'development')
  const app = new Hono<{ Variables: AppVariables }>()

  app.use(requestId({ headerName: 'x-request-id', limitLength: 64 }))
  app.use(requestContext())
  app.use(securityHeaders(config))
  app.use(compress())
  app.use(
    bodyLimit({
      maxSize: config.BODY_LIMIT_BYTES,
      onError: (c) => errorResponse(c, new AppError('payload_too_large', 'Payload too large')),
    }),
  )
  app.use(originCheck(config))
  app.onError((error, c) => errorResponse(c, error))

  app.route('/', createApiRouter())

  if (config.NODE_ENV === 'production') {
    app.use('/assets/*', serveStatic({ root: './build/client', onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable') }))
    app.use('*', serveStatic({ root: './build/client', onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=3600') }))
  }

  app.all('*', async (c) => {
    const path = c.req.path
    if (!isPagePath(path)) return errorResponse(c, new AppError('not_found', `Not found: ${path}`))
    const { locale } = splitLocalePath(path)
    if (!locale) {
      const detected = detectLocale({ cookieLocale: readCookie(c.req.header('cookie'), LOCALE_COOKIE), acceptLanguage: c.req.header('accept-language') })
      const search = new URL(c.req.url).search
      const target = path === '/' ? (config.ROOT_REDIRECT ? localizePath(detected, config.ROOT_REDIRECT) : localizePath(detected, '/')) : `${localizePath(detected, path)}${search}`
      c.header('Set-Cookie', `${LOCALE_COOKIE}=${detected}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${config.isHttps ? '; Secure' : ''}`)
      return c.redirect(target, 302)
    }
    const context = new RouterContextProvider()
    context.set(requestInfoContext, {
      requestId: c.get('requestId'),
      nonce: c.get('secureHeadersNonce') ?? '',
      clientIp: c.get('clientIp'),
      faultInjection: config.FAULT_INJECTION ? (c.req.header('x-tradeport-fault') ?? null) : null,
    })
    return forBots(c.req.raw, await handleDocument(c.req.raw, context))
  })

  return app
}

/** Migrates, seeds a fresh database with the demo accounts, and warms the signing keys. */
export async function startApp(): Promise<{ seeded: boolean }> {
  const handle = databaseHandle()
  await handle.migrate()
  const seeded = env().SEED_DEMO ? await seedDemoData() : false
  await bearerSessions().keyRing()
  return { seeded }
}

export async function stopApp(): Promise<void> {
  await closeRedis()
  await closeDatabase()
}

export function attachRealtime(httpServer: HttpServer) {
  return attachSocketIo(httpServer, env())
}

export { env, logger }
export { DEMO_ACCOUNTS } from '../db/seed/demo-accounts'
