// Throughput and startup benchmark for the production build, on embedded PGlite and on PostgreSQL.
// Run with `npm run bench`. Exits 0 whenever the measurements ran, even if a target is missed;
// non-zero only when the benchmark itself could not run.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'
import autocannon from 'autocannon'
import postgres from 'postgres'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARMUP_SECONDS = 2
const CONNECTIONS = 10
const STARTUP_TARGET_MS = 4000
const STARTUP_TIMEOUT_MS = Number(process.env.BENCH_STARTUP_TIMEOUT_MS ?? 120_000)
const KILL_AFTER_MS = 10_000
const MAX_LOG_LINES = 20
const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const DEMO = { email: 'admin@tradeport.demo', password: 'Granite-Compass-71' }
const DEMO_BUYER = { email: 'buyer@tradeport.demo', password: 'Lantern-Harbour-2026' }
// PGlite ceiling: concurrency steps on a signed-in, database-backed endpoint; the ceiling is the best step without sheds and p95 under 1 s.
const CEILING_CONNECTIONS = [10, 25, 50, 100]
const CEILING_SECONDS = Number(process.env.BENCH_CEILING_SECONDS ?? 6)
const CEILING_P95_MS = 1000
const CEILING_PATH = '/api/v1/projects?limit=20'

// The signed-in dashboard on PostgreSQL with the demo data plus this many orders (issue 16: p95 ≤ 150 ms at 10 connections).
const DASHBOARD_ORDERS = Number(process.env.BENCH_DASHBOARD_ORDERS ?? 200_000)
const DASHBOARD_P95_MS = 150
const DASHBOARD_PATH = '/en/app/dashboard'
const DEMO_SUPPLIER = { email: 'supplier@tradeport.demo', password: 'Bamboo-Kiln-Forge-88' }
// Issue 18: the buyer's signed-in pages and list API on the same data, each beside /api/health right after it.
const SIGNED_IN_TARGETS = { listRps: 2000, pageRps: 500, htmlBytes: 40_000 }
const ORDERS_LIST_PATH = '/api/v1/orders?limit=25'
const SIGNED_IN_PAGES = ['/en/app/orders', DASHBOARD_PATH]
// What Chromium sends: a browser's page arrives compressed, which autocannon alone never asks for (ADR 042).
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd'

// Issue 18: the JavaScript a public page loads, gzipped (kB as Vite reports them, 1000 bytes), as the browser fetched it
// during the Lighthouse run: modulepreloads, route modules and what they import at hydration (the shared catalogs too).
const PUBLIC_JS_TARGET_BYTES = 120_000
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
// Issues 16 and 18: mobile Lighthouse on the home page, the marketplace, a product page, a company page and the sign-in
// page (issue 18 asks performance >= 95 of the sign-in page; its other categories are reported against the same targets),
// the pricing page in English and Chinese (issue 24: >= 95 in every category), and the landing pages (issue 25: the same).
const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 }
const LIGHTHOUSE_PAGES = [
  '/en',
  '/en/b2b/market',
  'product',
  'company',
  '/en/login',
  '/en/pricing',
  '/zh-Hans/pricing',
  '/zh-Hant/pricing',
  '/en/marketing',
  '/zh-Hans/sourcing',
  '/zh-Hant/supplier/portal',
]
/** Pages robots.txt and their noindex keep out of search engines: their SEO passes when every check but indexability does. */
const KEPT_OUT_OF_SEARCH = new Set(['/en/login'])
const LIGHTHOUSE_TIMEOUT_MS = 180_000
// Lighthouse's score moves by a few points from run to run on the same page; its docs advise the median of several.
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3))

const TARGETS = {
  PGlite: { 'session (cookie)': 1000, 'session (bearer)': 1000, 'preferences (cookie)': 1000 },
  PostgreSQL: { 'session (cookie)': 3000, 'session (bearer)': 3000, 'preferences (cookie)': 3000, 'SSR home /en': 400 },
}

const liveServers = new Set()
const tempDirs = new Set()

function nodeCommand() {
  const local = path.join(ROOT, 'node_modules/.bin/node')
  return existsSync(local) ? { command: local, prefix: [], label: 'node_modules/.bin/node' } : { command: 'npx', prefix: ['node'], label: 'npx node' }
}

function makeTempDir(label) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `tradeport-bench-${label}-`))
  tempDirs.add(dir)
  return dir
}

function removeTempDirs() {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true })
  tempDirs.clear()
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' })
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))))
  })
}

/** Builds when the build is missing or older than the sources (as `npm start` does), so the bench never measures a stale one. */
async function ensureBuild() {
  await run('node', ['scripts/ensure-build.js'])
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

async function isHealthy(url) {
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) })
    await response.arrayBuffer()
    return response.status === 200
  } catch {
    return false
  }
}

