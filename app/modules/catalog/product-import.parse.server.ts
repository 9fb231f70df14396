import { Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import { AppError } from '../../platform/errors'
import { MAX_IMPORT_ROWS } from './product-import.inputs'

export type SpreadsheetType = 'csv' | 'xlsx'

/** A spreadsheet as text: the header row, then each data row's cells (as many as it has). */
export type Sheet = { headers: string[]; rows: string[][] }

const fileError = (key: string, message: string, details: Record<string, unknown> = {}) => new AppError('validation_failed', message, { ...details, fields: { file: [key] } })

function decodeUtf8(bytes: Uint8Array): string {
  try {
    // The decoder drops a leading byte order mark.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw fileError('file.encoding', 'The CSV file is not UTF-8 text')
  }
}

function parseCsv(bytes: Uint8Array): string[][] {
  // One row more than allowed (plus the header) is enough to know the file is too long.
  const result = Papa.parse<string[]>(decodeUtf8(bytes), { skipEmptyLines: 'greedy', preview: MAX_IMPORT_ROWS + 2 })
  const broken = result.errors.find((error) => error.type === 'Quotes')
  if (broken) throw fileError('file.malformed', 'The CSV file has an unclosed quote', { row: (broken.row ?? 0) + 1 })
  return result.data
}

/** A cell as text: rich text joined, formulas by their result, dates as ISO dates, numbers as written. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if (typeof value !== 'object') return String(value)
  if ('richText' in value) return value.richText.map((part) => part.text).join('')
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue)
  if ('text' in value) return String(value.text)
  return ''
}

/** The first worksheet's rows, streamed (the workbook is never held whole); stops one row past the limit. */
async function parseXlsx(bytes: Uint8Array): Promise<string[][]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  })
  const rows: string[][] = []
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const values = Array.isArray(row.values) ? row.values.slice(1) : []
        const cells = Array.from(values, (value) => cellText(value as ExcelJS.CellValue))
        if (cells.some((cell) => cell.trim() !== '')) rows.push(cells)
        if (rows.length > MAX_IMPORT_ROWS + 1) break
      }
      break
    }
  } catch {
    throw fileError('file.unreadable', 'The XLSX file cannot be read')
  }
  return rows
}

/**
 * The header and rows of an import file (CSV: UTF-8, delimiter detected; XLSX: the first worksheet).
 * 422 when it has no header or data, or more than MAX_IMPORT_ROWS data rows.
 */
export async function parseSpreadsheet(bytes: Uint8Array, type: SpreadsheetType): Promise<Sheet> {
  const [header, ...rows] = type === 'csv' ? parseCsv(bytes) : await parseXlsx(bytes)
  const headers = (header ?? []).map((cell) => cell.trim())
  if (!headers.some(Boolean)) throw fileError('file.noHeader', 'The file has no header row')
  if (rows.length === 0) throw fileError('file.noRows', 'The file has no product rows')
  if (rows.length > MAX_IMPORT_ROWS) throw fileError('file.tooManyRows', 'The file has too many rows', { limit: MAX_IMPORT_ROWS })
  return { headers, rows }
}
