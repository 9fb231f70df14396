import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importSettled, productImportJob } from './index.server'
import { CATALOGS } from '../../platform/i18n/catalog.server'
import { LocalDiskStorage } from '../../platform/files/local-storage.server'
import { useFileStorage } from '../../platform/files/storage.server'
import { createMember } from '../../../db/factories/companies'
import { exeBytes } from '../../../tests/support/file-fixtures'
import { withJobs } from '../../../tests/support/jobs'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'
import { TEST_PUBLIC_URL } from '../../../tests/support/test-env'

let app: ReturnType<typeof testApp>
let root: string

beforeAll(async () => {
  app = testApp()
  root = await mkdtemp(path.join(tmpdir(), 'tradeport-imports-api-'))
  useFileStorage(new LocalDiskStorage(root))
})

afterAll(async () => {
  useFileStorage(undefined)
  await rm(root, { recursive: true, force: true })
})

withJobs([productImportJob])

const messages = CATALOGS.en.productImport
const GOOD = 'sku,name_en,category,hs_code,origin_country,unit,moq\nMUG-1,Mug,mugs-cups,691200,CN,piece,10\nLAMP-1,Lamp,lighting,,CN,piece,5\n'

async function signedIn(role: 'owner' | 'admin' | 'member' = 'owner', options: { company?: { id: string }; kind?: 'supplier' | 'buyer' } = {}) {
  const { user, company } = await createMember({ role, company: options.company, companyInput: { kind: options.kind ?? 'supplier' } })
  return { company, jar: await signInWithCookies(app, user) }
}

