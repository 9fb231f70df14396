import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import postgres from 'postgres'
import type { ProductRows, ProductSink } from './seed-marketplace.server'

type Cell = string | number | Date | null | undefined | object

/** COPY text format: backslash escapes for the characters that delimit fields and rows; \N is null. */
function cell(value: Cell): string {
  if (value === null || value === undefined) return '\\N'
  const text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value)
  return text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
}

const PRODUCT_COLUMNS = [
  ['id', 'id'],
  ['organization_id', 'organizationId'],
  ['sku', 'sku'],
  ['name_en', 'nameEn'],
  ['name_zh_hans', 'nameZhHans'],
  ['name_zh_hant', 'nameZhHant'],
  ['description_en', 'descriptionEn'],
  ['description_zh_hans', 'descriptionZhHans'],
  ['description_zh_hant', 'descriptionZhHant'],
  ['category_id', 'categoryId'],
  ['hs_code', 'hsCode'],
  ['origin_country', 'originCountry'],
  ['unit', 'unit'],
  ['moq', 'moq'],
  ['lead_time_days', 'leadTimeDays'],
  ['attributes', 'attributes'],
  ['status', 'status'],
  ['published_at', 'publishedAt'],
  ['search_document', 'searchDocument'],
  ['from_price', 'fromPrice'],
  ['from_price_currency', 'fromPriceCurrency'],
] as const
const LINE_COLUMNS = [
  ['id', 'id'],
  ['price_list_id', 'priceListId'],
  ['product_id', 'productId'],
  ['min_quantity', 'minQuantity'],
  ['unit_price', 'unitPrice'],
] as const
const IMAGE_COLUMNS = [
  ['id', 'id'],
  ['product_id', 'productId'],
  ['file_id', 'fileId'],
  ['position', 'position'],
  ['alt', 'alt'],
] as const

/**
 * A product sink for PostgreSQL that streams each batch with COPY … FROM STDIN: an order of magnitude faster than
 * multi-row inserts for the million-product benchmark catalogue. Close it when done.
 */
export function copySink(url: string): { sink: ProductSink; close: () => Promise<void> } {
  const sql = postgres(url, { max: 3, onnotice: () => {} })
  async function copy<R>(table: string, columns: ReadonlyArray<readonly [string, keyof R]>, rows: R[]): Promise<void> {
    if (rows.length === 0) return
    const text = rows.map((row) => columns.map(([, key]) => cell(row[key] as Cell)).join('\t')).join('\n') + '\n'
    const target = await sql.unsafe(`copy ${table} (${columns.map(([column]) => column).join(', ')}) from stdin`).writable()
    await pipeline(Readable.from([text]), target)
  }
  const sink: ProductSink = async (rows: ProductRows) => {
    await copy('products', PRODUCT_COLUMNS, rows.products)
    await Promise.all([copy('price_list_lines', LINE_COLUMNS, rows.lines), copy('product_images', IMAGE_COLUMNS, rows.images)])
  }
  return { sink, close: () => sql.end({ timeout: 5 }) }
}