/** Spawns the production server and resolves once /api/health answers 200, with ms since spawn. */
async function startServer(extraEnv) {
  const port = await freePort()
  const url = `http://localhost:${port}`
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_MAX: '100000',
    ...extraEnv,
  }
  const { command, prefix } = nodeCommand()
  const spawnedAt = performance.now()
  // Own process group so the npx fallback and its node child are signalled together.
  const child = spawn(command, [...prefix, 'server.js'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  const server = { child, url, output: '', exited: false }
  liveServers.add(server)
  const collect = (chunk) => {
    server.output = (server.output + chunk).slice(-20_000)
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  server.exitPromise = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      server.exited = true
      liveServers.delete(server)
      resolve({ code, signal })
    })
  })

  while (!(await isHealthy(url))) {
    if (server.exited) throw new Error(`server exited before becoming healthy:\n${server.output}`)
    if (performance.now() - spawnedAt > STARTUP_TIMEOUT_MS) {
      await stopServer(server)
      throw new Error(`server not healthy after ${STARTUP_TIMEOUT_MS} ms:\n${server.output}`)
    }
    await sleep(25)
  }
  server.startupMs = Math.round(performance.now() - spawnedAt)
  return server
}

function signalGroup(server, signal) {
  try {
    process.kill(-server.child.pid, signal)
  } catch {
    // Already gone.
  }
}

function loadAverage() {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ')
}

/** pino writes JSON lines; the startup banner is plain text, so anything JSON is a warning or error. */
function logLines(server) {
  return server.output.split('\n').filter((line) => line.startsWith('{'))
}

async function stopServer(server) {
  if (server.exited) return
  signalGroup(server, 'SIGTERM')
  const killer = setTimeout(() => signalGroup(server, 'SIGKILL'), KILL_AFTER_MS)
  await server.exitPromise
  clearTimeout(killer)
}

async function stopAllServers() {
  await Promise.all([...liveServers].map(stopServer))
}

async function signInCookie(url, account = DEMO) {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(account),
  })
  if (response.status !== 200) throw new Error(`cookie sign-in failed: ${response.status} ${await response.text()}`)
  await response.arrayBuffer()
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .filter((pair) => !pair.endsWith('='))
    .join('; ')
  if (!cookie.includes('tp.session_token=') || !cookie.includes('tp.session_data=')) {
    throw new Error(`cookie sign-in did not set the session cookies: ${cookie}`)
  }
  return cookie
}

