// `npm run bench:assistant` (issue 23): the sourcing assistant against the production server on PostgreSQL
// (BENCH_ASSISTANT_DATABASE_URL or BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/tradeport_bench_assistant;
// recreated each run, dropped at the end unless BENCH_KEEP=1), beside /api/health of the same server in the same run:
//   1. the built-in provider: BENCH_CONVERSATIONS (default 50) conversations at once for BENCH_SECONDS (default 60), each
//      asking, in its own thread, one of 30 English and Chinese sourcing requests after another over the streamed API
//      (server-sent events); time to the first streamed token and to the full reply, per turn;
//   2. an OpenAI-compatible provider: a local fake server answering every round after a fixed 200 ms (a tool call, then
//      the reply: two rounds a turn), the same conversations for half the time; Tradeport's own time per turn is the full
//      reply time less the provider's (the server's `timing.provider_ms`; the client-side full − rounds × 200 ms too).
// The catalogue is small (three suppliers, 240 products): the assistant's own work is measured, not the search's.
// Exits 1 when a target fails.
import { dropDatabase, recreateDatabase } from './bench-database'
import { load, loadAverage, type Measurement, percentile, startServer, tokenFor } from './bench-server'
import { startOpenAiFake } from '../tests/support/openai-fake'

const DATABASE_URL =
  process.env.BENCH_ASSISTANT_DATABASE_URL ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tradeport_bench_assistant'
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60)
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 50)
const PROVIDER_LATENCY_MS = 200
const TARGETS = { firstTokenP95: 300, replyP95: 1_500, overheadP95: 100 }

const QUESTIONS = [
  'I need 5,000 ceramic mugs delivered to Hamburg',
  'Find verified suppliers of stainless steel water bottles',
  'What is the HS code for bone china mugs?',
  'price of LED panels',
  'We need 20k cotton t-shirts at most USD 3.20 each by March 15',
  'Send an RFQ for 2000 LED panels FOB Ningbo, target $12.50',
  'who makes bamboo toothbrushes?',
  'I want 10 containers of green tea CIF Rotterdam within 6 weeks',
  'how much do ceramic plates cost',
  'Looking for manufacturers of cotton towels',
  'classify stainless steel kitchen knives',
  'Need 3k yoga mats delivered to New York',
  'compare the quotations on my latest RFQ',
  'status of my latest project',
  'shortlist suppliers of LED panels',
  '我需要5000个陶瓷马克杯，运到汉堡',
  '请帮我找已认证的不锈钢保温杯供应商',
  '陶瓷杯的海关编码是多少',
  'LED面板多少钱',
  '求购2万件纯棉T恤，单价不超过15元，3月15日前到货',
  '寻找竹制牙刷的厂家',
  '发询价：3000件毛巾，FOB宁波',
  '需要两万个陶瓷盘子，运往洛杉矶',
  '绿茶的价格',
  '請幫我找不鏽鋼刀具的供應商',
  '我需要5000個陶瓷馬克杯，運到漢堡',
  '比较最新询价单的报价',
  '我的最新订单状态',
  'hello, what can you do?',
  'Find suppliers of yoga mats in',
]

const PRODUCTS: Array<[string, string, string]> = [
  ['Ceramic coffee mug', '陶瓷马克杯', '691200'],
  ['Porcelain dinner plate', '陶瓷盘子', '691110'],
  ['Stainless steel water bottle', '不锈钢保温杯', '732393'],
  ['Stainless steel kitchen knife', '不锈钢刀具', '821191'],
  ['LED panel light', 'LED面板灯', '940542'],
  ['Cotton t-shirt', '纯棉T恤', '610910'],
  ['Cotton bath towel', '纯棉毛巾', '630260'],
  ['Bamboo toothbrush', '竹制牙刷', '960321'],
  ['Green tea leaves', '绿茶', '090210'],
  ['Yoga mat', '瑜伽垫', '950691'],
]

