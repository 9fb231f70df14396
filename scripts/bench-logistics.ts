// `npm run bench:logistics` (issue 19): the stock ledger and carrier tracking at scale, against the production server on
// PostgreSQL (BENCH_LOGISTICS_DATABASE_URL or BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/tradeport_bench_logistics; recreated each run, dropped at the end unless BENCH_KEEP=1).
// Seeds with set-based SQL 1,000,000 movements over 10,000 products in 20 warehouses of one company (each level equal to
// the sum of its movements, each balance_after the running sum) and 2,000 shipments with a carrier tracking number, then:
//   1. reads: a warehouse's stock page and movement page (default, and filtered by kind and a 30-day range) at
//      BENCH_CONNECTIONS (default 10) connections for BENCH_READ_SECONDS (default 10) each, and once each one at a time;
//      then what the pages count, against SQL: exact, or past the cap a true "more than N"; the low count exact;
//   2. writes: 50 clients issuing and transferring one hot product between 4 warehouses for BENCH_SECONDS (default 60),
//      refusals for insufficient stock counted; then SQL: no negative level, every touched level = its movements;
//   3. the signed tracking webhook: BENCH_WEBHOOK_CLIENTS (default 20) senders for BENCH_WEBHOOK_SECONDS (default 20),
//      10 events a request with repeated event ids and redelivered requests; then SQL: stored = distinct events sent.
// Every figure beside /api/health on the same server in the same run. Exits 1 when a target or an invariant fails.
import { createHmac } from 'node:crypto'
import postgres from 'postgres'
import { dropDatabase, recreateDatabase } from './bench-database'
import { load, loadAverage, type Measurement, sequential, startServer, statusLine, summarize, tokenFor } from './bench-server'

const DATABASE_URL =
  process.env.BENCH_LOGISTICS_DATABASE_URL ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tradeport_bench_logistics'
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000)
const WAREHOUSES = 20
// Each level: a receipt, an issue, a transfer out, a transfer in and an adjustment.
const MOVEMENTS_PER_LEVEL = 5
const SHIPMENTS = 2_000
const MEMBERS = 10
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
const READ_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 10)
const WRITE_SECONDS = Number(process.env.BENCH_SECONDS ?? 60)
const WRITE_CLIENTS = 50
const HOT_WAREHOUSES = 4
const HOT_STOCK = Number(process.env.BENCH_HOT_STOCK ?? 10_000)
const WEBHOOK_SECONDS = Number(process.env.BENCH_WEBHOOK_SECONDS ?? 20)
const WEBHOOK_CLIENTS = Number(process.env.BENCH_WEBHOOK_CLIENTS ?? 20)
const EVENTS_PER_REQUEST = 10
const REPEATS_PER_REQUEST = 2
const REDELIVER_EVERY = 10
const WEBHOOK_PROVIDER = 'benchcarrier'
const WEBHOOK_SECRET = 'bench-logistics-webhook-secret'
const TARGETS = { stockP95: 20, movementsP95: 50, eventsPerSecond: 1000 }

type Seeded = { companyId: string; users: Array<{ email: string; password: string }>; warehouseIds: string[]; hotLevelIds: string[] }

