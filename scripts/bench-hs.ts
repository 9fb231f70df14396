// `npm run bench:hs` (issue 22): the public HS code lookup against the production server on PostgreSQL
// (BENCH_HS_DATABASE_URL or BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/tradeport_bench_hs; recreated
// each run, dropped at the end unless BENCH_KEEP=1), beside /api/health of the same server in the same run:
//   1. HS search: GET /api/v1/hs-codes over 120 different queries (English words, typos, Chinese, code prefixes) at
//      20 connections for BENCH_SECONDS (default 10) — every answer computed (the index has no result cache);
//   2. classify: POST /api/v1/hs-codes/classify over 40 product descriptions at 20 connections, same time;
//   3. ePing matching: BENCH_NOTIFICATIONS (default 10,000) notifications against BENCH_PRODUCTS (default 100,000)
//      products in this process (the matcher the sync runs), timed.
// Exits 1 when a target fails.
import autocannon from 'autocannon'
import { matchNotifications } from '../app/modules/compliance/index.server'
import { dropDatabase, recreateDatabase } from './bench-database'
import { load, loadAverage, startServer, summarize, type Measurement } from './bench-server'

const DATABASE_URL = process.env.BENCH_HS_DATABASE_URL ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tradeport_bench_hs'
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 20
const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS ?? 10_000)
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000)
const TARGETS = { searchP95: 15, classifyP95: 50, matchSeconds: 30 }

const WORDS = [
  'porcelain mug',
  'porcelian',
  'tableware',
  'led lamp',
  'lithium battery',
  'solar panel',
  'cotton t-shirt',
  'knitted',
  'leather handbag',
  'bicycle',
  'bicycl',
  'furniture wooden',
  'toys plush',
  'frozen shrimp',
  'green tea',
  'coffee roasted',
  'olive oil',
  'red wine',
  'polyethylene bags',
  'stainless steel',
  'aluminium profile',
  'screws bolts',
  'ball bearings',
  'electric motor',
  'transformer',
  'insulated wire',
  'printed circuit',
  'smartphone',
  'telephone sets',
  'computer portable',
  'refrigerator',
  'air conditioning',
  'washing machine',
  'vacuum cleaner',
  'hair dryer',
  'television',
  'loudspeaker',
  'footwear rubber',
  'sports footwear',
  'glassware drinking',
  'ceramic tiles',
  'cement',
  'glass bottles',
  'paper cartons',
  'books printed',
  'wooden furniture',
  'mattress',
  'lamps lighting',
  'tyres pneumatic',
  'motor cars',
  'trucks',
  'aircraft',
  'ships',
  'medicaments',
  'vaccines',
  'cosmetics',
  'perfume',
  'soap',
  'plastic pipes',
  'rubber gloves',
  'silk',
  'wool yarn',
  'synthetic fibres',
  'carpets',
  'umbrella',
  'wigs',
  'jewellery gold',
  'silver',
  'copper wire',
  'nickel',
  'zinc',
  'tin',
  'tools hand',
  'knives',
  'locks',
  'pumps',
  'valves',
  'compressors',
  'harvester',
  'tractors',
  'optical fibres',
  'cameras',
  'watches',
  'musical instruments',
  'arms',
  'seats',
  'prefabricated buildings',
  'brooms',
  'pens',
  'lighters',
  'works of art',
  'tabelware',
  'refrigirator',
  'televison',
  'mattres',
  'bycicle',
]
const CHINESE = ['陶瓷', '陶瓷杯', '灯具', '电池', '茶', '咖啡', '家具', '玩具', '鞋', '塑料', '钢铁', '玻璃', '纸', '棉', '汽车']
const CODES = ['6912', '691200', '94', '9405', '8507.60', '8517 13', '61', '6109', '0902', '3923', '8471', '39', '85', '8541', '9503']
const QUERIES = [...WORDS, ...CHINESE, ...CODES]
const DESCRIPTIONS = [
  'Porcelain coffee mug with handle, 350 ml',
  'Stoneware dinner plates, set of six',
  '陶瓷咖啡杯',
  "Men's cotton knitted T-shirt",
  '纯棉针织T恤',
  "Women's woven cotton denim jeans",
  'Running shoes with rubber soles',
  'Genuine leather handbag',
  'LED light bulb E27 9W',
  'LED灯泡',
  '5G smartphone 128 GB',
  '智能手机',
  'Laptop computer 15 inch',
  '笔记本电脑',
  'Lithium-ion battery pack 48 V',
  '锂离子电池组',
  'Photovoltaic solar panels 400 W',
  'Wooden office desk with drawers',
  '实木餐桌',
  'Plush teddy bear toy',
  '毛绒玩具熊',
  'Stainless steel kitchen knives',
  'Green tea leaves 250 g',
  '绿茶',
  'Frozen peeled shrimp',
  'Roasted coffee beans',
  'Extra virgin olive oil',
  'Red wine of fresh grapes',
  'Polyethylene shopping bags',
  '塑料购物袋',
  'Aluminium frame bicycle',
  'Electric hair dryer 2000 W',
  'Split wall air conditioner',
  'Household refrigerator freezer',
  'Glass drinking tumblers',
  'Cotton bed sheets',
  'Wrist watch stainless steel case',
  'Polarised sunglasses',
  'Radial tyres for passenger cars',
  'Printed picture books',
]