async function upload(jar: CookieJar, name: string, bytes: Uint8Array): Promise<{ status: number; json: Record<string, unknown> }> {
  const form = new FormData()
  form.set('purpose', 'product_import')
  form.set('file', new File([new Uint8Array(bytes)], name))
  const response = await app.request(`${TEST_PUBLIC_URL}/api/v1/files`, {
    method: 'POST',
    headers: { origin: TEST_PUBLIC_URL, cookie: jar.header() },
    body: form,
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

async function openImport(jar: CookieJar, text: string) {
  const file = await upload(jar, 'products.csv', new TextEncoder().encode(text))
  expect(file.status).toBe(201)
  return call(app, '/api/v1/product-imports', { body: { file_id: file.json.id }, jar })
}

describe('product imports API', () => {
  it('uploads, maps, previews, dry-runs, starts and reports an import', async () => {
    const { jar } = await signedIn()
    const created = await openImport(jar, GOOD.replace('name_en', 'Product name'))
    expect(created.status).toBe(201)
    expect(created.json).toMatchObject({
      status: 'uploaded',
      total_rows: 2,
      headers: ['sku', 'Product name', 'category', 'hs_code', 'origin_country', 'unit', 'moq'],
      mapping: { sku: 'sku', name_en: 'Product name' },
    })
    const id = String(created.json.id)

    const badMapping = await call(app, `/api/v1/product-imports/${id}/mapping`, { method: 'PUT', body: { mapping: { sku: 'sku' } }, jar })
    expect(badMapping).toMatchObject({ status: 422, json: { details: { fields: { name_en: [messages.mapping.required] } } } })
    const mapping = {
      sku: 'sku',
      name_en: 'Product name',
      category: 'category',
      hs_code: 'hs_code',
      origin_country: 'origin_country',
      unit: 'unit',
      moq: 'moq',
    }
    expect(await call(app, `/api/v1/product-imports/${id}/mapping`, { method: 'PUT', body: { mapping }, jar })).toMatchObject({
      status: 200,
      json: { mapping },
    })

    const preview = await call(app, `/api/v1/product-imports/${id}/preview`, { jar })
    expect(preview).toMatchObject({ status: 200, json: { error_count: 0, total_rows: 2, rows: [{ row: 2, cells: { sku: 'MUG-1' } }, { row: 3 }] } })
    expect(await call(app, `/api/v1/product-imports/${id}/dry-run`, { method: 'POST', jar })).toMatchObject({
      status: 200,
      json: { created: 2, updated: 0, error_count: 0 },
    })

    expect(await call(app, `/api/v1/product-imports/${id}/start`, { method: 'POST', jar })).toMatchObject({ status: 202, json: { status: 'running' } })
    await importSettled(id)
    expect(await call(app, `/api/v1/product-imports/${id}`, { jar })).toMatchObject({
      status: 200,
      json: { status: 'completed', created_count: 2, processed_rows: 2 },
    })
    expect(await call(app, `/api/v1/product-imports/${id}/start`, { method: 'POST', jar })).toMatchObject({ status: 409 })
    expect(await call(app, '/api/v1/product-imports', { jar })).toMatchObject({ status: 200, json: { total: 1, items: [{ id }] } })

    const csv = await app.request(`${TEST_PUBLIC_URL}/api/v1/product-export?format=csv`, { headers: { cookie: jar.header() } })
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="products-all-.*\.csv"$/)
    expect((await csv.text()).split('\r\n')[1]).toBe('LAMP-1,Lamp,,,,,,lighting,,CN,piece,5,,,draft')
    const xlsx = await app.request(`${TEST_PUBLIC_URL}/api/v1/product-export?format=xlsx&status=draft`, { headers: { cookie: jar.header() } })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await xlsx.arrayBuffer())
    expect(workbook.worksheets[0]?.rowCount).toBe(3)
  })

  it('refuses to start a file with bad rows (422) and serves the translated error report', async () => {
    const { jar } = await signedIn()
    const created = await openImport(jar, `${GOOD}BAD-1,Bad,mugs-cups,691200,CN,piece,-1\n`)
    const id = String(created.json.id)
    const refused = await call(app, `/api/v1/product-imports/${id}/start`, { method: 'POST', jar, headers: { 'accept-language': 'zh-CN' } })
    expect(refused).toMatchObject({ status: 422, json: { details: { errorCount: 1, fields: { file: [CATALOGS['zh-Hans'].productImport.file.hasErrors] } } } })
    const report = await app.request(`${TEST_PUBLIC_URL}/api/v1/product-imports/${id}/errors.csv`, {
      headers: { cookie: jar.header(), 'accept-language': 'zh-TW' },
    })
    expect(report.status).toBe(200)
    // Values that a spreadsheet would run as a formula come quoted (text() drops the byte order mark).
    expect((await report.text()).split('\r\n')).toEqual(['列,欄,值,問題', `4,moq,"'-1",${CATALOGS['zh-Hant'].productImport.validation.moq}`, ''])
    expect(await call(app, `/api/v1/product-imports/${id}`, { jar })).toMatchObject({ json: { status: 'uploaded', error_count: 1 } })
  })

  it('refuses an .exe renamed .csv (415) and a file of another purpose (422)', async () => {
    const { jar } = await signedIn()
    expect(await upload(jar, 'products.csv', exeBytes())).toMatchObject({ status: 415, json: { code: 'file_type_not_allowed' } })
    const form = new FormData()
    form.set('purpose', 'attachment')
    form.set('file', new File(['%PDF-1.4\n%%EOF\n'], 'a.pdf'))
    const pdf = (await (
      await app.request(`${TEST_PUBLIC_URL}/api/v1/files`, { method: 'POST', headers: { origin: TEST_PUBLIC_URL, cookie: jar.header() }, body: form })
    ).json()) as { id: string }
    expect(await call(app, '/api/v1/product-imports', { body: { file_id: pdf.id }, jar })).toMatchObject({
      status: 422,
      json: { details: { fields: { file: [messages.file.purpose] } } },
    })
  })

  it('is refused to anonymous callers, members, buyers, and answers 404 for another company’s import', async () => {
    const { jar, company } = await signedIn()
    const id = String((await openImport(jar, GOOD)).json.id)
    const member = await signedIn('member', { company })
    const buyer = await signedIn('owner', { kind: 'buyer' })
    const stranger = await signedIn()
    expect((await call(app, `/api/v1/product-imports/${id}`)).status).toBe(401)
    expect((await call(app, `/api/v1/product-imports/${id}`, { jar: member.jar })).status).toBe(403)
    expect((await call(app, '/api/v1/product-export', { jar: member.jar })).status).toBe(403)
    expect(await call(app, '/api/v1/product-imports', { jar: buyer.jar })).toMatchObject({ status: 403, json: { code: 'forbidden' } })
    for (const suffix of ['', '/preview', '/errors.csv'])
      expect((await call(app, `/api/v1/product-imports/${id}${suffix}`, { jar: stranger.jar })).status).toBe(404)
    for (const suffix of ['/dry-run', '/start'])
      expect((await call(app, `/api/v1/product-imports/${id}${suffix}`, { method: 'POST', jar: stranger.jar })).status).toBe(404)
  })
})

describe('large uploads', () => {
  const MEBIBYTE = 1_048_576
  /** A valid CSV of product rows a little over `megabytes`. */
  const csvOf = (megabytes: number) => {
    const row = 'MUG-1,Porcelain mug with a long enough name to fill the file quickly,mugs-cups,691200,CN,piece,10\n'
    return new TextEncoder().encode(`sku,name_en,category,hs_code,origin_country,unit,moq\n${row.repeat(Math.ceil((megabytes * MEBIBYTE) / row.length))}`)
  }
  const multipart = (bytes: Uint8Array, name: string, fields: Record<string, string>) => {
    const form = new FormData()
    for (const [key, value] of Object.entries(fields)) form.set(key, value)
    form.set('file', new File([new Uint8Array(bytes)], name))
    return form
  }
  const postForm = async (jar: CookieJar, path: string, form: FormData) => {
    const response = await app.request(`${TEST_PUBLIC_URL}${path}`, { method: 'POST', headers: { origin: TEST_PUBLIC_URL, cookie: jar.header() }, body: form })
    const text = await response.text()
    return { status: response.status, code: response.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as { code?: string }).code : undefined }
  }

  it('admits a product import spreadsheet past the 10 MB upload limit through the files API', async () => {
    const { jar } = await signedIn()
    const uploaded = await upload(jar, 'products.csv', csvOf(12))
    expect(uploaded).toMatchObject({ status: 201, json: { purpose: 'product_import', content_type: 'text/csv' } })
  })

  it('still holds other purposes to their own limit, and every body to the spreadsheet limit (413)', async () => {
    const { jar } = await signedIn()
    const pdf = new Uint8Array(11 * MEBIBYTE)
    pdf.set(new TextEncoder().encode('%PDF-1.4\n'))
    expect(await postForm(jar, '/api/v1/files', multipart(pdf, 'huge.pdf', { purpose: 'attachment' }))).toEqual({ status: 413, code: 'file_too_large' })
    expect(await postForm(jar, '/api/v1/files', multipart(new Uint8Array(51 * MEBIBYTE), 'huge.csv', { purpose: 'product_import' }))).toEqual({
      status: 413,
      code: 'payload_too_large',
    })
  })

  it('admits a large spreadsheet posted to the import page, but not to other pages', async () => {
    const { jar } = await signedIn()
    const form = () => multipart(csvOf(12), 'products.csv', { intent: 'upload' })
    // testApp renders every page as a stub: getting past the body limit is what is checked here.
    expect((await postForm(jar, '/en/app/products/import', form())).status).toBe(200)
    expect((await postForm(jar, '/zh-Hant/app/products/import.data', form())).status).toBe(200)
    expect(await postForm(jar, '/en/app/products/edit', form())).toEqual({ status: 413, code: 'payload_too_large' })
    expect(await postForm(jar, '/api/v1/product-imports', form())).toEqual({ status: 413, code: 'payload_too_large' })
  })
})
