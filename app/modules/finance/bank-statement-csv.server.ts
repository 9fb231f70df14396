// A bank statement as a CSV export (issue 21): banks name and format their columns differently, so the header is read
// by the usual names, either separator, and the usual date and amount spellings. Pure: the service stores what this reads.
import { createHash } from 'node:crypto'
import Papa from 'papaparse'
import { CURRENCY_CODES } from '../../platform/format/currency-codes'
import { parseDecimal } from '../../platform/format/decimal-text'
import { currencyDigits } from '../../platform/format/money'
import { MAX_STATEMENT_ROWS } from './bank-statement.inputs'

/** One transaction of the statement; `row` counts the header as row 1. */
export type StatementRow = {
  row: number
  bookedOn: string
  amountMinor: bigint
  currency: string
  reference: string
  payer: string
  transactionKey: string
}

/** A problem of one row in one column, as a message key of the `finance` namespace. */
export type StatementRowError = { row: number; field: string; message: string }

export type StatementParse = { ok: true; rows: StatementRow[] } | { ok: false; fileError: string | null; rowErrors: StatementRowError[] }

type Column = 'date' | 'amount' | 'credit' | 'debit' | 'currency' | 'reference' | 'description' | 'payer' | 'transaction_id'

/** The header names banks use for each column (compared lower-case, with spaces, dashes and underscores alike). */
const ALIASES: Record<Column, readonly string[]> = {
  date: [
    'date',
    'booking_date',
    'booked_on',
    'booked',
    'value_date',
    'transaction_date',
    'posting_date',
    'entry_date',
    'valuta',
    'buchungstag',
    'buchungsdatum',
    '日期',
    '交易日期',
    '记账日期',
    '記帳日期',
  ],
  amount: ['amount', 'value', 'transaction_amount', 'betrag', '金额', '金額', '交易金额', '交易金額'],
  credit: ['credit', 'credit_amount', 'paid_in', 'money_in', 'deposit', '收入', '贷方', '貸方'],
  debit: ['debit', 'debit_amount', 'paid_out', 'money_out', 'withdrawal', '支出', '借方'],
  currency: ['currency', 'ccy', 'cur', 'currency_code', 'währung', '币种', '幣種', '货币', '貨幣'],
  reference: ['reference', 'payment_reference', 'remittance_information', 'remittance_info', 'purpose', 'memo', 'verwendungszweck', '附言', '摘要', '用途'],
  description: ['description', 'details', 'narrative', 'text', 'transaction_details', 'booking_text', '备注', '備註', '说明', '說明'],
  payer: [
    'payer',
    'payer_name',
    'counterparty',
    'counterparty_name',
    'name',
    'remitter',
    'sender',
    'ordering_party',
    'from',
    'auftraggeber',
    '付款人',
    '对方户名',
    '對方戶名',
  ],
  transaction_id: [
    'transaction_id',
    'transaction_reference',
    'bank_reference',
    'bank_id',
    'txn_id',
    'id',
    'fitid',
    'end_to_end_id',
    '流水号',
    '流水號',
    '交易流水号',
  ],
}

const headerName = (cell: string) =>
  cell
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s\-_.]+/g, '_')

const COLUMN_OF = new Map<string, Column>(Object.entries(ALIASES).flatMap(([column, names]) => names.map((name) => [name, column as Column] as const)))

function readHeader(cells: string[]): { columns: Map<Column, number>; errors: StatementRowError[] } {
  const columns = new Map<Column, number>()
  const errors: StatementRowError[] = []
  cells.forEach((cell, index) => {
    const column = COLUMN_OF.get(headerName(cell))
    if (!column) return
    if (columns.has(column)) errors.push({ row: 1, field: column, message: 'statementFile.duplicateColumn' })
    else columns.set(column, index)
  })
  if (!columns.has('date')) errors.push({ row: 1, field: 'date', message: 'statementFile.missingColumn' })
  if (!columns.has('amount') && !columns.has('credit')) errors.push({ row: 1, field: 'amount', message: 'statementFile.missingColumn' })
  if (!columns.has('currency')) errors.push({ row: 1, field: 'currency', message: 'statementFile.missingColumn' })
  if (!columns.has('reference') && !columns.has('description')) errors.push({ row: 1, field: 'reference', message: 'statementFile.missingColumn' })
  return { columns, errors }
}

const isRealDay = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1990 && year <= 2999
}