async function bearerToken(url, account = DEMO) {
  const response = await fetch(`${url}/api/auth/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: account.email, password: account.password }),
  })
  if (response.status !== 200) throw new Error(`token grant failed: ${response.status} ${await response.text()}`)
  const body = await response.json()
  if (!body.access_token) throw new Error('token grant returned no access_token')
  return body.access_token
}

/** A benchmark that measures an endpoint answering with an error would be meaningless, so check first. */
async function expectOk(url, pathname, headers) {
  const response = await fetch(`${url}${pathname}`, { headers })
  const body = await response.text()
  if (response.status !== 200) throw new Error(`GET ${pathname} answered ${response.status} before the run: ${body.slice(0, 300)}`)
}

/** Runs autocannon and also tallies request errors by code, which the summary only counts. */
async function cannon(url, headers, seconds) {
  const errorCodes = {}
  const instance = autocannon({ url, headers, connections: CONNECTIONS, duration: seconds })
  instance.on('reqError', (error) => {
    const code = error.code ?? error.message
    errorCodes[code] = (errorCodes[code] ?? 0) + 1
  })
  const result = await instance
  return { result, errorCodes }
}

async function measure(server, endpoint) {
  const url = `${server.url}${endpoint.path}`
  await expectOk(server.url, endpoint.path, endpoint.headers)
  await cannon(url, endpoint.headers, WARMUP_SECONDS)
  const { result, errorCodes } = await cannon(url, endpoint.headers, SECONDS)
  if (server.exited) throw new Error(`server exited during ${endpoint.name}:\n${server.output}`)
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    errorCodes,
  }
}

async function endpointsFor(url) {
  const cookie = await signInCookie(url)
  const token = await bearerToken(url)
  return [
    { name: 'session (cookie)', path: '/api/auth/session', headers: { cookie } },
    { name: 'session (bearer)', path: '/api/auth/session', headers: { authorization: `Bearer ${token}` } },
    { name: 'preferences (cookie)', path: '/api/user/profiles', headers: { cookie } },
    // Anonymous visitors are served from the anonymous-page micro-cache (10 s); a signed-in visitor's page
    // is rendered on every request, so that row shows the cost of server rendering itself.
    { name: 'SSR home /en', path: '/en', headers: {} },
    { name: 'SSR home /en, signed in (rendered each time)', path: '/en', headers: { cookie } },
    { name: 'health (reference)', path: '/api/health', headers: {} },
  ]
}

/** Seeds on a first start, then measures a restart on the existing data and benchmarks that server. */
async function benchScenario(engine, env, report, afterThroughput) {
  console.log(`\n[${engine}] first start (migrate + seed)…`)
  const seeding = await startServer(env)
  report.startup.push({ engine, phase: 'first start (migrate + seed)', ms: seeding.startupMs, target: null })
  await stopServer(seeding)

  console.log(`[${engine}] restart on existing data…`)
  const server = await startServer(env)
  report.startup.push({ engine, phase: 'start on existing data', ms: server.startupMs, target: STARTUP_TARGET_MS })
  try {
    for (const endpoint of await endpointsFor(server.url)) {
      console.log(`[${engine}] ${endpoint.name}: ${WARMUP_SECONDS}s warm-up + ${SECONDS}s`)
      const result = await measure(server, endpoint)
      report.runs.push({ engine, endpoint: endpoint.name, target: TARGETS[engine][endpoint.name] ?? null, ...result })
    }
    if (afterThroughput) await afterThroughput(server)
  } finally {
    await stopServer(server)
    const lines = [...logLines(seeding), ...logLines(server)]
    if (lines.length > 0) report.serverLogs.push({ engine, lines })
  }
}

async function benchPGlite(report) {
  await benchScenario('PGlite', { DATA_DIR: makeTempDir('pglite') }, report, async (server) => {
    await benchFrontEnd(server, report)
    await benchPgliteCeiling(server, report)
  })
}

async function benchFrontEndOnly(report) {
  const server = await startServer({ DATA_DIR: makeTempDir('pglite') })
  try {
    await benchFrontEnd(server, report)
  } finally {
    await stopServer(server)
  }
}

async function benchCeilingOnly(report) {
  console.log('\n[PGlite] start (migrate + seed)…')
  const server = await startServer({ DATA_DIR: makeTempDir('pglite') })
  report.startup.push({ engine: 'PGlite', phase: 'first start (migrate + seed)', ms: server.startupMs, target: null })
  try {
    await benchPgliteCeiling(server, report)
  } finally {
    await stopServer(server)
    const lines = logLines(server)
    if (lines.length > 0) report.serverLogs.push({ engine: 'PGlite', lines })
  }
}

/** One fixed-concurrency run with every latency and status kept, so p95 and the 503 sheds are exact. */
async function loadStep(url, headers, connections, seconds) {
  const latencies = []
  const statuses = {}
  const instance = autocannon({ url, headers, connections, duration: seconds })
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime)
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1
  })
  const result = await instance
  latencies.sort((a, b) => a - b)
  const p95 = latencies.length > 0 ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.95))] : 0
  return {
    reqPerSec: result.requests.average,
    p95: Math.round(p95),
    shed: statuses[503] ?? 0,
    otherErrors:
      Object.entries(statuses)
        .filter(([code]) => code !== '200' && code !== '503')
        .reduce((sum, [, n]) => sum + n, 0) +
      result.errors +
      result.timeouts,
  }
}

/**
 * How much a PGlite server carries: the same signed-in, database-backed list at rising concurrency, beside /api/health
 * at the same concurrency. The ceiling is the best throughput whose p95 stays under 1 s with nothing shed (503).
 */
async function benchPgliteCeiling(server, report) {
  const cookie = await signInCookie(server.url, DEMO_BUYER)
  await expectOk(server.url, CEILING_PATH, { cookie })
  await cannon(`${server.url}${CEILING_PATH}`, { cookie }, WARMUP_SECONDS)
  for (const connections of CEILING_CONNECTIONS) {
    console.log(`[PGlite ceiling] ${connections} connections: ${CEILING_SECONDS}s on ${CEILING_PATH}, then /api/health; load average ${loadAverage()}`)
    const list = await loadStep(`${server.url}${CEILING_PATH}`, { cookie }, connections, CEILING_SECONDS)
    const health = await loadStep(`${server.url}/api/health`, {}, connections, CEILING_SECONDS)
    if (server.exited) throw new Error(`server exited during the ceiling run:\n${server.output}`)
    report.ceiling.push({ connections, list, health, load: loadAverage() })
  }
}

/**
 * Adds `count` placed orders spread over two years to the PostgreSQL bench database: a quarter bought by the demo buyer,
 * a quarter sold by the demo supplier, the rest between the other companies; a mix of statuses and currencies.
 */
async function addBenchOrders(url, count) {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    const demo = async (email) =>
      (await sql`select m.organization_id as id from members m join users u on u.id = m.user_id where u.email = ${email} limit 1`)[0]?.id
    const buyer = await demo(DEMO_BUYER.email)
    const supplier = await demo(DEMO_SUPPLIER.email)
    const suppliers = (await sql`select organization_id as id from company_profiles where kind = 'supplier' and organization_id <> ${buyer}`).map(
      (row) => row.id,
    )
    const buyers = (await sql`select organization_id as id from company_profiles where kind in ('buyer', 'both') and organization_id <> ${supplier}`).map(
      (row) => row.id,
    )
    if (!buyer || !supplier || suppliers.length === 0 || buyers.length === 0) throw new Error('the demo companies are missing from the bench database')
    const started = performance.now()
    await sql`
      insert into purchase_orders (id, number, buyer_company_id, supplier_company_id, buyer_name, supplier_name, status, currency, incoterm, incoterm_place,
        payment_terms, requested_delivery_date, subtotal, total, line_count, placed_at, confirmed_at, delivered_at, created_at, updated_at)
      select gen_random_uuid()::text, 'BENCH-' || g, o.buyer, o.supplier, 'Bench buyer', 'Bench supplier',
        (array['completed','completed','completed','completed','completed','completed','delivered','confirmed','placed','cancelled'])[1 + g % 10],
        (array['USD','USD','USD','EUR','CNY'])[1 + g % 5], 'FOB', 'Shanghai', 'tt_30_70', (o.placed + interval '45 days')::date,
        (g % 5000 + 100) + 0.25, (g % 5000 + 100) + 0.25, 1, o.placed, o.placed + interval '2 days',
        case when g % 10 < 7 then o.placed + (40 + g % 10) * interval '1 day' end, o.placed, o.placed
      from generate_series(1, ${count}) g,
      lateral (select
        case when g % 4 = 0 then ${buyer} else (${buyers}::text[])[1 + (g / 4) % ${buyers.length}] end as buyer,
        case when g % 4 = 1 then ${supplier} else (${suppliers}::text[])[1 + g % ${suppliers.length}] end as supplier,
        now() - (g % 730) * interval '1 day' - (g % 24) * interval '1 hour' as placed) o
      where o.buyer <> o.supplier`
    await sql`analyze purchase_orders`
    const [{ total }] = await sql`select count(*)::int as total from purchase_orders`
    return { total, ms: Math.round(performance.now() - started) }
  } finally {
    await sql.end({ timeout: 5 })
  }
}

/** The signed-in dashboard of the demo buyer and supplier at 10 connections, beside /api/health in the same run. */
async function benchDashboard(server, url, report) {
  console.log(`[PostgreSQL] adding ${DASHBOARD_ORDERS.toLocaleString('en')} orders for the dashboard…`)
  const added = await addBenchOrders(url, DASHBOARD_ORDERS)
  report.dashboard.orders = added
  for (const [role, account] of [
    ['buyer', DEMO_BUYER],
    ['supplier', DEMO_SUPPLIER],
  ]) {
    const cookie = await signInCookie(server.url, account)
    // A period no request has asked for yet: the figures are computed (the minute's cache is empty for it).
    const coldStarted = performance.now()
    await expectOk(server.url, `${DASHBOARD_PATH}?from=2025-01-01&to=2025-12-31`, { cookie })
    const coldMs = Math.round(performance.now() - coldStarted)
    await expectOk(server.url, DASHBOARD_PATH, { cookie })
    await cannon(`${server.url}${DASHBOARD_PATH}`, { cookie }, WARMUP_SECONDS)
    console.log(`[PostgreSQL] dashboard (${role}): ${SECONDS}s at ${CONNECTIONS} connections, then /api/health`)
    const page = await loadStep(`${server.url}${DASHBOARD_PATH}`, { cookie }, CONNECTIONS, SECONDS)
    const health = await loadStep(`${server.url}/api/health`, {}, CONNECTIONS, SECONDS)
    report.dashboard.runs.push({ role, coldMs, page, health, load: loadAverage() })
  }
  await benchSignedIn(server, report)
}

/** The size of a page's HTML as sent (bytes) and gzipped. */
async function htmlSize(url, pathname, headers) {
  const response = await fetch(`${url}${pathname}`, { headers })
  const body = Buffer.from(await response.arrayBuffer())
  if (response.status !== 200) throw new Error(`GET ${pathname} answered ${response.status}`)
  return { bytes: body.length, gzip: zlib.gzipSync(body).length }
}

/** The buyer's orders list over the REST API (bearer) and signed-in pages (cookie), each beside /api/health right after. */
async function benchSignedIn(server, report) {
  const cookie = await signInCookie(server.url, DEMO_BUYER)
  const token = await bearerToken(server.url, DEMO_BUYER)
  const targets = [
    { name: `GET ${ORDERS_LIST_PATH} (bearer)`, path: ORDERS_LIST_PATH, headers: { authorization: `Bearer ${token}` }, target: SIGNED_IN_TARGETS.listRps },
    ...SIGNED_IN_PAGES.map((page) => ({ name: `SSR ${page}`, path: page, headers: { cookie }, target: SIGNED_IN_TARGETS.pageRps, page: true })),
    {
      name: `SSR ${SIGNED_IN_PAGES[0]}, compressed as a browser asks`,
      path: SIGNED_IN_PAGES[0],
      headers: { cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
      target: SIGNED_IN_TARGETS.pageRps,
      page: true,
    },
  ]
  for (const target of targets) {
    await expectOk(server.url, target.path, target.headers)
    const size = target.page ? await htmlSize(server.url, target.path, target.headers) : null
    await cannon(`${server.url}${target.path}`, target.headers, WARMUP_SECONDS)
    console.log(`[PostgreSQL] ${target.name}: ${SECONDS}s at ${CONNECTIONS} connections, then /api/health`)
    const measured = await loadStep(`${server.url}${target.path}`, target.headers, CONNECTIONS, SECONDS)
    const health = await loadStep(`${server.url}/api/health`, {}, CONNECTIONS, SECONDS)
    report.signedIn.push({ ...target, measured, health, size })
  }
}

function printSignedIn(runs) {
  if (runs.length === 0) return
  printTable(
    `Signed-in buyer, PostgreSQL (same data; ${CONNECTIONS} connections, ${SECONDS}s; /api/health right after each)`,
    ['Request', 'req/s', 'p95 ms', 'errors', 'health req/s', 'req/s ÷ health', 'HTML bytes / gzip', 'Target', 'Result'],
    runs.map((r) => {
      const fast = r.measured.reqPerSec >= r.target
      const lean = !r.size || r.size.bytes <= SIGNED_IN_TARGETS.htmlBytes
      return [
        r.name,
        r.measured.reqPerSec.toFixed(0),
        r.measured.p95,
        r.measured.shed + r.measured.otherErrors,
        r.health.reqPerSec.toFixed(0),
        `${(r.measured.reqPerSec / Math.max(r.health.reqPerSec, 1)).toFixed(2)}×`,
        r.size ? `${r.size.bytes} / ${r.size.gzip}` : '-',
        `>= ${r.target} req/s${r.size ? `, HTML <= ${SIGNED_IN_TARGETS.htmlBytes / 1000} kB` : ''}`,
        verdict(fast && lean && r.measured.shed + r.measured.otherErrors === 0, true),
      ]
    }),
  )
}

function printDashboard(dashboard) {
  if (dashboard.runs.length === 0) return
  printTable(
    `Signed-in dashboard ${DASHBOARD_PATH} on PostgreSQL (${dashboard.orders.total.toLocaleString('en')} orders, ${CONNECTIONS} connections, ${SECONDS}s; /api/health right after)`,
    ['Role', 'req/s', 'p95 ms', 'errors', 'health req/s', 'health p95 ms', 'p95 ÷ health p95', 'first render of a new period ms', 'Target', 'Result'],
    dashboard.runs.map((r) => [
      r.role,
      r.page.reqPerSec.toFixed(0),
      r.page.p95,
      r.page.shed + r.page.otherErrors,
      r.health.reqPerSec.toFixed(0),
      r.health.p95,
      `${(r.page.p95 / Math.max(r.health.p95, 1)).toFixed(1)}×`,
      r.coldMs,
      `p95 <= ${DASHBOARD_P95_MS} ms`,
      verdict(r.page.p95 <= DASHBOARD_P95_MS && r.page.shed + r.page.otherErrors === 0, true),
    ]),
  )
  console.log(
    `(${dashboard.orders.total.toLocaleString('en')} orders in the database after adding ${DASHBOARD_ORDERS.toLocaleString('en')} in ${dashboard.orders.ms} ms.)`,
  )
}

/** The scripts under /assets that a Lighthouse run's page fetched, each with its size raw and gzipped (zlib's default). */
async function scriptsOf(lhr, url) {
  const items = lhr.audits['network-requests']?.details?.items ?? []
  const assets = [...new Set(items.filter((item) => item.resourceType === 'Script' && item.url.startsWith(`${url}/assets/`)).map((item) => item.url))]
  const files = []
  for (const asset of assets) {
    const body = Buffer.from(await (await fetch(asset, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer())
    files.push({ asset: asset.slice(url.length), raw: body.length, gzip: zlib.gzipSync(body).length })
  }
  const total = files.reduce((sum, file) => ({ raw: sum.raw + file.raw, gzip: sum.gzip + file.gzip }), { raw: 0, gzip: 0 })
  return { files, ...total }
}

/**
 * Lighthouse on a page, once more when the run itself broke (a trace without its navigation start, NO_NAVSTART, happens
 * now and then on a busy machine): such a report has no performance score at all, which says nothing about the page.
 */
async function runLighthouse(url, pagePath) {
  const first = await runLighthouseOnce(url, pagePath)
  if (!first.lhr?.runtimeError) return first
  console.log(`[front end] Lighthouse on ${pagePath} broke (${first.lhr.runtimeError.code}); running it again…`)
  return runLighthouseOnce(url, pagePath)
}

/** Lighthouse (mobile preset, simulated throttling) on a page in a Chromium started by chrome-launcher. */
async function runLighthouseOnce(url, pagePath) {
  let lighthouse
  let chromeLauncher
  try {
    lighthouse = (await import('lighthouse')).default
    chromeLauncher = await import('chrome-launcher')
  } catch (error) {
    return { skipped: `the lighthouse package could not be loaded (${error.message})` }
  }
  if (!existsSync(CHROME_PATH)) return { skipped: `no Chromium at ${CHROME_PATH} (set CHROME_PATH)` }
  let chrome
  try {
    chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' })
  } catch (error) {
    return { skipped: `Chromium could not be started from ${CHROME_PATH} (${error.message})` }
  }
  let timer
  try {
    const run = lighthouse(`${url}${pagePath}`, { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: Object.keys(LIGHTHOUSE_TARGETS) })
    const timeout = new Promise((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no result after ${LIGHTHOUSE_TIMEOUT_MS / 1000}s`)), LIGHTHOUSE_TIMEOUT_MS)
    })
    const result = await Promise.race([run, timeout])
    if (!result?.lhr) return { skipped: 'Lighthouse returned no report' }
    return { lhr: result.lhr }
  } catch (error) {
    return { skipped: `Lighthouse failed: ${error.message}` }
  } finally {
    clearTimeout(timer)
    try {
      chrome.kill()
    } catch {
      // Already gone.
    }
  }
}

