import { describe, expect, it } from 'vitest'
import { MAX_TRACKING_CSV_ROWS } from './logistics.constants'
import { decodeTrackingCsv, offsetMinutes, parseTrackingCsv } from './tracking-csv.server'

const HEADER = 'shipment,occurred_at,utc_offset,status,location,country,description,eta,event_id'

const fileErrorOf = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return (error as { details?: { fields?: { file?: string[] } } }).details?.fields?.file
  }
  return undefined
}

describe('tracking CSV parsing', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, CRLF line ends and a byte order mark', () => {
    const text = `\uFEFF${HEADER}\r\nSH-2026-00001,2026-12-03T14:05,+08:00,in_transit,"Ningbo, Beilun",cn,"Loaded on ""COSCO Aries""\r\nbay 12",2027-01-09,evt-1\r\n`
    const { rows, errors } = parseTrackingCsv(text)
    expect(errors).toEqual([])
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      row: 2,
      shipment: 'SH-2026-00001',
      event: {
        externalId: 'evt-1',
        status: 'in_transit',
        location: 'Ningbo, Beilun',
        country: 'CN',
        description: 'Loaded on "COSCO Aries"\r\nbay 12',
        eta: '2027-01-09',
        utcOffsetMinutes: 480,
      },
    })
    // 14:05 in Ningbo (UTC+8) is 06:05 UTC.
    expect(rows[0]!.event.occurredAt.toISOString()).toBe('2026-12-03T06:05:00.000Z')
  })

  it('takes the columns in any order, optional ones left out, and a time with its own offset', () => {
    const { rows, errors } = parseTrackingCsv('description,occurred_at,shipment\nArrived at the port,2026-06-20T08:00:00-05:00,COSU123\n')
    expect(errors).toEqual([])
    expect(rows[0]!.event).toMatchObject({ status: null, utcOffsetMinutes: -300, country: '', eta: null })
    expect(rows[0]!.event.occurredAt.toISOString()).toBe('2026-06-20T13:00:00.000Z')
  })

  it('names each bad row by its line (the header is row 1) and its column, blank lines counted', () => {
    const text = [
      HEADER,
      'SH-2026-00001,2026-12-03T14:05,,in_transit,Ningbo,CN,Departed,,',
      '',
      'SH-2026-00001,yesterday,+8,sailing,Ningbo,XX,D,2027-02-30,',
      ',2026-12-03T14:05,,,,,Departed,,',
    ].join('\n')
    const { rows, errors } = parseTrackingCsv(text)
    expect(rows.map((row) => row.row)).toEqual([2])
    expect(errors).toEqual([
      { row: 4, field: 'occurred_at', message: 'validation.occurredAt' },
      { row: 4, field: 'utc_offset', message: 'validation.utcOffset' },
      { row: 4, field: 'status', message: 'validation.status' },
      { row: 4, field: 'country', message: 'validation.country' },
      { row: 4, field: 'description', message: 'validation.description' },
      { row: 4, field: 'eta', message: 'validation.date' },
      { row: 5, field: 'shipment', message: 'csv.shipmentRequired' },
    ])
  })

  it('refuses an event in the future, as the form does', () => {
    const { errors } = parseTrackingCsv(`${HEADER}\nSH-1,2999-01-01T00:00:00Z,,exception,,,Held,,\n`)
    expect(errors).toEqual([{ row: 2, field: 'occurred_at', message: 'validation.futureEvent' }])
  })

  it('reports an unclosed quote as a malformed row', () => {
    const { errors } = parseTrackingCsv(`${HEADER}\nSH-1,2026-12-03T14:05,,,"Ningbo,CN,Departed,,\n`)
    expect(errors).toContainEqual({ row: 2, field: 'file', message: 'csv.malformedRow' })
  })

  it('refuses a header with a missing, an unknown or a repeated column before reading any row', () => {
    const { rows, errors } = parseTrackingCsv('shipment,occured_at,description,description\nSH-1,2026-12-03T14:05,Departed,Again\n')
    expect(rows).toEqual([])
    expect(errors).toEqual([
      { row: 1, field: 'occured_at', message: 'csv.unknownColumn' },
      { row: 1, field: 'description', message: 'csv.duplicateColumn' },
      { row: 1, field: 'occurred_at', message: 'csv.missingColumn' },
    ])
  })

  it('refuses a file without rows, with too many rows, or not in UTF-8', () => {
    expect(fileErrorOf(() => parseTrackingCsv(`${HEADER}\r\n\r\n`))).toEqual(['csv.empty'])
    const row = 'SH-1,2026-12-03T14:05,,,,,Departed,,\n'
    expect(fileErrorOf(() => parseTrackingCsv(`${HEADER}\n${row.repeat(MAX_TRACKING_CSV_ROWS + 1)}`))).toEqual(['csv.tooManyRows'])
    expect(parseTrackingCsv(`${HEADER}\n${row.repeat(MAX_TRACKING_CSV_ROWS)}`).rows).toHaveLength(MAX_TRACKING_CSV_ROWS)
    expect(fileErrorOf(() => decodeTrackingCsv(new Uint8Array([0x73, 0x68, 0xff, 0x0a])))).toEqual(['csv.encoding'])
    expect(() => decodeTrackingCsv(new Uint8Array(1_000_001))).toThrow(expect.objectContaining({ code: 'file_too_large' }))
  })

  it('understands offsets as ±HH:MM, ±HHMM or minutes, and leaves the rest for the input to refuse', () => {
    expect(offsetMinutes('+08:00')).toBe('480')
    expect(offsetMinutes('-0530')).toBe('-330')
    expect(offsetMinutes('+5:45')).toBe('345')
    expect(offsetMinutes('-300')).toBe('-300')
    expect(offsetMinutes('480')).toBe('480')
    expect(offsetMinutes('')).toBe('')
    expect(offsetMinutes('+8')).not.toBe('8')
  })
})
