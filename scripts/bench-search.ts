// `npm run bench:search`: marketplace search at scale on PostgreSQL. Creates the bench database (BENCH_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/tradeport_bench), migrates it, generates BENCH_PRODUCTS products (default
// 1,000,000) with the demo generator unless they are there (kept across runs), starts the production server on it and
// measures: 200 mixed queries against the REST API (20 connections), the same queries as a naive ILIKE '%q%' scan
// (20 pooled connections), and the server-rendered /en/b2b/market page. Exits 0 when the measurements ran.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import postgres from 'postgres'
import { openPostgres } from '../app/platform/db/database.server'
import { benchQueries, type BenchQuery } from './bench-search-queries'

const ROOT = process.cwd()
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tradeport_bench'
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20)
const CONNECTIONS = 20
const DATA_DIR = process.env.BENCH_DATA_DIR ?? path.join(ROOT, '.cache/bench-data')
const SSR_OFFSETS = 10
const TARGETS = { apiP50: 10, apiP95: 50, ssrRps: 150 }
// Issue 18, with the result cache off: at 10,000 products ≥ 1,000 req/s at 20 connections (≥ 100× the naive scan); at
// 1,000,000 products distinct queries with filters p50 ≤ 15 ms and p95 ≤ 50 ms, one at a time.
const UNCACHED_TARGETS = { rpsAtTenThousand: 1000, naiveFactor: 100, p50AtMillion: 15, p95AtMillion: 50 }
const SSR_WARM_LABEL = '200 first pages, searches cached, rendered each time'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

type Measurement = { p50: number; p95: number; p99: number; rps: number; count: number; statuses: Map<number, number> }

function summarize(latencies: number[], seconds: number, statuses = new Map<number, number>()): Measurement {
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

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' })
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))))
  })
}

async function ensureDatabase(): Promise<void> {
  const url = new URL(DATABASE_URL)
  const name = url.pathname.slice(1)
  url.pathname = '/postgres'
  const admin = postgres(url.toString(), { max: 1, onnotice: () => {} })
  const [found] = await admin`select 1 as found from pg_database where datname = ${name}`
  if (!found) {
    console.log(`creating database ${name}`)
    await admin.unsafe(`create database "${name.replace(/"/g, '""')}"`)
  }
  await admin.end()
  const handle = openPostgres(DATABASE_URL, 1)
  await handle.migrate()
  await handle.close()
}

async function ensureProducts(sql: postgres.Sql): Promise<number> {
  const count = async () => Number((await sql`select count(*)::int as n from products`)[0]!.n)
  const have = await count()
  if (have >= PRODUCTS) return have
  const companies = Math.max(40, Math.round(PRODUCTS / 500))
  console.log(`the bench database has ${have.toLocaleString('en')} products; generating ${PRODUCTS.toLocaleString('en')} (${companies} companies)…`)
  await run('npm', ['run', 'seed', '--silent', '--', '--companies', String(companies), '--products', String(PRODUCTS)], {
    ...process.env,
    DATABASE_URL,
    DATA_DIR,
  })
  return count()
}

async function ensureBuild(): Promise<void> {
  if (existsSync(path.join(ROOT, 'build/server/index.js'))) return
  console.log('build/server/index.js missing; running npm run build')
  await run('npm', ['run', 'build'])
}

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

async function startServer(extraEnv: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_URL: url,
    DATABASE_URL,
    DATA_DIR,
    SEED_DEMO: 'off',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  }
  const child = spawn(process.execPath, ['server.js'], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] })
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
    if (healthy) return { url, child, stop }
  }
}

/** autocannon at CONNECTIONS connections over rotating paths; latencies per response. */
async function load(url: string, paths: string[], seconds: number, headers: Record<string, string> = {}): Promise<Measurement> {
  let next = 0
  const latencies: number[] = []
  const statuses = new Map<number, number>()
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 30,
    headers,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  })
  instance.on('response', (_client, status, _bytes, ms) => {
    latencies.push(ms)
    statuses.set(status, (statuses.get(status) ?? 0) + 1)
  })
  const result = await instance
  return summarize(latencies, result.duration || seconds, statuses)
}

