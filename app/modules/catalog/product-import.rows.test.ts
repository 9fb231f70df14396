import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import type { AppError } from '../../platform/errors'
import { timeSlicer } from '../../platform/time-slice.server'
import { guessMapping, ImportMappingInput, MAX_IMPORT_ROWS } from './product-import.inputs'
import { parseSpreadsheet, recordEnd } from './product-import.parse.server'
import { formatAttributes, parseAttributes, validateRows } from './product-import.rows'

const refs = {
  categories: new Map([
    ['mugscups', 'mugs-cups'],
    ['lighting', 'lighting'],
    ['照明', 'lighting'],
  ]),
  hsCodes: new Set(['691200', '940521', '030111']),
  mayPublish: false,
}
const HEADERS = ['sku', 'name_en', 'category', 'hs_code', 'origin_country', 'unit', 'moq', 'attributes', 'status']
const mapping = guessMapping(HEADERS)
const row = (overrides: Partial<Record<string, string>> = {}) =>
  HEADERS.map(
    (header) =>
      ({
        sku: 'MUG-1',
        name_en: 'Mug',
        category: 'mugs-cups',
        hs_code: '691200',
        origin_country: 'cn',
        unit: 'Piece',
        moq: '10',
        attributes: '',
        status: '',
        ...overrides,
      })[header] ?? '',
  )

