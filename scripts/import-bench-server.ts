// The server process of `npm run bench:import` (scripts/bench-import.ts starts it; not meant to be run by hand): the real
// API on one HTTP server, without the page renderer, and the import services in the same process, as in production, so
// an import and the requests share the event loop and the database (on PGlite its one connection). The configuration
// comes from the environment (DATABASE_URL or DATA_DIR, PORT…). Over IPC: `import` runs one import of the generated file
// (upload and parse → start, which checks every row → the background run) and answers its timings.
import { createServer } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { eq, isNotNull } from 'drizzle-orm'
import Papa from 'papaparse'
import { IMPORT_COLUMNS } from '../app/modules/catalog/index'
import { categories, getImport, hsCodes, importRun, startImport, uploadImport } from '../app/modules/catalog/index.server'
import { bearerSessions } from '../app/modules/identity/index.server'
import type { ServiceContext } from '../app/platform/actor'
import { closeDatabase, database, databaseHandle } from '../app/platform/db/index.server'
import { env } from '../app/platform/env.server'
import { startPgliteUpkeep } from '../app/platform/db/pglite-upkeep.server'
import { createHttpApp } from '../server/http-app'
import { createMember } from '../db/factories/companies'

export type BenchServerMessage =
  | { type: 'ready'; companyId: string; email: string; password: string; databaseKind: string; csvMegabytes: number }
  | { type: 'imported'; label: string; rows: number; created: number; updated: number; parseSeconds: number; startSeconds: number; applySeconds: number; applyStartedAt: number; finishedAt: number }

const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 120_000)
const send = (message: BenchServerMessage) => process.send?.(message)

/** Valid rows spread over the leaf categories and level-6 HS codes of the database, Chinese names included; a third published. */
async function benchCsv(count: number): Promise<Uint8Array> {
  const leaves = (await database().select({ id: categories.id }).from(categories).where(isNotNull(categories.parentId))).map((row) => row.id)
  const codes = (await database().select({ code: hsCodes.code }).from(hsCodes).where(eq(hsCodes.level, 6))).map((row) => row.code)
  const units = ['piece', 'set', 'box', 'carton', 'kg']
  const data = Array.from({ length: count }, (_unused, index) => {
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
      status: index % 3 === 0 ? 'published' : index % 10 === 1 ? 'archived' : 'draft',
    }
    return IMPORT_COLUMNS.map((column) => cells[column])
  })
  return new TextEncoder().encode(Papa.unparse({ fields: [...IMPORT_COLUMNS], data }))
}

const config = env()
await databaseHandle().migrate()
await bearerSessions().keyRing()
const { user, company } = await createMember({ role: 'owner', companyInput: { name: 'Bench Import Supplier', kind: 'supplier', verificationStatus: 'accept' } })
const ctx: ServiceContext = { actor: { userId: user.id, sessionId: 'bench', companyId: company.id, memberRole: 'owner', platformRole: 'user', companyKind: 'supplier', contactVerified: true, aal: 'aal1' }, locale: 'en', requestId: 'bench' }
const bytes = await benchCsv(rows)

// As in production (server/app.ts): the embedded database is vacuumed and analysed every minute where it needs it.
startPgliteUpkeep()
const app = createHttpApp(config, async () => new Response('not rendered in the bench', { status: 404 }))
const http = createServer(getRequestListener(app.fetch))
await new Promise<void>((resolve) => http.listen(config.PORT, '127.0.0.1', resolve))
send({ type: 'ready', companyId: company.id, email: user.email, password: user.password, databaseKind: databaseHandle().kind, csvMegabytes: bytes.byteLength / 1_048_576 })

const seconds = (from: number) => (performance.now() - from) / 1000

async function importOnce(label: string): Promise<void> {
  const started = performance.now()
  const job = await uploadImport(ctx, { name: `bench-${label}.csv`, bytes })
  const parseSeconds = seconds(started)
  const startedStart = performance.now()
  await startImport(ctx, job.id)
  const startSeconds = seconds(startedStart)
  const applyStartedAt = Date.now()
  const applyStarted = performance.now()
  await importRun(job.id)
  const applySeconds = seconds(applyStarted)
  const done = await getImport(ctx, job.id)
  if (done.status !== 'completed') throw new Error(`import ${label} ended ${done.status}: ${done.failureReason}`)
  send({ type: 'imported', label, rows: done.totalRows, created: done.createdCount, updated: done.updatedCount, parseSeconds, startSeconds, applySeconds, applyStartedAt, finishedAt: Date.now() })
}

process.on('message', (request: { type?: string; label?: string }) => {
  if (request.type === 'import') void importOnce(request.label ?? 'import')
})

async function stop(): Promise<void> {
  http.close()
  await closeDatabase()
  process.exit(0)
}
process.on('SIGTERM', () => void stop())
process.on('disconnect', () => void stop())