/** Audits of a category that did not pass (score below 0.9, Lighthouse's own pass mark); unscored ones are left out. */
function failingAudits(lhr, categoryId) {
  const unscored = new Set(['notApplicable', 'manual', 'informative', 'error'])
  return lhr.categories[categoryId].auditRefs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && !unscored.has(audit.scoreDisplayMode) && audit.score !== null && audit.score < 0.9)
    .sort((a, b) => b.ref.weight - a.ref.weight || a.audit.score - b.audit.score)
    .map(({ ref, audit }) => ({
      id: ref.id,
      title: audit.title,
      displayValue: audit.displayValue ?? '',
      score: audit.score,
      weight: ref.weight,
      items: auditItems(audit),
    }))
}

/** Up to three things an audit points at (a URL, an issue type, an element), to say where to look. */
function auditItems(audit) {
  const items = Array.isArray(audit.details?.items) ? audit.details.items : []
  return items
    .map((item) => item?.url ?? item?.issueType ?? item?.node?.selector ?? item?.source?.url ?? null)
    .filter((label) => typeof label === 'string')
    .slice(0, 3)
}

/** Lighthouse and the JavaScript each public page loads, on the idle server after the throughput runs. */
async function benchFrontEnd(server, report) {
  report.frontEnd.lighthouse = []
  // BENCH_PAGES=/en/marketing,product: only these of the list (a quicker look at a few pages).
  const only = process.env.BENCH_PAGES?.split(',').map((page) => page.trim())
  for (const target of only ? LIGHTHOUSE_PAGES.filter((page) => only.includes(page)) : LIGHTHOUSE_PAGES) {
    const pagePath =
      target === 'product'
        ? await firstLinkedPath(server.url, '/en/b2b/market', '/en/b2b/product/')
        : target === 'company'
          ? await firstLinkedPath(server.url, '/en/b2b/company', '/en/b2b/company/')
          : target
    if (!pagePath) {
      report.frontEnd.lighthouse.push({ path: `a ${target} page`, skipped: `no ${target} link on the marketplace or the directory` })
      continue
    }
    console.log(`[front end] Lighthouse on ${pagePath} (mobile, ${LIGHTHOUSE_RUNS} runs)…`)
    const runs = []
    let skipped
    for (let run = 0; run < LIGHTHOUSE_RUNS && !skipped; run++) {
      const result = await runLighthouse(server.url, pagePath)
      if (result.skipped) skipped = result.skipped
      else runs.push(result.lhr)
    }
    if (skipped) {
      report.frontEnd.lighthouse.push({ path: pagePath, skipped })
      continue
    }
    // The run with the median performance score stands for the page, as Lighthouse's own docs advise for its variance.
    const performanceOf = (run) => run.categories.performance?.score ?? -1
    const lhr = [...runs].sort((a, b) => performanceOf(a) - performanceOf(b))[Math.floor(runs.length / 2)]
    const categories = Object.entries(LIGHTHOUSE_TARGETS).map(([id, categoryTarget]) => {
      const category = lhr.categories[id]
      const score = category?.score === null || category?.score === undefined ? null : Math.round(category.score * 100)
      const failing = category ? failingAudits(lhr, id) : []
      if (id === 'seo' && KEPT_OUT_OF_SEARCH.has(target)) {
        // Blocked from indexing on purpose (robots.txt and noindex): every other SEO check must pass.
        const others = failing.filter((audit) => audit.id !== 'is-crawlable')
        return {
          id,
          title: 'SEO, every check but indexability (kept out of search on purpose)',
          score,
          target: 'all',
          failing: others,
          met: score !== null && others.length === 0,
        }
      }
      return { id, title: category?.title ?? id, score, target: categoryTarget, failing, met: score !== null && score >= categoryTarget }
    })
    const notes = [
      `Lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, ${lhr.configSettings.throttlingMethod} throttling, benchmark index ${lhr.environment?.benchmarkIndex ?? '?'}`,
      `performance of the ${runs.length} runs: ${runs.map((run) => Math.round(performanceOf(run) * 100)).join(', ')} (the median run is reported)`,
      ...(lhr.runWarnings ?? []).map((warning) => `warning: ${warning}`),
    ]
    report.frontEnd.lighthouse.push({ path: pagePath, categories, notes, js: await scriptsOf(lhr, server.url) })
  }
}

