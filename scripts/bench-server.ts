// What the HTTP benchmarks share: the production build started on a database, a bearer token for a seeded user,
// autocannon load with per-response latencies, percentiles and the machine's load average.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'

const ROOT = process.cwd()
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ')

export function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

export type Measurement = { p50: number; p95: number; p99: number; rps: number; count: number; statuses: Map<number, number> }

export function summarize(latencies: number[], seconds: number, statuses = new Map<number, number>()): Measurement {
  const sorted = [...latencies].sort((a, b) => a - b)
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    rps: latencies.length / seconds,
    count: latencies.length,
    statuses,
  }
}

export const statusLine = (statuses: Map<number, number>) => [...statuses].map(([status, count]) => `${status}×${count}`).join(' ') || 'none'

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

export type BenchServer = {
  url: string
  stop: () => Promise<void>
  /** The server process's CPU time so far (user + system, seconds) where /proc tells it (Linux), else null. */
  cpuSeconds: () => number | null
}

/** A process's CPU time (user + system, seconds) from /proc/<pid>/stat, or null where there is no /proc. */
function processCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return null
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // The fields after the command name (which may hold spaces) — utime and stime are the 14th and 15th of the line.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/**
 * The CPU time (user + system, seconds) of every PostgreSQL process on this machine so far (backends and background
 * workers), from /proc; null where there is no /proc or no such process (a remote database). Processes that ended
 * meanwhile drop out, so measure across a window in which the pool's connections stay open.
 */
export function postgresCpuSeconds(): number | null {
  if (!existsSync('/proc')) return null
  let total = 0
  let found = false
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue
      total += processCpuSeconds(Number(entry)) ?? 0
      found = true
    } catch {
      // It ended while we looked.
    }
  }
  return found ? total : null
}

/**
 * `server.js` in production mode on `databaseUrl` with `env` added, once it answers /api/health. Extra Node flags come
 * from BENCH_NODE_ARGS (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the server under test).
 */
export async function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<BenchServer> {
  if (!existsSync(path.join(ROOT, 'build/server/index.js'))) throw new Error('build/server/index.js missing: run npm run build first')
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, 'server.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'tradeport-bench-')),
      SEED_DEMO: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  const stop = async () => {
    child.kill('SIGTERM')
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(killer)
  }
  for (const started = Date.now(); ; await sleep(100)) {
    if (child.exitCode !== null) throw new Error('the server exited before answering')
    if (Date.now() - started > 120_000) {
      await stop()
      throw new Error('the server did not answer /api/health within 2 minutes')
    }
    const healthy = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) })
      .then((response) => response.ok)
      .catch(() => false)
    if (healthy) return { url, stop, cpuSeconds: () => processCpuSeconds(child.pid) }
  }
}

/** A bearer token by the password grant, waiting out the 503s a burst of grants earns (password hashing is slow on purpose). */
export async function tokenFor(url: string, user: { email: string; password: string }): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${url}/api/auth/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ identifier: user.email, password: user.password }),
    })
    if (response.status === 503 && attempt < 10) {
      await response.body?.cancel()
      await sleep(Number(response.headers.get('retry-after') ?? 1) * 1000)
      continue
    }
    if (response.status !== 200) throw new Error(`token grant failed: ${response.status} ${await response.text()}`)
    return ((await response.json()) as { access_token: string }).access_token
  }
}

/** autocannon GETs over rotating paths at `connections` connections for `seconds`; latencies per response. */
export async function load(
  url: string,
  paths: string[],
  options: { seconds: number; connections: number; headers?: Record<string, string> },
): Promise<Measurement> {
  let next = 0
  const latencies: number[] = []
  const statuses = new Map<number, number>()
  const instance = autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    timeout: 30,
    headers: options.headers ?? {},
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  })
  instance.on('response', (_client, status, _bytes, ms) => {
    latencies.push(ms)
    statuses.set(status, (statuses.get(status) ?? 0) + 1)
  })
  const result = await instance
  return summarize(latencies, result.duration || options.seconds, statuses)
}

/** Each path once, one request at a time: the latency of the work itself, without queueing behind other requests. */
export async function sequential(url: string, paths: string[], headers: Record<string, string> = {}): Promise<Measurement> {
  const latencies: number[] = []
  const statuses = new Map<number, number>()
  const started = performance.now()
  for (const pathname of paths) {
    const begin = performance.now()
    const response = await fetch(`${url}${pathname}`, { headers })
    await response.arrayBuffer()
    latencies.push(performance.now() - begin)
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
  }
  return summarize(latencies, (performance.now() - started) / 1000, statuses)
}