/** The company, its members and a shipper through the factories; warehouses, levels, movements and shipments in bulk SQL. */
async function seed(): Promise<Seeded> {
  process.env.DATABASE_URL = DATABASE_URL
  process.env.SEED_DEMO = 'off'
  process.env.LOG_LEVEL = 'warn'
  const { databaseHandle, closeDatabase } = await import('../app/platform/db/index.server')
  await databaseHandle().migrate()
  const { createCompany, addMember } = await import('../db/factories/companies')
  const { createUser } = await import('../db/factories/users')
  const buyer = await createCompany({ name: 'Bench Logistics Buyer', kind: 'buyer' })
  const shipper = await createCompany({ name: 'Bench Logistics Shipper', kind: 'supplier', verificationStatus: 'accept' })
  const users: Array<{ id: string; email: string; password: string }> = []
  for (let m = 0; m < MEMBERS; m++) {
    const user = await createUser({ email: `bench-logistics-${m}@example.test`, name: `Bench Clerk ${m + 1}` })
    await addMember(buyer.id, user.id, m === 0 ? 'owner' : 'member')
    users.push({ id: user.id, email: user.email, password: user.password })
  }
  const shipperOwner = await createUser({ email: 'bench-logistics-shipper@example.test' })
  await addMember(shipper.id, shipperOwner.id, 'owner')
  await closeDatabase()

  const sql = postgres(DATABASE_URL, { max: 1, onnotice: () => {} })
  try {
    await sql`set synchronous_commit = off`
    await sql`set maintenance_work_mem = '256MB'`
    await sql`set work_mem = '128MB'`
    const timed = async (label: string, statement: () => Promise<unknown>) => {
      const begin = performance.now()
      await statement()
      console.log(`  ${label}: ${((performance.now() - begin) / 1000).toFixed(1)} s`)
    }
    const org = buyer.id
    const clerk = users[0]!.id
    await timed(
      `${WAREHOUSES} warehouses`,
      () => sql`
      insert into warehouses (id, organization_id, code, name, notes)
      select md5('wh-' || w)::uuid::text, ${org}, 'WH-' || lpad((w + 1)::text, 2, '0'), 'Bench warehouse ' || (w + 1), ''
      from generate_series(0, ${WAREHOUSES - 1}) w`,
    )
    // One row per level with its quantities; the transfer out of (p, w) goes into (p, w + 1), at one moment.
    await sql`
      create temp table bench_plan as
      select p, w,
        md5('level-' || p || '-' || w)::uuid::text as level_id,
        md5('wh-' || w)::uuid::text as warehouse_id,
        md5('wh-' || ((w + 1) % ${WAREHOUSES}))::uuid::text as to_warehouse_id,
        md5('wh-' || ((w + ${WAREHOUSES - 1}) % ${WAREHOUSES}))::uuid::text as from_warehouse_id,
        'WH-' || lpad((((w + 1) % ${WAREHOUSES}) + 1)::text, 2, '0') as to_code,
        'WH-' || lpad((((w + ${WAREHOUSES - 1}) % ${WAREHOUSES}) + 1)::text, 2, '0') as from_code,
        md5('product-' || p)::uuid::text as product_id,
        case when p = 0 and w < ${HOT_WAREHOUSES} then ${HOT_STOCK} else 500 + (p * 7 + w * 13) % 500 end as received,
        1 + (p * 11 + w * 3) % 100 as issued,
        1 + (p * 5 + w * 17) % 100 as sent,
        1 + (p * 5 + ((w + ${WAREHOUSES - 1}) % ${WAREHOUSES}) * 17) % 100 as arrived,
        (case when (p + w) % 2 = 0 then 1 else -1 end) * (1 + (p + w * 7) % 20) as adjusted,
        md5('transfer-' || p || '-' || w)::uuid::text as transfer_out_id,
        md5('transfer-' || p || '-' || ((w + ${WAREHOUSES - 1}) % ${WAREHOUSES}))::uuid::text as transfer_in_id,
        (1 + p % 200)::text || '.2500' as unit_cost
      from generate_series(0, ${PRODUCTS - 1}) p, generate_series(0, ${WAREHOUSES - 1}) w`
    // Over the last 360 days: every receipt within the first 30 (so no balance ever goes below zero), the rest after.
    const at = (key: postgres.PendingQuery<postgres.Row[]>, fromDay: number, days: number) =>
      sql`now() - interval '360 days' + make_interval(secs => ${fromDay * 86_400}::int + abs(hashtext(${key})::bigint) % ${days * 86_400}::int)`
    await timed(
      `${(PRODUCTS * WAREHOUSES).toLocaleString('en')} stock levels`,
      () => sql`
      insert into stock_levels (id, organization_id, warehouse_id, item_key, product_id, sku, description, unit, on_hand,
        low_stock_threshold, below_threshold, unit_cost, currency, updated_at)
      select level_id, ${org}, warehouse_id, 'p:' || product_id, product_id, 'BNC-' || lpad(p::text, 5, '0'),
        (array['Ceramic mug', 'Steel water bottle', 'Bamboo cutting board', 'Cotton tote bag', 'LED desk lamp', 'Glass storage jar',
          'Silicone spatula', 'Wool blanket'])[1 + p % 8] || ' ' || lpad(p::text, 5, '0'),
        'pcs', received - issued - sent + arrived + adjusted,
        case when p = 0 then 100 when p % 50 = 0 then received - issued - sent + arrived + adjusted + 10 when p % 10 = 0 then 50 end,
        p <> 0 and p % 50 = 0, unit_cost::numeric, 'USD', now() - interval '1 day'
      from bench_plan`,
    )
    await timed(
      `${(PRODUCTS * WAREHOUSES * MOVEMENTS_PER_LEVEL).toLocaleString('en')} stock movements`,
      () => sql`
      insert into stock_movements (id, organization_id, warehouse_id, level_id, kind, quantity, balance_after, reason, note,
        reference_type, reference_id, reference, transfer_id, unit_cost, currency, created_by, created_at)
      select id, ${org}, warehouse_id, level_id, kind, quantity,
        sum(quantity) over (partition by level_id order by created_at, id)::int,
        reason, '', reference_type, reference_id, reference, transfer_id, unit_cost::numeric, currency, ${clerk}, created_at
      from (
        select md5(level_id || ':receipt')::uuid::text as id, warehouse_id, level_id, 'receipt' as kind, received as quantity, '' as reason,
          'shipment' as reference_type, md5('shipment-' || (p / 10))::uuid::text as reference_id, 'SH-BENCH-' || lpad((p / 10)::text, 4, '0') as reference,
          null::text as transfer_id, unit_cost, 'USD' as currency, ${at(sql`level_id || ':receipt'`, 0, 30)} as created_at
        from bench_plan
        union all
        select md5(level_id || ':issue')::uuid::text, warehouse_id, level_id, 'issue', -issued, '', '', '', '', null, null, null,
          ${at(sql`level_id || ':issue'`, 30, 330)}
        from bench_plan
        union all
        select md5(level_id || ':transfer_out')::uuid::text, warehouse_id, level_id, 'transfer_out', -sent, '', 'warehouse', to_warehouse_id, to_code,
          transfer_out_id, unit_cost, 'USD', ${at(sql`transfer_out_id`, 30, 330)}
        from bench_plan
        union all
        select md5(level_id || ':transfer_in')::uuid::text, warehouse_id, level_id, 'transfer_in', arrived, '', 'warehouse', from_warehouse_id, from_code,
          transfer_in_id, unit_cost, 'USD', ${at(sql`transfer_in_id`, 30, 330)}
        from bench_plan
        union all
        select md5(level_id || ':adjustment')::uuid::text, warehouse_id, level_id, 'adjustment', adjusted, 'count', '', '', '', null, null, null,
          ${at(sql`level_id || ':adjustment'`, 30, 330)}
        from bench_plan
      ) movement`,
    )
    await timed(`${SHIPMENTS.toLocaleString('en')} shipments in transit with 2 tracking events each`, async () => {
      await sql`
        insert into shipments (id, number, shipper_company_id, buyer_company_id, shipper_name, buyer_name, status, mode, carrier,
          tracking_number, origin_name, origin_country, destination_name, destination_country, destination_warehouse_id, etd, eta, first_eta,
          incoterm, incoterm_place, last_location, last_event_at, created_by, created_at)
        select md5('shipment-' || n)::uuid::text, 'SH-BENCH-' || lpad(n::text, 4, '0'), ${shipper.id}, ${org}, ${shipper.name}, ${buyer.name},
          'in_transit', 'sea_fcl', 'COSCO Shipping', 'BENCHTRK' || lpad(n::text, 6, '0'), 'Ningbo', 'CN', 'Rotterdam', 'NL',
          md5('wh-' || (n % ${WAREHOUSES}))::uuid::text, current_date - 10, current_date + 25, current_date + 25, 'FOB', 'Ningbo', 'Ningbo',
          now() - interval '9 days', ${shipperOwner.id}, now() - interval '12 days'
        from generate_series(0, ${SHIPMENTS - 1}) n`
      await sql`
        insert into tracking_events (id, shipment_id, occurred_at, utc_offset_minutes, status, location, country, description, source, dedupe_key)
        select md5('event-' || n || '-' || e)::uuid::text, md5('shipment-' || n)::uuid::text, now() - interval '12 days' + e * interval '3 days', 480,
          (array['booked', 'in_transit'])[e + 1], 'Ningbo', 'CN', (array['Booked', 'Vessel departed'])[e + 1], 'system', 'id:seed-' || e
        from generate_series(0, ${SHIPMENTS - 1}) n, generate_series(0, 1) e`
    })
    await sql`drop table bench_plan`
    await timed('vacuum analyze', () => sql`vacuum analyze`)
    const warehouseRows = await sql<Array<{ id: string }>>`select id from warehouses order by code`
    const hotRows = await sql<Array<{ id: string }>>`
      select l.id from stock_levels l join warehouses w on w.id = l.warehouse_id
      where l.product_id = md5('product-0')::uuid::text order by w.code limit ${HOT_WAREHOUSES}`
    return { companyId: org, users, warehouseIds: warehouseRows.map((row) => row.id), hotLevelIds: hotRows.map((row) => row.id) }
  } finally {
    await sql.end({ timeout: 5 })
  }
}

