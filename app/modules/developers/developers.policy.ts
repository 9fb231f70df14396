import type { ServiceContext } from '../../platform/actor'
import { AppError } from '../../platform/errors'
import { requireRole } from '../../platform/member-roles'

/** Whether the request acts through an API key (server/api/caller.ts names such sessions `apikey:<id>`). */
export function actsThroughApiKey(ctx: ServiceContext): boolean {
  return ctx.actor.sessionId.startsWith('apikey:')
}

/**
 * Keys and webhooks act for the whole company: its owners and admins manage them, signed in (never through a key, so a
 * leaked key cannot mint others or redirect the company's events).
 */
export function requireDeveloperAdmin(ctx: ServiceContext): asserts ctx is ServiceContext & { actor: { companyId: string } } {
  requireRole(ctx.actor, 'admin')
  if (actsThroughApiKey(ctx)) throw new AppError('api_key_not_allowed', 'API keys cannot manage keys or webhooks')
}