/** `2026-03-14`, `2026/03/14`, `14.03.2026` or an ISO timestamp's day; anything else (03/14/2026 is ambiguous) is null. */
export function statementDay(text: string): string | null {
  const value = text.trim()
  const iso = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ].*)?$/.exec(value)
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value)
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : dotted ? [dotted[3], dotted[2], dotted[1]] : []
  if (!year || !month || !day || !isRealDay(Number(year), Number(month), Number(day))) return null
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`
}

/**
 * An amount as banks write it, in minor units: `1250.50`, `-80`, `+1,250.50`, `1.250,50`, `(80.00)` (negative), and with
 * a semicolon-separated file `1250,50` (its decimal comma). More decimals than the currency has is an error (null).
 */
export function statementAmount(text: string, currency: string, decimalComma: boolean): bigint | null {
  let value = text.replace(/[\s\u00A0']/g, '')
  const parenthesised = /^\((.*)\)$/.exec(value)
  if (parenthesised) value = `-${parenthesised[1]}`
  value = value.replace(/^\+/, '')
  const lastComma = value.lastIndexOf(',')
  const lastDot = value.lastIndexOf('.')
  if (lastComma >= 0 && lastDot >= 0) value = lastComma > lastDot ? value.replace(/\./g, '').replace(',', '.') : value.replace(/,/g, '')
  else if (lastComma >= 0) value = decimalComma && !/^-?\d{1,3}(,\d{3})+$/.test(value) ? value.replace(',', '.') : value.replace(/,/g, '')
  if (!/^-?\d+(\.\d+)?$/.test(value)) return null
  const { units, scale } = parseDecimal(value)
  const digits = currencyDigits(currency)
  if (scale > digits) return null
  return units * 10n ** BigInt(digits - scale)
}

const KNOWN_CURRENCIES = new Set<string>(CURRENCY_CODES)

/**
 * Reads a statement: every row or the errors of each. A file without a header, without rows or with more than
 * MAX_STATEMENT_ROWS is refused as a whole (`fileError`).
 */
export function parseStatementCsv(text: string): StatementParse {
  const source = text.replace(/^\uFEFF/, '')
  const firstLine = source.split(/\r?\n/, 1)[0] ?? ''
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ','
  const parsed = Papa.parse<string[]>(source, { delimiter, skipEmptyLines: false })
  const records = parsed.data
  const blank = (record: string[]) => record.every((value) => value.trim() === '')
  if (records.length === 0 || blank(records[0]!)) return { ok: false, fileError: 'statementFile.noHeader', rowErrors: [] }
  const dataRows = records.slice(1).filter((record) => !blank(record)).length
  if (dataRows > MAX_STATEMENT_ROWS) return { ok: false, fileError: 'statementFile.tooManyRows', rowErrors: [] }
  const header = readHeader(records[0]!)
  // A first row naming none of the columns is no header at all (the bank's export began with data, or is not a statement).
  if (header.columns.size === 0) return { ok: false, fileError: 'statementFile.noHeader', rowErrors: [] }
  if (header.errors.length > 0) return { ok: false, fileError: null, rowErrors: header.errors }
  if (dataRows === 0) return { ok: false, fileError: 'statementFile.empty', rowErrors: [] }

  const errors: StatementRowError[] = parsed.errors.map((error) => ({ row: (error.row ?? 0) + 1, field: 'file', message: 'statementFile.malformedRow' }))
  const rows: StatementRow[] = []
  const occurrences = new Map<string, number>()
  records.forEach((record, index) => {
    if (index === 0 || blank(record)) return
    const row = index + 1
    const read = readRow(record, row, header.columns, delimiter === ';', errors)
    if (!read) return
    // Two identical transactions in one file (two equal transfers the same day) are both kept: the n-th is told apart.
    const identity = [read.bookedOn, read.amountMinor, read.currency, read.reference, read.payer].join('|')
    const occurrence = (occurrences.get(identity) ?? 0) + 1
    occurrences.set(identity, occurrence)
    const key = read.transactionId ? `bank:${read.transactionId}` : `sha256:${createHash('sha256').update(`${identity}|${occurrence}`).digest('hex')}`
    rows.push({
      row,
      bookedOn: read.bookedOn,
      amountMinor: read.amountMinor,
      currency: read.currency,
      reference: read.reference,
      payer: read.payer,
      transactionKey: key,
    })
  })
  if (errors.length > 0) return { ok: false, fileError: null, rowErrors: errors.sort((a, b) => a.row - b.row) }
  return { ok: true, rows }
}

function readRow(
  cells: string[],
  row: number,
  columns: Map<Column, number>,
  decimalComma: boolean,
  errors: StatementRowError[],
): (Omit<StatementRow, 'transactionKey' | 'row'> & { transactionId: string }) | null {
  const cell = (column: Column) => {
    const index = columns.get(column)
    return index === undefined ? '' : (cells[index] ?? '').trim()
  }
  const before = errors.length
  const bookedOn = statementDay(cell('date'))
  if (!bookedOn) errors.push({ row, field: 'date', message: 'statementFile.badDate' })
  const currency = cell('currency').toUpperCase()
  if (!KNOWN_CURRENCIES.has(currency)) errors.push({ row, field: 'currency', message: 'statementFile.badCurrency' })
  let amountMinor: bigint | null = null
  if (KNOWN_CURRENCIES.has(currency)) {
    if (columns.has('amount')) amountMinor = statementAmount(cell('amount'), currency, decimalComma)
    else {
      // Separate columns: a credit is money in, a debit money out (written positive or negative, by bank).
      const credit = cell('credit') ? statementAmount(cell('credit'), currency, decimalComma) : 0n
      const debit = cell('debit') ? statementAmount(cell('debit'), currency, decimalComma) : 0n
      amountMinor = credit === null || debit === null || (!cell('credit') && !cell('debit')) ? null : credit - (debit < 0n ? -debit : debit)
    }
    if (amountMinor === null) errors.push({ row, field: 'amount', message: 'statementFile.badAmount' })
  }
  const reference = [cell('reference'), cell('description')].filter(Boolean).join(' · ').slice(0, 1_000)
  const transactionId = cell('transaction_id').slice(0, 200)
  if (errors.length > before || !bookedOn || amountMinor === null) return null
  return { bookedOn, amountMinor, currency, reference, payer: cell('payer').slice(0, 300), transactionId }
}
