import { describe, expect, it } from 'vitest'
import { containsPattern } from './contains-pattern'

describe('containsPattern', () => {
  it('lower-cases the text and wraps it in wildcards', () => {
    expect(containsPattern('PO-2026')).toBe('%po-2026%')
  })

  it('escapes the characters LIKE treats specially', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%')
  })
})
