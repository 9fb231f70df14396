// `npm run bench:webhooks` (issue 25), against the production server on PostgreSQL (BENCH_WEBHOOKS_DATABASE_URL or
// BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/tradeport_bench_webhooks; recreated each run, dropped at
// the end unless BENCH_KEEP=1):
//   1. GET /api/v1/orders?limit=5 with an API key and with the session cookie (in turns: cookie, key, key, cookie, each
//      half of BENCH_SECONDS, default 20), beside /api/health, at 20 connections: the key's throughput as a ratio to the cookie's (target ≥ 0.9);
//   2. BENCH_EVENTS (default 10,000) business changes of one company committed in this process (as another instance
//      would), each relayed by the outbox at once, to three endpoints subscribed to orders — a healthy receiver, a slow
//      one (BENCH_SLOW_MS, default 1,000 ms) and a failing one (HTTP 500) — delivered by the server's job queue: how long
//      each message took from its commit to the healthy receiver (target: every one within 60 s; the time from the first
//      commit to the last delivery is printed too, bounded below by how fast this process commits), messages lost and
//      duplicated per webhook-id, what the slow receiver got meanwhile, and the failing endpoint's retries scheduled.
// Exits 1 when a target fails.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dropDatabase, recreateDatabase } from './bench-database'
import { load, loadAverage, startServer, type Measurement } from './bench-server'

const DATABASE_URL = process.env.BENCH_WEBHOOKS_DATABASE_URL ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tradeport_bench_webhooks'
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20)
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000)
const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 1000)
const CONNECTIONS = 20
const TARGETS = { deliverSeconds: 60, keyRatio: 0.9 }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Receiver = { url: string; ids: Map<string, number>; arrivals: Map<string, number>; total: () => number; close: () => Promise<void> }

function receiver(answer: (respond: (status: number) => void) => void): Promise<Receiver> {
  const ids = new Map<string, number>()
  const arrivals = new Map<string, number>()
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const id = String(request.headers['webhook-id'])
      ids.set(id, (ids.get(id) ?? 0) + 1)
      const record = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { id: string } }).data.id
      if (!arrivals.has(record)) arrivals.set(record, performance.now())
      answer((status) => response.writeHead(status).end())
    })
  })
  server.keepAliveTimeout = 60_000
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
        ids,
        arrivals,
        total: () => [...ids.values()].reduce((sum, count) => sum + count, 0),
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  )
}

/** Two half-length runs as one: throughput over both, the worse of each percentile, statuses summed. */
function combine(runs: Measurement[]): Measurement {
  const statuses = new Map<number, number>()
  for (const run of runs) for (const [status, n] of run.statuses) statuses.set(status, (statuses.get(status) ?? 0) + n)
  const worst = (pick: (m: Measurement) => number) => Math.max(...runs.map(pick))
  return {
    p50: worst((m) => m.p50),
    p95: worst((m) => m.p95),
    p99: worst((m) => m.p99),
    rps: runs.reduce((sum, m) => sum + m.rps, 0) / runs.length,
    count: runs.reduce((sum, m) => sum + m.count, 0),
    statuses,
  }
}

const figures = (m: Measurement) => `p50 ${m.p50.toFixed(1)} / p95 ${m.p95.toFixed(1)} / p99 ${m.p99.toFixed(1)} ms, ${m.rps.toFixed(0)} req/s`

