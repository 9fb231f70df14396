// `npm run bench:import [-- --rows 100000]`: creates a scratch PostgreSQL database (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/tradeport_bench_import), generates a CSV of valid product rows from its categories and
// HS codes, imports it into a supplier through the import services (upload + parse → validate → apply), then imports it
// again (every row an update), prints the timings against the 60 s target and drops the database.
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { eq, isNotNull } from 'drizzle-orm'
import Papa from 'papaparse'
import postgres from 'postgres'
import { IMPORT_COLUMNS } from '../app/modules/catalog/index'
import { categories, dryRunImport, hsCodes, importRun, startImport, uploadImport } from '../app/modules/catalog/index.server'
import type { ServiceContext } from '../app/platform/actor'
import { closeDatabase, database, databaseHandle } from '../app/platform/db/index.server'
import { LocalDiskStorage } from '../app/platform/files/local-storage.server'
import { useFileStorage as setFileStorage } from '../app/platform/files/storage.server'
import { createMember } from '../tests/factories/companies'

const TARGET_SECONDS = 60
const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' } } })
const rowCount = Number(values.rows)
if (!Number.isInteger(rowCount) || rowCount < 1) throw new Error(`--rows must be a positive whole number, got "${values.rows}"`)

const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tradeport_bench_import')
const name = url.pathname.slice(1)
if (!/^\w+$/.test(name)) throw new Error(`Unexpected database name "${name}"`)
const adminUrl = new URL(url)
adminUrl.pathname = '/postgres'
const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} })
await admin.unsafe(`drop database if exists ${name} with (force)`)
await admin.unsafe(`create database ${name}`)
process.env.DATABASE_URL = url.toString()
const files = await mkdtemp(path.join(tmpdir(), 'tradeport-bench-import-'))
setFileStorage(new LocalDiskStorage(files))

const seconds = (from: number) => (performance.now() - from) / 1000
const timed = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now()
  const result = await run()
  return [result, seconds(started)]
}

/** Valid rows spread over the leaf categories and level-6 HS codes of the database, Chinese names included. */
async function benchCsv(rows: number): Promise<Uint8Array> {
  const leaves = (await database().select({ id: categories.id }).from(categories).where(isNotNull(categories.parentId))).map((row) => row.id)
  const codes = (await database().select({ code: hsCodes.code }).from(hsCodes).where(eq(hsCodes.level, 6))).map((row) => row.code)
  const units = ['piece', 'set', 'box', 'carton', 'kg']
  const data = Array.from({ length: rows }, (_unused, index) => {
    const n = String(index + 1).padStart(6, '0')
    const cells: Record<(typeof IMPORT_COLUMNS)[number], string | number> = {
      sku: `BENCH-${n}`,
      name_en: `Porcelain mug model ${n}`,
      name_zh_hans: `白瓷马克杯 ${n} 号`,
      name_zh_hant: `白瓷馬克杯 ${n} 號`,
      description_en: `Dishwasher-safe glazed mug, batch ${index % 97}, packed in cartons of ${12 + (index % 36)}.`,
      description_zh_hans: '可用洗碗机清洗的釉面杯',
      description_zh_hant: '可用洗碗機清洗的釉面杯',
      category: leaves[index % leaves.length] ?? 'lighting',
      hs_code: codes[index % codes.length] ?? '',
      origin_country: index % 3 === 0 ? 'VN' : 'CN',
      unit: units[index % units.length] ?? 'piece',
      moq: 1 + (index % 1000),
      lead_time_days: index % 90,
      attributes: `Colour=White; Capacity=${250 + (index % 5) * 50} ml`,
      status: index % 10 === 0 ? 'archived' : 'draft',
    }
    return IMPORT_COLUMNS.map((column) => cells[column])
  })
  return new TextEncoder().encode(Papa.unparse({ fields: [...IMPORT_COLUMNS], data }))
}

async function importOnce(ctx: ServiceContext, bytes: Uint8Array, label: string) {
  const started = performance.now()
  const [job, parse] = await timed(() => uploadImport(ctx, { name: 'bench.csv', bytes }))
  const [plan, validate] = await timed(() => dryRunImport(ctx, job.id))
  if (plan.errorCount > 0) throw new Error(`The generated file has ${plan.errorCount} invalid rows, e.g. ${JSON.stringify(plan.errors[0])}`)
  const [, apply] = await timed(async () => {
    await startImport(ctx, job.id)
    await importRun(job.id)
  })
  const total = seconds(started)
  console.log(
    `${label.padEnd(8)} rows ${job.totalRows}  created ${plan.created}  updated ${plan.updated}  ` +
      `parse ${parse.toFixed(1)} s  validate ${validate.toFixed(1)} s  apply ${apply.toFixed(1)} s  total ${total.toFixed(1)} s  ` +
      `${Math.round(job.totalRows / total)} rows/s  ${total <= TARGET_SECONDS ? 'within' : 'OVER'} the ${TARGET_SECONDS} s target  (load ${loadavg()[0]?.toFixed(1)})`,
  )
}

try {
  await databaseHandle().migrate()
  const { user, company } = await createMember({ role: 'owner', companyInput: { name: 'Bench Import Supplier', kind: 'supplier', verificationStatus: 'accept' } })
  const ctx: ServiceContext = { actor: { userId: user.id, sessionId: 'bench', companyId: company.id, memberRole: 'owner', platformRole: 'user', companyKind: 'supplier', contactVerified: true, aal: 'aal1' }, locale: 'en', requestId: 'bench' }
  const [bytes, generate] = await timed(() => benchCsv(rowCount))
  console.log(`Generated ${rowCount} rows (${(bytes.byteLength / 1_048_576).toFixed(1)} MB) in ${generate.toFixed(1)} s; load average ${loadavg().map((load) => load.toFixed(1)).join(' ')}`)
  await importOnce(ctx, bytes, 'create')
  await importOnce(ctx, bytes, 'update')
} finally {
  await closeDatabase()
  await admin.unsafe(`drop database if exists ${name} with (force)`)
  await admin.end()
  await rm(files, { recursive: true, force: true })
}
