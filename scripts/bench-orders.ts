// `npm run bench:orders`: 50 concurrent clients placing and confirming purchase orders for BENCH_SECONDS (default 60)
// against the production server on PostgreSQL (BENCH_ORDERS_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/tradeport_bench_orders, recreated each run). 40 buyer clients (10 companies × 4
// members) place orders with an Idempotency-Key and retry one request in ten with the same key; 10 supplier clients
// (2 companies × 5 members) confirm placed orders, racing each other (a lost race is an expected 409). Afterwards the
// database is counted: no order twice for one key, every order's timeline complete, every 2xx confirmation stored.
// Prints the figures; exits 1 when an invariant fails.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { recreateDatabase } from './bench-database'

const ROOT = process.cwd()
const DATABASE_URL = process.env.BENCH_ORDERS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tradeport_bench_orders'
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60)
const BUYER_COMPANIES = 10
const BUYERS_PER_COMPANY = 4
const SUPPLIER_COMPANIES = 2
const SUPPLIERS_PER_COMPANY = 5
const RETRY_EVERY = 10

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Client = { token: string; companyId: string }
type Cast = { buyers: Client[]; suppliers: Client[]; supplierIds: string[]; products: Record<string, Array<{ id: string; moq: number }>> }

/** Companies, members, products and price lists, written with the test factories straight into the bench database. */
async function seed(): Promise<
  Omit<Cast, 'buyers' | 'suppliers'> & {
    buyerUsers: Array<{ email: string; password: string; companyId: string }>
    supplierUsers: Array<{ email: string; password: string; companyId: string }>
  }
> {
  process.env.DATABASE_URL = DATABASE_URL
  process.env.SEED_DEMO = 'off'
  const { databaseHandle, closeDatabase } = await import('../app/platform/db/index.server')
  await databaseHandle().migrate()
  const { createCompany, addMember } = await import('../db/factories/companies')
  const { createUser } = await import('../db/factories/users')
  const { createProduct, createPriceList } = await import('../db/factories/products')
  const supplierIds: string[] = []
  const products: Record<string, Array<{ id: string; moq: number }>> = {}
  const supplierUsers: Array<{ email: string; password: string; companyId: string }> = []
  for (let s = 0; s < SUPPLIER_COMPANIES; s++) {
    const company = await createCompany({ name: `Bench Supplier ${s + 1}`, kind: 'supplier', verificationStatus: 'accept' })
    supplierIds.push(company.id)
    const items = []
    for (let p = 0; p < 10; p++)
      items.push(await createProduct({ companyId: company.id, nameEn: `Bench item ${s + 1}-${p + 1}`, sku: `B${s + 1}-${p + 1}`, moq: 5 }))
    await createPriceList({
      companyId: company.id,
      lines: items.flatMap((item, index) => [
        { productId: item.id, minQuantity: 5, unitPrice: `${10 + index}.5000` },
        { productId: item.id, minQuantity: 100, unitPrice: `${9 + index}.2500` },
      ]),
    })
    products[company.id] = items.map((item) => ({ id: item.id, moq: 5 }))
    for (let m = 0; m < SUPPLIERS_PER_COMPANY; m++) {
      const user = await createUser({ email: `bench-supplier-${s}-${m}@example.test` })
      await addMember(company.id, user.id, m === 0 ? 'owner' : 'member')
      supplierUsers.push({ email: user.email, password: user.password, companyId: company.id })
    }
  }
  const buyerUsers: Array<{ email: string; password: string; companyId: string }> = []
  for (let b = 0; b < BUYER_COMPANIES; b++) {
    const company = await createCompany({ name: `Bench Buyer ${b + 1}`, kind: 'buyer' })
    for (let m = 0; m < BUYERS_PER_COMPANY; m++) {
      const user = await createUser({ email: `bench-buyer-${b}-${m}@example.test` })
      await addMember(company.id, user.id, m === 0 ? 'owner' : 'member')
      buyerUsers.push({ email: user.email, password: user.password, companyId: company.id })
    }
  }
  await closeDatabase()
  return { supplierIds, products, buyerUsers, supplierUsers }
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
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'tradeport-bench-orders-')),
    SEED_DEMO: 'off',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_MAX: '10000',
  }
  const child: ChildProcess = spawn(process.execPath, [...serverNodeArgs(), 'server.js'], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] })
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
    if (healthy) return { url, stop }
  }
}

