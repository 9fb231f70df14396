// `npm run bench:realtime`: 500 socket clients (50 companies × 10 members, each company with one public channel that
// all its members join) on a server running as a separate process on PostgreSQL (BENCH_REALTIME_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/tradeport_bench_realtime, recreated each run). For BENCH_SECONDS (default 30)
// the clients send BENCH_RATE (default 100) messages per second in total through their sockets (`message:send`),
// rotating over all users (2 messages per user in 10 s, well under the service's 30-per-10-s limit, which is left as it
// is). Every message carries its send time in its clientId; every client records each `message:new` it receives.
// Prints deliveries (expected / received / lost / duplicates), delivery and send-ack latencies and the server's memory;
// exits 1 when a delivery was lost or a send failed. BENCH_INSTANCES=2 runs two server processes sharing PostgreSQL and
// Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379) with the clients split between them.
import { type ChildProcess, fork } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { io as connect, type Socket } from 'socket.io-client'
import { recreateDatabase } from './bench-database'

const ROOT = process.cwd()
const DATABASE_URL = process.env.BENCH_REALTIME_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tradeport_bench_realtime'
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30)
const RATE = Number(process.env.BENCH_RATE ?? 100)
const INSTANCES = Math.max(1, Number(process.env.BENCH_INSTANCES ?? 1))
const COMPANIES = 50
const USERS_PER_COMPANY = 10
const SETUP_CONCURRENCY = 8
const DRAIN_MS = 10_000
const P95_TARGET_MS = 100
/** One secret for every server process of the run (the signing keys in the database are encrypted with it). */
const AUTH_SECRET = randomBytes(32).toString('base64url')

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Runs `task` over `items` with a bounded concurrency. */
async function inBatches<T, R>(items: T[], concurrency: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++
        results[index] = await task(items[index]!, index)
      }
    }),
  )
  return results
}

type BenchUser = { email: string; password: string; companyIndex: number }
type Cast = { users: BenchUser[]; channelIds: string[] }

/** Companies, members and one public channel per company, written with the test factories into the bench database. */
async function seed(): Promise<Cast> {
  process.env.DATABASE_URL = DATABASE_URL
  process.env.SEED_DEMO = 'off'
  const { databaseHandle, database, closeDatabase } = await import('../app/platform/db/index.server')
  await databaseHandle().migrate()
  const { createCompany, addMember } = await import('../db/factories/companies')
  const { createUser } = await import('../db/factories/users')
  const { conversations, conversationMembers } = await import('../app/modules/messaging/messaging.tables.server')
  const users: BenchUser[] = []
  const channelIds: string[] = []
  for (let c = 0; c < COMPANIES; c++) {
    const company = await createCompany({ name: `Bench Chat ${c + 1}` })
    const members = await inBatches(
      Array.from({ length: USERS_PER_COMPANY }, (_, m) => m),
      SETUP_CONCURRENCY,
      async (m) => {
        const user = await createUser({ email: `bench-chat-${c}-${m}@example.test`, name: `Bench ${c + 1}.${m + 1}` })
        await addMember(company.id, user.id, m === 0 ? 'owner' : 'member')
        return user
      },
    )
    const channelId = randomUUID()
    await database()
      .insert(conversations)
      .values({ id: channelId, kind: 'channel', organizationId: company.id, name: 'general', visibility: 'public', createdBy: members[0]!.id })
    await database()
      .insert(conversationMembers)
      .values(members.map((user, m) => ({ conversationId: channelId, userId: user.id, role: m === 0 ? ('owner' as const) : ('member' as const) })))
    channelIds.push(channelId)
    for (const user of members) users.push({ email: user.email, password: user.password, companyIndex: c })
  }
  await closeDatabase()
  return { users, channelIds }
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

type Memory = { rss: number; heapUsed: number; heapTotal: number }
type ServerProcess = { url: string; child: ChildProcess; memory: () => Promise<Memory & { procRss: number }>; stop: () => Promise<void> }

/** One server process (scripts/realtime-bench-server.ts under tsx), its own memory, answering memory samples over IPC. */
async function startServer(redisKey: string): Promise<ServerProcess> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_URL: url,
    DATABASE_URL,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'tradeport-bench-realtime-')),
    AUTH_SECRET,
    SEED_DEMO: 'off',
    LOG_LEVEL: 'warn',
    // 500 password grants from one address during setup.
    AUTH_RATE_LIMIT_MAX: '100000',
    BENCH_REDIS_KEY: redisKey,
    ...(INSTANCES > 1 ? { REDIS_URL } : {}),
  }
  if (INSTANCES === 1) delete env.REDIS_URL
  const child = fork(path.join(ROOT, 'scripts/realtime-bench-server.ts'), [], {
    cwd: ROOT,
    env,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 2 minutes')), 120_000)
    child.on('message', (message: { type?: string }) => {
      if (message.type !== 'ready') return
      clearTimeout(timer)
      resolve()
    })
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`)))
  })
  const memory = () =>
    new Promise<Memory & { procRss: number }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no memory sample')), 5000)
      const listener = (message: { type?: string } & Memory) => {
        if (message.type !== 'memory') return
        clearTimeout(timer)
        child.off('message', listener)
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
        const procRss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024
        resolve({ rss: message.rss, heapUsed: message.heapUsed, heapTotal: message.heapTotal, procRss })
      }
      child.on('message', listener)
      child.send({ type: 'memory' })
    })
  const stop = async () => {
    child.kill('SIGTERM')
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(killer)
  }
  return { url, child, memory, stop }
}

async function tokenFor(url: string, user: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${url}/api/auth/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ identifier: user.email, password: user.password }),
  })
  if (response.status !== 200) throw new Error(`token grant failed: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { access_token: string }).access_token
}

