import { describe, expect, it } from 'vitest'
import { isSearchable, type LabelledPage, matchingPages } from './palette-search'

const page = (label: string, groupLabel: string): LabelledPage => ({ to: `/${label}`, labelKey: label, groupLabelKey: groupLabel, label, groupLabel })
const PAGES = [
  page('Dashboard', 'Home'),
  page('Purchase projects', 'Sourcing'),
  page('Purchase orders', 'Orders'),
  page('Service orders', 'Orders'),
  page('Team', 'Company'),
  page('采购订单', '订单'),
]
const labels = (pages: LabelledPage[]) => pages.map((found) => found.label)

describe('pages the palette offers', () => {
  it('lists every page for an empty query', () => {
    expect(labels(matchingPages(PAGES, '  '))).toEqual(labels(PAGES))
  })

  it('keeps pages whose label or group holds every word, labels starting with the query first', () => {
    expect(labels(matchingPages(PAGES, 'orders'))).toEqual(['Purchase orders', 'Service orders'])
    expect(labels(matchingPages(PAGES, 'purchase ord'))).toEqual(['Purchase orders'])
    expect(labels(matchingPages(PAGES, 'team'))).toEqual(['Team'])
    expect(labels(matchingPages(PAGES, 'or'))).toEqual(['Purchase orders', 'Service orders'])
    expect(labels(matchingPages(PAGES, '订单'))).toEqual(['采购订单'])
  })
})

describe('when the server is asked', () => {
  it('needs two characters, or one Chinese character', () => {
    expect(isSearchable('p')).toBe(false)
    expect(isSearchable(' po ')).toBe(true)
    expect(isSearchable('茶')).toBe(true)
    expect(isSearchable('   ')).toBe(false)
  })
})
