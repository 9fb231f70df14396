import { afterAll, beforeAll } from 'vitest'
import { type JobDefinition, startJobs, stopJobs } from '../../app/platform/jobs/index.server'

/** The app's job system over the test file's database with these jobs, polling often so a test waits little for a worker. */
export function withJobs(definitions: readonly JobDefinition[]): void {
  beforeAll(async () => {
    await startJobs(definitions, { pollingIntervalSeconds: 0.5 })
  })
  afterAll(stopJobs)
}
