import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import postgres from 'postgres'
import type { TestProject } from 'vitest/node'
import { openPglite, openPostgres } from '../../app/platform/db/database.server'
import { JobSystem } from '../../app/platform/jobs/job-system.server'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: { kind: 'pglite'; snapshotPath: string } | { kind: 'postgres'; adminUrl: string; template: string; prefix: string }
  }
}

const CACHE_DIR = path.resolve('.cache/test-databases')

/**
 * Test companies start on the plan without limits, so a test of something else never meets a plan's limit; the
 * billing tests (and any test of a limit) put their companies on the plan they test (ADR 051).
 */
const UNLIMITED_DEFAULT_PLAN = "update plans set is_default = false where is_default; update plans set is_default = true where id = 'enterprise'"

function withDatabase(url: string, database: string): string {
  const next = new URL(url)
  next.pathname = `/${database}`
  return next.toString()
}

/**
 * Migrates one database per run: a PGlite snapshot that each test file clones, or a PostgreSQL template
 * database that each test file copies with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (adminUrl) {
    const template = `tradeport_template_${process.pid}`
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
    await admin.unsafe(`drop database if exists ${template}`)
    await admin.unsafe(`create database ${template}`)
    const handle = openPostgres(withDatabase(adminUrl, template), 1)
    await handle.migrate()
    await handle.close()
    const migrated = postgres(withDatabase(adminUrl, template), { max: 1, onnotice: () => {} })
    await migrated.unsafe(UNLIMITED_DEFAULT_PLAN)
    await migrated.end()
    // The job queue's schema too: installing it takes seconds, and a test file that starts jobs would pay them each time.
    await JobSystem.install({ kind: 'postgres', url: handle.url })
    project.provide('databaseTemplate', { kind: 'postgres', adminUrl, template, prefix: `tradeport_t_${process.pid}_` })
    return async () => {
      const leftovers = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${`tradeport_t_${process.pid}_%`}`
      for (const { datname } of leftovers) await admin.unsafe(`drop database if exists ${datname} with (force)`)
      await admin.unsafe(`drop database if exists ${template} with (force)`)
      await admin.end()
    }
  }
  mkdirSync(CACHE_DIR, { recursive: true })
  const snapshotPath = path.join(CACHE_DIR, `pglite-${process.pid}.tar.gz`)
  const handle = openPglite()
  await handle.migrate()
  await handle.client.exec(UNLIMITED_DEFAULT_PLAN)
  await JobSystem.install({ kind: 'pglite', client: handle.client })
  const dump = await handle.client.dumpDataDir('gzip')
  writeFileSync(snapshotPath, Buffer.from(await dump.arrayBuffer()))
  await handle.close()
  project.provide('databaseTemplate', { kind: 'pglite', snapshotPath })
  return () => rmSync(snapshotPath, { force: true })
}