async function main(): Promise<void> {
  console.log(`bench:webhooks — load average ${loadAverage()} at start; ${EVENTS} events × 3 endpoints`)
  await recreateDatabase(DATABASE_URL)
  process.env.DATABASE_URL = DATABASE_URL
  process.env.SEED_DEMO = 'off'
  process.env.LOG_LEVEL = 'warn'
  // This process commits business changes and relays them, queueing drains; the server's worker delivers them.
  process.env.JOBS_WORKER = 'off'
  process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = 'true'

  const server = await startServer(DATABASE_URL, { API_KEY_RATE_LIMIT_PER_MINUTE: '100000000', WEBHOOKS_ALLOW_PRIVATE_URLS: 'true', JOBS_WORKER: 'on' })
  const healthy = await receiver((respond) => respond(200))
  const slow = await receiver((respond) => setTimeout(() => respond(200), SLOW_MS))
  const failing = await receiver((respond) => respond(500))
  let failed = false
  try {
    const { createMember } = await import('../db/factories/companies')
    const { database, closeDatabase } = await import('../app/platform/db/index.server')
    const { recordEvent, relayEvents } = await import('../app/platform/outbox/outbox.server')
    const { startJobs, stopJobs } = await import('../app/platform/jobs/index.server')
    const developers = await import('../app/modules/developers/index.server')
    const { webhookDeliveries } = await import('../app/modules/developers/developers.tables.server')
    const { and, count, eq, gt, gte } = await import('drizzle-orm')
    await startJobs(developers.WEBHOOK_JOBS)

    const { user, company } = await createMember({ role: 'owner', companyInput: { name: 'Bench Hooks', kind: 'both' } })
    const origin = { origin: server.url }
    const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...origin },
      body: JSON.stringify({ email: user.email, password: user.password }),
    })
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`)
    const cookie = signIn.headers
      .getSetCookie()
      .map((entry) => entry.split(';')[0])
      .join('; ')
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, ...origin },
        body: JSON.stringify(body),
      })
      if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`)
      return (await response.json()) as Record<string, unknown>
    }
    const secret = String((await post('/api/v1/api-keys', { name: 'bench', scopes: ['orders:read'] })).secret)
    const endpoints: Record<string, string> = {}
    for (const [name, target] of Object.entries({ healthy, slow, failing })) {
      endpoints[name] = String(((await post('/api/v1/webhooks', { url: target.url, topics: ['order'], description: name })).endpoint as { id: string }).id)
    }

    // 1. API key against cookie, beside /api/health.
    const path = ['/api/v1/orders?limit=5']
    // Cookie and key take turns (cookie, key, key, cookie) so that neither always runs on the warmer server.
    const health = await load(server.url, ['/api/health'], { seconds: SECONDS, connections: CONNECTIONS })
    const half = { seconds: SECONDS / 2, connections: CONNECTIONS }
    const cookieRuns: Measurement[] = []
    const keyRuns: Measurement[] = []
    cookieRuns.push(await load(server.url, path, { ...half, headers: { cookie } }))
    keyRuns.push(await load(server.url, path, { ...half, headers: { authorization: `Bearer ${secret}` } }))
    keyRuns.push(await load(server.url, path, { ...half, headers: { authorization: `Bearer ${secret}` } }))
    cookieRuns.push(await load(server.url, path, { ...half, headers: { cookie } }))
    const byCookie = combine(cookieRuns)
    const byKey = combine(keyRuns)
    const ratio = byKey.rps / byCookie.rps
    const statuses = (m: Measurement) => [...m.statuses].map(([status, n]) => `${status}×${n}`).join(' ')
    console.log(`/api/health:            ${figures(health)}`)
    console.log(`orders by cookie:       ${figures(byCookie)} (${statuses(byCookie)}; ${((byCookie.rps / health.rps) * 100).toFixed(0)}% of health)`)
    console.log(`orders by API key:      ${figures(byKey)} (${statuses(byKey)}; ${((byKey.rps / health.rps) * 100).toFixed(0)}% of health)`)
    console.log(`key / cookie throughput: ${ratio.toFixed(2)} (target ≥ ${TARGETS.keyRatio})`)
    if (ratio < TARGETS.keyRatio || byKey.statuses.size !== 1 || !byKey.statuses.has(200)) failed = true

    // 2. The events, committed and relayed as the services do, a few at a time side by side.
    const started = performance.now()
    const committedAt = new Map<string, number>()
    let next = 0
    const commit = async () => {
      while (next < EVENTS) {
        const index = next++
        const id = await database().transaction((tx) =>
          recordEvent(tx, {
            name: 'purchase_order.confirm',
            changes: [{ companyIds: [company.id], entity: 'purchase_order', id: `bench-order-${index}`, action: 'confirm' }],
            actorUserId: null,
          }),
        )
        committedAt.set(`bench-order-${index}`, performance.now())
        await relayEvents([id])
      }
    }
    await Promise.all(Array.from({ length: 8 }, commit))
    const committedSeconds = (performance.now() - started) / 1000
    console.log(`${EVENTS} events committed and relayed in ${committedSeconds.toFixed(1)} s (${(EVENTS / committedSeconds).toFixed(0)}/s)`)
    const deadline = started + 120_000
    while (healthy.ids.size < EVENTS && performance.now() < deadline) await sleep(200)
    const deliveredSeconds = (performance.now() - started) / 1000
    const lags = [...healthy.arrivals].map(([record, at]) => (at - (committedAt.get(record) ?? at)) / 1000).sort((a, b) => a - b)
    const lag = (p: number) => lags[Math.min(lags.length - 1, Math.ceil((p / 100) * lags.length) - 1)] ?? Number.NaN
    const lastCommit = Math.max(...committedAt.values())
    const afterLastCommit = (Math.max(...healthy.arrivals.values()) - lastCommit) / 1000
    const lost = EVENTS - healthy.ids.size
    const duplicates = healthy.total() - healthy.ids.size
    await sleep(1000)
    const now = new Date()
    const [{ scheduled = 0 } = {}] = await database()
      .select({ scheduled: count() })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpoints.failing!),
          eq(webhookDeliveries.status, 'pending'),
          gte(webhookDeliveries.attempts, 1),
          gt(webhookDeliveries.nextAttemptAt, now),
        ),
      )
    const [{ rows = 0 } = {}] = await database().select({ rows: count() }).from(webhookDeliveries)
    console.log(
      `healthy receiver: ${healthy.ids.size} of ${EVENTS} messages, the last ${deliveredSeconds.toFixed(1)} s after the first commit and ${afterLastCommit.toFixed(1)} s after the last; lost ${lost}, duplicated ${duplicates}`,
    )
    console.log(
      `commit → delivery to the healthy receiver: p50 ${lag(50).toFixed(2)} s, p95 ${lag(95).toFixed(2)} s, max ${lag(100).toFixed(2)} s (target: every message within ${TARGETS.deliverSeconds} s)`,
    )
    console.log(`slow receiver (${SLOW_MS} ms an answer): ${slow.ids.size} messages meanwhile, duplicated ${slow.total() - slow.ids.size}`)
    console.log(`failing receiver: ${failing.total()} attempts answered 500; ${scheduled} deliveries with a retry scheduled; ${rows} delivery rows in all`)
    if (lag(100) > TARGETS.deliverSeconds || lost > 0 || duplicates > 0 || slow.total() !== slow.ids.size || scheduled === 0) failed = true
    await stopJobs()
    await closeDatabase()
  } finally {
    await server.stop()
    await Promise.all([healthy.close(), slow.close(), failing.close()])
    if (process.env.BENCH_KEEP !== '1') await dropDatabase(DATABASE_URL)
  }
  console.log(failed ? 'bench:webhooks: a target failed' : 'bench:webhooks: all targets met')
  process.exit(failed ? 1 : 0)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
