import { describe, expect, it } from 'vitest'
import { buildSearchDocument, parseSearchQuery, searchQueryTerms, termsQuery, wordForms } from './search-document'

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

  it('splits a Chinese compound into dictionary words, so no bigram across two words is required', () => {
    expect(searchQueryTerms('陶瓷杯')).toEqual(['陶瓷', '杯'])
    expect(searchQueryTerms('蓝牙耳机')).toEqual(['蓝牙', '耳机'])
    expect(searchQueryTerms('藍牙耳機')).toEqual(['藍牙', '耳機'])
  })

  it('turns a Chinese word longer than two characters into its bigrams, as documents hold it', () => {
    expect(searchQueryTerms('不鏽鋼')).toEqual(['不鏽', '鏽鋼'])
    const document = buildSearchDocument({ nameEn: '', nameZhHans: '陶瓷咖啡杯', nameZhHant: '不鏽鋼保溫杯' }).split(' ')
    for (const q of ['陶瓷杯', '陶瓷咖啡杯', '咖啡杯', '不鏽鋼杯', '保溫杯'])
      expect(
        searchQueryTerms(q).every((term) => document.includes(term)),
        q,
      ).toBe(true)
  })

  it('keeps Latin words of a mixed query', () => {
    expect(searchQueryTerms('LED灯泡 12V')).toEqual(['led', '12v', '灯泡'])
  })

  it('strips tsquery syntax and de-duplicates words', () => {
    expect(searchQueryTerms("Mug & !cup | 'mug':*")).toEqual(['mug', 'cup'])
    expect(searchQueryTerms('  ')).toEqual([])
  })
})

describe('parseSearchQuery', () => {
  it('takes 4- to 10-digit numbers, dots allowed, as HS code prefixes of at most six digits', () => {
    expect(parseSearchQuery('6912').hsCodes).toEqual([{ prefix: '6912', terms: ['6912'] }])
    expect(parseSearchQuery('6912.00').hsCodes).toEqual([{ prefix: '691200', terms: ['6912', '00'] }])
    expect(parseSearchQuery('6912.00.10').hsCodes).toEqual([{ prefix: '691200', terms: ['6912', '00', '10'] }])
    expect(parseSearchQuery('HS 691200 陶瓷杯')).toEqual({ terms: ['陶瓷', '杯'], hsCodes: [{ prefix: '691200', terms: ['691200'] }], words: ['陶瓷', '杯'] })
  })

  it('leaves shorter numbers and numbers inside words as text', () => {
    expect(parseSearchQuery('69 cups')).toMatchObject({ terms: ['69', 'cups'], hsCodes: [] })
    expect(parseSearchQuery('a6912 12v')).toMatchObject({ terms: ['a6912', '12v'], hsCodes: [] })
    expect(parseSearchQuery('hs cups')).toMatchObject({ terms: ['hs', 'cups'], hsCodes: [] })
  })
})

describe('wordForms and termsQuery', () => {
  it('gives an English word its regular singular and plural', () => {
    expect(wordForms('mugs')).toEqual(['mugs', 'mug'])
    expect(wordForms('mug')).toEqual(['mug', 'mugs'])
    expect(wordForms('boxes')).toEqual(['boxes', 'box'])
    expect(wordForms('glasses')).toEqual(['glasses', 'glass'])
    expect(wordForms('benches')).toEqual(['benches', 'bench'])
    expect(wordForms('batteries')).toEqual(['batteries', 'battery'])
    expect(wordForms('battery')).toEqual(['battery', 'batteries'])
    expect(wordForms('sizes')).toEqual(['sizes', 'size'])
    expect(wordForms('shoes')).toEqual(['shoes', 'shoe'])
  })

  it('leaves numbers, Chinese, short words, model codes and words ending in -ss, -us, -is as they are besides their plural', () => {
    expect(wordForms('6912')).toEqual(['6912'])
    expect(wordForms('陶瓷')).toEqual(['陶瓷'])
    expect(wordForms('12v')).toEqual(['12v'])
    expect(wordForms('led')).toEqual(['led', 'leds'])
    expect(wordForms('gas')).toEqual(['gas', 'gases'])
    expect(wordForms('cactus')).toEqual(['cactus', 'cactuses'])
    expect(wordForms('glass')).toEqual(['glass', 'glasses'])
  })

  it('requires every term, an English one in any of its forms, each lexeme quoted', () => {
    expect(termsQuery(['ceramic', 'mugs'])).toBe("('ceramic' | 'ceramics') & ('mugs' | 'mug')")
    expect(termsQuery(['12v', '灯泡'])).toBe("'12v' & '灯泡'")
  })
})
