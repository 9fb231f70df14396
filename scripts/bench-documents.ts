// `npm run bench:documents` (issue 20, ADR 046): business documents rendered as PDF, beside /api/health of the production
// server in the same run (PostgreSQL: BENCH_DOCUMENTS_DATABASE_URL or BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/tradeport_bench_documents; recreated each run, dropped at the end unless BENCH_KEEP=1).
// The document: a 50-line bilingual (en+zh-Hans) commercial invoice with Chinese product names, a logo and the QR code.
//   1. cold: the fonts parsed and the warm-up render the server does at start;
//   2. one at a time: BENCH_RENDERS (default 60) renders, p50 / p95;
//   3. a burst: 8 clients × BENCH_BURST_RENDERS (default 10) renders each through renderDocumentPdf's limit of 2,
//      p50 / p95 from asking to bytes (queueing included), and how late the event loop ran meanwhile;
//   4. memory: heap and RSS growth over one render (after a GC), and what stays after the next GC; the PDF's size;
//   5. /api/health at 10 connections for 5 s, and a render's cost in health requests.
// Exits 1 when a target fails.
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import sharp from 'sharp'
import { contentFromShipment } from '../app/modules/documents/index'
import { renderDocumentPdf, warmUpPdf, type PdfInput } from '../app/modules/documents/index.server'
import { dropDatabase, recreateDatabase } from './bench-database'
import { load, loadAverage, startServer, summarize } from './bench-server'

const DATABASE_URL =
  process.env.BENCH_DOCUMENTS_DATABASE_URL ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tradeport_bench_documents'
const RENDERS = Number(process.env.BENCH_RENDERS ?? 60)
const CLIENTS = 8
const BURST_RENDERS = Number(process.env.BENCH_BURST_RENDERS ?? 10)
const MEMORY_RENDERS = 10
const HEALTH_CONNECTIONS = 10
const TARGETS = { aloneP95: 300, burstP95: 1500 }

// A collection on demand, so memory is measured from a clean heap (the flag takes effect for functions made after it).
setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

const PRODUCTS = ['不锈钢保温杯 500毫升', '陶瓷马克杯 350毫升', '竹制砧板 大号', '棉质购物袋', '玻璃储物罐 1升', '硅胶锅铲 耐高温']

async function invoice(): Promise<PdfInput> {
  const shipment: Parameters<typeof contentFromShipment>[0] = {
    id: 'bench-shipment',
    number: 'SH-2026-00042',
    shipperCompanyId: null,
    shipperName: '宁波竹窑陶瓷有限公司 Bamboo Kiln Ceramics Co., Ltd.',
    buyerCompanyId: null,
    buyerName: 'Harbour Lantern Trading B.V.',
    mode: 'sea_fcl',
    carrier: 'COSCO Shipping',
    trackingNumber: 'COSU9911',
    billOfLading: 'COSU6234567',
    airWaybill: '',
    containerNumbers: ['CSNU1234567', 'CSNU7654321'],
    originName: 'Ningbo',
    originCountry: 'CN',
    destinationName: 'Rotterdam',
    destinationCountry: 'NL',
    incoterm: 'FOB',
    incotermPlace: 'Ningbo',
    etd: '2026-03-20',
    eta: '2026-04-25',
    packageCount: 120,
    grossWeightKg: '2450.5',
    netWeightKg: '2200',
    volumeM3: '33.2',
    lines: Array.from({ length: 50 }, (_, index) => ({
      orderNumber: `PO-2026-0000${1 + (index % 3)}`,
      sku: `HLT-${String(index + 1).padStart(4, '0')}`,
      description: `${PRODUCTS[index % PRODUCTS.length]} 第${index + 1}款 Model ${index + 1}`,
      unit: 'piece',
      quantity: 100 + index * 7,
      unitPrice: `${3 + (index % 9)}.${String(index % 100).padStart(2, '0')}`,
      currency: 'USD',
    })),
  }
  const logo = await sharp({ create: { width: 320, height: 96, channels: 3, background: '#1f4e79' } })
    .jpeg()
    .toBuffer()
  const content = contentFromShipment(shipment)
  return {
    number: 'CI-2026-00017',
    type: 'commercial_invoice',
    language: 'en+zh-Hans',
    versionNumber: 1,
    date: new Date('2026-03-14T08:00:00Z'),
    draft: false,
    content: {
      ...content,
      fields: {
        ...content.fields,
        marksAndNumbers: 'HLT\nROTTERDAM\nC/NO. 1-120',
        bankDetails: 'Bank of China, Ningbo Branch\nSWIFT BKCHCNBJ92A\nA/C 1234 5678 9012',
        remarks: '货物已于装运前检验。Goods inspected before loading.',
        signatory: '张伟 Zhang Wei',
        vesselOrFlight: 'COSCO ARIES 012W',
      },
    },
    verifyUrl: 'https://tradeport.example/en/view?verify=bench0123456789abcdef',
    logo,
  }
}

const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const begin = performance.now()
  const result = await work()
  return [result, performance.now() - begin]
}

