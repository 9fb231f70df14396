// `npm run bench:jobs`: BENCH_JOBS (default 10,000) jobs through the platform's queue (pg-boss, ADR 027) on PostgreSQL
// (BENCH_JOBS_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/tradeport_bench_jobs, recreated each run) with
// two worker instances in their own processes, while the production server (JOBS_WORKER=off, as a web-only instance)
// answers /api/health. Each job records one row (its number, the instance that ran it, when it was sent and when it
// ran); afterwards the rows are counted: throughput, queue latency (sent → running) p50/p95/p99, jobs lost, jobs run
// twice, and the queue latency's p95 as a multiple of /api/health's p95 in the same window. Exits 1 when a job is lost
// or runs twice. Needs `npm run build` (it starts build/server through server.js).
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import postgres from 'postgres'
import * as z from 'zod'
import { defineJob } from '../app/platform/jobs/job-definition'
import { JobSystem } from '../app/platform/jobs/job-system.server'
import { recreateDatabase } from './bench-database'

const ROOT = process.cwd()
const DATABASE_URL = process.env.BENCH_JOBS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tradeport_bench_jobs'
const JOBS = Number(process.env.BENCH_JOBS ?? 10_000)
const WORKERS = 2
const SEND_CONCURRENCY = 20
const DRAIN_TIMEOUT_MS = 10 * 60_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Every instance records the jobs it runs here; no unique key, so a job that ran twice shows as two rows. */
const RUNS_TABLE = 'bench_job_runs'

function benchJob(sql: postgres.Sql | null, instance: number) {
  return defineJob({
    name: 'bench.work',
    payload: z.object({ n: z.number().int(), sentAt: z.number() }),
    retry: { limit: 3, delaySeconds: 1 },
    handle: async ({ n, sentAt }) => {
      if (!sql) throw new Error('this instance only sends')
      await sql`insert into ${sql(RUNS_TABLE)} (n, instance, sent_at, ran_at) values (${n}, ${instance}, ${sentAt}, ${Date.now()})`
    },
  })
}

/** A worker instance: runs the bench's jobs until it is told to stop (SIGTERM), as a second server would. */
async function workerMain(instance: number): Promise<void> {
  const sql = postgres(DATABASE_URL, { max: 4, onnotice: () => {} })
  const system = new JobSystem({
    connection: { kind: 'postgres', url: DATABASE_URL },
    worker: true,
    onError: (error) => console.error(`[worker ${instance}] ${error.message}`),
  })
  await system.start([benchJob(sql, instance)])
  console.log('ready')
  await new Promise<void>((resolve) => process.once('SIGTERM', () => resolve()))
  await system.stop()
  await sql.end()
}

function startWorker(instance: number): Promise<{ stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('scripts', 'bench-jobs.ts'), '--worker', String(instance)], {
    cwd: ROOT,
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! })
    lines.on('line', (line) => {
      if (line === 'ready') resolve({ stop: () => stopChild(child, exited) })
      else console.log(`[worker ${instance}] ${line}`)
    })
    child.on('exit', (code) => reject(new Error(`worker ${instance} exited with ${code} before it was ready`)))
  })
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  child.kill('SIGTERM')
  const killer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(killer)
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

/** The production server as a web-only instance on the bench database: it migrates, installs the queue and answers. */
async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (!existsSync(path.join(ROOT, 'build/server/index.js'))) throw new Error('build/server/index.js missing: run npm run build first')
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_URL: url,
    DATABASE_URL,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'tradeport-bench-jobs-')),
    SEED_DEMO: 'off',
    JOBS_WORKER: 'off',
    LOG_LEVEL: 'warn',
  }
  const child = spawn(process.execPath, ['server.js'], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] })
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  for (const started = Date.now(); ; await sleep(100)) {
    if (child.exitCode !== null) throw new Error('the server exited before answering')
    if (Date.now() - started > 120_000) {
      await stopChild(child, exited)
      throw new Error('the server did not answer /api/health within 2 minutes')
    }
    const healthy = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) })
      .then((response) => response.ok)
      .catch(() => false)
    if (healthy) return { url, stop: () => stopChild(child, exited) }
  }
}

