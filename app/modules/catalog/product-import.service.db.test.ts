import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, asc, eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMember } from '../../../db/factories/companies'
import { platformAdmin } from '../../../tests/factories/finance'
import { exeBytes } from '../../../tests/support/file-fixtures'
import { withJobs } from '../../../tests/support/jobs'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { LocalDiskStorage } from '../../platform/files/local-storage.server'
import { useFileStorage } from '../../platform/files/storage.server'
import { CreatePlanInput } from '../billing/index'
import { assignPlan, createPlan } from '../billing/index.server'
import type { CompanyKind, MemberRole } from '../companies/index'
import { files } from '../kernel/kernel.tables.server'
import { importJobs, products } from './catalog.tables.server'
import { exportProducts } from './product-export.service.server'
import { MAX_IMPORT_ROWS } from './product-import.inputs'
import { importSettled, productImportJob, queueStrandedImports } from './product-import.jobs.server'
import {
  dryRunImport,
  getImport,
  importErrorReport,
  listImports,
  previewImport,
  setImportMapping,
  startImport,
  uploadImport,
} from './product-import.service.server'

const fixture = (name: string) => new Uint8Array(readFileSync(path.resolve('tests/fixtures/import', name)))
const encode = (text: string) => new TextEncoder().encode(text)
let root: string

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tradeport-imports-'))
  useFileStorage(new LocalDiskStorage(root))
})

afterAll(async () => {
  useFileStorage(undefined)
  await rm(root, { recursive: true, force: true })
})

withJobs([productImportJob])

async function supplier(
  options: { role?: MemberRole; kind?: CompanyKind; company?: { id: string } } = {},
): Promise<ServiceContext & { actor: { companyId: string } }> {
  const { user, company } = await createMember({
    role: options.role ?? 'owner',
    company: options.company,
    companyInput: { kind: options.kind ?? 'supplier', verificationStatus: 'accept' },
  })
  return {
    actor: {
      userId: user.id,
      sessionId: 'test',
      companyId: company.id,
      memberRole: options.role ?? 'owner',
      platformRole: 'user',
      companyKind: options.kind ?? 'supplier',
      contactVerified: true,
      aal: 'aal1',
    },
    locale: 'en',
    requestId: 'test',
  }
}

async function failure(run: Promise<unknown>): Promise<AppError> {
  const error = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

const productsOf = (companyId: string) => database().select().from(products).where(eq(products.organizationId, companyId)).orderBy(asc(products.sku))

async function importToEnd(ctx: ServiceContext, id: string) {
  await startImport(ctx, id)
  await importSettled(id)
  return getImport(ctx, id)
}

async function xlsxOf(rows: Array<Array<string | number>>): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Products')
  for (const row of rows) sheet.addRow(row)
  return new Uint8Array(await workbook.xlsx.writeBuffer())
}