/** Heap and RSS growth over one render from a collected heap, and what is still held after the next collection. */
async function memoryPerRender(input: PdfInput) {
  const grown = { heap: 0, rss: 0, kept: 0 }
  for (let run = 0; run < MEMORY_RENDERS; run++) {
    collectGarbage()
    const before = process.memoryUsage()
    await renderDocumentPdf(input)
    const after = process.memoryUsage()
    collectGarbage()
    grown.heap += after.heapUsed - before.heapUsed
    grown.rss += after.rss - before.rss
    grown.kept += process.memoryUsage().heapUsed - before.heapUsed
  }
  const mb = (bytes: number) => bytes / MEMORY_RENDERS / 1024 / 1024
  return { heap: mb(grown.heap), rss: mb(grown.rss), kept: mb(grown.kept) }
}

type Row = [measure: string, measured: string, target: string, result: string]
const ms = (value: number) => `${value.toFixed(1)} ms`
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL')

async function main(): Promise<void> {
  console.log(`bench:documents — load average ${loadAverage()} at start`)
  const input = await invoice()
  const [, coldMs] = await timed(() => warmUpPdf())

  console.log(`one at a time: ${RENDERS} renders…`)
  const [pdf] = await timed(() => renderDocumentPdf(input))
  const aloneLatencies: number[] = []
  const [, aloneMs] = await timed(async () => {
    for (let run = 0; run < RENDERS; run++) aloneLatencies.push((await timed(() => renderDocumentPdf(input)))[1])
  })
  const alone = summarize(aloneLatencies, aloneMs / 1000)

  console.log(`a burst: ${CLIENTS} clients × ${BURST_RENDERS} renders…`)
  const burstLatencies: number[] = []
  const loopDelay = monitorEventLoopDelay({ resolution: 5 })
  loopDelay.enable()
  const [, burstMs] = await timed(() =>
    Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (let run = 0; run < BURST_RENDERS; run++) burstLatencies.push((await timed(() => renderDocumentPdf(input)))[1])
      }),
    ),
  )
  loopDelay.disable()
  const burst = summarize(burstLatencies, burstMs / 1000)

  console.log('memory…')
  const memory = await memoryPerRender(input)

  console.log(`/api/health: 5 s at ${HEALTH_CONNECTIONS} connections on the production server…`)
  await recreateDatabase(DATABASE_URL)
  const server = await startServer(DATABASE_URL)
  const health = await load(server.url, ['/api/health'], { seconds: 5, connections: HEALTH_CONNECTIONS }).finally(() => server.stop())

  const rows: Row[] = [
    ['cold start: fonts parsed + warm-up renders', ms(coldMs), '', ''],
    [`one at a time (${RENDERS}): p50 / p95`, `${ms(alone.p50)} / ${ms(alone.p95)}`, `p95 ≤ ${TARGETS.aloneP95} ms`, verdict(alone.p95 <= TARGETS.aloneP95)],
    ['one at a time: throughput', `${alone.rps.toFixed(1)} renders/s`, '', ''],
    [
      `burst, ${CLIENTS} concurrent (${burst.count}, limit 2): p50 / p95`,
      `${ms(burst.p50)} / ${ms(burst.p95)}`,
      `p95 ≤ ${TARGETS.burstP95} ms`,
      verdict(burst.p95 <= TARGETS.burstP95),
    ],
    ['burst: throughput', `${burst.rps.toFixed(1)} renders/s`, '', ''],
    ['burst: event-loop delay p99 / max', `${ms(loopDelay.percentile(99) / 1e6)} / ${ms(loopDelay.max / 1e6)}`, '', ''],
    ['memory per render: heap / RSS growth, heap kept', `${memory.heap.toFixed(1)} / ${memory.rss.toFixed(1)} / ${memory.kept.toFixed(2)} MB`, '', ''],
    ['PDF size', `${(pdf.length / 1024).toFixed(1)} KB`, '', ''],
    [`/api/health, ${HEALTH_CONNECTIONS} connections: p50 / p95`, `${ms(health.p50)} / ${ms(health.p95)}`, '', ''],
    ['/api/health: throughput', `${health.rps.toFixed(0)} req/s`, '', ''],
    [
      'burst renders/s ÷ /api/health req/s',
      `${((burst.rps / health.rps) * 100).toFixed(2)}%: one render ≈ ${(health.rps / burst.rps).toFixed(0)} health requests`,
      '',
      '',
    ],
  ]
  const header: Row = ['measure', 'measured', 'target', 'result']
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column]!.length)))
  console.log(`\nResults (${input.content.lines.length}-line en+zh-Hans commercial invoice with a logo and the QR code; load average now ${loadAverage()})`)
  for (const row of [header, ...rows])
    console.log(
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
  const failures = rows.filter((row) => row[3] === 'FAIL')
  for (const failure of failures) console.log(`FAIL  ${failure[0]}`)
  if (failures.length === 0) console.log('PASS  every target')
  if (process.env.BENCH_KEEP === '1') console.log(`kept ${DATABASE_URL} (BENCH_KEEP=1)`)
  else await dropDatabase(DATABASE_URL)
  if (failures.length > 0) process.exitCode = 1
}

await main()
