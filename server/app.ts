import type { Server as HttpServer } from 'node:http'
import { createRequestHandler, type ServerBuild } from 'react-router'
import * as serverBuild from 'virtual:react-router/server-build'
import { seedDemoData } from '../db/seed/demo.server'
import { bearerSessions, preferencesCache, sessionRevocations } from '../app/modules/identity/index.server'
import { closeCompanyCaches } from '../app/modules/companies/index.server'
import { companyFacts } from '../app/modules/kernel/index.server'
import { closeProductCounts, closeProductVisibility, productImportJob, queueStrandedImports } from '../app/modules/catalog/index.server'
import { documentBatchJob, warmUpPdf } from '../app/modules/documents/index.server'
import { closeDatabase, databaseHandle } from '../app/platform/db/index.server'
import { startPgliteUpkeep } from '../app/platform/db/pglite-upkeep.server'
import { env } from '../app/platform/env.server'
import { startJobs, stopJobs } from '../app/platform/jobs/index.server'
import { logger } from '../app/platform/logger.server'
import { closeRedis } from '../app/platform/redis.server'
import { createHttpApp, isPagePath } from './http-app'
import { withRoutePatternMatching } from './route-matching'
import { stoppingResponse as stoppingResponseFor } from './middleware/database-admission'
import { attachRealtime as attachSocketIo } from './realtime'
import { catchUpOnStart, SCHEDULED_JOBS } from './scheduled-jobs'
import { WEBHOOK_JOBS } from '../app/modules/developers/index.server'

/** The application bound to the React Router server build (the SSR entry of the Vite build). */
export function createApp(build: ServerBuild = serverBuild as unknown as ServerBuild) {
  const config = env()
  const handleDocument = createRequestHandler(withRoutePatternMatching(build), config.NODE_ENV === 'production' ? 'production' : 'development')
  return createHttpApp(config, handleDocument)
}

/** Migrates, seeds a fresh database with the demo accounts, warms the signing keys, and starts the job queue (ADR 027). */
export async function startApp(): Promise<{ seeded: boolean }> {
  // Companies provide the kernel's company facts when their index loads (ADR 037); a bundle that dropped that module's
  // side effect would fail every notification mail at run time, so the server refuses to start without them.
  companyFacts()
  await databaseHandle().migrate()
  const seeded = env().SEED_DEMO ? await seedDemoData() : false
  await bearerSessions().keyRing()
  sessionRevocations().listen()
  preferencesCache().listen()
  const jobs = await startJobs([...SCHEDULED_JOBS, productImportJob, documentBatchJob, ...WEBHOOK_JOBS])
  if (jobs.worker) {
    await catchUpOnStart()
    await queueStrandedImports()
  }
  stopPgliteUpkeep = startPgliteUpkeep()
  // A first PDF parses the CJK fonts (150–200 ms): paid here rather than by the first person to issue a document.
  void warmUpPdf().catch((error: unknown) => logger().warn({ err: (error as Error).message }, 'PDF warm-up failed'))
  return { seeded }
}

let stopPgliteUpkeep = () => {}

export async function stopApp(): Promise<void> {
  stopPgliteUpkeep()
  // Before the database closes: running jobs finish (or fail, to be retried) while it is still there.
  await stopJobs()
  await closeCompanyCaches()
  await closeProductCounts()
  await closeProductVisibility()
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
export { prerenderStaticPages } from './static-pages'
export { DEMO_ACCOUNTS } from '../db/seed/demo-accounts'