/** The first page under `prefix` that the listing at `listPath` links to (a product from the market, a company from the directory). */
async function firstLinkedPath(url, listPath, prefix) {
  const html = await (await fetch(`${url}${listPath}`)).text()
  return html.match(new RegExp(`href="(${prefix}[^"?#]+)"`))?.[1] ?? null
}

function databaseUrl(adminUrl, database) {
  const url = new URL(adminUrl)
  url.pathname = `/${database}`
  return url.toString()
}

async function benchPostgres(report) {
  if (process.env.BENCH_DATABASE_URL === 'off') {
    report.skipped.push('PostgreSQL: skipped because BENCH_DATABASE_URL=off')
    return
  }
  const admin = postgres(ADMIN_DATABASE_URL, { max: 1, connect_timeout: 3, onnotice: () => {} })
  try {
    await admin`select 1`
  } catch (error) {
    await admin.end({ timeout: 1 })
    report.skipped.push(`PostgreSQL: skipped, ${ADMIN_DATABASE_URL} unreachable (${error.message})`)
    return
  }
  const database = `tradeport_bench_${process.pid}`
  await admin.unsafe(`create database ${database}`)
  try {
    // DATA_DIR still holds the generated auth secret, so keep it out of the repo.
    const url = databaseUrl(ADMIN_DATABASE_URL, database)
    await benchScenario('PostgreSQL', { DATABASE_URL: url, DATA_DIR: makeTempDir('pg') }, report, (server) => benchDashboard(server, url, report))
  } finally {
    await stopAllServers()
    await admin.unsafe(`drop database if exists ${database} with (force)`)
    await admin.end({ timeout: 5 })
  }
}

