import path from 'node:path'
import { env } from '../env.server'
import { Admission } from './admission.server'
import { type Database, type DatabaseHandle, openDatabase } from './database.server'

export type { Database, DatabaseHandle, Transaction } from './database.server'

// Kept on globalThis so a dev-mode module reload never opens a second PGlite on the same directory.
const globalDb = globalThis as unknown as {
  __tradeportDatabase?: DatabaseHandle
  __tradeportAdmission?: Admission
  __tradeportDatabaseCaches?: Set<{ clear(): void }>
  __tradeportBeforeClose?: Map<string, () => Promise<void>>
}
const databaseCaches = (globalDb.__tradeportDatabaseCaches ??= new Set())
const beforeClose = (globalDb.__tradeportBeforeClose ??= new Map())

/**
 * Work `closeDatabase` finishes first while the database is still open, e.g. writes a module holds back to batch them;
 * by name, so a dev-mode module reload replaces its own.
 */
export function beforeDatabaseCloses(name: string, work: () => Promise<void>): void {
  beforeClose.set(name, work)
}

/**
 * A cache of what the database holds is emptied when the process is handed another database. A server opens one for
 * its life; a test worker is handed one per test file, and the modules it loaded for earlier files stay loaded.
 */
export function forgetOnDatabaseChange<T extends { clear(): void }>(cache: T): T {
  databaseCaches.add(cache)
  return cache
}

export function databaseHandle(): DatabaseHandle {
  if (!globalDb.__tradeportDatabase) {
    const config = env()
    globalDb.__tradeportDatabase = config.DATABASE_URL
      ? openDatabase({
          kind: 'postgres',
          url: config.DATABASE_URL,
          max: config.DB_POOL_MAX,
          timeouts: {
            connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
            statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
            workMemMb: config.DB_WORK_MEM_MB,
          },
        })
      : openDatabase({ kind: 'pglite', dataDir: path.resolve(config.DATA_DIR, 'pglite') })
  }
  return globalDb.__tradeportDatabase
}

export function database(): Database {
  return databaseHandle().db
}

/** The database whose statements are planned once per connection (`DatabaseHandle.genericPlans`). */
export function genericPlanDatabase(): Database {
  return databaseHandle().genericPlans()
}

// PGlite runs one statement at a time: a few requests in flight keep it busy, more only lengthen every one of them.
const PGLITE_ACTIVE_REQUESTS = 4

/** The bounded line requests wait in for the database (server/middleware/database-admission.ts). */
export function databaseAdmission(): Admission {
  if (!globalDb.__tradeportAdmission) {
    const config = env()
    const maxActive = config.DB_MAX_ACTIVE_REQUESTS ?? (config.DATABASE_URL ? config.DB_POOL_MAX : PGLITE_ACTIVE_REQUESTS)
    globalDb.__tradeportAdmission = new Admission({ maxActive, maxQueued: config.DB_MAX_QUEUED_REQUESTS, maxWaitMs: config.DB_QUEUE_WAIT_MS })
  }
  return globalDb.__tradeportAdmission
}

/** Tests hand each file its own migrated database (and a line built from the configuration they set). */
export function useDatabaseHandle(handle: DatabaseHandle): void {
  globalDb.__tradeportDatabase = handle
  globalDb.__tradeportAdmission = undefined
  for (const cache of databaseCaches) cache.clear()
}

/** Tests that exercise the line set its limits. */
export function useDatabaseAdmission(admission: Admission | undefined): void {
  globalDb.__tradeportAdmission = admission
}

export async function closeDatabase(): Promise<void> {
  for (const work of beforeClose.values()) await work()
  const handle = globalDb.__tradeportDatabase
  globalDb.__tradeportDatabase = undefined
  await handle?.close()
}