describe('product import', () => {
  it('imports a good CSV: guessed mapping, preview, dry run writing nothing, then creates and later updates by SKU', async () => {
    const ctx = await supplier()
    const job = await uploadImport(ctx, { name: 'good.csv', bytes: fixture('good.csv') })
    expect(job).toMatchObject({
      status: 'uploaded',
      totalRows: 3,
      mapping: { sku: 'SKU', name_en: 'Product name', name_zh_hans: '中文名称', hs_code: 'HS code', lead_time_days: 'Lead time', status: 'Status' },
    })
    const preview = await previewImport(ctx, job.id)
    expect(preview).toMatchObject({ errorCount: 0, totalRows: 3 })
    expect(preview.rows[0]).toEqual({ row: 2, cells: expect.objectContaining({ sku: 'MUG-001', hs_code: '6912.00' }) })

    expect(await dryRunImport(ctx, job.id)).toMatchObject({ created: 3, updated: 0, errorCount: 0 })
    expect(await productsOf(ctx.actor.companyId)).toEqual([])

    expect(await importToEnd(ctx, job.id)).toMatchObject({
      status: 'completed',
      processedRows: 3,
      createdCount: 3,
      updatedCount: 0,
      errorCount: 0,
      finishedAt: expect.any(Date),
    })
    const stored = await productsOf(ctx.actor.companyId)
    expect(stored.map((product) => [product.sku, product.categoryId, product.hsCode, product.unit, product.status, product.version])).toEqual([
      ['LAMP-001', 'lighting', '940521', 'piece', 'draft', 1],
      ['LAMP-002', 'lighting', '940511', 'box', 'archived', 1],
      ['MUG-001', 'mugs-cups', '691200', 'piece', 'draft', 1],
    ])
    const mug = stored[2]
    expect(mug).toMatchObject({
      nameZhHans: '白瓷马克杯',
      moq: 500,
      leadTimeDays: 30,
      attributes: [
        { name: 'Colour', value: 'White' },
        { name: 'Material', value: 'Porcelain' },
      ],
    })
    expect(mug?.searchDocument).toContain('porcelain')
    expect(mug?.searchDocument).toContain('白瓷')

    const again = await uploadImport(ctx, {
      name: 'changed.csv',
      bytes: encode('sku,name_en,category,origin_country,unit,moq\nMUG-001,Stoneware mug,mugs-cups,CN,piece,50\nNEW-1,New mug,mugs-cups,VN,piece,5\n'),
    })
    expect(await dryRunImport(ctx, again.id)).toMatchObject({ created: 1, updated: 1 })
    expect(await importToEnd(ctx, again.id)).toMatchObject({ status: 'completed', createdCount: 1, updatedCount: 1 })
    const [updated] = await database()
      .select()
      .from(products)
      .where(and(eq(products.organizationId, ctx.actor.companyId), eq(products.sku, 'MUG-001')))
    expect(updated).toMatchObject({ nameEn: 'Stoneware mug', moq: 50, nameZhHans: null, status: 'draft', version: 2 })
    expect(updated?.searchDocument).toContain('stoneware')
    expect((await listImports(ctx)).items.map((item) => item.id)).toEqual([again.id, job.id])
  })

  it('sets the status only where a row names one: published dates once, blank keeps, version grows by one per import', async () => {
    const ctx = await supplier()
    const header = 'sku,name_en,category,origin_country,unit,moq,status\n'
    const first = await uploadImport(ctx, {
      name: 'first.csv',
      bytes: encode(`${header}P-1,Shown,lighting,CN,piece,1,published\nP-2,Kept,lighting,CN,piece,1,archived\nP-3,New,lighting,CN,piece,1,\n`),
    })
    expect(await importToEnd(ctx, first.id)).toMatchObject({ status: 'completed', createdCount: 3, updatedCount: 0 })
    const before = new Map((await productsOf(ctx.actor.companyId)).map((product) => [product.sku, product]))
    expect([...before.values()].map((product) => [product.sku, product.status, product.publishedAt !== null, product.version])).toEqual([
      ['P-1', 'published', true, 1],
      ['P-2', 'archived', false, 1],
      ['P-3', 'draft', false, 1],
    ])

    // Rows with and without a status in the same batch, plus one new SKU.
    const second = await uploadImport(ctx, {
      name: 'second.csv',
      bytes: encode(
        `${header}P-1,Shown again,lighting,CN,piece,2,published\nP-2,Kept,lighting,CN,piece,3,\nP-3,Now public,lighting,CN,piece,4,published\nP-4,Fresh,lighting,CN,piece,5,\n`,
      ),
    })
    expect(await importToEnd(ctx, second.id)).toMatchObject({ status: 'completed', createdCount: 1, updatedCount: 3 })
    const after = await productsOf(ctx.actor.companyId)
    expect(after.map((product) => [product.sku, product.nameEn, product.moq, product.status, product.version])).toEqual([
      ['P-1', 'Shown again', 2, 'published', 2],
      ['P-2', 'Kept', 3, 'archived', 2],
      ['P-3', 'Now public', 4, 'published', 2],
      ['P-4', 'Fresh', 5, 'draft', 1],
    ])
    expect(after[0]?.publishedAt).toEqual(before.get('P-1')?.publishedAt)
    expect(after[2]?.publishedAt).not.toBeNull()
    expect(after[0]?.searchDocument).toContain('again')
    expect(new Set(after.map((product) => product.id)).size).toBe(4)
    expect(after.slice(0, 3).map((product) => product.id)).toEqual(['P-1', 'P-2', 'P-3'].map((sku) => before.get(sku)?.id))
  })

  it("fails an import that would publish past the plan's limit before any of its products shows (402 reason, nothing written)", async () => {
    const ctx = await supplier()
    const admin = await platformAdmin()
    const planId = `imports-${randomUUID().slice(0, 8)}`
    await createPlan(
      admin,
      CreatePlanInput.parse({
        id: planId,
        name: { en: 'Two products', 'zh-Hans': '两件产品', 'zh-Hant': '兩件產品' },
        description: { en: 'Two published products.', 'zh-Hans': '两件已发布产品。', 'zh-Hant': '兩件已發佈產品。' },
        currency: 'USD',
        monthlyPrice: '0',
        yearlyPrice: '0',
        maxPublishedProducts: 2,
        features: [],
        position: 900,
      }),
    )
    await assignPlan(admin, ctx.actor.companyId, { planId, period: 'monthly' })
    const header = 'sku,name_en,category,origin_country,unit,moq,status\n'
    const rows = ['Q-1', 'Q-2', 'Q-3'].map((sku) => `${sku},Lamp ${sku},lighting,CN,piece,1,published`).join('\n')
    const tooMany = await uploadImport(ctx, { name: 'three.csv', bytes: encode(`${header}${rows}\n`) })
    expect(await importToEnd(ctx, tooMany.id)).toMatchObject({ status: 'failed', failureReason: 'failure.planLimit' })
    expect(await productsOf(ctx.actor.companyId)).toEqual([])
    // Drafts are not counted: the same file as drafts imports.
    const drafts = await uploadImport(ctx, { name: 'drafts.csv', bytes: encode(`${header}${rows.replaceAll('published', 'draft')}\n`) })
    expect(await importToEnd(ctx, drafts.id)).toMatchObject({ status: 'completed', createdCount: 3 })
  })

  it('imports the first worksheet of an XLSX file', async () => {
    const ctx = await supplier()
    const bytes = await xlsxOf([
      ['sku', 'name_en', 'category', 'hs_code', 'origin_country', 'unit', 'moq', 'status'],
      ['X-1', 'Crystal glass', 'Mugs & Cups', 691200, 'CN', 'set', 12, 'published'],
      ['X-2', 'Bulb', 'lighting', '', 'TW', 'piece', 1000, ''],
    ])
    const job = await uploadImport(ctx, { name: 'products.xlsx', bytes })
    expect(await importToEnd(ctx, job.id)).toMatchObject({ status: 'completed', createdCount: 2 })
    const stored = await productsOf(ctx.actor.companyId)
    expect(stored.map((product) => [product.sku, product.categoryId, product.hsCode, product.moq, product.status, product.publishedAt !== null])).toEqual([
      ['X-1', 'mugs-cups', '691200', 12, 'published', true],
      ['X-2', 'lighting', null, 1000, 'draft', false],
    ])
  })

  it('reports every bad row with its row number and column, refuses to start and writes nothing', async () => {
    const ctx = await supplier()
    const job = await uploadImport(ctx, { name: 'bad.csv', bytes: fixture('bad.csv') })
    const dryRun = await dryRunImport(ctx, job.id)
    expect(dryRun.errors.map(({ row, field, message }) => [row, field, message])).toEqual([
      [3, 'sku', 'validation.sku'],
      [4, 'category', 'validation.categoryUnknown'],
      [5, 'hs_code', 'validation.hsCodeUnknown'],
      [6, 'moq', 'validation.moq'],
      [7, 'sku', 'validation.duplicateSku'],
      [8, 'origin_country', 'validation.country'],
      [9, 'unit', 'validation.unit'],
      [10, 'attributes', 'validation.attributeFormat'],
      [11, 'status', 'validation.status'],
    ])
    expect(dryRun).toMatchObject({ created: 1, updated: 0, errorCount: 9 })
    const refused = await failure(startImport(ctx, job.id))
    expect(refused).toMatchObject({ code: 'validation_failed', details: { errorCount: 9 } })
    expect(await getImport(ctx, job.id)).toMatchObject({ status: 'uploaded', errorCount: 9 })
    expect(await productsOf(ctx.actor.companyId)).toEqual([])
    const report = await importErrorReport(ctx, job.id)
    expect(report.csv.split('\r\n').slice(0, 3)).toEqual([
      '\uFEFFRow,Column,Value,Problem',
      '3,sku,bad sku!,"Use 1–64 letters, digits, dots, hyphens or underscores."',
      '4,category,no-such-category,No such category: use a category id or its English or Chinese name.',
    ])
  })

  it('lets the mapping be changed before the start, checking the headers exist', async () => {
    const ctx = await supplier()
    const job = await uploadImport(ctx, { name: 'odd.csv', bytes: encode('code,title,cat,made in,uom,min\nA-1,Mug,mugs-cups,CN,piece,1\n') })
    expect(job.mapping).toEqual({ name_en: 'title', unit: 'uom' })
    const wrong = await failure(
      setImportMapping(ctx, job.id, { sku: 'code', name_en: 'nope', category: 'cat', origin_country: 'made in', unit: 'uom', moq: 'min' }),
    )
    expect(wrong.details).toEqual({ fields: { name_en: ['mapping.unknownHeader'] } })
    await setImportMapping(ctx, job.id, { sku: 'code', name_en: 'title', category: 'cat', origin_country: 'made in', unit: 'uom', moq: 'min' })
    expect(await importToEnd(ctx, job.id)).toMatchObject({ status: 'completed', createdCount: 1 })
    expect((await failure(setImportMapping(ctx, job.id, { sku: 'code' }))).code).toBe('conflict')
    expect((await failure(startImport(ctx, job.id))).code).toBe('conflict')
  })

  it('refuses a file of more than 200,000 rows (422), over 50 MB (413) and an .exe renamed .csv (415)', async () => {
    const ctx = await supplier()
    const tooLong = await failure(uploadImport(ctx, { name: 'huge.csv', bytes: encode(`sku\n${'A\n'.repeat(MAX_IMPORT_ROWS + 1)}`) }))
    expect(tooLong).toMatchObject({ status: 422, details: { fields: { file: ['file.tooManyRows'] } } })
    const tooBig = new Uint8Array(50 * 1_048_576 + 1).fill(0x41)
    expect(await failure(uploadImport(ctx, { name: 'huge.csv', bytes: tooBig }))).toMatchObject({ code: 'file_too_large', status: 413 })
    expect(await failure(uploadImport(ctx, { name: 'products.csv', bytes: exeBytes() }))).toMatchObject({ code: 'file_type_not_allowed', status: 415 })
    expect(await database().select().from(importJobs).where(eq(importJobs.organizationId, ctx.actor.companyId))).toEqual([])
  })

  it('queues again the imports a restart left running without a job, and fails those whose file is gone', async () => {
    const ctx = await supplier()
    const job = await uploadImport(ctx, { name: 'good.csv', bytes: fixture('good.csv') })
    const orphan = await uploadImport(ctx, { name: 'orphan.csv', bytes: fixture('good.csv') })
    await database().update(importJobs).set({ status: 'running' }).where(eq(importJobs.id, job.id))
    await database().update(importJobs).set({ status: 'running' }).where(eq(importJobs.id, orphan.id))
    if (orphan.fileId) await database().delete(files).where(eq(files.id, orphan.fileId))

    expect((await queueStrandedImports()).sort()).toEqual([job.id, orphan.id].sort())
    await Promise.all([importSettled(job.id), importSettled(orphan.id)])
    expect(await getImport(ctx, job.id)).toMatchObject({ status: 'completed', createdCount: 3, processedRows: 3 })
    expect(await getImport(ctx, orphan.id)).toMatchObject({ status: 'failed', failureReason: 'failure.fileMissing' })
    expect(await productsOf(ctx.actor.companyId)).toHaveLength(3)
    expect(await queueStrandedImports()).toEqual([])
  })

  it('exports CSV and XLSX that re-import cleanly as updates', async () => {
    const ctx = await supplier()
    await importToEnd(ctx, (await uploadImport(ctx, { name: 'good.csv', bytes: fixture('good.csv') })).id)
    const before = await productsOf(ctx.actor.companyId)
    for (const format of ['csv', 'xlsx'] as const) {
      const exported = await exportProducts(ctx, { format })
      expect(exported.fileName).toMatch(new RegExp(`^products-all-\\d{4}-\\d{2}-\\d{2}\\.${format}$`))
      const job = await uploadImport(ctx, { name: exported.fileName, bytes: exported.bytes })
      expect(await dryRunImport(ctx, job.id)).toMatchObject({ created: 0, updated: 3, errorCount: 0 })
      expect(await importToEnd(ctx, job.id)).toMatchObject({ status: 'completed', updatedCount: 3 })
    }
    const after = await productsOf(ctx.actor.companyId)
    const content = (rows: typeof before) => rows.map(({ version: _version, updatedAt: _updatedAt, ...rest }) => rest)
    expect(content(after)).toEqual(content(before))
    expect(after.map((product) => product.version)).toEqual([3, 3, 3])
    const archived = await exportProducts(ctx, { format: 'csv', status: 'archived' })
    expect(new TextDecoder().decode(archived.bytes).trim().split('\r\n')).toHaveLength(2)
  })

  it('is for admins and owners of supplying companies; another company’s import is not found', async () => {
    const owner = await supplier()
    const job = await uploadImport(owner, { name: 'good.csv', bytes: fixture('good.csv') })
    const member = await supplier({ role: 'member', company: { id: owner.actor.companyId } })
    expect((await failure(getImport(member, job.id))).code).toBe('insufficient_role')
    expect((await failure(exportProducts(member))).code).toBe('insufficient_role')
    const buyer = await supplier({ kind: 'buyer' })
    expect((await failure(uploadImport(buyer, { name: 'good.csv', bytes: fixture('good.csv') }))).code).toBe('forbidden')
    const stranger = await supplier()
    for (const run of [getImport, previewImport, dryRunImport, startImport, importErrorReport])
      expect((await failure(run(stranger, job.id))).code).toBe('not_found')
    expect((await failure(uploadImport(owner, { name: 'x.csv', bytes: encode('sku\n') }))).code).toBe('validation_failed')
  })
})
