import type { PGlite } from '@electric-sql/pglite'
import { fromPglite, PgBoss, type ConstructorOptions, type Job, type JobResult, type Queue } from 'pg-boss'
import type * as z from 'zod'
import type { JobDefinition } from './job-definition'

/** Where the queue lives: beside the app's tables, over the app's own PGlite instance or the same PostgreSQL URL. */
export type JobConnection = { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite }

export type JobSystemOptions = {
  connection: JobConnection
  /** Off: this instance only enqueues; the instances with a worker run the jobs and the schedules. */
  worker: boolean
  /** How often an idle worker looks for jobs (new jobs on PGlite and PostgreSQL also wake it through NOTIFY). */
  pollingIntervalSeconds?: number
  onError(error: Error): void
  /** A failed attempt: retried, or the last one (the job is then left in the failed state). */
  onJobFailed?(failure: { name: string; jobId: string; retryCount: number; error: Error }): void
}

export type SendOptions = { startAfterSeconds?: number }

export const JOBS_SCHEMA = 'pgboss'
// With one job per fetch a worker takes one job per poll (STACK-NOTES): a batch keeps it busy while work is waiting.
const BATCH_SIZE = 10
const DEFAULT_POLLING_INTERVAL_SECONDS = 2
const CRON_CHECK_SECONDS = 5
// pg-boss's own pool on PostgreSQL: workers and maintenance need few connections beside the app's pool.
const POSTGRES_POOL_MAX = 4
// server.js gives up after 15 s: running handlers get most of that to finish before they are failed (and retried).
const STOP_TIMEOUT_MS = 10_000

/**
 * The platform's job queue: pg-boss on PostgreSQL, or on the app's PGlite through `fromPglite`. On PGlite every pg-boss
 * statement goes through `PGlite.query`/`exec`, which wait for PGlite's transaction lock, so none can run inside a
 * request's open transaction (proved in job-system.db.test.ts).
 */
export class JobSystem {
  readonly #boss: PgBoss
  readonly #options: JobSystemOptions
  readonly #definitions = new Map<string, JobDefinition>()
  #state: 'new' | 'started' | 'stopped' = 'new'

  constructor(options: JobSystemOptions) {
    this.#options = options
    const shared: ConstructorOptions = {
      schema: JOBS_SCHEMA,
      // Cron and maintenance run on workers only; pg-boss elects one instance per slot, so a schedule fires once.
      schedule: options.worker,
      // Checked every 5 s (pg-boss: 30 s), a minute's cron job is sent within seconds of the minute, so jobs that
      // follow it up within the minute (notification digests every 30 s) keep their spacing.
      cronMonitorIntervalSeconds: CRON_CHECK_SECONDS,
      supervise: options.worker,
      useListenNotify: true,
    }
    this.#boss =
      options.connection.kind === 'postgres'
        ? new PgBoss({ ...shared, connectionString: options.connection.url, max: POSTGRES_POOL_MAX, application_name: 'tradeport-jobs' })
        : new PgBoss({ ...shared, db: fromPglite(options.connection.client), backend: 'pglite' })
    this.#boss.on('error', (error: Error) => options.onError(error))
  }

  /** Installs or upgrades pg-boss's schema and nothing else (the test run's template database gets it once). */
  static async install(connection: JobConnection): Promise<void> {
    const errors: Error[] = []
    const system = new JobSystem({ connection, worker: false, onError: (error) => errors.push(error) })
    await system.start([])
    await system.stop()
    if (errors.length > 0) throw errors[0]
  }

  get worker(): boolean {
    return this.#options.worker
  }

