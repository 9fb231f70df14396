// A job worker in a process of its own, for job-crash.db.test.ts: `node --import tsx tests/support/stepped-job-worker.ts`
// with STEPPED_DATABASE (a PostgreSQL URL, or `pglite:<data directory>`), STEPPED_RUN and STEPPED_STEPS. It queues one
// stepped job, works it slowly, and prints `step <n>` as each step commits, so the test can kill it mid-run.
import { openPglite, openPostgres } from '../../app/platform/db/database.server'
import { JobSystem } from '../../app/platform/jobs/index.server'
import { steppedJob } from './stepped-job'

const target = process.env.STEPPED_DATABASE ?? ''
const handle = target.startsWith('pglite:') ? openPglite({ dataDir: target.slice('pglite:'.length) }) : openPostgres(target, 2)
const system = new JobSystem({
  connection: handle.kind === 'pglite' ? { kind: 'pglite', client: handle.client } : { kind: 'postgres', url: handle.url },
  worker: true,
  pollingIntervalSeconds: 0.5,
  onError: (error) => console.error(error.message),
})
const job = steppedJob({ db: handle.db, worker: 'killed', stepMs: 300, onStep: (step) => process.stdout.write(`step ${step}\n`) })
await system.start([job])
await system.send(job, { runId: process.env.STEPPED_RUN ?? 'run', steps: Number(process.env.STEPPED_STEPS ?? 6) })
