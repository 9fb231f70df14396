import { describe, expect, it } from 'vitest'
import { checkFiles, formatFileSize, matchesAccept } from './file-drop-validation'

const file = (name: string, type: string, size = 100) => ({ name, type, size })

describe('matchesAccept', () => {
  it('accepts every file when no accept list is given', () => {
    expect(matchesAccept(file('a.exe', 'application/x-msdownload'), undefined)).toBe(true)
    expect(matchesAccept(file('a.exe', 'application/x-msdownload'), '')).toBe(true)
  })

  it('matches extensions case-insensitively', () => {
    expect(matchesAccept(file('Invoice.PDF', ''), '.pdf')).toBe(true)
    expect(matchesAccept(file('invoice.pdf.txt', 'text/plain'), '.pdf')).toBe(false)
  })

  it('matches exact MIME types and wildcards', () => {
    expect(matchesAccept(file('photo.jpg', 'image/jpeg'), 'image/*')).toBe(true)
    expect(matchesAccept(file('sheet.csv', 'text/csv'), 'image/*, text/csv')).toBe(true)
    expect(matchesAccept(file('sheet.csv', 'text/csv'), 'image/*,application/pdf')).toBe(false)
  })
})

describe('checkFiles', () => {
  it('rejects a file of the wrong type', () => {
    const exe = file('tool.exe', 'application/x-msdownload')
    expect(checkFiles([exe], { accept: '.pdf' })).toEqual({ accepted: [], rejected: [{ file: exe, reason: 'type' }] })
  })

  it('rejects a file larger than the maximum size but keeps one exactly at it', () => {
    const big = file('big.pdf', 'application/pdf', 1001)
    const limit = file('limit.pdf', 'application/pdf', 1000)
    expect(checkFiles([big, limit], { maxSize: 1000, multiple: true })).toEqual({ accepted: [limit], rejected: [{ file: big, reason: 'size' }] })
  })

  it('keeps only the first valid file when one file is allowed', () => {
    const wrong = file('a.exe', 'application/x-msdownload')
    const first = file('b.pdf', 'application/pdf')
    const second = file('c.pdf', 'application/pdf')
    expect(checkFiles([wrong, first, second], { accept: '.pdf' })).toEqual({
      accepted: [first],
      rejected: [
        { file: wrong, reason: 'type' },
        { file: second, reason: 'count' },
      ],
    })
  })

  it('keeps every valid file when several are allowed', () => {
    const files = [file('b.pdf', 'application/pdf'), file('c.pdf', 'application/pdf')]
    expect(checkFiles(files, { multiple: true })).toEqual({ accepted: files, rejected: [] })
  })
})

describe('formatFileSize', () => {
  it('picks the largest decimal unit below 1000', () => {
    expect(formatFileSize(512, 'en')).toBe('512 byte')
    expect(formatFileSize(1500, 'en')).toBe('1.5 kB')
    expect(formatFileSize(10_000_000, 'en')).toBe('10 MB')
    expect(formatFileSize(2_500_000_000, 'en')).toBe('2.5 GB')
  })
})