describe('guessMapping', () => {
  it('recognises column names, English and Chinese headers regardless of case and spacing', () => {
    expect(guessMapping(['SKU', 'Product Name', '中文名称', 'HS-Code', '原產國', 'Unit', 'Minimum order quantity', '类目', 'Colour'])).toEqual({
      sku: 'SKU',
      name_en: 'Product Name',
      name_zh_hans: '中文名称',
      hs_code: 'HS-Code',
      origin_country: '原產國',
      unit: 'Unit',
      moq: 'Minimum order quantity',
      category: '类目',
    })
  })

  it('requires the essential columns and each header once', () => {
    const parsed = ImportMappingInput.safeParse({ sku: 'A', name_en: 'A' })
    expect(parsed.success).toBe(false)
    const paths = parsed.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`)
    expect(paths).toEqual(expect.arrayContaining(['name_en:mapping.duplicate', 'category:mapping.required', 'moq:mapping.required']))
  })
})

describe('attributes', () => {
  it('reads Name=Value pairs and round-trips escaped separators', () => {
    expect(parseAttributes('Colour=White; Material=Porcelain')).toEqual([
      { name: 'Colour', value: 'White' },
      { name: 'Material', value: 'Porcelain' },
    ])
    const tricky = [{ name: 'a=b', value: 'x; y = z\\' }]
    expect(parseAttributes(formatAttributes(tricky))).toEqual(tricky)
    expect(parseAttributes('Colour White')).toBeNull()
  })
})

describe('validateRows', () => {
  it('turns valid rows into products, normalising unit, country, HS code and category names', async () => {
    const result = await validateRows(HEADERS, [row({ hs_code: '6912.00', category: '照明' }), row({ sku: 'FISH', hs_code: '30111' })], mapping, refs)
    expect(result.errors).toEqual([])
    expect(result.products[0]).toMatchObject({
      sku: 'MUG-1',
      categoryId: 'lighting',
      hsCode: '691200',
      originCountry: 'CN',
      unit: 'piece',
      moq: 10,
      row: 2,
      status: undefined,
    })
    expect(result.products[1]).toMatchObject({ hsCode: '030111' })
  })

  it('accepts the units every screen shows, abbreviated or in Chinese (issue 15)', async () => {
    const result = await validateRows(
      HEADERS,
      [row({ sku: 'A', unit: 'pcs' }), row({ sku: 'B', unit: 'PC' }), row({ sku: 'C', unit: '件' }), row({ sku: 'D', unit: 'Square metre' })],
      mapping,
      refs,
    )
    expect(result.errors).toEqual([])
    expect(result.products.map((product) => product.unit)).toEqual(['piece', 'piece', 'piece', 'square_metre'])
  })

  it('reports each problem with its spreadsheet row, column and message key', async () => {
    const rows = [
      row(),
      row({ sku: 'bad sku!' }),
      row({ sku: 'B', category: 'nope' }),
      row({ sku: 'C', hs_code: '999999' }),
      row({ sku: 'D', moq: '-5' }),
      row(),
      row({ sku: 'E', origin_country: 'XX' }),
      row({ sku: 'F', unit: 'bucket' }),
      row({ sku: 'G', attributes: 'Colour White' }),
      row({ sku: 'H', status: 'published' }),
      row({ sku: 'I', name_en: 'x'.repeat(201) }),
    ]
    const result = await validateRows(HEADERS, rows, mapping, refs)
    expect(result.errors.map(({ row: at, field, message }) => [at, field, message])).toEqual([
      [3, 'sku', 'validation.sku'],
      [4, 'category', 'validation.categoryUnknown'],
      [5, 'hs_code', 'validation.hsCodeUnknown'],
      [6, 'moq', 'validation.moq'],
      [7, 'sku', 'validation.duplicateSku'],
      [8, 'origin_country', 'validation.country'],
      [9, 'unit', 'validation.unit'],
      [10, 'attributes', 'validation.attributeFormat'],
      [11, 'status', 'validation.publishNotAllowed'],
      [12, 'name_en', 'validation.tooLong'],
    ])
    expect(result.errorCount).toBe(10)
    expect(result.products.map((product) => product.row)).toEqual([2])
  })
})

describe('parseSpreadsheet', () => {
  const encode = (text: string) => new TextEncoder().encode(text)

  it('reads UTF-8 CSV without its byte order mark and detects the delimiter', async () => {
    expect(await parseSpreadsheet(encode('\uFEFFsku;name_en\nA;"Mug; white"\n\n'), 'csv')).toEqual({ headers: ['sku', 'name_en'], rows: [['A', 'Mug; white']] })
  })

  it('reads the first worksheet of an XLSX file, numbers and rich text as text', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Products')
    sheet.addRow(['sku', 'moq', 'name_en'])
    sheet.addRow(['A-1', 500, { richText: [{ text: 'Blue ' }, { text: 'mug' }] }])
    workbook.addWorksheet('Other').addRow(['ignored'])
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer())
    expect(await parseSpreadsheet(bytes, 'xlsx')).toEqual({ headers: ['sku', 'moq', 'name_en'], rows: [['A-1', '500', 'Blue mug']] })
  })

  it('refuses files that are not UTF-8, have no rows, or have too many', async () => {
    const failure = (run: Promise<unknown>) =>
      run.then(
        () => null,
        (error: unknown) => error as AppError,
      )
    expect((await failure(parseSpreadsheet(new Uint8Array([0x73, 0xff, 0x0a]), 'csv')))?.details).toMatchObject({ fields: { file: ['file.encoding'] } })
    expect((await failure(parseSpreadsheet(encode('sku,name_en\n'), 'csv')))?.details).toMatchObject({ fields: { file: ['file.noRows'] } })
    const huge = `sku\n${'A\n'.repeat(MAX_IMPORT_ROWS + 1)}`
    const refused = await failure(parseSpreadsheet(encode(huge), 'csv'))
    expect(refused).toMatchObject({ code: 'validation_failed', status: 422, details: { limit: MAX_IMPORT_ROWS, fields: { file: ['file.tooManyRows'] } } })
    expect((await failure(parseSpreadsheet(encode('garbage'), 'xlsx')))?.details).toMatchObject({ fields: { file: ['file.unreadable'] } })
  })
})

describe('parseSpreadsheet on a large CSV', () => {
  const encode = (text: string) => new TextEncoder().encode(text)
  // Rows with quoted delimiters, escaped quotes and line breaks inside quotes, so pieces must end between records.
  const line = (index: number) => `SKU-${index},"Mug ${index}, ""white""\nsecond line",${'x'.repeat(index % 97)}\n`
  const csv = `sku,name_en,note\n${Array.from({ length: 60_000 }, (_unused, index) => line(index)).join('')}`

  it('reads it piece by piece exactly as one parse of the whole text would (issue 15)', async () => {
    expect(csv.length).toBeGreaterThan(3 * (1 << 20))
    const whole = Papa.parse<string[]>(csv, { skipEmptyLines: 'greedy' }).data
    const sheet = await parseSpreadsheet(encode(csv), 'csv')
    expect(sheet.headers).toEqual(whole[0])
    expect(sheet.rows.length).toBe(60_000)
    expect(sheet.rows).toEqual(whole.slice(1))
  })

  it('finds where records end outside quotes', () => {
    const text = 'a,"b\nc"\nd,e\n"f""\n"\n'
    expect(recordEnd(text, 0, 0)).toBe(8)
    expect(recordEnd(text, 0, 5)).toBe(8)
    expect(recordEnd(text, 8, 9)).toBe(12)
    expect(recordEnd(text, 12, 12)).toBe(text.length)
    expect(recordEnd('a,"open\nb\n', 0, 0)).toBe(10)
  })

  it('lets timers run while it parses and checks the rows (issue 15)', async () => {
    let ticks = 0
    const timer = setInterval(() => ticks++, 1)
    try {
      const sheet = await parseSpreadsheet(encode(csv), 'csv')
      // Without yielding, both steps would finish in microtasks and no timer could fire before they end. How many
      // fire depends on the machine's speed and load; that any does is what shows the work gives way.
      const afterParse = ticks
      expect(afterParse).toBeGreaterThan(0)
      await validateRows(sheet.headers, sheet.rows, mapping, refs, timeSlicer())
      expect(ticks).toBeGreaterThan(afterParse)
    } finally {
      clearInterval(timer)
    }
  })
})
