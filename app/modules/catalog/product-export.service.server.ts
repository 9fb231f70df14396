import { PassThrough } from 'node:stream'
import { and, asc, eq, type SQL } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { FILE_TYPES } from '../../platform/files/file-types'
import { products } from './catalog.tables.server'
import { visibleProductOf } from './product-visibility.server'
import { IMPORT_COLUMNS, type ImportColumn, ProductExportQuery } from './product-import.inputs'
import { requireImporter } from './product-import.policy'
import { formatAttributes } from './product-import.rows'

export type ProductExport = { fileName: string; contentType: string; bytes: Uint8Array }

type ProductRow = typeof products.$inferSelect

/** A product as the cells of an import row, so an export re-imports unchanged. */
function cellsOf(product: ProductRow): Record<ImportColumn, string | number> {
  return {
    sku: product.sku,
    name_en: product.nameEn,
    name_zh_hans: product.nameZhHans ?? '',
    name_zh_hant: product.nameZhHant ?? '',
    description_en: product.descriptionEn,
    description_zh_hans: product.descriptionZhHans ?? '',
    description_zh_hant: product.descriptionZhHant ?? '',
    category: product.categoryId,
    hs_code: product.hsCode ?? '',
    origin_country: product.originCountry,
    unit: product.unit,
    moq: product.moq,
    lead_time_days: product.leadTimeDays ?? '',
    attributes: formatAttributes(product.attributes),
    status: product.status,
  }
}

function csvOf(rows: ProductRow[]): Uint8Array {
  const csv = Papa.unparse({ fields: [...IMPORT_COLUMNS], data: rows.map((row) => IMPORT_COLUMNS.map((column) => cellsOf(row)[column])) })
  // A byte order mark makes Excel read the file as UTF-8 (the import strips it).
  return new TextEncoder().encode(`\uFEFF${csv}\r\n`)
}

/** Written with exceljs' streaming writer: rows are committed as they go instead of building the whole workbook. */
async function xlsxOf(rows: ProductRow[]): Promise<Uint8Array> {
  const output = new PassThrough()
  const chunks: Buffer[] = []
  output.on('data', (chunk: Buffer) => chunks.push(chunk))
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false, useStyles: false })
  const sheet = workbook.addWorksheet('products')
  sheet.addRow([...IMPORT_COLUMNS]).commit()
  for (const row of rows) {
    const cells = cellsOf(row)
    // SKUs and HS codes stay text, so "000123" and "030111" keep their leading zeros.
    sheet.addRow(IMPORT_COLUMNS.map((column) => cells[column])).commit()
  }
  sheet.commit()
  await workbook.commit()
  return new Uint8Array(Buffer.concat(chunks))
}

/** The company's products (optionally of one status) as CSV or XLSX with the import's columns (admins and owners of a supplying company). */
export async function exportProducts(ctx: ServiceContext, rawQuery: ProductExportQuery = {}): Promise<ProductExport> {
  requireImporter(ctx.actor)
  const query = ProductExportQuery.parse(rawQuery)
  const filters: SQL[] = [eq(products.organizationId, ctx.actor.companyId), await visibleProductOf(ctx.actor.companyId)]
  if (query.status) filters.push(eq(products.status, query.status))
  const rows = await database()
    .select()
    .from(products)
    .where(and(...filters))
    .orderBy(asc(products.sku))
  const day = new Date().toISOString().slice(0, 10)
  const fileName = `products-${query.status ?? 'all'}-${day}.${query.format}`
  return query.format === 'csv'
    ? { fileName, contentType: `${FILE_TYPES.csv.mime}; charset=utf-8`, bytes: csvOf(rows) }
    : { fileName, contentType: FILE_TYPES.xlsx.mime, bytes: await xlsxOf(rows) }
}
