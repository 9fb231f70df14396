// The platform admin's view of the job queue (issue 17): the registered queues with their counts, the jobs that failed
// for good, and "retry now" for one of them.
import type { ServiceContext } from '../actor'
import { AppError } from '../errors'
import { requirePlatformAdmin } from '../platform-admin'
import { z } from '../zod'
import { jobSystem } from './index.server'
import type { FailedJob, FailedJobCursor, QueueSummary } from './job-system.server'

export const FAILED_JOBS_PAGE_SIZE = 25

export type JobsOverview = {
  /** Whether this instance runs jobs (`JOBS_WORKER`); others only queue them. */
  worker: boolean
  queues: QueueSummary[]
  failed: FailedJob[]
  /** The cursor of the next (older) page of failed jobs, or null on the last page. */
  next: string | null
}

/** A job to put back in line: its queue and id, as the page's form posts them. */
export const RetryJobInput = z.object({ name: z.string().trim().min(1).max(200), id: z.uuid() })
export type RetryJobInput = z.infer<typeof RetryJobInput>

/** `<failed at, ISO>~<job id>`, the last job of a page. */
export function failedJobCursor(job: Pick<FailedJob, 'failedAt' | 'id'>): string {
  return `${job.failedAt.toISOString()}~${job.id}`
}

const CursorText = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z~[0-9a-f-]{36}$/i)

/** A cursor from the address, or undefined (the first page) when it is missing or not one of ours. */
export function parseFailedJobCursor(text: string | null | undefined): FailedJobCursor | undefined {
  const parsed = CursorText.safeParse(text)
  if (!parsed.success) return undefined
  const [at, id] = parsed.data.split('~') as [string, string]
  const failedAt = new Date(at)
  return Number.isNaN(failedAt.getTime()) || !z.uuid().safeParse(id).success ? undefined : { failedAt, id }
}

export async function jobsOverview(ctx: ServiceContext, { after }: { after?: string | null } = {}): Promise<JobsOverview> {
  requirePlatformAdmin(ctx.actor)
  const system = jobSystem()
  const [queues, failed] = await Promise.all([system.queues(), system.failedJobs({ limit: FAILED_JOBS_PAGE_SIZE + 1, cursor: parseFailedJobCursor(after) })])
  const page = failed.slice(0, FAILED_JOBS_PAGE_SIZE)
  return { worker: system.worker, queues, failed: page, next: failed.length > FAILED_JOBS_PAGE_SIZE ? failedJobCursor(page.at(-1)!) : null }
}

/** Puts a failed job back in line now (one more attempt); 404 when the queue has no such failed job. */
export async function retryFailedJob(ctx: ServiceContext, input: RetryJobInput): Promise<void> {
  requirePlatformAdmin(ctx.actor)
  if (!(await jobSystem().retryFailed(input.name, input.id))) throw new AppError('not_found', 'No failed job with this id in this queue')
}
