// `npm run bench:import [-- --rows 120000] [-- --postgres] [-- --rate 20 | --clients 4]`: imports a generated CSV of valid
// product rows into a supplier while requests keep coming, and prints how long the import took and what the requests waited.
// The server (scripts/import-bench-server.ts: the real API and the import services in one process, as in production) runs
// as a child process on the embedded PGlite in a fresh temporary data directory, or with --postgres on a scratch PostgreSQL
// database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/tradeport_bench_import, recreated and dropped).
// The file is imported twice: every row creates a product, then every row updates one. Throughout, requests arrive at
// --rate a second (default 20, open loop) or come from --clients N closed-loop clients, in turn for /api/health, the
// marketplace search, the supplier's public profile and its own product list; latencies are reported for 5 s before
// each import (no import running) and during it (upload to completion, and its background apply alone).
import { type ChildProcess, fork } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { recreateDatabase } from './bench-database'
import type { BenchServerMessage } from './import-bench-server'

const P95_TARGET_MS = 500
const BASELINE_MS = 5000
const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '120000' },
    postgres: { type: 'boolean', default: false },
    rate: { type: 'string' },
    clients: { type: 'string' },
    mugs: { type: 'boolean', default: false },
  },
})
const rowCount = Number(values.rows)
if (!Number.isInteger(rowCount) || rowCount < 1) throw new Error(`--rows must be a positive whole number, got "${values.rows}"`)
const usePostgres = values.postgres || process.env.BENCH_DATABASE_URL !== undefined
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tradeport_bench_import'
/**
 * The load: by default an open loop of RATE requests a second arriving at random (Poisson) whatever the answers, as users
 * do; with --clients N (or BENCH_CLIENTS), N closed-loop clients that send their next request the moment the last one
 * answered: a saturation test, where every request waits for the N − 1 others and the figures measure the server's total
 * work per request, import or not.
 */
const CLIENTS = values.clients ?? process.env.BENCH_CLIENTS
const RATE = Number(values.rate ?? process.env.BENCH_RATE ?? 20)
const LOAD = CLIENTS === undefined ? ({ kind: 'open', rate: RATE } as const) : ({ kind: 'closed', clients: Math.max(1, Number(CLIENTS)) } as const)
if (LOAD.kind === 'open' && !(RATE > 0)) throw new Error(`--rate must be a positive number of requests a second, got "${values.rate}"`)

type Sample = { endpoint: string; at: number; ms: number; ok: boolean }
type Ready = Extract<BenchServerMessage, { type: 'ready' }>
type Imported = Extract<BenchServerMessage, { type: 'imported' }>

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

function startServer(env: NodeJS.ProcessEnv): { child: ChildProcess; messages: (type: BenchServerMessage['type']) => Promise<BenchServerMessage> } {
  const child = fork(path.join(process.cwd(), 'scripts/import-bench-server.ts'), [], {
    cwd: process.cwd(),
    env,
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const waiting: Array<{ type: string; resolve: (message: BenchServerMessage) => void }> = []
  child.on('message', (message: BenchServerMessage) => {
    const index = waiting.findIndex((entry) => entry.type === message.type)
    if (index >= 0) waiting.splice(index, 1)[0]?.resolve(message)
  })
  child.on('exit', (code) => {
    if (code) {
      console.error(`bench server exited with ${code}`)
      process.exit(1)
    }
  })
  return { child, messages: (type) => new Promise((resolve) => waiting.push({ type, resolve })) }
}

async function tokenFor(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ identifier: email, password }),
  })
  if (response.status !== 200) throw new Error(`token grant failed: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { access_token: string }).access_token
}

type Endpoint = { name: string; path: string; headers?: Record<string, string> }

async function timedRequest(url: string, endpoint: Endpoint, samples: Sample[]): Promise<void> {
  const started = performance.now()
  let ok: boolean
  try {
    const response = await fetch(`${url}${endpoint.path}`, { headers: endpoint.headers })
    await response.arrayBuffer()
    ok = response.status === 200
  } catch {
    ok = false
  }
  samples.push({ endpoint: endpoint.name, at: Date.now(), ms: performance.now() - started, ok })
}

/** Requests over the endpoints in turn, as LOAD says, until stopped; the answer stops them and waits for those in flight. */
function generateLoad(url: string, endpoints: Endpoint[], samples: Sample[]): () => Promise<void> {
  let running = true
  const inFlight = new Set<Promise<void>>()
  const loops =
    LOAD.kind === 'closed'
      ? Array.from({ length: LOAD.clients }, async (_unused, client) => {
          for (let turn = client; running; turn++) await timedRequest(url, endpoints[turn % endpoints.length]!, samples)
        })
      : [
          (async () => {
            for (let turn = 0; running; turn++) {
              const request = timedRequest(url, endpoints[turn % endpoints.length]!, samples).finally(() => inFlight.delete(request))
              inFlight.add(request)
              // Exponential gaps: arrivals independent of one another, RATE a second on average.
              await new Promise((resolve) => setTimeout(resolve, (-Math.log(1 - Math.random()) * 1000) / LOAD.rate))
            }
          })(),
        ]
  return async () => {
    running = false
    await Promise.all(loops)
    await Promise.all(inFlight)
  }
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
const ms = (value: number) => `${Math.round(value)}`.padStart(6)

function report(title: string, samples: Sample[], from: number, to: number): { p95: number } {
  const window = samples.filter((sample) => sample.at >= from && sample.at <= to)
  const names = [...new Set(window.map((sample) => sample.endpoint)), 'all']
  const stats = new Map(
    names.map((name) => {
      const of = window.filter((sample) => name === 'all' || sample.endpoint === name)
      const sorted = of.map((sample) => sample.ms).sort((a, b) => a - b)
      return [
        name,
        {
          n: of.length,
          failed: of.filter((sample) => !sample.ok).length,
          p50: quantile(sorted, 0.5),
          p95: quantile(sorted, 0.95),
          p99: quantile(sorted, 0.99),
          max: sorted.at(-1) ?? Number.NaN,
        },
      ] as const
    }),
  )
  const health = stats.get('health')
  console.log(`\n${title} (${((to - from) / 1000).toFixed(1)} s, load ${load()})`)
  console.log(`  ${'endpoint'.padEnd(10)} ${'n'.padStart(6)} ${'fail'.padStart(5)}    p50    p95    p99    max (ms)   p50/p95 ÷ health`)
  for (const [name, stat] of stats) {
    const ratio = health && name !== 'health' && name !== 'all' ? `${(stat.p50 / health.p50).toFixed(1)}× / ${(stat.p95 / health.p95).toFixed(1)}×` : ''
    console.log(
      `  ${name.padEnd(10)} ${String(stat.n).padStart(6)} ${String(stat.failed).padStart(5)} ${ms(stat.p50)} ${ms(stat.p95)} ${ms(stat.p99)} ${ms(stat.max)}            ${ratio}`,
    )
  }
  return { p95: stats.get('all')?.p95 ?? Number.NaN }
}

const dataDir = usePostgres ? undefined : await mkdtemp(path.join(os.tmpdir(), 'tradeport-bench-import-'))
if (usePostgres) await recreateDatabase(DATABASE_URL)
const port = await freePort()
const url = `http://127.0.0.1:${port}`
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: String(port),
  PUBLIC_URL: url,
  SEED_DEMO: 'off',
  // Every search reaches the database: the bench measures the wait for it, not the result cache.
  SEARCH_CACHE_SECONDS: '0',
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  BENCH_IMPORT_ROWS: String(rowCount),
  BENCH_IMPORT_NAMES: values.mugs ? 'mugs' : 'varied',
  ...(usePostgres ? { DATABASE_URL } : { DATA_DIR: dataDir }),
}
if (!usePostgres) delete env.DATABASE_URL