type Row = [measure: string, measured: string, health: string, target: string, result: string]
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '—')
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL')
const versus = (figure: Measurement, health: Measurement) =>
  `p95 ${(figure.p95 / health.p95).toFixed(1)}× / ${((figure.rps / health.rps) * 100).toFixed(1)}% of req/s`

/** Load and one-at-a-time rows of a read endpoint, with its p95 target judged under load. */
function readRows(label: string, loaded: Measurement, alone: Measurement, health: Measurement, targetMs: number): Row[] {
  const clean = (loaded.statuses.get(200) ?? 0) === loaded.count && (alone.statuses.get(200) ?? 0) === alone.count
  return [
    [
      `${label}, ${CONNECTIONS} connections: p50 / p95`,
      `${ms(loaded.p50)} / ${ms(loaded.p95)}`,
      versus(loaded, health),
      `p95 ≤ ${targetMs} ms`,
      verdict(loaded.p95 <= targetMs && clean),
    ],
    [`${label}, ${CONNECTIONS} connections: throughput`, `${loaded.rps.toFixed(0)} req/s`, '', '', ''],
    [`${label}, one at a time: p50 / p95`, `${ms(alone.p50)} / ${ms(alone.p95)}`, `p95 ${(alone.p95 / health.p95).toFixed(1)}×`, '', ''],
  ]
}