function verdict(ok, hasTarget) {
  if (!ok) return 'FAIL'
  return hasTarget ? 'PASS' : '-'
}

function printTable(title, header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)))
  const line = (cells) => `| ${cells.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ')} |`
  console.log(`\n${title}`)
  console.log(line(header))
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
  for (const row of rows) console.log(line(row))
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`

function printFrontEnd(frontEnd) {
  const rows = []
  for (const page of frontEnd.lighthouse ?? []) {
    if (!page.js) continue
    rows.push([
      `JS loaded by ${page.path} (${page.js.files.length} scripts, ${kB(page.js.raw)} raw)`,
      `${kB(page.js.gzip)} gzip`,
      `<= ${kB(PUBLIC_JS_TARGET_BYTES)} gzip`,
      verdict(page.js.gzip <= PUBLIC_JS_TARGET_BYTES, true),
    ])
  }
  for (const page of frontEnd.lighthouse ?? []) {
    for (const category of page.categories ?? []) {
      const target = category.target === 'all' ? 'all pass' : category.target === 100 ? '= 100' : `>= ${category.target}`
      rows.push([`Lighthouse ${category.title} (mobile, ${page.path})`, category.score ?? 'n/a', target, verdict(category.met, true)])
    }
  }
  if (rows.length === 0 && (frontEnd.lighthouse ?? []).every((page) => !page.skipped)) return
  printTable('Front end (PGlite server)', ['Measure', 'Value', 'Target', 'Result'], rows)
  for (const page of frontEnd.lighthouse ?? []) {
    if (page.js)
      console.log(`Scripts of ${page.path} (gzip): ${page.js.files.map((file) => `${file.asset.replace('/assets/', '')} ${kB(file.gzip)}`).join(', ')}`)
  }
  const describe = (audit) =>
    `  ${audit.id}: ${audit.title}${audit.displayValue ? ` — ${audit.displayValue}` : ''} (score ${audit.score}, weight ${audit.weight})${audit.items.length > 0 ? ` [${audit.items.join(', ')}]` : ''}`
  for (const page of frontEnd.lighthouse ?? []) {
    if (page.skipped) {
      console.log(`\nLighthouse did not run on ${page.path}: ${page.skipped}`)
      continue
    }
    for (const note of page.notes) console.log(`Lighthouse ${page.path}: ${note}`)
    for (const category of page.categories.filter((c) => !c.met)) {
      console.log(`\nFailing Lighthouse audits on ${page.path}, ${category.title} (${category.score ?? 'n/a'}, target ${category.target}):`)
      console.log(
        category.failing.length > 0 ? category.failing.map(describe).join('\n') : '  (none below the pass mark; the score is held down by metrics close to it)',
      )
    }
    const others = page.categories.filter((c) => c.met && c.failing.length > 0)
    if (others.length > 0) {
      console.log(`\nAudits below the pass mark on ${page.path} in categories that met their target (for information):`)
      for (const category of others) console.log(`${category.title}:\n${category.failing.map(describe).join('\n')}`)
    }
  }
}

function printCeiling(steps) {
  if (steps.length === 0) return
  printTable(
    `PGlite ceiling (GET ${CEILING_PATH} signed in, ${CEILING_SECONDS}s per step; /api/health at the same concurrency)`,
    ['Connections', 'req/s', 'p95 ms', '503 shed', 'other errors', 'health req/s', 'ratio to health', 'load avg'],
    steps.map((s) => [
      s.connections,
      s.list.reqPerSec.toFixed(0),
      s.list.p95,
      s.list.shed,
      s.list.otherErrors,
      s.health.reqPerSec.toFixed(0),
      `${((s.list.reqPerSec / Math.max(s.health.reqPerSec, 1)) * 100).toFixed(1)}%`,
      s.load,
    ]),
  )
  const fit = steps.filter((s) => s.list.shed === 0 && s.list.otherErrors === 0 && s.list.p95 < CEILING_P95_MS)
  const best = fit.sort((a, b) => b.list.reqPerSec - a.list.reqPerSec)[0]
  console.log(
    best
      ? `PGlite ceiling: ${best.list.reqPerSec.toFixed(0)} req/s at ${best.connections} connections (p95 ${best.list.p95} ms, nothing shed). The machine is shared: figures move with its load.`
      : `PGlite ceiling: no step kept p95 under ${CEILING_P95_MS} ms without sheds (the machine is shared: figures move with its load).`,
  )
}

function printReport(report) {
  printTable(
    `Startup (spawn → first 200 from /api/health, via ${nodeCommand().label})`,
    ['Engine', 'Phase', 'ms', 'Target', 'Result'],
    report.startup.map((s) => [s.engine, s.phase, s.ms, s.target ? `<= ${s.target} ms` : '-', verdict(!s.target || s.ms <= s.target, Boolean(s.target))]),
  )
  printTable(
    `Throughput (autocannon, ${CONNECTIONS} connections, ${SECONDS}s after ${WARMUP_SECONDS}s warm-up)`,
    ['Engine', 'Endpoint', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'Target', 'Result'],
    report.runs.map((r) => {
      const clean = r.non2xx === 0 && r.errors === 0
      const fast = !r.target || r.reqPerSec >= r.target
      return [
        r.engine,
        r.endpoint,
        r.reqPerSec.toFixed(0),
        r.p50,
        r.p99,
        r.non2xx,
        r.errors,
        r.target ? `>= ${r.target} req/s` : '-',
        verdict(clean && fast, Boolean(r.target)),
      ]
    }),
  )
  printFrontEnd(report.frontEnd)
  printCeiling(report.ceiling)
  printDashboard(report.dashboard)
  printSignedIn(report.signedIn)
  for (const r of report.runs.filter((run) => Object.keys(run.errorCodes).length > 0)) {
    console.log(`\nRequest errors, ${r.engine} ${r.endpoint}: ${JSON.stringify(r.errorCodes)}`)
  }
  for (const { engine, lines } of report.serverLogs) {
    console.log(`\nServer log lines at warn level or above, ${engine} (first ${MAX_LOG_LINES}):\n${lines.slice(0, MAX_LOG_LINES).join('\n')}`)
  }
  for (const note of report.skipped) console.log(`\n${note}`)
  console.log(`\nLoad average (1/5/15 min) at the end: ${loadAverage()} on ${os.availableParallelism()} cores`)
}

async function cleanUp() {
  await stopAllServers()
  removeTempDirs()
}

function killServersNow() {
  for (const server of liveServers) signalGroup(server, 'SIGKILL')
  removeTempDirs()
}

async function main() {
  process.on('exit', killServersNow)
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      void cleanUp().finally(() => process.exit(130))
    })
  }

  const report = { startup: [], runs: [], skipped: [], serverLogs: [], frontEnd: {}, ceiling: [], dashboard: { orders: null, runs: [] }, signedIn: [] }
  let failure
  try {
    await ensureBuild()
    console.log(`Node for the server: ${nodeCommand().label}; load average (1/5/15 min): ${loadAverage()} on ${os.availableParallelism()} cores`)
    // BENCH_ONLY=ceiling: just the PGlite ceiling (a quicker run on a busy machine); BENCH_ONLY=postgres: the PostgreSQL part; BENCH_ONLY=frontend: JS size and Lighthouse on PGlite.
    if (process.env.BENCH_ONLY === 'ceiling') await benchCeilingOnly(report)
    else if (process.env.BENCH_ONLY === 'postgres') await benchPostgres(report)
    else if (process.env.BENCH_ONLY === 'frontend') await benchFrontEndOnly(report)
    else {
      await benchPGlite(report)
      await benchPostgres(report)
    }
  } catch (error) {
    failure = error
  } finally {
    await cleanUp()
  }
  printReport(report)
  if (failure) {
    console.error(`\nBenchmark could not complete: ${failure.stack ?? failure}`)
    process.exitCode = 1
  }
}

await main()
