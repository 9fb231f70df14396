import { describe, expect, it } from 'vitest'
import { EpingSubscriptionInput } from './eping.inputs'
import { isEpingHsCode, isEpingMemberCode, keywordOccurs, notifiedHsCodes, plainText, significantWords, wordsNeeded } from './eping-text'

describe('notified HS codes', () => {
  it('keeps the digits of each code of a list or of a comma/semicolon separated text', () => {
    expect(notifiedHsCodes(['6912', '6911.10', 940_542])).toEqual(['6912', '691110', '940542'])
    expect(notifiedHsCodes('6912.00, 9405; 8539 52')).toEqual(['691200', '9405', '853952'])
  })

  it('cuts national tariff lines to the subheading, drops what is shorter than a chapter, and keeps each code once', () => {
    expect(notifiedHsCodes(['6403.40.00.00', '4202.12.10', '6', '', 'ex 69', '6912', '6912.00.00'])).toEqual(['640340', '420212', '69', '6912', '691200'])
    expect(notifiedHsCodes(null)).toEqual([])
    expect(notifiedHsCodes('')).toEqual([])
  })
})

describe('code shapes', () => {
  it('takes HS codes of 2 to 6 digits only', () => {
    for (const code of ['69', '691', '6912', '69120', '691200']) expect(isEpingHsCode(code), code).toBe(true)
    for (const code of ['6', '6912000', '69a2', '69.12', '', ' 6912']) expect(isEpingHsCode(code), code).toBe(false)
  })

  it('takes ISO alpha-2 country codes and EU as notifying members', () => {
    for (const code of ['CN', 'US', 'EU', 'GB', 'TW']) expect(isEpingMemberCode(code), code).toBe(true)
    for (const code of ['XX', 'cn', 'USA', 'E', '']) expect(isEpingMemberCode(code), code).toBe(false)
  })

  it('normalizes a subscription and refuses bad codes, each under its own field', () => {
    expect(EpingSubscriptionInput.parse({ hsCodes: ['6912.00', '6912.00'], memberCodes: [' eu ', 'cn'], keywords: ['  food   contact '] })).toEqual({
      hsCodes: ['691200'],
      memberCodes: ['EU', 'CN'],
      keywords: ['food contact'],
    })
    const bad = EpingSubscriptionInput.safeParse({ hsCodes: ['69a2'], memberCodes: ['XX'], keywords: ['x'.repeat(61)] })
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['hsCodes.0', 'validation.hsCodes'],
      ['memberCodes.0', 'validation.memberCodes'],
      ['keywords.0', 'validation.keywords'],
    ])
  })

  it('refuses a list over its limit with one error, without looking at 10,000 items', () => {
    const bad = EpingSubscriptionInput.safeParse({ hsCodes: Array.from({ length: 10_000 }, () => 'not a code') })
    expect(bad.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['hsCodes', 'validation.tooManyHsCodes']])
  })
})

describe('words', () => {
  it('takes the significant words of a product name as stems: four letters or more, not generic, no Chinese', () => {
    expect(significantWords('Porcelain Dinner Plates with cobalt rim, 27 cm')).toEqual(['porcelain', 'dinner', 'plate', 'cobalt'])
    expect(significantWords('Premium White Coffee Mug, 350 ml')).toEqual(['coffee'])
    expect(significantWords('青瓷石器马克杯 350 毫升')).toEqual([])
  })

  it('needs all of one or two significant words, and two of more', () => {
    expect([0, 1, 2, 3, 5].map(wordsNeeded)).toEqual([0, 1, 2, 2, 2])
  })

  it('finds a keyword as a whole word or phrase, plurals forgiven, and a Chinese keyword as typed', () => {
    expect(keywordOccurs('toy', 'Safety of toys and childcare articles')).toBe(true)
    expect(keywordOccurs('food contact', 'Materials intended to come into contact with food')).toBe(false)
    expect(keywordOccurs('food contact', 'Ceramic food contact materials')).toBe(true)
    expect(keywordOccurs('tea', 'Steam irons and steamers')).toBe(false)
    expect(keywordOccurs('陶瓷', '陶瓷餐具')).toBe(true)
  })

  it('turns the API’s markup into text', () => {
    expect(plainText('<p>Lead &amp; cadmium</p><p>limits&nbsp;apply</p>')).toBe('Lead & cadmium\nlimits apply')
  })
})
