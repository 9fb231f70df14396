// The server process of `npm run bench:import` (scripts/bench-import.ts starts it; not meant to be run by hand): the real
// API on one HTTP server, without the page renderer, and the import services in the same process, as in production, so
// an import and the requests share the event loop and the database (on PGlite its one connection). The configuration
// comes from the environment (DATABASE_URL or DATA_DIR, PORT…). Over IPC: `import` runs one import of the generated file
// (upload and parse → start, which checks every row → its run as a job of the queue) and answers its timings.
import { createServer } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { eq, isNotNull } from 'drizzle-orm'
import Papa from 'papaparse'
import { IMPORT_COLUMNS } from '../app/modules/catalog/index'
import { getImport, importSettled, productImportJob, startImport, uploadImport } from '../app/modules/catalog/index.server'
import { categories, hsCodes } from '../app/modules/catalog/catalog.tables.server'
import { assignPlan } from '../app/modules/billing/index.server'
import { bearerSessions } from '../app/modules/identity/index.server'
import type { ServiceContext } from '../app/platform/actor'
import { closeDatabase, database, databaseHandle } from '../app/platform/db/index.server'
import { env } from '../app/platform/env.server'
import { startPgliteUpkeep } from '../app/platform/db/pglite-upkeep.server'
import { startJobs, stopJobs } from '../app/platform/jobs/index.server'
import { createHttpApp } from '../server/http-app'
import { createMember } from '../db/factories/companies'
import { createUser } from '../db/factories/users'

export type BenchServerMessage =
  | { type: 'ready'; companyId: string; email: string; password: string; databaseKind: string; csvMegabytes: number }
  | {
      type: 'imported'
      label: string
      rows: number
      created: number
      updated: number
      parseSeconds: number
      startSeconds: number
      applySeconds: number
      applyStartedAt: number
      finishedAt: number
    }

const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 120_000)
const send = (message: BenchServerMessage) => process.send?.(message)

/** Kinds of goods the generated catalogue mixes (English, simplified and traditional Chinese): 'mug' is one in forty. */
const KINDS: ReadonlyArray<readonly [string, string, string]> = [
  ['mug', '马克杯', '馬克杯'],
  ['bowl', '碗', '碗'],
  ['plate', '盘子', '盤子'],
  ['vase', '花瓶', '花瓶'],
  ['teapot', '茶壶', '茶壺'],
  ['lamp', '台灯', '檯燈'],
  ['lantern', '灯笼', '燈籠'],
  ['chair', '椅子', '椅子'],
  ['stool', '凳子', '凳子'],
  ['table', '桌子', '桌子'],
  ['shelf', '置物架', '置物架'],
  ['basket', '篮子', '籃子'],
  ['tray', '托盘', '托盤'],
  ['cushion', '靠垫', '靠墊'],
  ['blanket', '毯子', '毯子'],
  ['towel', '毛巾', '毛巾'],
  ['apron', '围裙', '圍裙'],
  ['tote bag', '托特包', '托特包'],
  ['backpack', '背包', '背包'],
  ['wallet', '钱包', '錢包'],
  ['belt', '皮带', '皮帶'],
  ['scarf', '围巾', '圍巾'],
  ['glove', '手套', '手套'],
  ['umbrella', '雨伞', '雨傘'],
  ['candle', '蜡烛', '蠟燭'],
  ['mirror', '镜子', '鏡子'],
  ['clock', '时钟', '時鐘'],
  ['frame', '相框', '相框'],
  ['hook', '挂钩', '掛鉤'],
  ['hinge', '铰链', '鉸鏈'],
  ['bolt', '螺栓', '螺栓'],
  ['valve', '阀门', '閥門'],
  ['pump', '水泵', '水泵'],
  ['cable', '电缆', '電纜'],
  ['socket', '插座', '插座'],
  ['switch', '开关', '開關'],
  ['speaker', '音箱', '音箱'],
  ['charger', '充电器', '充電器'],
  ['kettle', '水壶', '水壺'],
  ['pan', '平底锅', '平底鍋'],
]
const MATERIALS: ReadonlyArray<readonly [string, string, string]> = [
  ['Porcelain', '白瓷', '白瓷'],
  ['Bamboo', '竹制', '竹製'],
  ['Steel', '钢制', '鋼製'],
  ['Cotton', '棉质', '棉質'],
  ['Leather', '皮革', '皮革'],
  ['Glass', '玻璃', '玻璃'],
  ['Oak', '橡木', '橡木'],
  ['Brass', '黄铜', '黃銅'],
  ['Linen', '亚麻', '亞麻'],
  ['Ceramic', '陶瓷', '陶瓷'],
  ['Rattan', '藤编', '藤編'],
]

/**
 * Valid rows spread over the leaf categories and level-6 HS codes of the database, Chinese names included; a third published.
 * Names mix 40 kinds of goods and 11 materials as a real catalogue would; with BENCH_IMPORT_NAMES=mugs every row is a porcelain
 * mug instead, so every row matches the bench's search (the file of the first measurements).
 */
