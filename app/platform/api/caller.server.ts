import type { Context } from 'hono'
import type { ServiceContext } from '../actor'

/**
 * How an API request finds its caller. Identity (the session) and companies (the memberships) know how, and platform
 * code may not import modules, so server/api/router.ts provides it when it builds the router (ADR 035).
 */
export type CallerResolver = {
  /** The signed-in caller as a service context; 401 without credentials. */
  serviceContext(c: Context): Promise<ServiceContext>
  /** The caller when credentials were sent, null for an anonymous request. */
  optionalServiceContext(c: Context): Promise<ServiceContext | null>
}

const holder = globalThis as unknown as { __tradeportApiCaller?: CallerResolver }

export function provideApiCaller(resolver: CallerResolver): void {
  holder.__tradeportApiCaller = resolver
}

function resolver(): CallerResolver {
  const provided = holder.__tradeportApiCaller
  if (!provided) throw new Error('No API caller resolver: build the router with createApiRouter()')
  return provided
}

/** The service context of an authenticated API request: the caller as actor, the request's locale and id. */
export function serviceContext(c: Context): Promise<ServiceContext> {
  return resolver().serviceContext(c)
}

/** The caller when credentials were sent, null for an anonymous request (public imagery needs none). */
export function optionalServiceContext(c: Context): Promise<ServiceContext | null> {
  return resolver().optionalServiceContext(c)
}