/** Sequential /api/health requests until `stop()`; answers their latencies in ms. */
function probeHealth(url: string): { stop: () => Promise<number[]> } {
  const latencies: number[] = []
  let running = true
  const loop = (async () => {
    while (running) {
      const started = performance.now()
      const response = await fetch(`${url}/api/health`).catch(() => null)
      if (response?.ok) latencies.push(performance.now() - started)
      await response?.arrayBuffer().catch(() => undefined)
    }
  })()
  return {
    stop: async () => {
      running = false
      await loop
      return latencies
    },
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)}` : '—')

async function main(): Promise<void> {
  console.log(
    `bench:jobs — ${JOBS.toLocaleString('en')} jobs, ${WORKERS} worker instances, PostgreSQL ${DATABASE_URL.replace(/\/\/[^@]*@/, '//')}; load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' / ')} on ${os.availableParallelism()} cores`,
  )
  await recreateDatabase(DATABASE_URL)
  const server = await startServer()
  const sql = postgres(DATABASE_URL, { max: 2, onnotice: () => {} })
  await sql.unsafe(`create table ${RUNS_TABLE} (n int not null, instance int not null, sent_at bigint not null, ran_at bigint not null)`)
  const workers = await Promise.all(Array.from({ length: WORKERS }, (_, index) => startWorker(index + 1)))
  const sender = new JobSystem({
    connection: { kind: 'postgres', url: DATABASE_URL },
    worker: false,
    onError: (error) => console.error(`[sender] ${error.message}`),
  })
  const job = benchJob(null, 0)
  await sender.start([job])

  const idle = probeHealth(server.url)
  await sleep(3_000)
  const idleHealth = await idle.stop()

  const loaded = probeHealth(server.url)
  const sendStarted = Date.now()
  let next = 0
  await Promise.all(
    Array.from({ length: SEND_CONCURRENCY }, async () => {
      while (next < JOBS) {
        const n = next++
        await sender.send(job, { n, sentAt: Date.now() })
      }
    }),
  )
  const sendMs = Date.now() - sendStarted
  const deadline = Date.now() + DRAIN_TIMEOUT_MS
  let done = 0
  while (Date.now() < deadline) {
    done = (await sql<{ done: number }[]>`select count(distinct n)::int as done from ${sql(RUNS_TABLE)}`)[0]!.done
    if (done >= JOBS) break
    await sleep(200)
  }
  const loadedHealth = await loaded.stop()
  // A late duplicate would land after the last first run: give one more polling round before counting.
  await sleep(2_500)

  const [counts] = await sql<{ rows: number; distinct: number; first: string; last: string }[]>`
    select count(*)::int as rows, count(distinct n)::int as distinct, min(sent_at)::text as first, max(ran_at)::text as last from ${sql(RUNS_TABLE)}`
  const perInstance = await sql<
    { instance: number; jobs: number }[]
  >`select instance, count(*)::int as jobs from ${sql(RUNS_TABLE)} group by instance order by instance`
  const latencies = (await sql<{ latency: string }[]>`select (ran_at - sent_at)::text as latency from ${sql(RUNS_TABLE)}`).map((row) => Number(row.latency))

  await sender.stop()
  await Promise.all(workers.map((worker) => worker.stop()))
  await server.stop()
  await sql.end()

  const lost = JOBS - counts!.distinct
  const twice = counts!.rows - counts!.distinct
  const elapsedMs = Number(counts!.last) - Number(counts!.first)
  const healthP95 = percentile(loadedHealth, 95)
  const queueP95 = percentile(latencies, 95)
  console.log('')
  console.log('| Measure | Value | Target | Result |')
  console.log('|---------|-------|--------|--------|')
  console.log(
    `| jobs sent (${SEND_CONCURRENCY} concurrent sends) | ${JOBS.toLocaleString('en')} in ${(sendMs / 1000).toFixed(1)} s (${Math.round((JOBS * 1000) / sendMs)}/s) | - | - |`,
  )
  console.log(
    `| throughput, first send → last run | ${Math.round((counts!.distinct * 1000) / Math.max(1, elapsedMs))} jobs/s (${(elapsedMs / 1000).toFixed(1)} s) | - | - |`,
  )
  console.log(
    `| queue latency, sent → running, p50 / p95 / p99 / max ms | ${ms(percentile(latencies, 50))} / ${ms(queueP95)} / ${ms(percentile(latencies, 99))} / ${ms(Math.max(...latencies))} | - | - |`,
  )
  console.log(
    `| jobs per instance | ${perInstance.map((row) => `#${row.instance}: ${row.jobs.toLocaleString('en')}`).join(', ')} | both work | ${perInstance.length === WORKERS ? 'PASS' : 'FAIL'} |`,
  )
  console.log(`| jobs lost | ${lost} | 0 | ${lost === 0 ? 'PASS' : 'FAIL'} |`)
  console.log(`| jobs run twice | ${twice} | 0 | ${twice === 0 ? 'PASS' : 'FAIL'} |`)
  console.log(
    `| /api/health p50 / p95 ms, idle (${idleHealth.length} requests) | ${ms(percentile(idleHealth, 50))} / ${ms(percentile(idleHealth, 95))} | - | - |`,
  )
  console.log(
    `| /api/health p50 / p95 ms, while the jobs ran (${loadedHealth.length} requests) | ${ms(percentile(loadedHealth, 50))} / ${ms(healthP95)} | - | - |`,
  )
  console.log(`| queue latency p95 ÷ /api/health p95 (same window) | ${(queueP95 / healthP95).toFixed(1)}× | - | - |`)
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' / ')}`,
  )
  if (done < JOBS) console.log(`only ${done.toLocaleString('en')} of ${JOBS.toLocaleString('en')} jobs ran within ${DRAIN_TIMEOUT_MS / 60_000} minutes`)
  if (lost > 0 || twice > 0) process.exitCode = 1
}

const workerIndex = process.argv.indexOf('--worker')
if (workerIndex >= 0) await workerMain(Number(process.argv[workerIndex + 1]))
else await main()
