import { PRODUCT_STATUSES, type ProductAttribute, type ProductStatus } from './catalog.constants'
import {
  IMPORT_COLUMNS,
  type ImportColumn,
  type ImportMappingInput,
  type ImportRowError,
  MAX_REPORTED_IMPORT_ERRORS,
  normalizeLabel,
} from './product-import.inputs'
import { ProductInput } from './product.inputs'
import { productUnitFrom } from './product-units'

/** A valid import row: the product's details, and the status to set (undefined keeps an existing product's, drafts a new one). */
export type ImportedProduct = ProductInput & { status?: ProductStatus; row: number }

/** What rows are checked against: category ids by id or name (any locale, normalised), level-6 HS codes, and whether publishing is allowed. */
export type ImportReferences = { categories: ReadonlyMap<string, string>; hsCodes: ReadonlySet<string>; mayPublish: boolean }

export type ValidatedRows = { products: ImportedProduct[]; errors: ImportRowError[]; errorCount: number }

/** The data row's number as the spreadsheet shows it: the header is row 1. */
export const sheetRowNumber = (index: number) => index + 2

/** ProductInput's field names as import columns. */
const COLUMN_OF_FIELD: Record<string, ImportColumn> = {
  sku: 'sku',
  nameEn: 'name_en',
  nameZhHans: 'name_zh_hans',
  nameZhHant: 'name_zh_hant',
  descriptionEn: 'description_en',
  descriptionZhHans: 'description_zh_hans',
  descriptionZhHant: 'description_zh_hant',
  categoryId: 'category',
  hsCode: 'hs_code',
  originCountry: 'origin_country',
  unit: 'unit',
  moq: 'moq',
  leadTimeDays: 'lead_time_days',
  attributes: 'attributes',
}

const MAX_ERROR_VALUE_LENGTH = 200

/** Splits "Colour=White; Material=Porcelain" (a backslash escapes ; = or \ inside names and values); null when an entry has no "=". */
export function parseAttributes(text: string): ProductAttribute[] | null {
  const entries: Array<{ name: string; value: string; hasValue: boolean }> = []
  let current = { name: '', value: '', hasValue: false }
  const push = () => {
    if (current.name.trim() || current.value.trim() || current.hasValue) entries.push(current)
    current = { name: '', value: '', hasValue: false }
  }
  for (let index = 0; index < text.length; index++) {
    const char = text[index] ?? ''
    const literal = char === '\\' && index + 1 < text.length ? text[++index] : undefined
    if (literal === undefined && char === ';') push()
    else if (literal === undefined && char === '=' && !current.hasValue) current.hasValue = true
    else if (current.hasValue) current.value += literal ?? char
    else current.name += literal ?? char
  }
  push()
  if (entries.some((entry) => !entry.hasValue)) return null
  return entries.map((entry) => ({ name: entry.name.trim(), value: entry.value.trim() }))
}

const escapeAttribute = (text: string, special: RegExp) => text.replace(special, (char) => `\\${char}`)

/** The attributes as one cell, in the syntax parseAttributes reads. */
export const formatAttributes = (attributes: readonly ProductAttribute[]) =>
  attributes.map((attribute) => `${escapeAttribute(attribute.name, /[\\;=]/g)}=${escapeAttribute(attribute.value, /[\\;]/g)}`).join('; ')

/** "6912.00", "6912 00" and an XLSX number that lost its leading zero all mean a 6-digit code. */
function hsCodeOf(text: string): string {
  const digits = text.replace(/[.\s]/g, '')
  return /^\d{5}$/.test(digits) ? `0${digits}` : digits
}

/** Whole-file and reference checks ProductInput cannot make, as [column, message key] pairs. */
function referenceProblems(cells: Partial<Record<ImportColumn, string>>, refs: ImportReferences, category: string | undefined): Array<[ImportColumn, string]> {
  const problems: Array<[ImportColumn, string]> = []
  if (cells.category && !category) problems.push(['category', 'validation.categoryUnknown'])
  const hsCode = cells.hs_code ? hsCodeOf(cells.hs_code) : ''
  if (/^\d{6}$/.test(hsCode) && !refs.hsCodes.has(hsCode)) problems.push(['hs_code', 'validation.hsCodeUnknown'])
  const status = cells.status?.toLowerCase()
  if (status && !(PRODUCT_STATUSES as readonly string[]).includes(status)) problems.push(['status', 'validation.status'])
  if (status === 'published' && !refs.mayPublish) problems.push(['status', 'validation.publishNotAllowed'])
  return problems
}

