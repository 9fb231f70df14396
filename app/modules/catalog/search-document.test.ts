import { describe, expect, it } from 'vitest'
import { buildSearchDocument, searchQueryTerms } from './search-document'

describe('buildSearchDocument', () => {
  it('expands a Chinese run into characters and overlapping bigrams', () => {
    expect(buildSearchDocument({ nameEn: '', nameZhHans: '陶瓷杯子' })).toBe('陶 瓷 杯 子 陶瓷 瓷杯 杯子')
  })

  it('lower-cases words of every field, Traditional Chinese and attributes included', () => {
    const document = buildSearchDocument({
      nameEn: 'Ceramic Mug, 350-ml',
      nameZhHant: '陶瓷',
      descriptionEn: 'Dishwasher SAFE',
      sku: 'MUG-01',
      attributes: [{ name: 'Colour', value: 'Blue' }],
    })
    expect(document).toBe('ceramic mug 350 ml 陶 瓷 陶瓷 dishwasher safe mug 01 colour blue')
  })

  it('splits mixed Latin and Chinese text', () => {
    expect(buildSearchDocument({ nameEn: 'LED灯泡' })).toBe('led 灯 泡 灯泡')
  })
})

describe('searchQueryTerms', () => {
  it('keeps one- and two-character Chinese queries whole', () => {
    expect(searchQueryTerms('瓷')).toEqual(['瓷'])
    expect(searchQueryTerms('陶瓷')).toEqual(['陶瓷'])
  })

  it('turns longer Chinese queries into their bigrams', () => {
    expect(searchQueryTerms('陶瓷杯')).toEqual(['陶瓷', '瓷杯'])
  })

  it('strips tsquery syntax and de-duplicates words', () => {
    expect(searchQueryTerms("Mug & !cup | 'mug':*")).toEqual(['mug', 'cup'])
    expect(searchQueryTerms('  ')).toEqual([])
  })
})
