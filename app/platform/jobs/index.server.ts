import type * as z from 'zod'
import { databaseHandle } from '../db/index.server'
import { env } from '../env.server'
import { logger } from '../logger.server'
import type { JobDefinition } from './job-definition'
import { JobSystem, type JobConnection, type JobSystemOptions, type SendOptions } from './job-system.server'

export { DEFAULT_RETRY, defineJob, type JobContext, type JobDefinition, type RetryPolicy } from './job-definition'
export { JobSystem, type JobConnection } from './job-system.server'

// On globalThis like the database: a dev-mode module reload must not start a second set of workers.
const globalJobs = globalThis as unknown as { __tradeportJobs?: JobSystem }

/** The queue beside the app's database: the same PostgreSQL URL, or the app's own PGlite instance. */
export function jobConnection(): JobConnection {
  const handle = databaseHandle()
  return handle.kind === 'postgres' ? { kind: 'postgres', url: handle.url } : { kind: 'pglite', client: handle.client }
}

/** Starts the job system with the server; `JOBS_WORKER=off` instances only enqueue. Tests may poll and supervise more often. */
export async function startJobs(
  definitions: readonly JobDefinition[],
  timing: Pick<JobSystemOptions, 'pollingIntervalSeconds' | 'superviseIntervalSeconds'> = {},
): Promise<JobSystem> {
  if (globalJobs.__tradeportJobs) return globalJobs.__tradeportJobs
  const worker = env().JOBS_WORKER
  const log = logger()
  const system = new JobSystem({
    connection: jobConnection(),
    worker,
    ...timing,
    // Only the message: pg-boss errors can carry the connection's configuration.
    onError: (error) => log.warn({ err: error.message }, 'job queue error'),
    onJobFailed: ({ name, jobId, retryCount, error }) => log.warn({ job: name, jobId, retryCount, err: error.message }, 'job attempt failed'),
  })
  globalJobs.__tradeportJobs = system
  await system.start(definitions)
  const scheduled = definitions.filter((definition) => definition.cron).map((definition) => `${definition.name} (${definition.cron})`)
  if (worker) log.info({ jobs: definitions.length, schedules: scheduled }, 'job worker started; schedules registered')
  else log.info({ jobs: definitions.length }, 'job worker off on this instance (JOBS_WORKER=off): jobs are only enqueued here')
  return system
}

export function jobSystem(): JobSystem {
  const system = globalJobs.__tradeportJobs
  if (!system) throw new Error('the job system has not been started')
  return system
}

export function sendJob<Payload extends z.ZodType>(
  definition: JobDefinition<Payload>,
  payload: z.input<Payload>,
  options?: SendOptions,
): Promise<string | null> {
  return jobSystem().send(definition, payload, options)
}

export async function stopJobs(): Promise<void> {
  const system = globalJobs.__tradeportJobs
  globalJobs.__tradeportJobs = undefined
  await system?.stop()
}
