import type * as z from 'zod'

/** Exponential back-off with jitter: retry n waits between `delaySeconds × 2^(n-1)` and twice that, at most `maxDelaySeconds`. */
export type RetryPolicy = { limit: number; delaySeconds: number; maxDelaySeconds?: number }

export type JobContext = { jobId: string; /** 0 on the first attempt, 1 on the first retry, … */ retryCount: number; signal: AbortSignal }

export type JobDefinition<Payload extends z.ZodType = z.ZodType> = {
  /** The queue's name: letters, digits, `.`, `-` and `_` (e.g. `sourcing.remind-rfq-deadlines`). */
  name: string
  /** What the job does, as a key of the `jobs` message namespace (shown on the admin page beside the name). */
  titleKey?: string
  payload: Payload
  handle(payload: z.output<Payload>, context: JobContext): Promise<void>
  retry: RetryPolicy
  /** A five-field cron expression in UTC; the queue runs it once per slot across all instances. */
  cron?: string
  /** A job whose key is already queued or running is not queued again (the send returns null). */
  singletonKey?(payload: z.output<Payload>): string
  /**
   * How the key is kept single: `exclusive` (default) allows one job per key queued or running; `stately` one running
   * and one more queued (a job that must see what arrives while it runs: the next one waits its turn).
   */
  singletonPolicy?: 'exclusive' | 'stately'
  /** A running attempt that takes longer than this fails (and is retried). */
  timeoutSeconds?: number
  /**
   * For long jobs: a running attempt refreshes its claim this often (at least 10 s), and one whose process died is failed
   * (and retried) once it has missed it, long before `timeoutSeconds`.
   */
  heartbeatSeconds?: number
  /**
   * For long jobs: how many of the queue's jobs an instance runs side by side, each fetched on its own (by default a worker
   * fetches up to ten at a time and takes the next ones only when the whole batch is done).
   */
  concurrency?: number
}

export const DEFAULT_RETRY: RetryPolicy = { limit: 3, delaySeconds: 30, maxDelaySeconds: 15 * 60 }

/** Declares a job; the identity function keeps the payload type flowing from the schema to the handler and to `send`. */
export function defineJob<Payload extends z.ZodType>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition
}
