import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import * as schema from '../../../db/schema'

export type Schema = typeof schema
export type Database = PgDatabase<PgQueryResultHKT, Schema>
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

type HandleOperations = {
  db: Database
  /**
   * The database for statements PostgreSQL should plan once per connection and reuse (`plan_cache_mode =
   * force_generic_plan`): a pool of its own, opened on first use. For a statement whose plan does not depend on its
   * values (no `LIKE` on a bound pattern, say) this saves planning it again on every run. PGlite: `db` itself.
   */
  genericPlans(): Database
  migrate(): Promise<void>
  ping(): Promise<void>
  close(): Promise<void>
}

/** The job queue (app/platform/jobs) connects beside the app: to the same URL, or through the same PGlite instance. */
export type DatabaseHandle = HandleOperations & ({ kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite })
export type PgliteHandle = Extract<DatabaseHandle, { kind: 'pglite' }>
export type PostgresHandle = Extract<DatabaseHandle, { kind: 'postgres' }>

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'db/migrations')

/** How long a PostgreSQL connection may take to open, and a request-path statement to run. */
export type PostgresTimeouts = { connectTimeoutMs: number; statementTimeoutMs: number; workMemMb?: number }

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = { connectTimeoutMs: 1_500, statementTimeoutMs: 10_000 }

export type DatabaseTarget =
  { kind: 'postgres'; url: string; max?: number; timeouts?: PostgresTimeouts } | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File }

/** Reconnect at once, then after at most half a second: a request waits for a connection only as long as it is bounded to. */
const reconnectDelaySeconds = (retries: number) => Math.min(0.05 * 2 ** retries, 0.5)

/**
 * The client as Drizzle should see it: every statement prepared. Drizzle passes `prepare: false` with each query that
 * is not a named `.prepare()`, so PostgreSQL would parse and plan every statement afresh (the dashboard's six queries
 * cost PostgreSQL 4.5 ms of CPU a request unprepared, 0.4 ms prepared). postgres.js keeps each connection's statements,
 * named by their text, until the connection ends; transactions and savepoints get the same treatment.
 */
export function preparing<T extends postgres.Sql | postgres.TransactionSql>(client: T): T {
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === 'unsafe') {
        return (query: string, parameters?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, parameters, { ...options, prepare: true })
      }
      if (key === 'begin' || key === 'savepoint') {
        return (...args: unknown[]) => {
          const body = args.at(-1) as (sql: postgres.TransactionSql) => unknown
          const method = Reflect.get(target, key, receiver) as (...rest: unknown[]) => unknown
          return method.apply(target, [...args.slice(0, -1), (sql: postgres.TransactionSql) => body(preparing(sql))])
        }
      }
      return Reflect.get(target, key, receiver)
    },
  })
}

export function openPostgres(url: string, max = 10, timeouts: PostgresTimeouts = DEFAULT_POSTGRES_TIMEOUTS): PostgresHandle {
  const pool = (size: number, settings: Record<string, string> = {}) =>
    postgres(url, {
      max: size,
      onnotice: () => {},
      prepare: true,
      connect_timeout: timeouts.connectTimeoutMs / 1000,
      backoff: reconnectDelaySeconds,
      connection: { statement_timeout: timeouts.statementTimeoutMs, ...(timeouts.workMemMb ? { work_mem: `${timeouts.workMemMb}MB` } : {}), ...settings },
    })
  const client = pool(max)
  const db = drizzlePostgres({ client: preparing(client), schema, casing: 'snake_case' }) as unknown as Database
  let generic: { client: postgres.Sql; db: Database } | undefined
  return {
    kind: 'postgres',
    url,
    db,
    genericPlans() {
      if (!generic) {
        const planOnce = pool(Math.max(2, Math.ceil(max / 2)), { plan_cache_mode: 'force_generic_plan' })
        generic = { client: planOnce, db: drizzlePostgres({ client: preparing(planOnce), schema, casing: 'snake_case' }) as unknown as Database }
      }
      return generic.db
    },
    migrate: () => migrateWithoutStatementTimeout(url),
    ping: async () => {
      await client`select 1`
    },
    close: async () => {
      await Promise.all([client.end({ timeout: 5 }), generic?.client.end({ timeout: 5 })])
    },
  }
}

/** Migrations may legitimately run longer than a request's statement, so they get a connection of their own. */
async function migrateWithoutStatementTimeout(url: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} })
  try {
    await migratePostgres(drizzlePostgres({ client, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_FOLDER })
  } finally {
    await client.end({ timeout: 5 })
  }
}

export function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File } = {}): PgliteHandle {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true })
  // pg_trgm backs typo-tolerant search; PostgreSQL gets it from CREATE EXTENSION in migration 0003.
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } })
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Database
  return {
    kind: 'pglite',
    client,
    db,
    genericPlans: () => db,
    migrate: () => migratePglite(drizzlePglite({ client, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await client.query('select 1')
    },
    close: () => client.close(),
  }
}

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  return target.kind === 'postgres' ? openPostgres(target.url, target.max, target.timeouts) : openPglite(target)
}

export async function pingDatabase(handle: DatabaseHandle, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database ping timed out')), timeoutMs)
  })
  try {
    await Promise.race([handle.ping(), timeout])
    return true
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}