async function benchCsv(count: number): Promise<Uint8Array> {
  const leaves = (await database().select({ id: categories.id }).from(categories).where(isNotNull(categories.parentId))).map((row) => row.id)
  const codes = (await database().select({ code: hsCodes.code }).from(hsCodes).where(eq(hsCodes.level, 6))).map((row) => row.code)
  const units = ['piece', 'set', 'box', 'carton', 'kg']
  const mugsOnly = process.env.BENCH_IMPORT_NAMES === 'mugs'
  const data = Array.from({ length: count }, (_unused, index) => {
    const n = String(index + 1).padStart(6, '0')
    const [kindEn, kindHans, kindHant] = mugsOnly ? (KINDS[0] ?? ['mug', '马克杯', '馬克杯']) : (KINDS[index % KINDS.length] ?? ['mug', '马克杯', '馬克杯'])
    const [materialEn, materialHans, materialHant] = mugsOnly
      ? (MATERIALS[0] ?? ['Porcelain', '白瓷', '白瓷'])
      : (MATERIALS[index % MATERIALS.length] ?? ['Porcelain', '白瓷', '白瓷'])
    const cells: Record<(typeof IMPORT_COLUMNS)[number], string | number> = {
      sku: `BENCH-${n}`,
      name_en: `${materialEn} ${kindEn} model ${n}`,
      name_zh_hans: `${materialHans}${kindHans} ${n} 号`,
      name_zh_hant: `${materialHant}${kindHant} ${n} 號`,
      description_en: `${materialEn} ${kindEn}, batch ${index % 97}, packed in cartons of ${12 + (index % 36)}.`,
      description_zh_hans: `${materialHans}${kindHans}，按箱包装`,
      description_zh_hant: `${materialHant}${kindHant}，按箱包裝`,
      category: leaves[index % leaves.length] ?? 'lighting',
      hs_code: codes[index % codes.length] ?? '',
      origin_country: index % 3 === 0 ? 'VN' : 'CN',
      unit: units[index % units.length] ?? 'piece',
      moq: 1 + (index % 1000),
      lead_time_days: index % 90,
      attributes: `Colour=White; Size=${250 + (index % 5) * 50} mm`,
      status: index % 3 === 0 ? 'published' : index % 10 === 1 ? 'archived' : 'draft',
    }
    return IMPORT_COLUMNS.map((column) => cells[column])
  })
  return new TextEncoder().encode(Papa.unparse({ fields: [...IMPORT_COLUMNS], data }))
}

const config = env()
await databaseHandle().migrate()
// As in production (server/app.ts): the import runs as a job of the queue, on this process's worker.
await startJobs([productImportJob])
await bearerSessions().keyRing()
const { user, company } = await createMember({ role: 'owner', companyInput: { name: 'Bench Import Supplier', kind: 'supplier', verificationStatus: 'accept' } })
const ctx: ServiceContext = {
  actor: {
    userId: user.id,
    sessionId: 'bench',
    companyId: company.id,
    memberRole: 'owner',
    platformRole: 'user',
    companyKind: 'supplier',
    contactVerified: true,
    aal: 'aal1',
  },
  locale: 'en',
  requestId: 'bench',
}
// 120,000 products are past the free plan's limit: the company is on the plan without one, as a supplier this large is.
const admin = await createUser()
await assignPlan(
  { ...ctx, actor: { ...ctx.actor, userId: admin.id, companyId: null, memberRole: null, platformRole: 'admin', companyKind: null } },
  company.id,
  { planId: 'enterprise', period: 'monthly' },
)
const bytes = await benchCsv(rows)

// As in production (server/app.ts): the embedded database is vacuumed and analysed every minute where it needs it.
startPgliteUpkeep()
const app = createHttpApp(config, async () => new Response('not rendered in the bench', { status: 404 }))
const http = createServer(getRequestListener(app.fetch))
await new Promise<void>((resolve) => http.listen(config.PORT, '127.0.0.1', resolve))
send({
  type: 'ready',
  companyId: company.id,
  email: user.email,
  password: user.password,
  databaseKind: databaseHandle().kind,
  csvMegabytes: bytes.byteLength / 1_048_576,
})

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
  // Polled once a second: more often would add requests of its own to the ones measured.
  await importSettled(job.id, { timeoutMs: 60 * 60_000, pollMs: 1000 })
  const applySeconds = seconds(applyStarted)
  const done = await getImport(ctx, job.id)
  if (done.status !== 'completed') throw new Error(`import ${label} ended ${done.status}: ${done.failureReason}`)
  send({
    type: 'imported',
    label,
    rows: done.totalRows,
    created: done.createdCount,
    updated: done.updatedCount,
    parseSeconds,
    startSeconds,
    applySeconds,
    applyStartedAt,
    finishedAt: Date.now(),
  })
}

process.on('message', (request: { type?: string; label?: string }) => {
  if (request.type === 'import') void importOnce(request.label ?? 'import')
})

async function stop(): Promise<void> {
  http.close()
  await stopJobs()
  await closeDatabase()
  process.exit(0)
}
process.on('SIGTERM', () => void stop())
process.on('disconnect', () => void stop())
