// `npm run bench:sourcing`: the comparison of an RFQ with 50 lines × 20 suppliers and its award split across the 20
// suppliers, on PostgreSQL (BENCH_SOURCING_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/tradeport_bench_sourcing,
// recreated each run). Measures server time in-process, through the same services the pages and the API call:
// `comparisonFor` (BENCH_RUNS times, default 30, after 3 warm-up runs; p50/p95/max) and `awardQuotations` (BENCH_AWARDS
// fresh RFQs, default 5; each award creates 20 purchase orders). Prints the figures against the targets.
import os from 'node:os'
import { recreateDatabase } from './bench-database'

const DATABASE_URL = process.env.BENCH_SOURCING_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tradeport_bench_sourcing'
const LINES = 50
const SUPPLIERS = 20
const RUNS = Number(process.env.BENCH_RUNS ?? 30)
const AWARDS = Number(process.env.BENCH_AWARDS ?? 5)
const TARGETS = { comparisonMs: 150, awardMs: 1000 }
const CURRENCIES = ['USD', 'EUR', 'CNY', 'USD', 'JPY'] as const
const INCOTERMS = ['FOB', 'CIF', 'EXW', 'DDP', 'CFR', 'DAP'] as const

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function main(): Promise<void> {
  console.log(
    `bench:sourcing — ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' / ')} at start`,
  )
  await recreateDatabase(DATABASE_URL)
  process.env.DATABASE_URL = DATABASE_URL
  process.env.SEED_DEMO = 'off'
  process.env.LOG_LEVEL = 'warn'
  const { databaseHandle, closeDatabase } = await import('../app/platform/db/index.server')
  await databaseHandle().migrate()
  const { createSourcingCast, insertRfq, insertQuotation } = await import('../tests/factories/sourcing')
  const { createMember } = await import('../db/factories/companies')
  const { contextOf } = await import('../db/factories/context')
  const { comparisonFor } = await import('../app/modules/sourcing/index.server')
  const { awardQuotations } = await import('../app/workflows/award-quotations.server')

  const cast = await createSourcingCast()
  const suppliers = [...cast.suppliers]
  while (suppliers.length < SUPPLIERS) {
    const member = await createMember({
      role: 'owner',
      companyInput: { kind: 'supplier', name: `Bench supplier ${suppliers.length + 1}`, verificationStatus: 'accept' },
    })
    suppliers.push({
      ...member,
      company: { id: member.company.id, name: `Bench supplier ${suppliers.length + 1}` },
      ctx: contextOf(member.user.id, member.company.id),
    })
  }
  const requirements = Array.from({ length: LINES }, (_, index) => ({
    id: null as unknown as string,
    title: `Component ${index + 1}`,
    quantity: 100 + index * 10,
    unit: 'pcs',
    targetUnitPrice: `${5 + index}.00`,
  }))

  /** An RFQ past its deadline with every supplier quoting every line (mixed currencies and Incoterms). */
  async function quotedRfq() {
    const rfq = await insertRfq(cast.buyer.company.id, {
      requirements,
      supplierIds: suppliers.map((supplier) => supplier.company.id),
      deadline: new Date(Date.now() - 60_000),
      status: 'closed',
    })
    for (const [s, supplier] of suppliers.entries()) {
      await insertQuotation(
        rfq.id,
        supplier.company.id,
        rfq.lines.map((line, l) => ({
          rfqLineId: line.id,
          unitPrice: (5 + l + ((s * 7 + l * 3) % 11) / 10).toFixed(4),
          moq: 50 + ((s + l) % 5) * 40,
          leadTimeDays: 20 + ((s * 3 + l) % 30),
        })),
        { currency: CURRENCIES[s % CURRENCIES.length], incoterm: INCOTERMS[s % INCOTERMS.length], freightAmount: s % 4 === 0 ? '850.0000' : null },
      )
    }
    return rfq
  }

  console.log(`seeding an RFQ with ${LINES} lines × ${SUPPLIERS} quoting suppliers…`)
  const compared = await quotedRfq()
  for (let warm = 0; warm < 3; warm++) await comparisonFor(cast.buyer.ctx, compared.id, {})
  const comparisonTimes: number[] = []
  let cells = 0
  for (let run = 0; run < RUNS; run++) {
    const begin = performance.now()
    const result = (await comparisonFor(cast.buyer.ctx, compared.id, {})) as unknown as { suppliers?: unknown[]; lines?: unknown[] }
    comparisonTimes.push(performance.now() - begin)
    cells = (result.suppliers?.length ?? 0) * (result.lines?.length ?? 0)
  }

  const awardTimes: number[] = []
  let orders = 0
  for (let run = 0; run < AWARDS; run++) {
    const rfq = await quotedRfq()
    const { quotations } = await import('../app/modules/sourcing/sourcing.tables.server')
    const { eq } = await import('drizzle-orm')
    const { database } = await import('../app/platform/db/index.server')
    const rows = await database().select({ id: quotations.id }).from(quotations).where(eq(quotations.rfqId, rfq.id))
    // Split across all 20 suppliers: line i goes to supplier i mod 20.
    const lines = rfq.lines.map((line, index) => ({ rfqLineId: line.id, quotationId: rows[index % rows.length]!.id }))
    const begin = performance.now()
    const result = await awardQuotations(cast.buyer.ctx, rfq.id, { lines })
    awardTimes.push(performance.now() - begin)
    orders = result.purchaseOrders.length
  }
  await closeDatabase()

  const sortedComparison = [...comparisonTimes].sort((a, b) => a - b)
  const sortedAward = [...awardTimes].sort((a, b) => a - b)
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL')
  const ms = (value: number) => `${value.toFixed(1)} ms`
  console.log(
    `\nResults (PostgreSQL; load average now ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' / ')})`,
  )
  console.log(
    `  comparison ${LINES} lines × ${SUPPLIERS} suppliers (${cells} cells), ${RUNS} runs: p50 ${ms(percentile(sortedComparison, 50))}, p95 ${ms(percentile(sortedComparison, 95))}, max ${ms(sortedComparison.at(-1)!)}  target ≤ ${TARGETS.comparisonMs} ms  ${verdict(percentile(sortedComparison, 95) <= TARGETS.comparisonMs)}`,
  )
  console.log(
    `  award split across ${SUPPLIERS} suppliers (${orders} purchase orders), ${AWARDS} awards: median ${ms(percentile(sortedAward, 50))}, max ${ms(sortedAward.at(-1)!)}  target ≤ ${TARGETS.awardMs} ms  ${verdict(sortedAward.at(-1)! <= TARGETS.awardMs)}`,
  )
}

await main()
