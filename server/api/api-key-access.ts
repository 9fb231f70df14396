import type { Context, MiddlewareHandler } from 'hono'
import type { ApiEnv, ApiRouter } from '../../app/platform/api/api-env'
import { env } from '../../app/platform/env.server'
import { AppError } from '../../app/platform/errors'
import { rateLimitStore } from '../../app/platform/rate-limit.server'
import type { Access } from '../../app/platform/api/schemas'
import {
  API_KEY_PREFIX,
  operationMatcher,
  type OperationRule,
  scopeRequirement,
  scopesGrant,
  type VerifiedApiKey,
  verifyApiKey,
} from '../../app/modules/developers/index.server'
import { errorResponse } from './errors'

// API keys at the door (ADR 053): a request with `Authorization: Bearer tpk_…` is checked here, before any handler: the
// key itself (401/403), the operation's scope (403), and the key's own rate limit (429). The handler then finds its
// caller through the API caller (server/api/caller.ts), which turns the checked key into the member it acts as.

const checked = new WeakMap<Request, VerifiedApiKey>()

/** The checked API key of this request, if it presented one. */
export function apiKeyOf(c: Context): VerifiedApiKey | undefined {
  return checked.get(c.req.raw)
}

/** The presented key's secret, when the request authenticates with an API key rather than a session token. */
export function presentedApiKey(c: Context): string | null {
  const authorization = c.req.header('authorization')
  if (!authorization) return null
  const [scheme, token] = authorization.split(' ')
  return scheme?.toLowerCase() === 'bearer' && token?.startsWith(API_KEY_PREFIX) ? token : null
}

type RouteDefinition = { type: string; route?: { method: string; path: string; tags?: string[]; 'x-access'?: Access } }

/** Our documented operations (paths as the document has them, under /api), for matching requests to their rules. */
export function documentedOperations(api: ApiRouter): OperationRule[] {
  return (api.openAPIRegistry.definitions as RouteDefinition[]).flatMap((definition) => {
    const route = definition.type === 'route' ? definition.route : undefined
    if (!route?.['x-access']) return []
    return [{ method: route.method, path: `/api${route.path}`, tags: route.tags ?? [], level: route['x-access'].level, minRole: route['x-access'].minRole }]
  })
}

export function apiKeyAccess(api: ApiRouter): MiddlewareHandler<ApiEnv> {
  let match: ReturnType<typeof operationMatcher> | null = null
  return async (c, next) => {
    const secret = presentedApiKey(c)
    if (!secret) return next()
    try {
      const key = await verifyApiKey(secret, c.get('clientIp'))
      match ??= operationMatcher(documentedOperations(api))
      const operation = match(c.req.method, c.req.path)
      if (!operation) {
        // Sign-in and the other session endpoints (Better Auth's) are not for keys; an unknown path is simply not found.
        if (c.req.path.startsWith('/api/auth')) throw new AppError('api_key_not_allowed', 'API keys cannot call this operation')
        return next()
      }
      const requirement = scopeRequirement(operation)
      if (requirement.kind === 'unavailable') throw new AppError('api_key_not_allowed', 'API keys cannot call this operation')
      if (requirement.kind === 'scope' && !scopesGrant(key.scopes, requirement.scope)) {
        throw new AppError('insufficient_scope', 'The API key lacks the scope this operation needs', { requiredScope: requirement.scope })
      }
      const decision = await rateLimitStore().hit(`api-key:${key.id}`, 60, env().API_KEY_RATE_LIMIT_PER_MINUTE)
      if (!decision.allowed) {
        c.header('Retry-After', String(decision.retryAfterSeconds))
        throw new AppError('rate_limited', 'Too many requests for this API key', { retryAfterSeconds: decision.retryAfterSeconds })
      }
      checked.set(c.req.raw, key)
    } catch (error) {
      return errorResponse(c, error)
    }
    return next()
  }
}