type Client = { socket: Socket; room: string; conversationId: string; index: number }
type MessageNew = { conversationId: string; message: { id: string; clientId: string | null } }

/** What the clients observed: per message id, which clients received it; latencies in ms. */
type Tally = {
  sent: Map<string, { room: string; at: number }>
  sendErrors: Map<string, number>
  deliveries: Map<string, Set<number>>
  duplicates: number
  unexpected: number
  deliveryLatencies: number[]
  ackLatencies: number[]
}

function connectClient(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, timeout: 20_000, forceNew: true })
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', reject)
  })
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '—')
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`

async function main(): Promise<void> {
  console.log(
    `bench:realtime — ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' / ')} at start`,
  )
  console.log(
    `${COMPANIES * USERS_PER_COMPANY} clients in ${COMPANIES} rooms, ${RATE} messages/s for ${SECONDS} s, ${INSTANCES} server instance(s)${INSTANCES > 1 ? ` sharing Redis ${REDIS_URL}` : ''}`,
  )
  console.log('seeding…')
  await recreateDatabase(DATABASE_URL)
  const cast = await seed()
  const redisKey = `tradeport-bench-${randomUUID()}`
  const servers: ServerProcess[] = []
  for (let i = 0; i < INSTANCES; i++) servers.push(await startServer(redisKey))
  const samples: Array<Array<Memory & { procRss: number }>> = servers.map(() => [])
  const sampleMemory = async () => Promise.all(servers.map(async (server, i) => samples[i]!.push(await server.memory())))
  const clients: Client[] = []
  const tally: Tally = { sent: new Map(), sendErrors: new Map(), deliveries: new Map(), duplicates: 0, unexpected: 0, deliveryLatencies: [], ackLatencies: [] }
  let failed: boolean
  try {
    await sampleMemory()
    console.log('granting tokens and connecting…')
    const tokens = await inBatches(cast.users, SETUP_CONCURRENCY, (user, index) => tokenFor(servers[index % servers.length]!.url, user))
    const connectStarted = performance.now()
    const sockets = await inBatches(tokens, 50, (token, index) => connectClient(servers[index % servers.length]!.url, token))
    for (const [index, socket] of sockets.entries()) {
      const conversationId = cast.channelIds[cast.users[index]!.companyIndex]!
      const client: Client = { socket, room: `conversation:${conversationId}`, conversationId, index }
      socket.on('message:new', (event: MessageNew) => {
        const receivedAt = Date.now()
        const seen = tally.deliveries.get(event.message.id) ?? new Set<number>()
        if (seen.has(index)) tally.duplicates++
        seen.add(index)
        tally.deliveries.set(event.message.id, seen)
        const sentAt = Number(event.message.clientId?.split(':')[1])
        if (Number.isFinite(sentAt)) tally.deliveryLatencies.push(receivedAt - sentAt)
      })
      clients.push(client)
    }
    await inBatches(clients, 50, async (client) => {
      const ack = (await client.socket.timeout(20_000).emitWithAck('room:join', { room: client.room })) as { ok: boolean; error?: { code: string } }
      if (!ack.ok) throw new Error(`join failed: ${ack.error?.code}`)
    })
    console.log(`  ${clients.length} clients connected and joined in ${((performance.now() - connectStarted) / 1000).toFixed(1)} s`)
    await sampleMemory()

    console.log(`sending for ${SECONDS} s…`)
    const sampler = setInterval(() => void sampleMemory().catch(() => undefined), 1000)
    const interval = 1000 / RATE
    const started = performance.now()
    const total = Math.round(SECONDS * RATE)
    const pending: Array<Promise<void>> = []
    for (let n = 0; n < total; n++) {
      const due = started + n * interval
      const wait = due - performance.now()
      if (wait > 1) await sleep(wait)
      // Rotating over all users, alternating rooms: user n % 500 (every user sends every 5 s).
      const client = clients[(n * USERS_PER_COMPANY + Math.floor(n / COMPANIES)) % clients.length]!
      const sentAt = Date.now()
      const clientId = `bench:${sentAt}:${n}`
      const begin = performance.now()
      pending.push(
        (
          client.socket
            .timeout(10_000)
            .emitWithAck('message:send', { conversationId: client.conversationId, body: `Bench message ${n}`, clientId }) as Promise<{
            ok: boolean
            message?: { id: string }
            error?: { code: string }
          }>
        )
          .then((ack) => {
            tally.ackLatencies.push(performance.now() - begin)
            if (ack.ok && ack.message) tally.sent.set(ack.message.id, { room: client.room, at: sentAt })
            else tally.sendErrors.set(ack.error?.code ?? 'unknown', (tally.sendErrors.get(ack.error?.code ?? 'unknown') ?? 0) + 1)
          })
          .catch((error: Error) => {
            tally.sendErrors.set(error.message, (tally.sendErrors.get(error.message) ?? 0) + 1)
          }),
      )
    }
    await Promise.all(pending)
    const sendSeconds = (performance.now() - started) / 1000
    const roomSize = new Map<string, number>()
    for (const client of clients) roomSize.set(client.room, (roomSize.get(client.room) ?? 0) + 1)
    const expectedDeliveries = () => [...tally.sent.values()].reduce((sum, sent) => sum + (roomSize.get(sent.room) ?? 0), 0)
    const receivedExpected = () => [...tally.sent.keys()].reduce((sum, id) => sum + (tally.deliveries.get(id)?.size ?? 0), 0)
    for (const drainStarted = Date.now(); receivedExpected() < expectedDeliveries() && Date.now() - drainStarted < DRAIN_MS;) await sleep(100)
    clearInterval(sampler)
    await sampleMemory()

    const expected = expectedDeliveries()
    const received = receivedExpected()
    tally.unexpected = [...tally.deliveries.keys()].filter((id) => !tally.sent.has(id)).length
    const lost = expected - received
    const delivery = [...tally.deliveryLatencies].sort((a, b) => a - b)
    const acks = [...tally.ackLatencies].sort((a, b) => a - b)
    const sendErrors = [...tally.sendErrors.values()].reduce((sum, count) => sum + count, 0)

    console.log('')
    console.log(`clients              ${clients.length} (${servers.length} instance(s))`)
    console.log(`rooms                ${cast.channelIds.length} (${USERS_PER_COMPANY} clients each)`)
    console.log(
      `messages sent        ${tally.sent.size} acknowledged of ${total} in ${sendSeconds.toFixed(1)} s (${(tally.sent.size / sendSeconds).toFixed(1)}/s); failed ${sendErrors}${sendErrors ? ` (${[...tally.sendErrors].map(([code, count]) => `${code}×${count}`).join(', ')})` : ''}`,
    )
    console.log(`expected deliveries  ${expected}`)
    console.log(`received             ${received}`)
    console.log(`lost                 ${lost}`)
    console.log(`duplicates           ${tally.duplicates}`)
    console.log(`unacknowledged seen  ${tally.unexpected} message(s) delivered whose send was not acknowledged`)
    console.log(
      `delivery latency     p50 ${ms(percentile(delivery, 50))}, p95 ${ms(percentile(delivery, 95))}, p99 ${ms(percentile(delivery, 99))}, max ${ms(delivery.at(-1) ?? Number.NaN)} (target p95 ≤ ${P95_TARGET_MS} ms: ${percentile(delivery, 95) <= P95_TARGET_MS ? 'met' : 'MISSED'})`,
    )
    console.log(
      `send ack latency     p50 ${ms(percentile(acks, 50))}, p95 ${ms(percentile(acks, 95))}, p99 ${ms(percentile(acks, 99))}, max ${ms(acks.at(-1) ?? Number.NaN)}`,
    )
    for (const [i, series] of samples.entries()) {
      const first = series[0]
      const last = series.at(-1)
      if (!first || !last) continue
      const peakRss = Math.max(...series.map((sample) => sample.procRss))
      const peakHeap = Math.max(...series.map((sample) => sample.heapUsed))
      console.log(
        `server ${i + 1} memory      RSS start ${mb(first.procRss)}, peak ${mb(peakRss)}, end ${mb(last.procRss)}; heap used start ${mb(first.heapUsed)}, peak ${mb(peakHeap)}, end ${mb(last.heapUsed)} (${series.length} samples)`,
      )
    }
    console.log(
      'limits               per-user message limit unchanged (MESSAGE_RATE_LIMIT_MAX default: 30 per 10 s; each user sends 2 per 10 s); AUTH_RATE_LIMIT_MAX raised to 100000 for the 500 setup token grants',
    )
    failed = lost > 0 || sendErrors > 0
  } finally {
    for (const client of clients) client.socket.disconnect()
    await Promise.all(servers.map((server) => server.stop()))
  }
  if (failed) {
    console.error('FAILED: deliveries were lost or sends failed')
    process.exit(1)
  }
  process.exit(0)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
