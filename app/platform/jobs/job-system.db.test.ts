import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import * as z from 'zod'
import { afterEach, describe, expect, it } from 'vitest'
import { database, databaseHandle } from '../db/index.server'
import { defineJob, type JobDefinition } from './job-definition'
import { jobConnection } from './index.server'
import { JobSystem } from './job-system.server'

const running: JobSystem[] = []
const queueErrors: Error[] = []

async function startSystem(definitions: readonly JobDefinition[], worker = true): Promise<JobSystem> {
  const system = new JobSystem({
    connection: jobConnection(),
    worker,
    pollingIntervalSeconds: 0.5,
    onError: (error) => queueErrors.push(error),
  })
  running.push(system)
  await system.start(definitions)
  return system
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((system) => system.stop()))
  expect(queueErrors.splice(0)).toEqual([])
})

async function waitFor(condition: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting')
    await sleep(50)
  }
}

const numbered = z.object({ n: z.number().int() })

describe('job system on pg-boss (issue 17)', () => {
  it('retries a failing job with exponential back-off and completes it once it succeeds', async () => {
    const attempts: { at: number; retryCount: number }[] = []
    const flaky = defineJob({
      name: 'test.flaky',
      payload: numbered,
      retry: { limit: 3, delaySeconds: 1 },
      handle: async (_payload, { retryCount }) => {
        attempts.push({ at: Date.now(), retryCount })
        if (attempts.length < 3) throw new Error('not yet')
      },
    })
    const system = await startSystem([flaky])
    const id = await system.send(flaky, { n: 1 })

    await waitFor(async () => (await system.jobs(flaky.name)).some((job) => job.id === id && job.state === 'completed'))
    expect(attempts.map((attempt) => attempt.retryCount)).toEqual([0, 1, 2])
    // Back-off doubles: the first retry waits at least 1 s, the second at least 2 s.
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(950)
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(1_950)
  })

  it('leaves a job that keeps failing in the failed state once its retries are spent', async () => {
    let attempts = 0
    const broken = defineJob({
      name: 'test.broken',
      payload: numbered,
      retry: { limit: 1, delaySeconds: 1 },
      handle: async () => {
        attempts += 1
        throw new Error('always')
      },
    })
    const system = await startSystem([broken])
    const id = await system.send(broken, { n: 1 })

    await waitFor(async () => (await system.jobs(broken.name)).some((job) => job.id === id && job.state === 'failed'))
    expect(attempts).toBe(2)
    await sleep(1_500)
    expect(attempts).toBe(2)
  })

  it('refuses a payload that does not fit the schema when it is sent', async () => {
    const strict = defineJob({ name: 'test.strict', payload: numbered, retry: { limit: 0, delaySeconds: 1 }, handle: async () => {} })
    const system = await startSystem([strict], false)
    await expect(system.send(strict, { n: 1.5 })).rejects.toThrow()
    expect(await system.jobs(strict.name)).toEqual([])
  })

  it('queues a job once while another with the same singleton key is queued or running', async () => {
    const perCompany = defineJob({
      name: 'test.per-company',
      payload: z.object({ companyId: z.string() }),
      singletonKey: ({ companyId }) => companyId,
      retry: { limit: 0, delaySeconds: 1 },
      handle: async () => {},
    })
    const system = await startSystem([perCompany], false)

    expect(await system.send(perCompany, { companyId: 'c1' })).toEqual(expect.any(String))
    expect(await system.send(perCompany, { companyId: 'c1' })).toBeNull()
    expect(await system.send(perCompany, { companyId: 'c2' })).toEqual(expect.any(String))
    expect((await system.jobs(perCompany.name)).map((job) => (job.data as { companyId: string }).companyId).sort()).toEqual(['c1', 'c2'])
  })

  it('lets a running job finish when the job system stops', async () => {
    let started = false
    let finished = false
    const slow = defineJob({
      name: 'test.slow',
      payload: numbered,
      retry: { limit: 0, delaySeconds: 1 },
      handle: async () => {
        started = true
        await sleep(1_000)
        finished = true
      },
    })
    const worker = await startSystem([slow])
    const id = await worker.send(slow, { n: 1 })
    await waitFor(() => started)

    await worker.stop()
    expect(finished).toBe(true)
    const reader = await startSystem([slow], false)
    expect((await reader.jobs(slow.name)).find((job) => job.id === id)?.state).toBe('completed')
  })

  it('only queues jobs on an instance without a worker (JOBS_WORKER=off)', async () => {
    let ran = false
    const queued = defineJob({
      name: 'test.queued',
      payload: numbered,
      retry: { limit: 0, delaySeconds: 1 },
      handle: async () => {
        ran = true
      },
    })
    const webOnly = await startSystem([queued], false)
    const id = await webOnly.send(queued, { n: 1 })
    await sleep(1_500)
    expect(ran).toBe(false)
    expect((await webOnly.jobs(queued.name)).find((job) => job.id === id)?.state).toBe('created')
  })

  it('runs each of 200 jobs exactly once with two job systems working the same database', async () => {
    await database().execute(sql`create table test_job_effects (n integer not null, worker text not null)`)
    const recordEffect = (worker: string) =>
      defineJob({
        name: 'test.effect',
        payload: numbered,
        retry: { limit: 0, delaySeconds: 1 },
        handle: async ({ n }) => {
          await sleep(20)
          await database().execute(sql`insert into test_job_effects (n, worker) values (${n}, ${worker})`)
        },
      })
    await Promise.all([startSystem([recordEffect('a')]), startSystem([recordEffect('b')])])
    const sender = recordEffect('a')
    const senderSystem = await startSystem([sender], false)
    for (let n = 0; n < 200; n += 1) await senderSystem.send(sender, { n })

    const effects = async () => {
      const result = await database().execute(sql`select n, worker from test_job_effects`)
      return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number; worker: string }[]
    }
    await waitFor(async () => (await effects()).length >= 200, 25_000)
    await sleep(500)
    const rows = await effects()
    expect(rows).toHaveLength(200)
    expect(new Set(rows.map((row) => Number(row.n))).size).toBe(200)
    expect(new Set(rows.map((row) => row.worker))).toEqual(new Set(['a', 'b']))
  })

  it('on PGlite, waits for an open transaction instead of running inside it', async () => {
    // PostgreSQL gives pg-boss connections of its own.
    if (databaseHandle().kind !== 'pglite') return
    const noted = defineJob({ name: 'test.noted', payload: numbered, retry: { limit: 0, delaySeconds: 1 }, handle: async () => {} })
    const system = await startSystem([noted], false)
    let release = () => {}
    let transactionOpen = false
    const transaction = database()
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`)
        transactionOpen = true
        await new Promise<void>((resolve) => (release = resolve))
        throw new Error('roll back')
      })
      .catch(() => {})
    await waitFor(() => transactionOpen)

    let sendSettled = false
    const sent = system.send(noted, { n: 7 }).finally(() => (sendSettled = true))
    await sleep(300)
    expect(sendSettled).toBe(false)

    release()
    await transaction
    // Had the job been inserted inside the transaction, the rollback would have taken it away.
    const id = await sent
    expect((await system.jobs(noted.name)).map((job) => job.id)).toEqual([id])
  })
})
