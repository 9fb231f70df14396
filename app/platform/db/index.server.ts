import path from 'node:path'
import { env } from '../env.server'
import { type Database, type DatabaseHandle, openDatabase } from './database.server'

export type { Database, DatabaseHandle, Transaction } from './database.server'

// Kept on globalThis so a dev-mode module reload never opens a second PGlite on the same directory.
const globalDb = globalThis as unknown as { __tradeportDatabase?: DatabaseHandle }

export function databaseHandle(): DatabaseHandle {
  if (!globalDb.__tradeportDatabase) {
    const config = env()
    globalDb.__tradeportDatabase = config.DATABASE_URL
      ? openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
      : openDatabase({ kind: 'pglite', dataDir: path.resolve(config.DATA_DIR, 'pglite') })
  }
  return globalDb.__tradeportDatabase
}

export function database(): Database {
  return databaseHandle().db
}

/** Tests hand each file its own migrated database. */
export function useDatabaseHandle(handle: DatabaseHandle): void {
  globalDb.__tradeportDatabase = handle
}

export async function closeDatabase(): Promise<void> {
  const handle = globalDb.__tradeportDatabase
  globalDb.__tradeportDatabase = undefined
  await handle?.close()
}
