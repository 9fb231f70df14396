import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { createSteppedJobTables, steppedJob, steppedJobEffects } from '../../../tests/support/stepped-job'
import { openPglite } from '../db/database.server'
import { type Database, database, databaseHandle } from '../db/index.server'
import { jobConnection } from './index.server'
import { type JobConnection, JobSystem } from './job-system.server'

const STEPS = 6
// Generous for a loaded machine: the worker process starts in about 2 s on an idle one.
const STEP_WAIT_MS = 90_000
const cleanups: Array<() => Promise<unknown>> = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/**
 * The database both processes use: on PostgreSQL the test's own; on PGlite a data directory of its own (pg-boss installs
 * its schema there at start), which the worker process opens while the test has it closed (a PGlite database is one
 * process's), and the test opens again after the kill.
 */
async function sharedDatabase(): Promise<{ target: string; reopen(): { db: Database; connection: JobConnection } }> {
  const handle = databaseHandle()
  if (handle.kind === 'postgres') {
    await createSteppedJobTables(database())
    return { target: handle.url, reopen: () => ({ db: database(), connection: jobConnection() }) }
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tradeport-job-crash-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  const created = openPglite({ dataDir })
  await createSteppedJobTables(created.db)
  await created.close()
  return {
    target: `pglite:${dataDir}`,
    reopen: () => {
      const reopened = openPglite({ dataDir })
      cleanups.push(() => reopened.close())
      return { db: reopened.db, connection: { kind: 'pglite', client: reopened.client } }
    },
  }
}

/** Starts tests/support/stepped-job-worker.ts and answers once it has printed that `step` committed. */
async function workerPast(step: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/stepped-job-worker.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  cleanups.push(async () => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'))
  let errors = ''
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const exited = once(child, 'exit').then(() => {
    throw new Error(`the worker process ended before step ${step}: ${errors}`)
  })
  const reached = (async () => {
    for await (const line of createInterface({ input: child.stdout })) if (line === `step ${step}`) return
  })()
  await Promise.race([reached, exited, sleep(STEP_WAIT_MS).then(() => Promise.reject(new Error(`no step ${step} within ${STEP_WAIT_MS} ms: ${errors}`)))])
  return child
}

describe('a job whose process dies', () => {
  it('runs again after a SIGKILL mid-run, on the same database, and applies each step exactly once', async () => {
    const shared = await sharedDatabase()
    const runId = randomUUID()
    const child = await workerPast(1, { STEPPED_DATABASE: shared.target, STEPPED_RUN: runId, STEPPED_STEPS: String(STEPS) })
    child.kill('SIGKILL')
    await once(child, 'exit')

    const { db, connection } = shared.reopen()
    const errors: Error[] = []
    // Supervised every second (pg-boss: a minute), so the dead attempt's timeout of 4 s is noticed at once.
    const system = new JobSystem({ connection, worker: true, pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1, onError: (error) => errors.push(error) })
    cleanups.push(() => system.stop())
    const job = steppedJob({ db, worker: 'restarted', stepMs: 0 })
    await system.start([job])
    const deadline = Date.now() + 60_000
    const queued = async () => (await system.jobs(job.name))[0]
    while ((await queued())?.state !== 'completed') {
      if (Date.now() > deadline) throw new Error(`the job did not complete after the kill: ${JSON.stringify(await queued())}`)
      await sleep(100)
    }

    expect((await queued())?.retryCount).toBeGreaterThanOrEqual(1)
    const effects = await steppedJobEffects(db, runId)
    expect(effects.map((effect) => effect.step)).toEqual([...Array(STEPS).keys()])
    const killedSteps = effects.filter((effect) => effect.worker === 'killed').length
    // The killed process committed steps 0 and 1 (maybe 2); the new attempt did the rest, starting where it had stopped.
    expect(killedSteps).toBeGreaterThanOrEqual(2)
    expect(killedSteps).toBeLessThan(STEPS)
    expect(effects.slice(killedSteps).every((effect) => effect.worker === 'restarted')).toBe(true)
    expect(errors).toEqual([])
  }, 180_000)
})
