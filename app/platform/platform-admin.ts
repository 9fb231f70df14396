import type { Actor } from './actor'
import { AppError } from './errors'

/** Whether the actor runs the platform (verifies suppliers, keeps the reference rates and the job queue). */
export function isPlatformAdmin(actor: Actor): boolean {
  return actor.platformRole === 'admin'
}

/** 403 for anyone but a platform admin. */
export function requirePlatformAdmin(actor: Actor): void {
  if (!isPlatformAdmin(actor)) throw new AppError('forbidden', 'Platform admins only')
}
