import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import * as z from 'zod'
import type { Database } from '../../app/platform/db/index.server'
import { defineJob } from '../../app/platform/jobs/index.server'

/** Where the stepped job records what it did: one row per step done (no key: a step done twice would show), and its progress per run. */
export async function createSteppedJobTables(db: Database): Promise<void> {
  await db.execute(sql`create table stepped_job_effects (run_id text not null, step integer not null, worker text not null)`)
  await db.execute(sql`create table stepped_job_progress (run_id text primary key, done integer not null)`)
}

const rowsOf = <Row>(result: unknown): Row[] => (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[]

/** The steps done for a run, in the order they were done, with who did each. */
export async function steppedJobEffects(db: Database, runId: string): Promise<Array<{ step: number; worker: string }>> {
  const rows = rowsOf<{ step: number; worker: string }>(
    await db.execute(sql`select step, worker from stepped_job_effects where run_id = ${runId} order by step`),
  )
  return rows.map((row) => ({ step: Number(row.step), worker: row.worker }))
}

export type SteppedJobOptions = {
  db: Database
  /** Who runs it, recorded with each step (the test tells the killed process's steps from the ones redone). */
  worker: string
  stepMs: number
  /** Called after each committed step. */
  onStep?(step: number): void
}

/**
 * A job of `steps` steps, each a write committed together with the run's progress, as a product import's batches are:
 * an attempt after a crash starts at the first step not done, so every step's effect is applied once however often it runs.
 * A short timeout: the attempt of a killed process is failed and retried within seconds.
 */
export function steppedJob({ db, worker, stepMs, onStep }: SteppedJobOptions) {
  return defineJob({
    name: 'test.stepped',
    payload: z.object({ runId: z.string(), steps: z.number().int().positive() }),
    retry: { limit: 2, delaySeconds: 1 },
    timeoutSeconds: 4,
    handle: async ({ runId, steps }, { signal }) => {
      for (;;) {
        if (signal.aborted) throw new Error('interrupted')
        const step = await db.transaction(async (tx) => {
          await tx.execute(sql`insert into stepped_job_progress (run_id, done) values (${runId}, 0) on conflict do nothing`)
          const [progress] = rowsOf<{ done: number }>(await tx.execute(sql`select done from stepped_job_progress where run_id = ${runId} for update`))
          const done = Number(progress?.done ?? 0)
          if (done >= steps) return undefined
          await tx.execute(sql`insert into stepped_job_effects (run_id, step, worker) values (${runId}, ${done}, ${worker})`)
          await tx.execute(sql`update stepped_job_progress set done = ${done + 1} where run_id = ${runId}`)
          return done
        })
        if (step === undefined) return
        onStep?.(step)
        await sleep(stepMs)
      }
    },
  })
}