console.log(
  `bench:import  ${rowCount} rows  database ${usePostgres ? 'PostgreSQL' : 'PGlite (embedded, on disk)'}  load ${LOAD.kind === 'open' ? `open loop ${LOAD.rate} requests/s` : `${LOAD.clients} closed-loop clients`}  names ${values.mugs ? 'all porcelain mugs' : 'varied (40 kinds × 11 materials)'}  cores ${os.cpus().length}  load average ${load()}`,
)
const server = startServer(env)
let failed = false
try {
  const ready = (await server.messages('ready')) as Ready
  console.log(`server ready on ${ready.databaseKind}; generated file ${ready.csvMegabytes.toFixed(1)} MB; load average ${load()}`)
  const token = await tokenFor(url, ready.email, ready.password)
  const endpoints = [
    { name: 'health', path: '/api/health' },
    { name: 'search', path: '/api/v1/marketplace/products?q=mug&limit=20' },
    { name: 'profile', path: `/api/v1/marketplace/companies/${ready.companyId}` },
    { name: 'own-list', path: '/api/v1/products?limit=20', headers: { authorization: `Bearer ${token}` } },
  ]
  const samples: Sample[] = []
  const stop = generateLoad(url, endpoints, samples)
  const results: Array<{ label: string; p95: number; applyP95: number }> = []
  for (const label of ['create', 'update']) {
    // The same requests without an import running, on the catalogue as the import finds it.
    const baselineFrom = Date.now()
    await new Promise((resolve) => setTimeout(resolve, BASELINE_MS))
    report(`before the ${label} import, no import running`, samples, baselineFrom, Date.now())
    const from = Date.now()
    const done = server.messages('imported')
    server.child.send({ type: 'import', label })
    const imported = (await done) as Imported
    const seconds = (imported.finishedAt - from) / 1000
    console.log(
      `\n${label}: rows ${imported.rows}  created ${imported.created}  updated ${imported.updated}  ` +
        `upload+parse ${imported.parseSeconds.toFixed(1)} s  start (checks every row) ${imported.startSeconds.toFixed(1)} s  apply ${imported.applySeconds.toFixed(1)} s  ` +
        `total ${seconds.toFixed(1)} s  ${Math.round(imported.rows / seconds)} rows/s`,
    )
    const whole = report(`requests during the ${label} import (upload to completion)`, samples, from, imported.finishedAt)
    const apply = report(`requests during the ${label} import's background apply`, samples, imported.applyStartedAt, imported.finishedAt)
    results.push({ label, p95: whole.p95, applyP95: apply.p95 })
  }
  await stop()
  console.log('')
  for (const result of results) {
    const verdict = (p95: number) => `${Math.round(p95)} ms ${p95 < P95_TARGET_MS ? 'within' : 'OVER'} the ${P95_TARGET_MS} ms target`
    console.log(`${result.label}: request p95 during the import ${verdict(result.p95)}; during its apply ${verdict(result.applyP95)}`)
    if (result.p95 >= P95_TARGET_MS) failed = true
  }
  console.log(`load average at the end ${load()}`)
} finally {
  server.child.kill('SIGTERM')
  await new Promise((resolve) => server.child.once('exit', resolve))
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
  if (usePostgres) {
    const { default: postgres } = await import('postgres')
    const admin = postgres(Object.assign(new URL(DATABASE_URL), { pathname: '/postgres' }).toString(), { max: 1, onnotice: () => {} })
    await admin.unsafe(`drop database if exists ${new URL(DATABASE_URL).pathname.slice(1)} with (force)`)
    await admin.end()
  }
}
process.exit(failed ? 1 : 0)