type Row = [measure: string, measured: string, versusHealth: string, target: string, result: string]
const ms = (value: number) => `${value.toFixed(0)} ms`
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL')

/** Three verified suppliers with 240 products, a buyer and a platform admin, through the factories. */
async function seed(): Promise<{ buyer: { email: string; password: string }; admin: { email: string; password: string }; buyerCompanyId: string }> {
  process.env.DATABASE_URL = DATABASE_URL
  process.env.SEED_DEMO = 'off'
  process.env.LOG_LEVEL = 'warn'
  const { databaseHandle, closeDatabase } = await import('../app/platform/db/index.server')
  await databaseHandle().migrate()
  const { createMember } = await import('../db/factories/companies')
  const { createUser } = await import('../db/factories/users')
  const { createProduct } = await import('../db/factories/products')
  for (let s = 0; s < 3; s++) {
    const supplier = await createMember({ role: 'owner', companyInput: { name: `Bench Supplier ${s + 1}`, kind: 'supplier', verificationStatus: 'accept' } })
    for (let n = 0; n < 80; n++) {
      const [nameEn, nameZh, hsCode] = PRODUCTS[(n + s) % PRODUCTS.length]!
      await createProduct({
        companyId: supplier.company.id,
        nameEn: `${nameEn} ${n + 1}`,
        nameZhHans: `${nameZh} ${n + 1}`,
        hsCode,
        fromPrice: `${1 + (n % 20)}.50`,
        fromPriceCurrency: 'USD',
      })
    }
  }
  const buyer = await createMember({ role: 'owner', companyInput: { name: 'Bench Buyer', kind: 'buyer' } })
  const admin = await createUser({ email: 'bench-assistant-admin@example.test', name: 'Bench Admin', role: 'admin' })
  await closeDatabase()
  return { buyer: buyer.user, admin, buyerCompanyId: buyer.company.id }
}

type Turn = { firstTokenMs: number | null; replyMs: number; serverTotalMs: number; providerMs: number; rounds: number; failed: boolean }

/** Asks in the thread over the streamed API; the times of the first streamed token and of the `done` event. */
async function ask(url: string, token: string, threadId: string, content: string): Promise<Turn> {
  const started = performance.now()
  const response = await fetch(`${url}/api/v1/assistant/threads/${threadId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ content }),
  })
  if (!response.ok || !response.body) {
    await response.body?.cancel()
    return { firstTokenMs: null, replyMs: performance.now() - started, serverTotalMs: 0, providerMs: 0, rounds: 0, failed: true }
  }
  let firstTokenMs: number | null = null
  let buffer = ''
  type Done = { message: { status: string }; timing: { total_ms: number; provider_ms: number; rounds: number } }
  let done = null as Done | null
  const decoder = new TextDecoder()
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk as Uint8Array, { stream: true })
    let boundary = buffer.indexOf('\n\n')
    while (boundary >= 0) {
      const block = buffer.slice(0, boundary)
      buffer = buffer.slice(boundary + 2)
      if (block.startsWith('event: delta') && firstTokenMs === null) firstTokenMs = performance.now() - started
      if (block.startsWith('event: done')) done = JSON.parse(block.slice(block.indexOf('data:') + 5)) as Done
      boundary = buffer.indexOf('\n\n')
    }
  }
  const replyMs = performance.now() - started
  return {
    firstTokenMs,
    replyMs,
    serverTotalMs: done?.timing.total_ms ?? 0,
    providerMs: done?.timing.provider_ms ?? 0,
    rounds: done?.timing.rounds ?? 0,
    failed: !done || done.message.status !== 'complete',
  }
}

/** CONVERSATIONS conversations, each in its own thread, asking one question after another for `seconds`. */
async function converse(url: string, token: string, seconds: number): Promise<{ turns: Turn[]; seconds: number }> {
  const threads = await Promise.all(
    Array.from({ length: CONVERSATIONS }, async () => {
      const response = await fetch(`${url}/api/v1/assistant/threads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'sourcing' }),
      })
      return ((await response.json()) as { id: string }).id
    }),
  )
  const turns: Turn[] = []
  const started = performance.now()
  const until = started + seconds * 1000
  await Promise.all(
    threads.map(async (threadId, worker) => {
      for (let n = worker; performance.now() < until; n += 7) turns.push(await ask(url, token, threadId, QUESTIONS[n % QUESTIONS.length]!))
    }),
  )
  return { turns, seconds: (performance.now() - started) / 1000 }
}