function apiPath(query: BenchQuery): string {
  return `/api/v1/marketplace/products?${new URLSearchParams({ ...query.params, ...(query.q ? { q: query.q } : {}) })}`
}

/** The naive implementation: ILIKE '%q%' over every name and description column, newest first, with the total. */
async function naive(sql: postgres.Sql, queries: BenchQuery[]): Promise<Measurement> {
  const latencies: number[] = []
  let index = 0
  const started = performance.now()
  const worker = async () => {
    for (let query = queries[index++]; query; query = queries[index++]) {
      const pattern = `%${(query.q ?? '').replace(/[\\%_]/g, (char) => `\\${char}`)}%`
      const { category, origin, verified, price_min: priceMin, price_max: priceMax, moq_max: moqMax } = query.params
      const begin = performance.now()
      await sql`
        select p.id, count(*) over () as total
        from products p
        join organizations o on o.id = p.organization_id
        join company_profiles cp on cp.organization_id = p.organization_id
        where p.status = 'published' and o.deleted_at is null
          and (p.name_en ilike ${pattern} or p.name_zh_hans ilike ${pattern} or p.name_zh_hant ilike ${pattern}
            or p.description_en ilike ${pattern} or p.description_zh_hans ilike ${pattern} or p.description_zh_hant ilike ${pattern})
          ${category ? sql`and p.category_id in (with recursive tree as (select id from categories where id = ${category} union all select c.id from categories c join tree t on c.parent_id = t.id) select id from tree)` : sql``}
          ${origin ? sql`and p.origin_country = ${origin}` : sql``}
          ${verified ? sql`and cp.verification_status = 'accept'` : sql``}
          ${priceMin ? sql`and p.from_price_currency = 'USD' and p.from_price >= ${priceMin}::numeric` : sql``}
          ${priceMax ? sql`and p.from_price_currency = 'USD' and p.from_price <= ${priceMax}::numeric` : sql``}
          ${moqMax ? sql`and p.moq <= ${Number(moqMax)}` : sql``}
        order by p.published_at desc
        limit 20`
      latencies.push(performance.now() - begin)
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, worker))
  return summarize(latencies, (performance.now() - started) / 1000)
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '—')
const statusLine = (statuses: Map<number, number>) => [...statuses].map(([status, count]) => `${status}×${count}`).join(' ') || 'none'

/** The result-cache-off rows, each target where it applies (10,000 products: throughput; 1,000,000: latency). */
function uncachedRows(
  products: number,
  measured: { uncached: Measurement; uncachedHealth: Measurement; distinct: Measurement; scan: Measurement },
): string[][] {
  const { uncached, uncachedHealth, distinct, scan } = measured
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL')
  const small = products <= 20_000
  const large = products >= 500_000
  const errors = uncached.count - (uncached.statuses.get(200) ?? 0)
  return [
    [
      `uncached API throughput (${CONNECTIONS} connections, 200 queries rotating)`,
      `${uncached.rps.toFixed(0)} req/s`,
      small ? `≥ ${UNCACHED_TARGETS.rpsAtTenThousand} req/s` : '',
      small ? verdict(uncached.rps >= UNCACHED_TARGETS.rpsAtTenThousand && errors === 0) : '',
    ],
    ['uncached API p50 / p95', `${ms(uncached.p50)} / ${ms(uncached.p95)}`, '', ''],
    ['/api/health on the same server (req/s)', `${uncachedHealth.rps.toFixed(0)} req/s`, '', ''],
    ['uncached throughput ÷ /api/health', `${(uncached.rps / uncachedHealth.rps).toFixed(2)}×`, '', ''],
    [
      'uncached throughput ÷ naive ILIKE throughput',
      `${(uncached.rps / scan.rps).toFixed(0)}×`,
      small ? `≥ ${UNCACHED_TARGETS.naiveFactor}×` : '',
      small ? verdict(uncached.rps / scan.rps >= UNCACHED_TARGETS.naiveFactor) : '',
    ],
    [
      'uncached distinct queries with filters, one at a time, p50',
      ms(distinct.p50),
      large ? `≤ ${UNCACHED_TARGETS.p50AtMillion} ms` : '',
      large ? verdict(distinct.p50 <= UNCACHED_TARGETS.p50AtMillion) : '',
    ],
    [
      'uncached distinct queries with filters p95',
      ms(distinct.p95),
      large ? `≤ ${UNCACHED_TARGETS.p95AtMillion} ms` : '',
      large ? verdict(distinct.p95 <= UNCACHED_TARGETS.p95AtMillion) : '',
    ],
    ['uncached distinct p50 ÷ /api/health p50', `${(distinct.p50 / uncachedHealth.p50).toFixed(1)}×`, '', ''],
  ]
}