/** A page's count as the API answers it; `low_count` on the stock page only. */
type PageCount = { total: number; total_is_capped: boolean; low_count?: number }
/** Exact when the page says so; when capped, a true lower bound ("more than `total`"). */
const honestCount = (page: PageCount, actual: number) => (page.total_is_capped ? actual > page.total : actual === page.total)
const shownCount = (page: PageCount) => `${page.total_is_capped ? 'more than ' : ''}${page.total}`

type WriteTally = { issued: number; transferred: number; refused: number; errors: Map<string, number>; latencies: number[] }

async function postJson(url: string, token: string, pathname: string, body: unknown) {
  const response = await fetch(`${url}/api/v1${pathname}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, json: (text ? JSON.parse(text) : {}) as { code?: string; details?: { fields?: Record<string, unknown> } } }
}

/** One client: issues and transfers of the hot product, from and between the hot warehouses, until `until`. */
async function stockClient(url: string, token: string, seeded: Seeded, until: number, tally: WriteTally, index: number): Promise<void> {
  for (let round = 0; Date.now() < until; round++) {
    const from = (index + round) % HOT_WAREHOUSES
    const levelId = seeded.hotLevelIds[from]!
    const transfer = (index + round) % 2 === 1
    const quantity = 1 + ((index * 7 + round * 13) % (transfer ? 50 : 20))
    const begin = performance.now()
    const response = transfer
      ? await postJson(url, token, '/stock/transfers', {
          level_id: levelId,
          to_warehouse_id: seeded.warehouseIds[(from + 1 + (round % (HOT_WAREHOUSES - 1))) % HOT_WAREHOUSES],
          quantity,
          note: 'bench',
        })
      : await postJson(url, token, '/stock/issues', { level_id: levelId, quantity, note: 'bench' })
    tally.latencies.push(performance.now() - begin)
    if (response.status === 201) {
      if (transfer) tally.transferred += 1
      else tally.issued += 1
    } else if (response.status === 422 && response.json.details?.fields?.quantity) tally.refused += 1
    else {
      const label = `${transfer ? 'transfer' : 'issue'} ${response.status} ${response.json.code ?? ''}`
      tally.errors.set(label, (tally.errors.get(label) ?? 0) + 1)
    }
  }
}

type WebhookTally = { requests: number; events: number; stored: number; duplicates: number; errors: Map<string, number>; latencies: number[] }
type WebhookEvent = { id: string; occurred_at: string; status: string | null; location: string; country: string; description: string; eta: string | null }

const PLACES = [
  ['Ningbo', 'CN'],
  ['Singapore', 'SG'],
  ['Colombo', 'LK'],
  ['Port Said', 'EG'],
  ['Algeciras', 'ES'],
  ['Rotterdam', 'NL'],
] as const

/** The k-th event of a shipment, always the same for the same k (a repeat is a true repeat). */
function trackingEvent(shipment: number, k: number): WebhookEvent {
  const [location, country] = PLACES[Math.min(PLACES.length - 1, Math.floor(k / 40))]!
  const occurred = new Date(Date.UTC(2026, 10, 20) + shipment * 1000 + k * 600_000)
  return {
    id: `trk-${shipment}-${k}`,
    occurred_at: occurred.toISOString().replace('Z', '+00:00'),
    status: k === 7 ? 'at_customs' : k < 7 ? 'in_transit' : null,
    location,
    country,
    description: `Checkpoint ${k} at ${location}`,
    eta: k % 25 === 24 ? new Date(Date.now() + (25 + Math.floor(k / 25)) * 86_400_000).toISOString().slice(0, 10) : null,
  }
}

const trackingNumber = (shipment: number) => `BENCHTRK${String(shipment).padStart(6, '0')}`

/** One sender: batches of new events with repeated ids, and now and then the previous request again, byte for byte. */
async function webhookClient(url: string, until: number, sent: Set<string>, next: number[], tally: WebhookTally, index: number): Promise<void> {
  let previous: { body: string; events: number } | null = null
  for (let round = 0; Date.now() < until; round++) {
    let body: string
    let events: number
    if (previous && round % REDELIVER_EVERY === 0) ({ body, events } = previous)
    else {
      const shipment = (index + round * WEBHOOK_CLIENTS) % SHIPMENTS
      const first = next[shipment]!
      const fresh = Array.from({ length: EVENTS_PER_REQUEST - REPEATS_PER_REQUEST }, (_, offset) => first + offset)
      // Repeats of ids sent before (or, for a shipment's first batch, of this batch).
      const repeats = Array.from({ length: REPEATS_PER_REQUEST }, (_, r) => (first > 0 ? (round * 7 + r * 3) % first : fresh[r]!))
      next[shipment] = first + fresh.length
      const batch = [...fresh, ...repeats].map((k) => trackingEvent(shipment, k))
      for (const event of batch) sent.add(`${trackingNumber(shipment)}|${event.id}`)
      body = JSON.stringify({ tracking_number: trackingNumber(shipment), events: batch })
      events = batch.length
    }
    previous = { body, events }
    const signature = `sha256=${createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex')}`
    const begin = performance.now()
    const response = await fetch(`${url}/api/v1/tracking/webhooks/${WEBHOOK_PROVIDER}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tradeport-signature': signature },
      body,
    })
    const json = (await response.json()) as { matched?: boolean; stored?: number; duplicates?: number; code?: string }
    tally.latencies.push(performance.now() - begin)
    tally.requests += 1
    if (response.status === 200 && json.matched) {
      tally.events += events
      tally.stored += json.stored ?? 0
      tally.duplicates += json.duplicates ?? 0
    } else {
      const label = `${response.status} ${json.code ?? (json.matched === false ? 'unmatched' : '')}`
      tally.errors.set(label, (tally.errors.get(label) ?? 0) + 1)
    }
  }
}

const errorCount = (errors: Map<string, number>) => [...errors.values()].reduce((sum, n) => sum + n, 0)
const errorLine = (errors: Map<string, number>) => [...errors].map(([label, n]) => `${label}×${n}`).join(', ')

async function main(): Promise<void> {
  console.log(`bench:logistics — load average ${loadAverage()} at start; database ${new URL(DATABASE_URL).pathname.slice(1)}`)
  await recreateDatabase(DATABASE_URL)
  const seedStarted = performance.now()
  console.log('seeding…')
  const seeded = await seed()
  const seedSeconds = (performance.now() - seedStarted) / 1000
  console.log(`  seeded in ${seedSeconds.toFixed(0)} s`)

  const server = await startServer(DATABASE_URL, {
    AUTH_RATE_LIMIT_MAX: '10000',
    TRACKING_WEBHOOK_SECRETS: `${WEBHOOK_PROVIDER}:${WEBHOOK_SECRET}`,
    // The default (600 requests a minute per provider and address) is a production guard, not the capacity measured here.
    TRACKING_WEBHOOK_RATE_LIMIT_MAX: '1000000',
  })
  const rows: Row[] = []
  const failures: string[] = []
  const sql = postgres(DATABASE_URL, { max: 2, onnotice: () => {} })
  try {
    const tokens: string[] = []
    for (const user of seeded.users) tokens.push(await tokenFor(server.url, user))
    const headers = { authorization: `Bearer ${tokens[0]}` }
    const warehousePaths = (suffix: string) => seeded.warehouseIds.map((id) => `/api/v1/warehouses/${id}/${suffix}`)
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)
    const filteredPaths = seeded.warehouseIds.map((id, index) => {
      const kind = (['issue', 'transfer_out', 'adjustment', 'transfer_in'] as const)[index % 4]!
      const to = 20 + (index % 10) * 30
      return `/api/v1/warehouses/${id}/movements?${new URLSearchParams({ kind, from: day(to + 29), to: day(to) })}`
    })
    const reads = [
      { label: 'stock page GET /warehouses/{id}/stock', paths: warehousePaths('stock'), target: TARGETS.stockP95 },
      { label: 'movement page GET /warehouses/{id}/movements', paths: warehousePaths('movements'), target: TARGETS.movementsP95 },
      { label: 'movements by kind and 30 days', paths: filteredPaths, target: TARGETS.movementsP95 },
    ]
    // Every path once to warm the server, the pool and the buffer cache.
    for (const read of reads) await sequential(server.url, read.paths, headers)

    console.log(`/api/health: 5 s at ${CONNECTIONS} connections (baseline)…`)
    const health = await load(server.url, ['/api/health'], { seconds: 5, connections: CONNECTIONS })
    console.log(`  p50 ${ms(health.p50)}, p95 ${ms(health.p95)}, ${health.rps.toFixed(0)} req/s`)
    const healthAlone = await sequential(
      server.url,
      Array.from({ length: 200 }, () => '/api/health'),
    )
    rows.push(
      [`/api/health, ${CONNECTIONS} connections: p50 / p95 (baseline)`, `${ms(health.p50)} / ${ms(health.p95)}`, `${health.rps.toFixed(0)} req/s`, '', ''],
      ['/api/health, one at a time: p50 / p95', `${ms(healthAlone.p50)} / ${ms(healthAlone.p95)}`, '', '', ''],
    )
    for (const read of reads) {
      console.log(`${read.label}: ${READ_SECONDS} s at ${CONNECTIONS} connections over ${read.paths.length} warehouses, then 200 one at a time…`)
      const loaded = await load(server.url, read.paths, { seconds: READ_SECONDS, connections: CONNECTIONS, headers })
      const alone = await sequential(
        server.url,
        Array.from({ length: 200 }, (_, index) => read.paths[index % read.paths.length]!),
        headers,
      )
      console.log(`  p50 ${ms(loaded.p50)}, p95 ${ms(loaded.p95)}, ${loaded.rps.toFixed(0)} req/s (${statusLine(loaded.statuses)}); alone p95 ${ms(alone.p95)}`)
      const readRowsFor = readRows(read.label, loaded, alone, health, read.target)
      rows.push(...readRowsFor)
      if (readRowsFor[0]![4] === 'FAIL') failures.push(read.label)
    }

    // What the measured pages say must hold: a capped count is never shown as exact, the low count is exact (counted
    // here from the figures, not from the flag the page reads).
    const countedWarehouse = seeded.warehouseIds[0]!
    const pageCount = async (suffix: string) =>
      (await (await fetch(`${server.url}/api/v1/warehouses/${countedWarehouse}/${suffix}`, { headers })).json()) as PageCount
    const [stockCount, ledgerCount] = await Promise.all([pageCount('stock'), pageCount('movements')])
    const [actual] = await sql<Array<{ levels: number; low: number; movements: number }>>`
      select (select count(*) from stock_levels where warehouse_id = ${countedWarehouse})::int as levels,
        (select count(*) from stock_levels where warehouse_id = ${countedWarehouse}
          and low_stock_threshold is not null and on_hand - reserved < low_stock_threshold)::int as low,
        (select count(*) from stock_movements where warehouse_id = ${countedWarehouse})::int as movements`
    const countsRow: Row = [
      'page counts (levels / low / movements) vs SQL',
      `${shownCount(stockCount)} / ${stockCount.low_count} / ${shownCount(ledgerCount)} vs ${actual!.levels} / ${actual!.low} / ${actual!.movements}`,
      '',
      'true',
      verdict(honestCount(stockCount, actual!.levels) && stockCount.low_count === actual!.low && honestCount(ledgerCount, actual!.movements)),
    ]
    rows.push(countsRow)
    if (countsRow[4] === 'FAIL') failures.push(countsRow[0])

    console.log(`stock writes: ${WRITE_CLIENTS} clients issuing and transferring one product between ${HOT_WAREHOUSES} warehouses for ${WRITE_SECONDS} s…`)
    const [clock] = await sql<Array<{ now: Date }>>`select now()`
    const writesStarted = clock!.now
    const writes: WriteTally = { issued: 0, transferred: 0, refused: 0, errors: new Map(), latencies: [] }
    const writeBegin = performance.now()
    const writeUntil = Date.now() + WRITE_SECONDS * 1000
    await Promise.all(
      Array.from({ length: WRITE_CLIENTS }, (_, index) => stockClient(server.url, tokens[index % tokens.length]!, seeded, writeUntil, writes, index)),
    )
    const writeSeconds = (performance.now() - writeBegin) / 1000
    const written = summarize(writes.latencies, writeSeconds)
    console.log(`  ${writes.issued} issues, ${writes.transferred} transfers, ${writes.refused} refused; p95 ${ms(written.p95)}`)
    const [negative] = await sql<Array<{ levels: number; movements: number }>>`
      select (select count(*) from stock_levels where on_hand < 0 or reserved < 0)::int as levels,
        (select count(*) from stock_movements where balance_after < 0)::int as movements`
    // Every level a movement touched during the load: its on_hand against the sum of all its movements, and the
    // running sum against each balance_after.
    const [ledger] = await sql<Array<{ touched: number; unequal: number; chain: number; movements: number; hot: number }>>`
      with touched as (select distinct level_id from stock_movements where created_at >= ${writesStarted}),
      sums as (
        select l.id, l.on_hand, coalesce(sum(m.quantity), 0) as total
        from stock_levels l join touched t on t.level_id = l.id left join stock_movements m on m.level_id = l.id
        group by l.id, l.on_hand
      ),
      chain as (
        select m.balance_after, sum(m.quantity) over (partition by m.level_id order by m.created_at, m.id) as running
        from stock_movements m join touched t on t.level_id = m.level_id
      )
      select (select count(*) from touched)::int as touched,
        (select count(*) from sums where on_hand <> total)::int as unequal,
        (select count(*) from chain where balance_after <> running)::int as chain,
        (select count(*) from stock_movements where created_at >= ${writesStarted})::int as movements,
        (select coalesce(sum(on_hand), 0) from stock_levels where id in ${sql(seeded.hotLevelIds)})::int as hot`
    const [seedLedger] = await sql<Array<{ unequal: number }>>`
      select count(*)::int as unequal from stock_levels l
      where l.on_hand <> (select coalesce(sum(m.quantity), 0) from stock_movements m where m.level_id = l.id)`
    const expectedMovements = writes.issued + 2 * writes.transferred
    const writeErrors = errorCount(writes.errors)
    const writeChecks: Row[] = [
      [
        `stock writes (${WRITE_CLIENTS} clients, ${writeSeconds.toFixed(0)} s): issues / transfers / refused`,
        `${writes.issued} / ${writes.transferred} / ${writes.refused}`,
        '',
        '',
        '',
      ],
      [
        'stock writes: throughput, p50 / p95',
        `${written.rps.toFixed(0)} req/s, ${ms(written.p50)} / ${ms(written.p95)}`,
        `p95 ${(written.p95 / health.p95).toFixed(1)}× / ${((written.rps / health.rps) * 100).toFixed(1)}% of req/s`,
        '',
        '',
      ],
      [
        'stock writes: errors (other than refusals)',
        `${writeErrors}${writeErrors ? ` (${errorLine(writes.errors)})` : ''}`,
        '',
        '0',
        verdict(writeErrors === 0),
      ],
      ['negative levels / negative balances', `${negative!.levels} / ${negative!.movements}`, '', '0', verdict(negative!.levels + negative!.movements === 0)],
      [
        `touched levels whose on_hand ≠ sum of movements (of ${ledger!.touched})`,
        String(ledger!.unequal),
        '',
        '0',
        verdict(ledger!.unequal === 0 && ledger!.touched > 0),
      ],
      ['touched levels: balance_after ≠ running sum', String(ledger!.chain), '', '0', verdict(ledger!.chain === 0)],
      [
        'movements stored vs answered 201 (issue 1, transfer 2)',
        `${ledger!.movements} vs ${expectedMovements}`,
        '',
        'equal',
        verdict(ledger!.movements === expectedMovements),
      ],
      ['all levels whose on_hand ≠ sum of movements', String(seedLedger!.unequal), '', '0', verdict(seedLedger!.unequal === 0)],
      [`hot product left in its ${HOT_WAREHOUSES} warehouses`, `${ledger!.hot} units`, '', '', ''],
    ]
    rows.push(...writeChecks)
    for (const row of writeChecks) if (row[4] === 'FAIL') failures.push(row[0])

    console.log(`tracking webhook: ${WEBHOOK_CLIENTS} senders for ${WEBHOOK_SECONDS} s, ${EVENTS_PER_REQUEST} events a request…`)
    const sent = new Set<string>()
    const next = Array.from({ length: SHIPMENTS }, () => 0)
    const hooks: WebhookTally = { requests: 0, events: 0, stored: 0, duplicates: 0, errors: new Map(), latencies: [] }
    const hookBegin = performance.now()
    const hookUntil = Date.now() + WEBHOOK_SECONDS * 1000
    await Promise.all(Array.from({ length: WEBHOOK_CLIENTS }, (_, index) => webhookClient(server.url, hookUntil, sent, next, hooks, index)))
    const hookSeconds = (performance.now() - hookBegin) / 1000
    const hooked = summarize(hooks.latencies, hookSeconds)
    const eventsPerSecond = hooks.events / hookSeconds
    console.log(
      `  ${hooks.requests} requests, ${hooks.events} events (${eventsPerSecond.toFixed(0)}/s), ${hooks.stored} stored, ${hooks.duplicates} duplicates`,
    )
    const [stored] = await sql<Array<{ events: number; doubled: number }>>`
      select (select count(*) from tracking_events where source = 'webhook')::int as events,
        (select count(*) from (select shipment_id, dedupe_key from tracking_events group by 1, 2 having count(*) > 1) d)::int as doubled`
    const hookErrors = errorCount(hooks.errors)
    const hookChecks: Row[] = [
      [
        `webhook ingestion (${WEBHOOK_CLIENTS} senders, ${EVENTS_PER_REQUEST} events a request)`,
        `${eventsPerSecond.toFixed(0)} events/s`,
        `${((hooked.rps / health.rps) * 100).toFixed(1)}% of req/s`,
        `≥ ${TARGETS.eventsPerSecond} events/s`,
        verdict(eventsPerSecond >= TARGETS.eventsPerSecond),
      ],
      [
        'webhook requests: throughput, p50 / p95',
        `${hooked.rps.toFixed(0)} req/s, ${ms(hooked.p50)} / ${ms(hooked.p95)}`,
        `p95 ${(hooked.p95 / health.p95).toFixed(1)}×`,
        '',
        '',
      ],
      ['webhook errors', `${hookErrors}${hookErrors ? ` (${errorLine(hooks.errors)})` : ''}`, '', '0', verdict(hookErrors === 0)],
      [
        'events stored vs distinct events sent',
        `${stored!.events} vs ${sent.size} (answered: ${hooks.stored} stored, ${hooks.duplicates} repeats)`,
        '',
        'equal',
        verdict(stored!.events === sent.size && hooks.stored === sent.size),
      ],
      ['events stored twice', String(stored!.doubled), '', '0', verdict(stored!.doubled === 0)],
    ]
    rows.push(...hookChecks)
    for (const row of hookChecks) if (row[4] === 'FAIL') failures.push(row[0])
  } finally {
    await sql.end({ timeout: 5 })
    await server.stop()
  }

  const header: Row = ['measure', 'measured', 'vs /api/health', 'target', 'result']
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column]!.length)))
  console.log(
    `\nResults (PostgreSQL; ${(PRODUCTS * WAREHOUSES * MOVEMENTS_PER_LEVEL).toLocaleString('en')} movements, ${PRODUCTS.toLocaleString('en')} products × ${WAREHOUSES} warehouses, ${SHIPMENTS.toLocaleString('en')} shipments; seeded in ${seedSeconds.toFixed(0)} s; load average now ${loadAverage()})`,
  )
  for (const row of [header, ...rows])
    console.log(
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
  for (const failure of failures) console.log(`FAIL  ${failure}`)
  if (failures.length === 0) console.log('PASS  every target and invariant')
  if (process.env.BENCH_KEEP === '1') console.log(`kept ${DATABASE_URL} (BENCH_KEEP=1)`)
  else await dropDatabase(DATABASE_URL)
  if (failures.length > 0) process.exitCode = 1
}

await main()