const p = (values: number[], q: number) =>
  percentile(
    [...values].sort((a, b) => a - b),
    q,
  )

async function main(): Promise<void> {
  console.log(
    `bench:assistant — ${CONVERSATIONS} conversations, ${SECONDS} s built-in, ${Math.max(20, SECONDS / 2)} s through a provider with ${PROVIDER_LATENCY_MS} ms latency`,
  )
  console.log(`load average before: ${loadAverage()}`)
  await recreateDatabase(DATABASE_URL)
  const seeded = await seed()
  const fake = await startOpenAiFake({ latencyMs: PROVIDER_LATENCY_MS })
  // A round whose last message is a tool result gets the reply; any other round a marketplace search.
  fake.script((body) => {
    const messages = body.messages as Array<{ role: string }>
    return messages.at(-1)?.role === 'tool'
      ? { text: 'I found verified suppliers of ceramic mugs on Tradeport; the cards below show their products and prices.', chunkSize: 12 }
      : { toolCalls: [{ name: 'search_products', arguments: '{"query":"ceramic mug"}' }] }
  })
  const server = await startServer(DATABASE_URL, { ASSISTANT_RATE_LIMIT_MAX: '100000', ASSISTANT_TIMEOUT_MS: '10000' })
  const rows: Row[] = []
  let failed = false
  try {
    const [buyerToken, adminToken] = [await tokenFor(server.url, seeded.buyer), await tokenFor(server.url, seeded.admin)]
    const admin = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const lift = await admin(`/api/v1/assistant/companies/${seeded.buyerCompanyId}`, { enabled: true, monthly_token_limit: 1_000_000_000 })
    if (!lift.ok) throw new Error(`could not lift the quota: ${lift.status} ${await lift.text()}`)

    console.log(`/api/health at ${CONVERSATIONS} connections for 10 s…`)
    const health: Measurement = await load(server.url, ['/api/health'], { seconds: 10, connections: CONVERSATIONS })
    rows.push([
      `/api/health, ${CONVERSATIONS} connections: p50 / p95 (baseline)`,
      `${health.p50.toFixed(1)} / ${health.p95.toFixed(1)} ms`,
      `${health.rps.toFixed(0)} req/s`,
      '',
      '',
    ])

    console.log('built-in provider…')
    const builtin = await converse(server.url, buyerToken, SECONDS)
    const ok = builtin.turns.filter((turn) => !turn.failed)
    const first = ok.flatMap((turn) => (turn.firstTokenMs === null ? [] : [turn.firstTokenMs]))
    const replies = ok.map((turn) => turn.replyMs)
    const turnRate = builtin.turns.length / builtin.seconds
    const firstP95 = p(first, 0.95)
    const replyP95 = p(replies, 0.95)
    rows.push([
      'built-in: turns completed (failed)',
      `${builtin.turns.length} (${builtin.turns.length - ok.length}) · ${turnRate.toFixed(1)} turns/s`,
      `${((turnRate / health.rps) * 100).toFixed(2)}% of health req/s`,
      '',
      builtin.turns.length > ok.length ? 'FAIL' : '',
    ])
    rows.push([
      'built-in: first streamed token p50 / p95 / p99',
      `${ms(p(first, 0.5))} / ${ms(firstP95)} / ${ms(p(first, 0.99))}`,
      `p95 ${(firstP95 / health.p95).toFixed(1)}× health p95`,
      `p95 ≤ ${TARGETS.firstTokenP95} ms`,
      verdict(firstP95 <= TARGETS.firstTokenP95),
    ])
    rows.push([
      'built-in: full reply p50 / p95 / p99',
      `${ms(p(replies, 0.5))} / ${ms(replyP95)} / ${ms(p(replies, 0.99))}`,
      `p95 ${(replyP95 / health.p95).toFixed(1)}× health p95`,
      `p95 ≤ ${TARGETS.replyP95} ms`,
      verdict(replyP95 <= TARGETS.replyP95),
    ])
    failed ||= firstP95 > TARGETS.firstTokenP95 || replyP95 > TARGETS.replyP95 || builtin.turns.length > ok.length

    const configured = await admin('/api/v1/assistant/config', {
      provider: 'openai_compatible',
      base_url: fake.url,
      model: 'bench-model',
      api_key: 'sk-bench',
      temperature: '0.2',
      system_prompt: '',
      monthly_token_limit: 2_000_000,
    })
    if (!configured.ok) throw new Error(`could not configure the provider: ${configured.status} ${await configured.text()}`)
    const seconds = Math.max(20, SECONDS / 2)
    console.log(`OpenAI-compatible provider (${PROVIDER_LATENCY_MS} ms a round)…`)
    const external = await converse(server.url, buyerToken, seconds)
    const answered = external.turns.filter((turn) => !turn.failed)
    // Tradeport's own time: everything the client waited for but the provider's rounds (the server times them).
    const overhead = answered.map((turn) => turn.replyMs - turn.providerMs)
    const serverSide = answered.map((turn) => turn.serverTotalMs - turn.providerMs)
    const nominal = answered.map((turn) => turn.replyMs - turn.rounds * PROVIDER_LATENCY_MS)
    const overheadP95 = p(overhead, 0.95)
    rows.push([
      'provider: turns completed (failed), rounds per turn',
      `${external.turns.length} (${external.turns.length - answered.length}) · ${(answered.reduce((sum, turn) => sum + turn.rounds, 0) / Math.max(1, answered.length)).toFixed(1)} rounds`,
      `${((external.turns.length / external.seconds / health.rps) * 100).toFixed(2)}% of health req/s`,
      '',
      external.turns.length > answered.length ? 'FAIL' : '',
    ])
    rows.push([
      'provider: full reply p50 / p95',
      `${ms(
        p(
          answered.map((turn) => turn.replyMs),
          0.5,
        ),
      )} / ${ms(
        p(
          answered.map((turn) => turn.replyMs),
          0.95,
        ),
      )}`,
      '',
      '',
      '',
    ])
    rows.push([
      'provider: Tradeport’s own time per turn (full reply − provider rounds) p50 / p95',
      `${ms(p(overhead, 0.5))} / ${ms(overheadP95)}`,
      `p95 ${(overheadP95 / health.p95).toFixed(1)}× health p95`,
      `p95 ≤ ${TARGETS.overheadP95} ms`,
      verdict(overheadP95 <= TARGETS.overheadP95),
    ])
    rows.push(['provider: of it, inside the reply (tools, storing) p50 / p95', `${ms(p(serverSide, 0.5))} / ${ms(p(serverSide, 0.95))}`, '', '', ''])
    rows.push(['provider: full reply − rounds × 200 ms p50 / p95 (cross-check)', `${ms(p(nominal, 0.5))} / ${ms(p(nominal, 0.95))}`, '', '', ''])
    failed ||= overheadP95 > TARGETS.overheadP95 || external.turns.length > answered.length
    await admin('/api/v1/assistant/config', { provider: 'builtin', clear_api_key: true, temperature: '0.2', monthly_token_limit: 2_000_000 })
  } finally {
    await server.stop()
    await fake.close()
    if (process.env.BENCH_KEEP !== '1') await dropDatabase(DATABASE_URL)
  }
  const header: Row = ['measure', 'measured', 'vs /api/health', 'target', 'result']
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => (row[column] ?? '').length)))
  for (const row of [header, ...rows]) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | '))
  console.log(`load average after: ${loadAverage()}`)
  if (failed) process.exit(1)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