async function main(): Promise<void> {
  console.log(
    `bench:search — ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' / ')} at start`,
  )
  await ensureDatabase()
  const sql = postgres(DATABASE_URL, { max: CONNECTIONS, onnotice: () => {} })
  const products = await ensureProducts(sql)
  // The whole database: a freshly seeded one has no statistics on companies, and the planner would probe products once per company.
  await sql`analyze`
  await ensureBuild()
  const queries = benchQueries()
  const kinds = new Map<string, number>()
  for (const query of queries) kinds.set(query.kind, (kinds.get(query.kind) ?? 0) + 1)
  console.log(`${products.toLocaleString('en')} products; ${queries.length} queries: ${[...kinds].map(([kind, count]) => `${count} ${kind}`).join(', ')}`)

  const server = await startServer()
  let api: Measurement
  let ssr: Measurement
  let cold: Measurement
  let ssrWarm: Measurement
  let health: Measurement
  const ssrPaths = queries.flatMap((query) =>
    Array.from(
      { length: SSR_OFFSETS },
      (_, page) =>
        `/en/b2b/market?${new URLSearchParams({ ...query.params, ...(query.q ? { q: query.q } : {}), ...(page ? { offset: String(page * 20) } : {}) })}`,
    ),
  )
  try {
    const apiPaths = queries.map(apiPath)
    // The shared machine's speed at this moment: searches are reported as multiples of the cheapest request too.
    console.log(`/api/health: 5 s at ${CONNECTIONS} connections (baseline)…`)
    health = await load(server.url, ['/api/health'], 5)
    console.log(`  p50 ${ms(health.p50)}, p95 ${ms(health.p95)}, ${health.rps.toFixed(0)} req/s`)
    // First sight of each query, one at a time: the search itself, before the result cache can answer.
    console.log('cold: every API query once, one at a time (uncached)…')
    const coldLatencies: number[] = []
    const coldStarted = performance.now()
    for (const apiPathname of apiPaths) {
      const begin = performance.now()
      await fetch(`${server.url}${apiPathname}`).then((response) => response.arrayBuffer())
      coldLatencies.push(performance.now() - begin)
    }
    cold = summarize(coldLatencies, (performance.now() - coldStarted) / 1000)
    console.log(`  p50 ${ms(cold.p50)}, p95 ${ms(cold.p95)}, p99 ${ms(cold.p99)}`)
    console.log(`API: ${SECONDS} s at ${CONNECTIONS} connections (steady state: repeated searches are answered by the result cache)…`)
    api = await load(server.url, apiPaths, SECONDS)
    console.log(`  p50 ${ms(api.p50)}, p95 ${ms(api.p95)}, p99 ${ms(api.p99)}, ${api.rps.toFixed(0)} req/s; statuses ${statusLine(api.statuses)}`)
    console.log(`SSR: ${SECONDS} s at ${CONNECTIONS} connections over ${ssrPaths.length} distinct URLs…`)
    ssr = await load(server.url, ssrPaths, SECONDS)
    console.log(`  p50 ${ms(ssr.p50)}, p95 ${ms(ssr.p95)}, ${ssr.rps.toFixed(0)} req/s; statuses ${statusLine(ssr.statuses)}`)
    // Popular searches: each query's first page, seen once before (so its search is cached), rendered on every request —
    // a locale cookie keeps the anonymous page micro-cache out of the measurement.
    const firstPages = ssrPaths.filter((_, index) => index % SSR_OFFSETS === 0)
    for (const pathname of firstPages) await fetch(`${server.url}${pathname}`).then((response) => response.arrayBuffer())
    console.log(`SSR warm: ${SECONDS} s at ${CONNECTIONS} connections over ${firstPages.length} first pages, searches cached, page cache bypassed…`)
    ssrWarm = await load(server.url, firstPages, SECONDS, { cookie: 'i18n_redirected=en' })
    console.log(`  p50 ${ms(ssrWarm.p50)}, p95 ${ms(ssrWarm.p95)}, ${ssrWarm.rps.toFixed(0)} req/s; statuses ${statusLine(ssrWarm.statuses)}`)
  } finally {
    await server.stop()
  }

  // The engine without its result cache: every request runs the search (SEARCH_CACHE_SECONDS=0).
  const uncachedServer = await startServer({ SEARCH_CACHE_SECONDS: '0' })
  let uncached: Measurement
  let uncachedHealth: Measurement
  let distinct: Measurement
  const apiPathsAll = queries.map(apiPath)
  // Distinct queries with filters: every faceted query and each plain one with a filter added, never the same URL twice.
  const filtered = [
    ...queries.filter((query) => Object.keys(query.params).length > 0),
    ...queries
      .filter((query) => Object.keys(query.params).length === 0)
      .map((query, index): BenchQuery => ({ ...query, params: index % 2 === 0 ? { origin: ['CN', 'VN', 'IN'][index % 3]! } : { sort: 'price_asc' } })),
  ].map(apiPath)
  try {
    console.log(`uncached (SEARCH_CACHE_SECONDS=0): /api/health 5 s, then the ${apiPathsAll.length} queries at ${CONNECTIONS} connections for ${SECONDS} s…`)
    await load(uncachedServer.url, apiPathsAll, 2)
    uncachedHealth = await load(uncachedServer.url, ['/api/health'], 5)
    uncached = await load(uncachedServer.url, apiPathsAll, SECONDS)
    console.log(`  ${uncached.rps.toFixed(0)} req/s, p50 ${ms(uncached.p50)}, p95 ${ms(uncached.p95)}; statuses ${statusLine(uncached.statuses)}`)
    console.log(`uncached: ${filtered.length} distinct queries with filters, one at a time…`)
    const latencies: number[] = []
    const started = performance.now()
    for (const pathname of filtered) {
      const begin = performance.now()
      const response = await fetch(`${uncachedServer.url}${pathname}`)
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`GET ${pathname} answered ${response.status}`)
      latencies.push(performance.now() - begin)
    }
    distinct = summarize(latencies, (performance.now() - started) / 1000)
    console.log(`  p50 ${ms(distinct.p50)}, p95 ${ms(distinct.p95)}, p99 ${ms(distinct.p99)}`)
  } finally {
    await uncachedServer.stop()
  }
  const naiveQueries = queries.slice(0, Number(process.env.BENCH_NAIVE_QUERIES ?? queries.length))
  console.log(`naive ILIKE: ${naiveQueries.length} of the ${queries.length} queries once at ${CONNECTIONS} connections…`)
  const scan = await naive(sql, naiveQueries)
  await sql.end({ timeout: 5 })

  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL')
  const rows = [
    ['API /api/v1/marketplace/products p50', ms(api.p50), `≤ ${TARGETS.apiP50} ms`, verdict(api.p50 <= TARGETS.apiP50)],
    ['API p95', ms(api.p95), `≤ ${TARGETS.apiP95} ms`, verdict(api.p95 <= TARGETS.apiP95)],
    ['API p99', ms(api.p99), '', ''],
    ['API throughput', `${api.rps.toFixed(0)} req/s`, '', ''],
    ['/api/health p50 / p95 (baseline)', `${ms(health.p50)} / ${ms(health.p95)}`, '', ''],
    ['API p50 ÷ /api/health p50', `${(api.p50 / health.p50).toFixed(1)}×`, '', ''],
    ['API cold (uncached, sequential) p50', ms(cold.p50), '', ''],
    ['API cold p50 ÷ /api/health p50', `${(cold.p50 / health.p50).toFixed(1)}×`, '', ''],
    ['API cold p95 / p99', `${ms(cold.p95)} / ${ms(cold.p99)}`, '', ''],
    ['naive ILIKE p50', ms(scan.p50), '', ''],
    ['naive ILIKE p95', ms(scan.p95), '', ''],
    ['naive ILIKE p99', ms(scan.p99), '', ''],
    ['naive ILIKE throughput', `${scan.rps.toFixed(1)} q/s`, '', ''],
    ['naive ÷ API at p50', `${(scan.p50 / api.p50).toFixed(0)}×`, '', ''],
    ['naive ÷ API at p95', `${(scan.p95 / api.p95).toFixed(0)}×`, '', ''],
    ['naive ÷ API cold at p50 / p95', `${(scan.p50 / cold.p50).toFixed(0)}× / ${(scan.p95 / cold.p95).toFixed(0)}×`, '', ''],
    [
      `SSR /en/b2b/market?q=… popular (${ssrWarm.count ? SSR_WARM_LABEL : ''})`,
      `${ssrWarm.rps.toFixed(0)} req/s`,
      `≥ ${TARGETS.ssrRps} req/s`,
      verdict(ssrWarm.rps >= TARGETS.ssrRps && (ssrWarm.statuses.get(200) ?? 0) === ssrWarm.count),
    ],
    ['SSR popular p50 / p95', `${ms(ssrWarm.p50)} / ${ms(ssrWarm.p95)}`, '', ''],
    ...uncachedRows(products, { uncached, uncachedHealth, distinct, scan }),
    [`SSR every search new (${ssrPaths.length} distinct URLs)`, `${ssr.rps.toFixed(0)} req/s`, '', ''],
    ['SSR every search new p50 / p95', `${ms(ssr.p50)} / ${ms(ssr.p95)}`, '', ''],
  ]
  const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((row) => row[column]!.length), 8))
  console.log(
    `\nResults (${products.toLocaleString('en')} products, PostgreSQL; load average now ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' / ')})`,
  )
  for (const row of [['measure', 'measured', 'target', 'result'], ...rows]) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '))
  console.log(`\nAPI statuses: ${statusLine(api.statuses)} (${api.count} responses)`)
  console.log(
    `SSR statuses: ${statusLine(ssr.statuses)} (${ssr.count} responses; the anonymous page cache keeps 500 pages for 10 s, so rotating ${ssrPaths.length} URLs means next to no cache hits)`,
  )

  const scripts = (await import(path.join(ROOT, 'package.json'), { with: { type: 'json' } })).default.scripts as Record<string, string>
  if (scripts['bench:import'] && process.env.BENCH_SKIP_IMPORT !== '1') {
    // The import bench recreates and drops its database: it gets one of its own beside this one, never this one's.
    const importUrl = Object.assign(new URL(DATABASE_URL), { pathname: '/tradeport_bench_import' }).toString()
    console.log('\nnpm run bench:import')
    await run('npm', ['run', 'bench:import'], { ...process.env, BENCH_DATABASE_URL: importUrl })
  }
}

await main()
