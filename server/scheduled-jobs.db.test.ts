import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobSystem, sendJob, startJobs, stopJobs } from '../app/platform/jobs/index.server'
import { SCHEDULED_JOBS, sendNotificationDigestsJob } from './scheduled-jobs'

beforeAll(async () => {
  await startJobs(SCHEDULED_JOBS)
})

afterAll(async () => {
  await stopJobs()
})

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting')
    await sleep(100)
  }
}

describe('scheduled jobs (issue 17)', () => {
  it('sends notification digests every 30 s: the minute run queues the half-minute one, once', async () => {
    const digests = () => jobSystem().jobs(sendNotificationDigestsJob.name)
    const minuteRun = await sendJob(sendNotificationDigestsJob, {})

    await waitFor(async () => (await digests()).some((job) => job.id === minuteRun && job.state === 'completed'))
    const halfMinute = (await digests()).filter((job) => (job.data as { second: number }).second === 30)
    expect(halfMinute).toEqual([expect.objectContaining({ state: 'created' })])
    // Its key is taken while it waits, so no second half-minute run can be queued beside it.
    expect(await sendJob(sendNotificationDigestsJob, { second: 30 })).toBeNull()
  })
})
