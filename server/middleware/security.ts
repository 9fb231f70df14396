import type { MiddlewareHandler } from 'hono'
import { NONCE, secureHeaders } from 'hono/secure-headers'

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>
import type { Env } from '../../app/platform/env.server'
import { AppError } from '../../app/platform/errors'
import { errorResponse } from '../api/errors'

const COMMON_HEADERS: SecureHeadersOptions = {
  xFrameOptions: 'DENY',
  xContentTypeOptions: 'nosniff',
  referrerPolicy: 'strict-origin-when-cross-origin',
  crossOriginOpenerPolicy: 'same-origin',
  crossOriginResourcePolicy: 'same-origin',
  crossOriginEmbedderPolicy: false,
  permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
}

/**
 * Strict headers everywhere. Pages (and the API reference UI) get a CSP allowing scripts only from our
 * origin or with the per-request nonce; JSON API responses get a CSP that allows nothing, and no nonce.
 */
export function securityHeaders(config: Env): MiddlewareHandler {
  const hsts = config.isHttps ? 'max-age=31536000; includeSubDomains' : false
  const pages = pageHeaders(config, hsts)
  const framedPdfs = pageHeaders(config, hsts, 'self')
  const api = secureHeaders({
    ...COMMON_HEADERS,
    strictTransportSecurity: hsts,
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  })
  return (c, next) => {
    if (c.req.path.startsWith('/api/') && !c.req.path.startsWith('/api/docs')) return api(c, next)
    return FRAMED_PDF_PATH.test(c.req.path) ? framedPdfs(c, next) : pages(c, next)
  }
}

/** A document's PDF, which its own pages show in a frame: framed by this origin only, never by another site. */
const FRAMED_PDF_PATH = /^\/[A-Za-z-]+\/(app\/documents\/[^/]+\/pdf|view\/pdf)$/

function pageHeaders(config: Env, hsts: string | false, framedBy: 'none' | 'self' = 'none'): MiddlewareHandler {
  const dev = config.NODE_ENV === 'development'
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // Vite's dev server injects inline module scripts without a nonce; production never allows inline scripts.
      scriptSrc: dev ? ["'self'", "'unsafe-inline'"] : ["'self'", NONCE],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: [`'${framedBy}'`],
      ...(config.isHttps ? { upgradeInsecureRequests: [] } : {}),
    },
    ...COMMON_HEADERS,
    xFrameOptions: framedBy === 'self' ? 'SAMEORIGIN' : 'DENY',
    strictTransportSecurity: hsts,
  })
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * CSRF defence for cookie-authenticated writes: a browser's cross-site request carries a foreign Origin
 * (or Sec-Fetch-Site: cross-site) and is refused. Bearer-token clients carry no ambient credentials.
 */
export function originCheck(config: Env): MiddlewareHandler {
  const allowed = new Set([new URL(config.PUBLIC_URL).origin])
  return async (c, next) => {
    if (!UNSAFE_METHODS.has(c.req.method)) return next()
    if (!c.req.header('cookie') || c.req.header('authorization')?.startsWith('Bearer ')) return next()
    const origin = c.req.header('origin')
    const host = c.req.header('host')
    const forwardedProto = config.TRUST_PROXY ? c.req.header('x-forwarded-proto') : undefined
    const ownOrigin = host ? `${forwardedProto ?? new URL(c.req.url).protocol.replace(':', '')}://${host}` : undefined
    if (origin) {
      if (origin !== 'null' && (allowed.has(origin) || origin === ownOrigin)) return next()
      return errorResponse(c, new AppError('forbidden', 'Cross-origin request refused'))
    }
    const site = c.req.header('sec-fetch-site')
    if (site && site !== 'same-origin' && site !== 'none') return errorResponse(c, new AppError('forbidden', 'Cross-origin request refused'))
    return next()
  }
}
