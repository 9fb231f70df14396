import { describe, expect, it } from 'vitest'
import { hsIndexFromCsv, hsNomenclatureCodes } from './hs-index.fixture'
import { editDistance, hanPairs, hsCodeQuery, isHsCodeShape, latinStems } from './hs-text'

describe('HS words', () => {
  it('folds plurals, accents and case, and pairs Chinese characters', () => {
    expect(latinStems('Mugs, BATTERIES and Café boxes of porcelain')).toEqual(['mug', 'battery', 'cafe', 'box', 'porcelain'])
    expect(hanPairs('陶瓷杯')).toEqual(['陶瓷', '瓷杯'])
    expect(hanPairs('茶')).toEqual(['茶'])
  })

  it('counts edits with swaps as one, and stops past the budget', () => {
    expect(editDistance('porcelian', 'porcelain', 2)).toBe(1)
    expect(editDistance('tabelware', 'tableware', 2)).toBe(1)
    expect(editDistance('bicycle', 'tricycle', 1)).toBe(2)
    expect(editDistance('abc', 'xyzxyz', 2)).toBe(3)
  })

  it('reads codes as people type them and checks their shape', () => {
    expect(hsCodeQuery('6912')).toBe('6912')
    expect(hsCodeQuery('8501.10')).toBe('850110')
    expect(hsCodeQuery('8501 10')).toBe('850110')
    expect(hsCodeQuery('85011000')).toBeNull()
    expect(hsCodeQuery('mug 6912')).toBeNull()
    for (const good of ['69', '6912', '691200']) expect(isHsCodeShape(good)).toBe(true)
    for (const bad of ['6', '691', '69120', '6912000', '69a2', '', '69.12']) expect(isHsCodeShape(bad)).toBe(false)
  })
})

describe('HS index', () => {
  const index = hsIndexFromCsv()

  it('holds the chapters, headings and subheadings with their parents and children', () => {
    expect(index.nodes.filter((node) => node.level === 2)).toHaveLength(96)
    expect(index.nodes.filter((node) => node.level === 4)).toHaveLength(1228)
    expect(index.nodes.filter((node) => node.level === 6)).toHaveLength(5612)
    expect(index.node('6912')!.children).toEqual(['691200'])
    expect(index.ancestors('691200').map((node) => node.code)).toEqual(['69', '6912'])
    expect(index.sections).toHaveLength(21)
    expect(index.section('XIII')!.chapters).toEqual(['68', '69', '70'])
  })

  it('finds codes by prefix, by words with typos, and ranks codes holding every word first', () => {
    expect(index.search('6912').map((hit) => hit.code)).toEqual(['6912', '691200'])
    expect(index.search('8501.10').map((hit) => hit.code)).toEqual(['850110'])
    const porcelain = index.search('porcelain tableware')
    expect(porcelain[0]!.code).toMatch(/^6911/)
    expect(porcelain[0]!.matched).toEqual(expect.arrayContaining(['porcelain', 'tableware']))
    const typo = index.search('porcelian tabelware')
    expect(typo[0]!.code).toMatch(/^6911/)
    expect(typo[0]!.corrected).toEqual(expect.arrayContaining([{ typed: 'porcelian', found: 'porcelain' }]))
    expect(index.search('bicycl').some((hit) => hit.code === '8712')).toBe(true)
    expect(index.search('zzzzqqq')).toEqual([])
    expect(index.search('   ')).toEqual([])
  })

  it('answers a 5,000-character query without trouble', () => {
    expect(Array.isArray(index.search('leather '.repeat(625)))).toBe(true)
    expect(index.classify('cotton '.repeat(700)).length).toBeGreaterThan(0)
  })

  it('offers nearby codes for an unknown one', () => {
    expect(index.nearby('691299')).toEqual(['6912', '691200'])
    expect(index.nearby('999999')).toEqual([])
  })

  it('has Simplified and Traditional Chinese for every chapter and heading', () => {
    const chaptersAndHeadings = hsNomenclatureCodes().filter((code) => code.length <= 4)
    expect(chaptersAndHeadings).toHaveLength(96 + 1228)
    const missing = chaptersAndHeadings.filter((code) => index.text(code, 'zh-Hans').fallback || index.text(code, 'zh-Hant').fallback)
    expect(missing).toEqual([])
    expect(index.text('8471', 'zh-Hans').text).toMatch(/^自动数据处理设备/)
    expect(index.text('7323', 'zh-Hant').text).toMatch(/^鋼鐵製餐桌/)
  })

  it('falls back to English for a subheading without a Chinese text, and says so', () => {
    expect(index.text('691200', 'zh-Hans')).toEqual({ text: index.node('691200')!.en, fallback: true })
    expect(index.text('691200', 'en').fallback).toBe(false)
  })
})

describe('HS search with product names', () => {
  const index = hsIndexFromCsv()

  it('finds the headings a product name usually goes to, with the material deciding', () => {
    const mug = index.search('porcelain mug')
    expect(mug[0]!.code).toBe('6911')
    expect(mug[0]!.matched).toEqual(expect.arrayContaining(['porcelain', 'mug']))
    expect(
      index
        .search('陶瓷杯')
        .slice(0, 3)
        .map((hit) => hit.code),
    ).toContain('6912')
  })
})
