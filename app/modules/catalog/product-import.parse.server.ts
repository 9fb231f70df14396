import { Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import Papa from 'papaparse'
import { AppError } from '../../platform/errors'
import { timeSlicer } from '../../platform/time-slice.server'
import { MAX_IMPORT_ROWS } from './product-import.inputs'

export type SpreadsheetType = 'csv' | 'xlsx'

/** A spreadsheet as text: the header row, then each data row's cells (as many as it has). */
export type Sheet = { headers: string[]; rows: string[][] }

const fileError = (key: string, message: string, details: Record<string, unknown> = {}) =>
  new AppError('validation_failed', message, { ...details, fields: { file: [key] } })

function decodeUtf8(bytes: Uint8Array): string {
  try {
    // The decoder drops a leading byte order mark.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw fileError('file.encoding', 'The CSV file is not UTF-8 text')
  }
}

/** Characters of CSV parsed per turn of the event loop (a few thousand rows): a 30 MB file must not hold the thread for seconds. */
const CSV_PIECE_CHARS = 1 << 20

/**
 * The end of the first record that ends at or after `from` (just past its line break), scanning from `start`, the beginning of a
 * record: a line break ends a record only outside quotes, i.e. after an even number of quote characters ("" inside a quoted
 * field counts twice). The end of the text when no record ends there.
 */
export function recordEnd(text: string, start: number, from: number): number {
  let at = start
  for (;;) {
    const quote = text.indexOf('"', at)
    const lineBreak = text.indexOf('\n', Math.max(at, from))
    if (lineBreak < 0) return text.length
    if (quote < 0 || quote > lineBreak) return lineBreak + 1
    // A quoted field opens before the line break: skip to its closing quote (an escaped "" closes and opens again).
    const closing = text.indexOf('"', quote + 1)
    if (closing < 0) return text.length
    at = closing + 1
  }
}

/**
 * The rows of a UTF-8 CSV file (delimiter detected on the first piece), parsed a piece of whole records at a time with a turn
 * of the event loop between pieces; stops one row past the limit.
 */
async function parseCsv(bytes: Uint8Array, giveWay: () => Promise<void> | undefined): Promise<string[][]> {
  const text = decodeUtf8(bytes)
  const rows: string[][] = []
  let delimiter: string | undefined
  // One row more than allowed (plus the header) is enough to know the file is too long.
  for (let start = 0; start < text.length && rows.length < MAX_IMPORT_ROWS + 2;) {
    const end = recordEnd(text, start, Math.min(start + CSV_PIECE_CHARS, text.length))
    const result = Papa.parse<string[]>(text.slice(start, end), {
      skipEmptyLines: 'greedy',
      preview: MAX_IMPORT_ROWS + 2 - rows.length,
      ...(delimiter ? { delimiter } : {}),
    })
    const broken = result.errors.find((error) => error.type === 'Quotes')
    if (broken) throw fileError('file.malformed', 'The CSV file has an unclosed quote', { row: rows.length + (broken.row ?? 0) + 1 })
    delimiter ??= result.meta.delimiter
    for (const row of result.data) rows.push(row)
    start = end
    const pause = giveWay()
    if (pause) await pause
  }
  return rows
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
  const [header, ...rows] = type === 'csv' ? await parseCsv(bytes, timeSlicer()) : await parseXlsx(bytes)
  const headers = (header ?? []).map((cell) => cell.trim())
  if (!headers.some(Boolean)) throw fileError('file.noHeader', 'The file has no header row')
  if (rows.length === 0) throw fileError('file.noRows', 'The file has no product rows')
  if (rows.length > MAX_IMPORT_ROWS) throw fileError('file.tooManyRows', 'The file has too many rows', { limit: MAX_IMPORT_ROWS })
  return { headers, rows }
}
