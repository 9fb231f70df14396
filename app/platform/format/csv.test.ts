import { describe, expect, it } from 'vitest'
import { csvCell, csvDocument } from './csv'

describe('csv', () => {
  it('quotes cells with commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a, "b"')).toBe('"a, ""b"""')
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)")
    expect(csvCell('-5')).toBe("'-5")
    expect(csvCell(-5)).toBe('-5')
    expect(csvCell(null)).toBe('')
  })

  it('writes a byte order mark, the header and CRLF lines', () => {
    expect(csvDocument(['a', 'b'], [[1, '陶瓷杯']])).toBe('\uFEFFa,b\r\n1,陶瓷杯\r\n')
  })
})