/** Extra Node flags for the server under test, e.g. BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it. */
const serverNodeArgs = () => (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)

async function tokenFor(url: string, user: { email: string; password: string }): Promise<string> {
  // Password grants hash on purpose: dozens at once make the server shed some with 503 and a Retry-After, as it should.
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${url}/api/auth/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ identifier: user.email, password: user.password }),
    })
    if (response.status === 503 && attempt < 10) {
      await response.body?.cancel()
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000))
      continue
    }
    if (response.status !== 200) throw new Error(`token grant failed: ${response.status} ${await response.text()}`)
    return ((await response.json()) as { access_token: string }).access_token
  }
}

type Tally = {
  placed: number
  retries: number
  retryMismatches: number
  confirmed: number
  lostRaces: number
  errors: Map<string, number>
  createdIds: Map<string, string>
  confirmedIds: Set<string>
  latencies: number[]
}

function countError(tally: Tally, label: string): void {
  tally.errors.set(label, (tally.errors.get(label) ?? 0) + 1)
}

async function api(url: string, token: string, method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/api/v1${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}`, origin: url, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} }
}

async function buyerLoop(url: string, client: Client, cast: Cast, until: number, tally: Tally, index: number): Promise<void> {
  for (let round = 0; Date.now() < until; round++) {
    const supplierId = cast.supplierIds[(index + round) % cast.supplierIds.length]!
    const items = cast.products[supplierId]!
    const body = {
      supplier_company_id: supplierId,
      currency: 'USD',
      incoterm: 'FOB',
      incoterm_place: 'Shanghai',
      payment_terms: 'tt_30_70',
      lines: [
        { product_id: items[round % items.length]!.id, quantity: 5 + (round % 200) },
        { product_id: items[(round + 3) % items.length]!.id, quantity: 100 },
      ],
      place: true,
    }
    const key = randomUUID()
    const begin = performance.now()
    const first = await api(url, client.token, 'POST', '/orders', body, { 'idempotency-key': key })
    tally.latencies.push(performance.now() - begin)
    if (first.status !== 201) {
      countError(tally, `create ${first.status} ${String((first.json.error as { code?: string } | undefined)?.code ?? '')}`)
      continue
    }
    tally.placed += 1
    tally.createdIds.set(key, String(first.json.id))
    if (round % RETRY_EVERY === 0) {
      const retry = await api(url, client.token, 'POST', '/orders', body, { 'idempotency-key': key })
      tally.retries += 1
      if (retry.status !== 201 && retry.status !== 200) countError(tally, `retry ${retry.status}`)
      else if (retry.json.id !== first.json.id) tally.retryMismatches += 1
    }
  }
}

async function supplierLoop(url: string, client: Client, until: number, tally: Tally, index: number): Promise<void> {
  while (Date.now() < until) {
    const list = await api(url, client.token, 'GET', '/orders?side=supplier&status=placed&limit=20')
    if (list.status !== 200) {
      countError(tally, `list ${list.status}`)
      continue
    }
    const items = (list.json.items as Array<{ id: string }> | undefined) ?? []
    if (items.length === 0) {
      await sleep(20)
      continue
    }
    // Members of one supplier pick overlapping orders, so some confirmations race.
    const pick = items[index % Math.min(items.length, 3)]!
    const detail = await api(url, client.token, 'GET', `/orders/${pick.id}`)
    if (detail.status !== 200) {
      countError(tally, `get ${detail.status}`)
      continue
    }
    const confirm = await api(url, client.token, 'POST', `/orders/${pick.id}/transitions`, { action: 'confirm', version: detail.json.version })
    if (confirm.status === 200) {
      tally.confirmed += 1
      tally.confirmedIds.add(pick.id)
    } else if (confirm.status === 409) tally.lostRaces += 1
    else countError(tally, `confirm ${confirm.status}`)
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function main(): Promise<void> {
  console.log(
    `bench:orders — ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' / ')} at start`,
  )
  await recreateDatabase(DATABASE_URL)
  const seeded = await seed()
  const server = await startServer()
  const tally: Tally = {
    placed: 0,
    retries: 0,
    retryMismatches: 0,
    confirmed: 0,
    lostRaces: 0,
    errors: new Map(),
    createdIds: new Map(),
    confirmedIds: new Set(),
    latencies: [],
  }
  let seconds: number
  try {
    const buyers = await Promise.all(seeded.buyerUsers.map(async (user) => ({ token: await tokenFor(server.url, user), companyId: user.companyId })))
    const suppliers = await Promise.all(seeded.supplierUsers.map(async (user) => ({ token: await tokenFor(server.url, user), companyId: user.companyId })))
    const cast: Cast = { buyers, suppliers, supplierIds: seeded.supplierIds, products: seeded.products }
    console.log(`${buyers.length} buyer and ${suppliers.length} supplier clients for ${SECONDS} s…`)
    const started = performance.now()
    const until = Date.now() + SECONDS * 1000
    await Promise.all([
      ...buyers.map((client, index) => buyerLoop(server.url, client, cast, until, tally, index)),
      ...suppliers.map((client, index) => supplierLoop(server.url, client, until, tally, index)),
    ])
    seconds = (performance.now() - started) / 1000
  } finally {
    await server.stop()
  }

  const sql = postgres(DATABASE_URL, { max: 2, onnotice: () => {} })
  const [orders] = await sql`select count(*)::int as n, count(*) filter (where status = 'confirmed')::int as confirmed from purchase_orders`
  const [keys] = await sql`select count(*)::int as n from idempotency_keys`
  const [duplicateNumbers] =
    await sql`select count(*)::int as n from (select buyer_company_id, number from purchase_orders group by 1, 2 having count(*) > 1) d`
  // Every order: created + place, and confirm when confirmed — nothing more, nothing less.
  const [timelines] = await sql`
    select count(*) filter (where events <> expected)::int as broken, coalesce(sum(events), 0)::int as events
    from (
      select o.id, (select count(*) from purchase_order_events e where e.order_id = o.id)::int as events,
        case o.status when 'placed' then 2 when 'confirmed' then 3 else -1 end as expected
      from purchase_orders o
    ) t`
  const [notices] = await sql`select count(*)::int as n from notifications`
  await sql.end({ timeout: 5 })

  const sorted = [...tally.latencies].sort((a, b) => a - b)
  const distinctCreated = new Set(tally.createdIds.values()).size
  const errors = [...tally.errors].reduce((sum, [, n]) => sum + n, 0)
  const checks: Array<[string, boolean, string]> = [
    ['errors other than expected 409s', errors === 0, `${errors}${errors ? ` (${[...tally.errors].map(([label, n]) => `${label}×${n}`).join(', ')})` : ''}`],
    [
      'duplicate orders (orders in the database vs keys that created one)',
      orders!.n === distinctCreated && orders!.n === keys!.n && tally.retryMismatches === 0,
      `${orders!.n - distinctCreated} (orders ${orders!.n}, keys ${keys!.n}, retried ${tally.retries}, retry answered another order ${tally.retryMismatches})`,
    ],
    ['duplicate order numbers', duplicateNumbers!.n === 0, String(duplicateNumbers!.n)],
    [
      'lost timeline events (orders whose timeline is incomplete)',
      timelines!.broken === 0,
      `${timelines!.broken} of ${orders!.n} orders; ${timelines!.events} events`,
    ],
    [
      'confirmations answered 200 vs stored',
      tally.confirmed === orders!.confirmed && tally.confirmedIds.size === tally.confirmed,
      `${tally.confirmed} answered, ${orders!.confirmed} stored`,
    ],
  ]
  console.log(
    `\nResults (PostgreSQL, ${seconds.toFixed(1)} s, 50 clients; load average now ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' / ')})`,
  )
  console.log(
    `  orders placed        ${tally.placed} (${(tally.placed / seconds).toFixed(1)} orders/s), create p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`,
  )
  console.log(`  orders confirmed     ${tally.confirmed} (${(tally.confirmed / seconds).toFixed(1)}/s); lost races (expected 409) ${tally.lostRaces}`)
  console.log(`  notifications        ${notices!.n}`)
  for (const [label, ok, figure] of checks) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${label}: ${figure}`)
  if (checks.some(([, ok]) => !ok)) process.exitCode = 1
}

await main()
