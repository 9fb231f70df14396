import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import postgres from 'postgres'
import { afterAll, beforeAll, inject, vi } from 'vitest'
import { resetAuth, resetBearerSessions } from '../../app/modules/identity/index.server'
import { openPglite, openPostgres, type DatabaseHandle } from '../../app/platform/db/database.server'
import { closeDatabase, useDatabaseHandle } from '../../app/platform/db/index.server'
import { setEnvForTesting } from '../../app/platform/env.server'
import { MemoryFailureBackoffStore, setFailureBackoffStore } from '../../app/platform/failure-backoff.server'
import { MemoryRateLimitStore, useRateLimitStore } from '../../app/platform/rate-limit.server'
import { testEnv } from './test-env'

let dropDatabase: (() => Promise<void>) | undefined

async function freshDatabase(): Promise<DatabaseHandle> {
  const template = inject('databaseTemplate')
  if (template.kind === 'pglite') {
    const snapshot = new Blob([readFileSync(template.snapshotPath)])
    const handle = openPglite({ loadDataDir: snapshot })
    // PGlite unpacks the snapshot on its first query (seconds on a busy 2-core machine): done here, so a test that times
    // its first request (the health check's 2 s ping) measures the request, not the copy of the database.
    await handle.ping()
    return handle
  }
  const name = `${template.prefix}${randomBytes(6).toString('hex')}`
  const admin = postgres(template.adminUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name} template ${template.template}`)
  // A test database need not survive a crash: commits stop waiting for the WAL to reach the disk.
  await admin.unsafe(`alter database ${name} set synchronous_commit = off`)
  dropDatabase = async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
  const url = new URL(template.adminUrl)
  url.pathname = `/${name}`
  return openPostgres(url.toString(), 5)
}

// Each test file gets its own migrated database, configuration and auth singletons. The worker's modules stay loaded from
// one file to the next (the db project does not isolate files): whatever a file sets up beyond these, it puts back.
beforeAll(async () => {
  setEnvForTesting(testEnv())
  useRateLimitStore(new MemoryRateLimitStore())
  setFailureBackoffStore(new MemoryFailureBackoffStore())
  useDatabaseHandle(await freshDatabase())
  resetAuth()
  resetBearerSessions()
})

afterAll(async () => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  await closeDatabase()
  await dropDatabase?.()
})
