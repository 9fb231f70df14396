import type { MiddlewareHandler } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { env } from '../../app/platform/env.server'
import { chunkSetCookies, joinCookieChunks, readCookie } from '../../app/platform/http/cookies'
import { resolveClientIp } from '../../app/platform/http/client-ip'
import { detectLocale, LOCALE_COOKIE, splitLocalePath } from '../../app/platform/i18n/locales'
import { logger } from '../../app/platform/logger.server'
import { runInRequestScope } from '../../app/platform/request-scope.server'
import type { AppVariables } from '../../app/platform/api/api-env'

export type { ApiEnv, AppVariables } from '../../app/platform/api/api-env'

function socketAddress(c: Parameters<MiddlewareHandler>[0]): string | undefined {
  try {
    return getConnInfo(c).remote.address
  } catch {
    return undefined
  }
}

/**
 * First in the chain: pins the client address (x-real-ip, never trusted from the client), reassembles
 * chunked cookies, picks the locale, runs the request inside its scope, applies the cookie size rule to
 * the response, and writes one structured log line.
 */
export function requestContext(): MiddlewareHandler<{ Variables: AppVariables }> {
  return async (c, next) => {
    const config = env()
    const started = performance.now()
    const headers = c.req.raw.headers
    const clientIp = resolveClientIp({ socketAddress: socketAddress(c), forwardedFor: headers.get('x-forwarded-for'), trustProxy: config.TRUST_PROXY })
    headers.set('x-real-ip', clientIp)
    const cookieHeader = headers.get('cookie')
    const joined = joinCookieChunks(cookieHeader)
    if (joined !== null && joined !== cookieHeader) headers.set('cookie', joined)
    const { locale: pathLocale } = splitLocalePath(c.req.path)
    const locale = pathLocale ?? detectLocale({ cookieLocale: readCookie(joined, LOCALE_COOKIE), acceptLanguage: headers.get('accept-language') })
    const requestId = c.get('requestId')
    c.set('clientIp', clientIp)

    await runInRequestScope({ requestId, locale, clientIp }, () => next())
    if (!c.res.headers.has('x-request-id')) c.res.headers.set('x-request-id', requestId)

    const setCookies = c.res.headers.getSetCookie()
    if (setCookies.length > 0) {
      const chunked = chunkSetCookies(setCookies, joined)
      if (chunked.length !== setCookies.length || chunked.some((v, i) => v !== setCookies[i])) {
        c.res.headers.delete('set-cookie')
        for (const value of chunked) c.res.headers.append('set-cookie', value)
      }
    }
    logger().info({ requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, 'request')
  }
}
