import type { Server as HttpServer } from 'node:http'
import { createRequestHandler, type ServerBuild } from 'react-router'
import * as serverBuild from 'virtual:react-router/server-build'
import { seedDemoData } from '../db/seed/demo.server'
import { bearerSessions, preferencesCache, sessionRevocations } from '../app/modules/identity/index.server'
import { closeCompanyCaches, flushNotificationDigests, purgeDeletedCompanies } from '../app/modules/companies/index.server'
import { closeProductCounts, refreshWindowedPrices, resumeImports } from '../app/modules/catalog/index.server'
import { closeExpiredRfqs, expireQuotations, remindRfqDeadlines } from '../app/modules/sourcing/index.server'
import { closeDatabase, databaseHandle } from '../app/platform/db/index.server'
import { startPgliteUpkeep } from '../app/platform/db/pglite-upkeep.server'
import { env } from '../app/platform/env.server'
import { refreshEcbRates } from '../app/platform/fx/fx-admin.service.server'
import { purgeIdempotencyKeys } from '../app/platform/idempotency/idempotency.server'
import { logger } from '../app/platform/logger.server'
import { closeRedis } from '../app/platform/redis.server'
import { createHttpApp, isPagePath } from './http-app'
import { stoppingResponse as stoppingResponseFor } from './middleware/database-admission'
import { attachRealtime as attachSocketIo } from './realtime'

/** The application bound to the React Router server build (the SSR entry of the Vite build). */
export function createApp(build: ServerBuild = serverBuild as unknown as ServerBuild) {
  const config = env()
  const handleDocument = createRequestHandler(build, config.NODE_ENV === 'production' ? 'production' : 'development')
  return createHttpApp(config, handleDocument)
}

/** Migrates, seeds a fresh database with the demo accounts, and warms the signing keys. */
export async function startApp(): Promise<{ seeded: boolean }> {
  await databaseHandle().migrate()
  const seeded = env().SEED_DEMO ? await seedDemoData() : false
  await bearerSessions().keyRing()
  sessionRevocations().listen()
  preferencesCache().listen()
  await hourlyUpkeep()
  // Imports a stopped server left running committed nothing: they run again from their files in the background.
  await resumeImports()
  purgeTimer = setInterval(() => void hourlyUpkeep(), PURGE_INTERVAL_MS)
  purgeTimer.unref()
  digestTimer = setInterval(() => void sendNotificationDigests(), DIGEST_INTERVAL_MS)
  digestTimer.unref()
  stopPgliteUpkeep = startPgliteUpkeep()
  return { seeded }
}

const PURGE_INTERVAL_MS = 60 * 60 * 1000
let purgeTimer: NodeJS.Timeout | undefined
const DIGEST_INTERVAL_MS = 30 * 1000
let digestTimer: NodeJS.Timeout | undefined
let stopPgliteUpkeep = () => {}

/** Notification mail that waited for its recipient's digest window leaves, one mail per person (every 30 s). */
async function sendNotificationDigests(): Promise<void> {
  try {
    await flushNotificationDigests()
  } catch (error) {
    logger().warn({ err: error instanceof Error ? error.message : String(error) }, 'could not send notification digests')
  }
}

/** Purges expired companies and idempotency keys, and refreshes public prices whose list window opened or closed. */
async function hourlyUpkeep(): Promise<void> {
  await purgeExpiredCompanies()
  try {
    await purgeIdempotencyKeys()
  } catch (error) {
    logger().warn({ err: error instanceof Error ? error.message : String(error) }, 'could not purge idempotency keys')
  }
  try {
    await refreshWindowedPrices()
  } catch (error) {
    logger().warn({ err: error instanceof Error ? error.message : String(error) }, 'could not refresh windowed prices')
  }
  await closeExpiredRfqs().catch((error: unknown) => logger().warn({ err: error instanceof Error ? error.message : String(error) }, 'could not close expired RFQs'))
  await remindRfqDeadlines().catch((error: unknown) => logger().warn({ err: error instanceof Error ? error.message : String(error) }, 'could not remind RFQ deadlines'))
  await expireQuotations().catch((error: unknown) => logger().warn({ err: error instanceof Error ? error.message : String(error) }, 'could not expire quotations'))
  // Not awaited: a slow feed must not hold up start-up (it has its own timeout and logs its failures).
  void refreshEcbRates()
}

/** Companies deleted more than 30 days ago go for good, with everything they own. */
async function purgeExpiredCompanies(): Promise<void> {
  try {
    const purged = await purgeDeletedCompanies()
    if (purged > 0) logger().info({ purged }, 'deleted companies purged')
  } catch (error) {
    logger().warn({ err: error instanceof Error ? error.message : String(error) }, 'could not purge deleted companies')
  }
}

export async function stopApp(): Promise<void> {
  clearInterval(purgeTimer)
  clearInterval(digestTimer)
  stopPgliteUpkeep()
  await closeCompanyCaches()
  await closeProductCounts()
  await sessionRevocations().close()
  await preferencesCache().close()
  await closeRedis()
  await closeDatabase()
}

/** The 503 (`Connection: close`) for a request that arrives while the server stops (server.js). */
export function stoppingResponse(request: Request): Response {
  return stoppingResponseFor(request, isPagePath)
}

export function attachRealtime(httpServer: HttpServer) {
  return attachSocketIo(httpServer, env())
}

export { env, logger }
export { DEMO_ACCOUNTS } from '../db/seed/demo-accounts'