type Row = [measure: string, measured: string, versusHealth: string, target: string, result: string]
const ms = (value: number) => `${value.toFixed(1)} ms`
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL')
const figures = (m: Measurement) => `${ms(m.p50)} / ${ms(m.p95)} / ${ms(m.p99)}`

/** POSTs rotating JSON bodies at `connections` for `seconds`; latencies per response. */
async function loadPosts(url: string, path: string, bodies: string[], seconds: number): Promise<Measurement> {
  let next = 0
  const latencies: number[] = []
  const statuses = new Map<number, number>()
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 30,
    headers: { 'content-type': 'application/json', origin: url },
    requests: [{ method: 'POST', path, setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) }],
  })
  instance.on('response', (_client, status, _bytes, latency) => {
    latencies.push(latency)
    statuses.set(status, (statuses.get(status) ?? 0) + 1)
  })
  const result = await instance
  return summarize(latencies, result.duration || seconds, statuses)
}

/** A small deterministic generator, so every run matches the same workload. */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

/**
 * Made-up but shaped like the real thing: 10,000 notifications over the HS headings (a fifth notified at chapter level,
 * the rest at heading or subheading), titles and product lines drawn from a 3,000-word vocabulary; 100,000 products of
 * 5,000 companies with a subheading (three in four) and a three-word name from the same vocabulary.
 */
function matchingWorkload() {
  const next = random(22)
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!
  const syllables = ['ka', 'lo', 'mi', 'ren', 'tas', 'vel', 'dor', 'pin', 'sul', 'bra', 'cen', 'fo', 'gri', 'hul', 'jem', 'nax', 'qua', 'rok', 'ste', 'tiv']
  const vocabulary = Array.from({ length: 3_000 }, () => `${pick(syllables)}${pick(syllables)}${pick(syllables)}`)
  const headings = Array.from({ length: 1_228 }, (_, n) => String(101 + Math.floor((n * 9_600) / 1_228)).padStart(4, '0'))
  const words = (count: number) => Array.from({ length: count }, () => pick(vocabulary)).join(' ')
  const notifications = Array.from({ length: NOTIFICATIONS }, (_, n) => {
    const heading = pick(headings)
    const level = next()
    const title = `Draft regulation on ${words(5)}`
    const products = words(3)
    return {
      id: `n${n}`,
      memberCode: pick(['US', 'EU', 'CN', 'JP', 'BR', 'IN', 'KR', 'VN', 'MX', 'SA']),
      title,
      products,
      hsCodes: [level < 0.2 ? heading.slice(0, 2) : level < 0.6 ? heading : `${heading}${String(10 + Math.floor(next() * 80))}`],
      searchText: `${title} ${products} protection of human health`.toLowerCase(),
    }
  })
  const products = Array.from({ length: PRODUCTS }, (_, n) => ({
    id: `p${n}`,
    organizationId: `c${n % 5_000}`,
    hsCode: next() < 0.25 ? null : `${pick(headings)}${String(10 + Math.floor(next() * 80))}`,
    names: [words(3)],
  }))
  return { notifications, products }
}

