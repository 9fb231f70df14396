import { database } from '../../platform/db/index.server'
import { env } from '../../platform/env.server'
import { type Auth, createAuth } from './auth.server'
import { sessionRevocations } from './session-revocations.server'

const globalAuth = globalThis as unknown as { __tradeportAuth?: Auth }

/** The Better Auth instance bound to the application's database and configuration. */
export function auth(): Auth {
  globalAuth.__tradeportAuth ??= createAuth(database(), env(), {
    onSessionEnded: (id) => sessionRevocations().revoke(id),
    isSessionRevoked: (id) => sessionRevocations().isRevoked(id),
  })
  return globalAuth.__tradeportAuth
}

/** Tests that swap the database or configuration rebuild the instance. */
export function resetAuth(): void {
  globalAuth.__tradeportAuth = undefined
}