/** The column's cell of one row, trimmed ('' when the column is not mapped or the row is short). */
function cellsOf(row: readonly string[], positions: ReadonlyArray<readonly [ImportColumn, number]>): Partial<Record<ImportColumn, string>> {
  return Object.fromEntries(positions.map(([column, position]) => [column, (row[position] ?? '').trim()]))
}

/** Between rows, the caller's chance to give the event loop a turn (a server passes timeSlicer()). */
export type GiveWay = () => Promise<void> | undefined

/**
 * Checks every row as the product it would become: ProductInput's rules (SKU, names, MOQ, unit, country,
 * lengths…), then categories, HS codes, status, attribute syntax and SKUs repeated within the file. `giveWay` is awaited
 * between rows: checking 120,000 rows takes seconds that requests must not wait for.
 */
export async function validateRows(
  headers: readonly string[],
  rows: readonly string[][],
  mapping: ImportMappingInput,
  refs: ImportReferences,
  giveWay: GiveWay = () => undefined,
): Promise<ValidatedRows> {
  const positions = IMPORT_COLUMNS.flatMap((column) => {
    const header = mapping[column]
    const position = header ? headers.indexOf(header) : -1
    return position >= 0 ? [[column, position] as const] : []
  })
  const products: ImportedProduct[] = []
  const errors: ImportRowError[] = []
  let errorCount = 0
  const firstRowOfSku = new Map<string, number>()
  for (const [index, cellsRow] of rows.entries()) {
    const pause = giveWay()
    if (pause) await pause
    const row = sheetRowNumber(index)
    const cells = cellsOf(cellsRow, positions)
    let rowErrors = 0
    const report = (field: ImportColumn, message: string) => {
      rowErrors++
      errorCount++
      if (errors.length < MAX_REPORTED_IMPORT_ERRORS) errors.push({ row, field, message, value: (cells[field] ?? '').slice(0, MAX_ERROR_VALUE_LENGTH) })
    }
    const category = cells.category ? refs.categories.get(normalizeLabel(cells.category)) : undefined
    const attributes = cells.attributes ? parseAttributes(cells.attributes) : []
    if (attributes === null) report('attributes', 'validation.attributeFormat')
    const parsed = ProductInput.safeParse({
      sku: cells.sku ?? '',
      nameEn: cells.name_en ?? '',
      nameZhHans: cells.name_zh_hans,
      nameZhHant: cells.name_zh_hant,
      descriptionEn: cells.description_en,
      descriptionZhHans: cells.description_zh_hans,
      descriptionZhHant: cells.description_zh_hant,
      categoryId: category ?? cells.category ?? '',
      hsCode: cells.hs_code ? hsCodeOf(cells.hs_code) : undefined,
      originCountry: cells.origin_country ?? '',
      unit: productUnitFrom(cells.unit ?? '') ?? cells.unit ?? '',
      moq: cells.moq ?? '',
      leadTimeDays: cells.lead_time_days,
      attributes: attributes ?? [],
    })
    if (!parsed.success) {
      const reported = new Set<string>()
      for (const issue of parsed.error.issues) {
        const column = COLUMN_OF_FIELD[String(issue.path[0])] ?? 'sku'
        if (!reported.has(column)) report(column, issue.message)
        reported.add(column)
      }
    }
    for (const [column, message] of referenceProblems(cells, refs, category)) report(column, message)
    const sku = cells.sku ?? ''
    const earlier = sku ? firstRowOfSku.get(sku) : undefined
    if (earlier !== undefined) report('sku', 'validation.duplicateSku')
    else if (sku) firstRowOfSku.set(sku, row)
    if (parsed.success && rowErrors === 0)
      products.push({ ...parsed.data, status: PRODUCT_STATUSES.find((status) => status === cells.status?.toLowerCase()), row })
  }
  return { products, errors, errorCount }
}
