import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import * as z from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contextOf } from '../../../db/factories/context'
import type { ServiceContext } from '../actor'
import { isAppError } from '../errors'
import { defineJob } from './job-definition'
import { failedJobCursor, jobsOverview, parseFailedJobCursor, retryFailedJob } from './job-admin.service.server'
import { jobSystem, startJobs, stopJobs } from './index.server'

// Issue 17: the platform admin's jobs page lists the queues and the jobs that failed for good, and puts one back in line.
let healed = false
const attempts: number[] = []
const fragile = defineJob({
  name: 'test.fragile',
  titleKey: 'names.sendNotificationDigests',
  payload: z.object({ n: z.number().int() }),
  retry: { limit: 0, delaySeconds: 1 },
  handle: async ({ n }) => {
    attempts.push(n)
    if (!healed) throw new Error(`cannot do ${n} yet`)
  },
})
const scheduled = defineJob({
  name: 'test.hourly',
  payload: z.object({}),
  cron: '0 * * * *',
  retry: { limit: 2, delaySeconds: 60, maxDelaySeconds: 600 },
  handle: async () => {},
})

const admin: ServiceContext = {
  ...contextOf(randomUUID(), randomUUID()),
  actor: { ...contextOf(randomUUID(), randomUUID()).actor, companyId: null, memberRole: null, platformRole: 'admin' },
}
const member = contextOf(randomUUID(), randomUUID())

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting')
    await sleep(50)
  }
}

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work
    return 'none'
  } catch (error) {
    return isAppError(error) ? error.code : String(error)
  }
}

beforeAll(async () => {
  await startJobs([fragile, scheduled])
})

afterAll(async () => {
  await stopJobs()
})

describe('the jobs page service (issue 17)', () => {
  it('lists the registered queues with their schedule, retry policy and counts', async () => {
    const { queues, failed, next, worker } = await jobsOverview(admin)
    expect(worker).toBe(true)
    expect(queues.map((queue) => queue.name)).toEqual(['test.fragile', 'test.hourly'])
    expect(queues[0]).toMatchObject({
      titleKey: 'names.sendNotificationDigests',
      cron: null,
      retry: { limit: 0, delaySeconds: 1, maxDelaySeconds: null },
      failed: 0,
    })
    expect(queues[1]).toMatchObject({ titleKey: null, cron: '0 * * * *', retry: { limit: 2, delaySeconds: 60, maxDelaySeconds: 600 } })
    expect(failed).toEqual([])
    expect(next).toBeNull()
  })

  it('shows jobs that failed for good, newest first, a page at a time, and retries one on request', async () => {
    const system = jobSystem()
    const ids: string[] = []
    for (const n of [1, 2, 3]) {
      ids.push((await system.send(fragile, { n }))!)
      // One at a time, so their failure times are in this order.
      await waitFor(async () => (await system.failedJobs({ limit: 10 })).length === n)
    }
    const { failed, queues } = await jobsOverview(admin)
    expect(failed.map((job) => job.id)).toEqual([...ids].reverse())
    expect(failed[0]).toMatchObject({ name: 'test.fragile', attempts: 1, error: 'cannot do 3 yet' })
    expect(queues.find((queue) => queue.name === 'test.fragile')!.failed).toBe(3)

    // Pages follow the cursor of the last job shown.
    const first = await system.failedJobs({ limit: 2 })
    const second = await system.failedJobs({ limit: 2, cursor: parseFailedJobCursor(failedJobCursor(first.at(-1)!)) })
    expect([...first, ...second].map((job) => job.id)).toEqual([...ids].reverse())

    healed = true
    await retryFailedJob(admin, { name: 'test.fragile', id: ids[0]! })
    await waitFor(async () => (await system.jobs('test.fragile')).some((job) => job.id === ids[0] && job.state === 'completed'))
    expect(attempts.filter((n) => n === 1)).toHaveLength(2)
    expect((await jobsOverview(admin)).failed.map((job) => job.id)).toEqual([ids[2], ids[1]])

    // A job that is no longer failed, one of another queue, or one that does not exist: 404, and nothing moves.
    expect(await refusal(retryFailedJob(admin, { name: 'test.fragile', id: ids[0]! }))).toBe('not_found')
    expect(await refusal(retryFailedJob(admin, { name: 'test.hourly', id: ids[1]! }))).toBe('not_found')
    expect(await refusal(retryFailedJob(admin, { name: 'test.unknown', id: ids[1]! }))).toBe('not_found')
    expect(await refusal(retryFailedJob(admin, { name: 'test.fragile', id: randomUUID() }))).toBe('not_found')
    expect((await jobsOverview(admin)).failed).toHaveLength(2)
  })

  it('is for platform admins only', async () => {
    expect(await refusal(jobsOverview(member))).toBe('forbidden')
    const [failed] = (await jobsOverview(admin)).failed
    expect(await refusal(retryFailedJob(member, { name: 'test.fragile', id: failed!.id }))).toBe('forbidden')
    expect((await jobsOverview(admin)).failed.map((job) => job.id)).toContain(failed!.id)
  })

  it('starts from the newest failure when the cursor in the address is not one of its own', () => {
    for (const text of [null, '', 'yesterday', '2026-13-45T00:00:00Z~not-a-uuid', `2026-11-26T10:00:00Z~${'x'.repeat(36)}`])
      expect(parseFailedJobCursor(text)).toBeUndefined()
    const id = randomUUID()
    expect(parseFailedJobCursor(`2026-11-26T10:00:00.000Z~${id}`)).toEqual({ failedAt: new Date('2026-11-26T10:00:00.000Z'), id })
  })
})