  /** Installs or upgrades the queue's schema, creates the queues, and (on a worker) registers schedules and starts working. */
  async start(definitions: readonly JobDefinition[]): Promise<void> {
    if (this.#state !== 'new') throw new Error('the job system was already started')
    this.#state = 'started'
    await this.#boss.start()
    for (const definition of definitions) {
      if (this.#definitions.has(definition.name)) throw new Error(`two jobs are named ${definition.name}`)
      this.#definitions.set(definition.name, definition)
      await this.#ensureQueue(definition)
      if (!this.#options.worker) continue
      await this.#schedule(definition)
      await this.#boss.work(
        definition.name,
        {
          batchSize: BATCH_SIZE,
          burstWhenBatchFull: true,
          pollingIntervalSeconds: this.#options.pollingIntervalSeconds ?? DEFAULT_POLLING_INTERVAL_SECONDS,
          perJobResults: true,
        },
        (jobs: Job<unknown>[]) => this.#runBatch(definition, jobs),
      )
    }
  }

  /** Queues a job with a valid payload; null when its singleton key is already queued or running. */
  async send<Payload extends z.ZodType>(definition: JobDefinition<Payload>, payload: z.input<Payload>, options: SendOptions = {}): Promise<string | null> {
    // By name: in development a reloaded module defines the same job again as a new object.
    if (!this.#definitions.has(definition.name)) throw new Error(`the job ${definition.name} is not registered`)
    const data = definition.payload.parse(payload) as object
    return this.#boss.send(definition.name, data, {
      singletonKey: definition.singletonKey?.(data as z.output<Payload>),
      startAfter: options.startAfterSeconds,
    })
  }

  /** Names and states of a queue's jobs, for tests and the admin page to come. */
  async jobs(name: string): Promise<{ id: string; state: string; retryCount: number; data: unknown }[]> {
    const found = await this.#boss.findJobs(name, { limit: 10_000 })
    return found.map((job) => ({ id: job.id, state: job.state, retryCount: job.retryCount, data: job.data }))
  }

  /** Stops fetching, lets running handlers finish (up to 10 s; the rest fail and are retried), and closes pg-boss's pool. */
  async stop(): Promise<void> {
    if (this.#state !== 'started') return
    this.#state = 'stopped'
    await this.#boss.stop({ graceful: true, timeout: STOP_TIMEOUT_MS, close: true })
  }

  /** A cron job runs with the payload `{}` parses to, under the singleton key that payload gives (as if sent). */
  async #schedule(definition: JobDefinition): Promise<void> {
    if (!definition.cron) {
      await this.#boss.unschedule(definition.name)
      return
    }
    const data = definition.payload.parse({}) as object
    await this.#boss.schedule(definition.name, definition.cron, data, { tz: 'UTC', singletonKey: definition.singletonKey?.(data) })
  }

  async #ensureQueue(definition: JobDefinition): Promise<void> {
    const options: Omit<Queue, 'name' | 'policy'> = {
      retryLimit: definition.retry.limit,
      retryDelay: definition.retry.delaySeconds,
      retryBackoff: true,
      ...(definition.retry.maxDelaySeconds === undefined ? {} : { retryDelayMax: definition.retry.maxDelaySeconds }),
      expireInSeconds: definition.timeoutSeconds ?? 15 * 60,
    }
    if (await this.#boss.getQueue(definition.name)) {
      await this.#boss.updateQueue(definition.name, options)
      return
    }
    // `exclusive`: one job per singleton key queued or running; a keyless queue stays `standard` (exclusive would key them all as '').
    await this.#boss.createQueue(definition.name, { ...options, policy: definition.singletonKey ? 'exclusive' : 'standard' }).catch(async (error: unknown) => {
      // Another instance created it first.
      if (!(await this.#boss.getQueue(definition.name))) throw error
    })
  }

  async #runBatch(definition: JobDefinition, jobs: Job<unknown>[]): Promise<JobResult[]> {
    return Promise.all(jobs.map((job) => this.#runOne(definition, job)))
  }

  async #runOne(definition: JobDefinition, job: Job<unknown>): Promise<JobResult> {
    const payload = definition.payload.safeParse(job.data)
    // A payload that no longer fits its schema will not fit on a retry either.
    if (!payload.success) return { id: job.id, status: 'deadletter', output: { message: `invalid payload: ${payload.error.message}` } }
    try {
      await definition.handle(payload.data, { jobId: job.id, retryCount: job.retryCount, signal: job.signal })
      return { id: job.id, status: 'completed' }
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown))
      this.#options.onJobFailed?.({ name: definition.name, jobId: job.id, retryCount: job.retryCount, error })
      return { id: job.id, status: 'failed', output: { message: error.message } }
    }
  }
}