async function main(): Promise<void> {
  console.log(`bench:hs — load average ${loadAverage()} at start; database ${new URL(DATABASE_URL).pathname.slice(1)}`)
  await recreateDatabase(DATABASE_URL)
  const rows: Row[] = []
  try {
    const server = await startServer(DATABASE_URL, { HS_RATE_LIMIT_MAX: '100000000' })
    try {
      // One of each first: the index is built on the first lookup (reported apart, as the cold start).
      const coldBegin = performance.now()
      await (await fetch(`${server.url}/api/v1/hs-codes?q=lamp`)).arrayBuffer()
      const coldMs = performance.now() - coldBegin
      console.log(`/api/health at ${CONNECTIONS} connections for ${SECONDS} s…`)
      const health = await load(server.url, ['/api/health'], { seconds: SECONDS, connections: CONNECTIONS })
      console.log(`search: ${QUERIES.length} queries at ${CONNECTIONS} connections for ${SECONDS} s…`)
      const searchPaths = QUERIES.map((q) => `/api/v1/hs-codes?q=${encodeURIComponent(q)}`)
      const search = await load(server.url, searchPaths, { seconds: SECONDS, connections: CONNECTIONS })
      console.log(`classify: ${DESCRIPTIONS.length} descriptions at ${CONNECTIONS} connections for ${SECONDS} s…`)
      const classify = await loadPosts(
        server.url,
        '/api/v1/hs-codes/classify',
        DESCRIPTIONS.map((description) => JSON.stringify({ description })),
        SECONDS,
      )
      const statusOk = (m: Measurement) => [...m.statuses.keys()].every((status) => status === 200)
      rows.push(
        ['first lookup (builds the index)', ms(coldMs), '', '', ''],
        [`/api/health, ${CONNECTIONS} connections: p50 / p95 / p99 (baseline)`, figures(health), `${health.rps.toFixed(0)} req/s`, '', ''],
        [
          `HS search, ${CONNECTIONS} connections, ${QUERIES.length} queries: p50 / p95 / p99`,
          figures(search),
          `p95 ${(search.p95 / health.p95).toFixed(1)}× / ${((search.rps / health.rps) * 100).toFixed(0)}% of req/s`,
          `p95 ≤ ${TARGETS.searchP95} ms`,
          verdict(search.p95 <= TARGETS.searchP95 && statusOk(search)),
        ],
        ['HS search: throughput, statuses', `${search.rps.toFixed(0)} req/s, ${[...search.statuses].map(([s, n]) => `${s}×${n}`).join(' ')}`, '', '', ''],
        [
          `classify, ${CONNECTIONS} connections, ${DESCRIPTIONS.length} descriptions: p50 / p95 / p99`,
          figures(classify),
          `p95 ${(classify.p95 / health.p95).toFixed(1)}× / ${((classify.rps / health.rps) * 100).toFixed(0)}% of req/s`,
          `p95 ≤ ${TARGETS.classifyP95} ms`,
          verdict(classify.p95 <= TARGETS.classifyP95 && statusOk(classify)),
        ],
        ['classify: throughput, statuses', `${classify.rps.toFixed(0)} req/s, ${[...classify.statuses].map(([s, n]) => `${s}×${n}`).join(' ')}`, '', '', ''],
      )
    } finally {
      await server.stop()
    }
    console.log(`matching: ${NOTIFICATIONS.toLocaleString('en')} notifications × ${PRODUCTS.toLocaleString('en')} products…`)
    const { notifications, products } = matchingWorkload()
    const begin = performance.now()
    const matches = matchNotifications(notifications, products, [])
    const seconds = (performance.now() - begin) / 1000
    rows.push([
      `ePing matching: ${NOTIFICATIONS.toLocaleString('en')} notifications × ${PRODUCTS.toLocaleString('en')} products`,
      `${seconds.toFixed(2)} s, ${matches.length.toLocaleString('en')} company matches`,
      '',
      `≤ ${TARGETS.matchSeconds} s`,
      verdict(seconds <= TARGETS.matchSeconds),
    ])
  } finally {
    const header: Row = ['measure', 'measured', 'vs /api/health', 'target', 'result']
    const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column]!.length)))
    console.log(`\nResults (PostgreSQL; load average now ${loadAverage()})`)
    for (const row of [header, ...rows])
      console.log(
        row
          .map((cell, column) => cell.padEnd(widths[column]!))
          .join('  ')
          .trimEnd(),
      )
    const failures = rows.filter((row) => row[4] === 'FAIL')
    for (const failure of failures) console.log(`FAIL  ${failure[0]}`)
    if (failures.length === 0 && rows.length > 0) console.log('PASS  every target')
    if (process.env.BENCH_KEEP === '1') console.log(`kept ${DATABASE_URL} (BENCH_KEEP=1)`)
    else await dropDatabase(DATABASE_URL)
    if (failures.length > 0) process.exitCode = 1
  }
}

await main()
