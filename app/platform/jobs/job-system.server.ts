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
  /** How often a worker looks for jobs whose attempt timed out or missed its heartbeat (pg-boss: 60 s; tests make it short). */
  superviseIntervalSeconds?: number
  onError(error: Error): void
  /** A failed attempt: retried, or the last one (the job is then left in the failed state). */
  onJobFailed?(failure: { name: string; jobId: string; retryCount: number; error: Error }): void
}

export type SendOptions = { startAfterSeconds?: number }

/** A registered queue as the admin page shows it: its schedule, retry policy and how many of its jobs are in each state. */
export type QueueSummary = {
  name: string
  titleKey: string | null
  cron: string | null
  retry: { limit: number; delaySeconds: number; maxDelaySeconds: number | null }
  ready: number
  deferred: number
  active: number
  failed: number
  total: number
}

/** A job whose last attempt failed and that has no retry left (pg-boss's `failed` state). */
export type FailedJob = { id: string; name: string; attempts: number; error: string; failedAt: Date; createdAt: Date }

/** Where a page of failed jobs starts: after the job failed at `failedAt` with this id (newest first). */
export type FailedJobCursor = { failedAt: Date; id: string }

export const JOBS_SCHEMA = 'pgboss'
// With one job per fetch a worker takes one job per poll (STACK-NOTES): a batch keeps it busy while work is waiting.
const BATCH_SIZE = 10
const DEFAULT_POLLING_INTERVAL_SECONDS = 2
const CRON_CHECK_SECONDS = 5
// pg-boss's own pool on PostgreSQL: workers and maintenance need few connections beside the app's pool.
const POSTGRES_POOL_MAX = 4
// server.js gives up after 15 s: running handlers get most of that to finish before they are failed (and retried).
const STOP_TIMEOUT_MS = 10_000

/** The error a failed attempt left in the job's output (our handlers store `{ message }`; pg-boss may store its own). */
function failureMessage(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output && typeof output.message === 'string') return output.message
  return output === null || output === undefined ? '' : JSON.stringify(output).slice(0, 500)
}

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
      ...(options.superviseIntervalSeconds === undefined
        ? {}
        : { superviseIntervalSeconds: options.superviseIntervalSeconds, monitorIntervalSeconds: options.superviseIntervalSeconds }),
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
      const pollingIntervalSeconds = this.#options.pollingIntervalSeconds ?? DEFAULT_POLLING_INTERVAL_SECONDS
      const fetching = definition.concurrency ? { batchSize: 1, localConcurrency: definition.concurrency } : { batchSize: BATCH_SIZE, burstWhenBatchFull: true }
      await this.#boss.work(definition.name, { ...fetching, pollingIntervalSeconds, perJobResults: true }, (jobs: Job<unknown>[]) =>
        this.#runBatch(definition, jobs),
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

  /** Names and states of a queue's jobs, for tests. */
  async jobs(name: string): Promise<{ id: string; state: string; retryCount: number; data: unknown }[]> {
    const found = await this.#boss.findJobs(name, { limit: 10_000 })
    return found.map((job) => ({ id: job.id, state: job.state, retryCount: job.retryCount, data: job.data }))
  }

  /** Every registered queue with its job counts (read live: pg-boss's own queue counts are refreshed by its monitor), by name. */
  async queues(): Promise<QueueSummary[]> {
    const names = [...this.#definitions.keys()].sort()
    if (names.length === 0) return []
    const { rows } = await this.#boss.getDb().executeSql(
      `select name,
              count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as ready,
              count(*) filter (where state in ('created', 'retry') and start_after > now())::int as deferred,
              count(*) filter (where state = 'active')::int as active,
              count(*) filter (where state = 'failed')::int as failed,
              count(*)::int as total
         from ${JOBS_SCHEMA}.job
        where name = any($1::text[])
        group by name`,
      [names],
    )
    const counts = new Map(
      (rows as Array<{ name: string; ready: number; deferred: number; active: number; failed: number; total: number }>).map((row) => [row.name, row]),
    )
    return names.map((name) => {
      const definition = this.#definitions.get(name)!
      const count = counts.get(name)
      return {
        name,
        titleKey: definition.titleKey ?? null,
        cron: definition.cron ?? null,
        retry: { limit: definition.retry.limit, delaySeconds: definition.retry.delaySeconds, maxDelaySeconds: definition.retry.maxDelaySeconds ?? null },
        ready: count?.ready ?? 0,
        deferred: count?.deferred ?? 0,
        active: count?.active ?? 0,
        failed: count?.failed ?? 0,
        total: count?.total ?? 0,
      }
    })
  }

  /**
   * Failed jobs of the registered queues, the most recent failure first, `limit` at a time after `cursor`. pg-boss finds
   * jobs by queue, key or data but not by state, so this reads its job table (kept until pg-boss's retention deletes it).
   */
  async failedJobs({ limit, cursor }: { limit: number; cursor?: FailedJobCursor }): Promise<FailedJob[]> {
    const names = [...this.#definitions.keys()]
    if (names.length === 0) return []
    const values: unknown[] = [names, limit]
    const after = cursor ? `and (completed_on, id) < ($3::timestamptz, $4::uuid)` : ''
    if (cursor) values.push(cursor.failedAt.toISOString(), cursor.id)
    const { rows } = await this.#boss.getDb().executeSql(
      `select id::text as id, name, retry_count as "retryCount", output, completed_on as "completedOn", created_on as "createdOn"
         from ${JOBS_SCHEMA}.job
        where state = 'failed' and name = any($1::text[]) ${after}
        order by completed_on desc, id desc
        limit $2`,
      values,
    )
    return (rows as Array<{ id: string; name: string; retryCount: number; output: unknown; completedOn: Date | string; createdOn: Date | string }>).map(
      (row) => ({
        id: row.id,
        name: row.name,
        attempts: row.retryCount + 1,
        error: failureMessage(row.output),
        failedAt: new Date(row.completedOn),
        createdAt: new Date(row.createdOn),
      }),
    )
  }

  /** Puts a failed job of a registered queue back in line at once; false when there is no such failed job. */
  async retryFailed(name: string, id: string): Promise<boolean> {
    if (!this.#definitions.has(name)) return false
    // pg-boss moves only a failed job (its retry statement checks the state) and answers how many it moved.
    const result = (await this.#boss.retry(name, id)) as { affected?: number }
    return (result.affected ?? 0) > 0
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
      ...(definition.heartbeatSeconds === undefined ? {} : { heartbeatSeconds: definition.heartbeatSeconds }),
    }
    if (await this.#boss.getQueue(definition.name)) {
      await this.#boss.updateQueue(definition.name, options)
      return
    }
    // `exclusive`: one job per singleton key queued or running; a keyless queue stays `standard` (exclusive would key them all as '').
    await this.#boss
      .createQueue(definition.name, { ...options, policy: definition.singletonKey ? (definition.singletonPolicy ?? 'exclusive') : 'standard' })
      .catch(async (error: unknown) => {
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
