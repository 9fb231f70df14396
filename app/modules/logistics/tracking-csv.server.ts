// Tracking events uploaded as a CSV file by the shipping side: every row is checked first, and either all rows are
// stored (one transaction, each shipment locked in id order) or none, with the errors of each row.
import Papa from 'papaparse'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError, isAppError } from '../../platform/errors'
import { type OutboxEventId, relayEvents } from '../../platform/outbox/outbox.server'
import { requireCompany } from '../companies/index'
import { MAX_TRACKING_CSV_ROWS, TRACKING_CSV_COLUMNS } from './logistics.constants'
import { TrackingEventInput } from './shipment.inputs'
import { lockShipment, type ShipmentRow } from './shipment-writes.server'
import { applyTrackingEvents, checkReportedEvent, type IncomingEvent, incomingFromInput, shipmentsByReference } from './tracking.service.server'

/** The largest file taken (it travels in a request of at most BODY_LIMIT_BYTES, 1 MiB by default). */
export const MAX_TRACKING_CSV_BYTES = 1_000_000

export { TRACKING_CSV_COLUMNS }
type Column = (typeof TRACKING_CSV_COLUMNS)[number]
const REQUIRED_COLUMNS: readonly Column[] = ['shipment', 'occurred_at', 'description']

/** A problem of one row (1-based, the header being row 1) in one column, as a message key of the `logistics` namespace. */
export type CsvRowError = { row: number; field: string; message: string }
export type TrackingCsvRow = { row: number; shipment: string; input: TrackingEventInput; event: IncomingEvent }
export type TrackingCsvResult = { stored: number; duplicates: number; shipments: number }

/** Which column an input field comes from (an exception's reason is its description here). */
const COLUMN_OF: Record<string, Column> = {
  occurredAt: 'occurred_at',
  utcOffsetMinutes: 'utc_offset',
  status: 'status',
  location: 'location',
  country: 'country',
  description: 'description',
  reason: 'description',
  eta: 'eta',
  externalId: 'event_id',
}

const fileError = (key: string, message: string) => new AppError('validation_failed', message, { fields: { file: [key] } })

/** The text of an uploaded file: UTF-8 (a byte order mark is dropped), at most MAX_TRACKING_CSV_BYTES. */
export function decodeTrackingCsv(bytes: Uint8Array): string {
  if (bytes.byteLength > MAX_TRACKING_CSV_BYTES) throw new AppError('file_too_large', 'The CSV file is larger than 1 MB', { limitMb: 1 })
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw fileError('csv.encoding', 'The CSV file is not UTF-8 text')
  }
}

/**
 * An offset as the input takes it, in minutes: `+08:00`, `-0530` and `480` are understood; anything else is passed on
 * for the input to refuse. Real offsets are whole quarter hours, so `+8` (8 minutes) is refused too.
 */
export function offsetMinutes(value: string): string {
  const text = value.trim()
  const clock = /^([+-])(\d{1,2}):?(\d{2})$/.exec(text)
  if (clock && (text.includes(':') || text.length === 5)) return String((clock[1] === '-' ? -1 : 1) * (Number(clock[2]) * 60 + Number(clock[3])))
  return /^[+-]?\d+$/.test(text) && Number(text) % 15 !== 0 ? 'not-a-quarter-hour' : text
}

/** A spreadsheet's `2026-11-03 14:05` as ISO (`2026-11-03T14:05`). */
const isoTime = (value: string) => value.trim().replace(/^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})/, '$1T$2')

/** The header's columns by position; unknown, repeated and missing columns are errors of row 1. */
function readHeader(cells: string[], errors: CsvRowError[]): Map<Column, number> {
  const columns = new Map<Column, number>()
  cells.forEach((cell, index) => {
    const name = cell.trim().toLowerCase()
    if (!name) return
    if (!(TRACKING_CSV_COLUMNS as readonly string[]).includes(name)) errors.push({ row: 1, field: name, message: 'csv.unknownColumn' })
    else if (columns.has(name as Column)) errors.push({ row: 1, field: name, message: 'csv.duplicateColumn' })
    else columns.set(name as Column, index)
  })
  for (const column of REQUIRED_COLUMNS) if (!columns.has(column)) errors.push({ row: 1, field: column, message: 'csv.missingColumn' })
  return columns
}

/** One data row as an event, or its errors. */
function readRow(cells: string[], row: number, columns: Map<Column, number>, errors: CsvRowError[]): TrackingCsvRow | null {
  const cell = (column: Column) => {
    const index = columns.get(column)
    return index === undefined ? '' : (cells[index] ?? '').trim()
  }
  const shipment = cell('shipment')
  const rowErrors: CsvRowError[] = []
  if (!shipment || shipment.length > 60) rowErrors.push({ row, field: 'shipment', message: 'csv.shipmentRequired' })
  const parsed = TrackingEventInput.safeParse({
    occurredAt: isoTime(cell('occurred_at')),
    utcOffsetMinutes: offsetMinutes(cell('utc_offset')),
    status: cell('status').toLowerCase(),
    location: cell('location'),
    country: cell('country'),
    description: cell('description'),
    eta: cell('eta'),
    reason: '',
    externalId: cell('event_id'),
  })
  if (!parsed.success) {
    for (const issue of parsed.error.issues) rowErrors.push({ row, field: COLUMN_OF[String(issue.path[0])] ?? 'file', message: issue.message })
    errors.push(...rowErrors)
    return null
  }
  const event = incomingFromInput(parsed.data)
  try {
    checkReportedEvent(parsed.data, event)
  } catch (thrown) {
    const fields = isAppError(thrown) ? (thrown.details?.fields as Record<string, string[]> | undefined) : undefined
    if (!fields) throw thrown
    for (const [field, keys] of Object.entries(fields)) for (const key of keys) rowErrors.push({ row, field: COLUMN_OF[field] ?? field, message: key })
  }
  errors.push(...rowErrors)
  return rowErrors.length === 0 ? { row, shipment, input: parsed.data, event } : null
}

/**
 * Reads a tracking CSV (RFC 4180: quoted fields with commas, quotes and line breaks; CRLF or LF; a UTF-8 byte order
 * mark): the rows that are valid on their own and the errors of the others. A file without data rows or with more than
 * MAX_TRACKING_CSV_ROWS is refused as a whole.
 */
export function parseTrackingCsv(text: string): { rows: TrackingCsvRow[]; errors: CsvRowError[] } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter: ',', skipEmptyLines: false })
  const records = parsed.data
  const errors: CsvRowError[] = parsed.errors.map((error) => ({ row: (error.row ?? 0) + 1, field: 'file', message: 'csv.malformedRow' }))
  const blank = (record: string[]) => record.every((value) => value.trim() === '')
  const dataRows = records.slice(1).filter((record) => !blank(record)).length
  if (records.length === 0 || blank(records[0]!) || dataRows === 0) throw fileError('csv.empty', 'The CSV file has no rows')
  if (dataRows > MAX_TRACKING_CSV_ROWS) throw fileError('csv.tooManyRows', `The CSV file has more than ${MAX_TRACKING_CSV_ROWS} rows`)
  const columns = readHeader(records[0]!, errors)
  const rows: TrackingCsvRow[] = []
  if (errors.some((error) => error.row === 1)) return { rows, errors }
  const malformed = new Set(errors.map((error) => error.row))
  records.forEach((record, index) => {
    const row = index + 1
    if (index === 0 || blank(record) || malformed.has(row)) return
    const read = readRow(record, row, columns, errors)
    if (read) rows.push(read)
  })
  return { rows, errors: errors.sort((a, b) => a.row - b.row) }
}

/** An event long before the departure is a typo of the year more often than history. */
const DEPARTURE_SLACK_MS = 31 * 86_400_000
const beforeDeparture = (shipment: ShipmentRow, event: IncomingEvent) =>
  event.occurredAt.getTime() < new Date(`${shipment.etd}T00:00:00Z`).getTime() - DEPARTURE_SLACK_MS

/**
 * Imports a tracking CSV for the actor's company, which must ship or carry every shipment named (by number or carrier
 * tracking number; any other is an "unknown shipment", whoever's it is). All rows or none: any error refuses the file
 * with `details.rows`.
 */
export async function importTrackingCsv(ctx: ServiceContext, csvText: string): Promise<TrackingCsvResult> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  if (Buffer.byteLength(csvText, 'utf8') > MAX_TRACKING_CSV_BYTES) throw new AppError('file_too_large', 'The CSV file is larger than 1 MB', { limitMb: 1 })
  const { rows, errors } = parseTrackingCsv(csvText)
  const reporter = { source: 'csv' as const, companyId, userId: ctx.actor.userId }
  const { result, relay } = await database().transaction(async (tx) => {
    const found = await shipmentsByReference(tx, companyId, [...new Set(rows.map((row) => row.shipment))])
    const byShipment = new Map<string, IncomingEvent[]>()
    for (const row of rows) {
      const shipment = found.get(row.shipment)
      if (!shipment) errors.push({ row: row.row, field: 'shipment', message: 'csv.unknownShipment' })
      else if (beforeDeparture(shipment, row.event)) errors.push({ row: row.row, field: 'occurred_at', message: 'validation.eventBeforeDeparture' })
      else byShipment.set(shipment.id, [...(byShipment.get(shipment.id) ?? []), row.event])
    }
    if (errors.length > 0)
      throw new AppError('validation_failed', 'The CSV file has errors: nothing was imported', { rows: errors.sort((a, b) => a.row - b.row) })
    const result: TrackingCsvResult = { stored: 0, duplicates: 0, shipments: byShipment.size }
    const relay: OutboxEventId[] = []
    for (const id of [...byShipment.keys()].sort()) {
      const { shipment } = await lockShipment(tx, companyId, id)
      const applied = await applyTrackingEvents(tx, ctx, shipment, byShipment.get(id)!, reporter)
      result.stored += applied.stored
      result.duplicates += applied.duplicates
      relay.push(...applied.events)
    }
    return { result, relay }
  })
  await relayEvents(relay)
  return result
}
