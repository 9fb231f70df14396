import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type EpingFake, fakeEpingItem, startEpingFake } from '../../../tests/support/eping-fake'
import { createEpingClient, type EpingApi, EpingApiError, parseEpingPage } from './eping-client.server'
import sample from './data/eping-sample.json'

const page = (...items: unknown[]) => ({ items, totalCount: items.length })

describe('an ePing search page', () => {
  it('maps an item to the record Tradeport stores', () => {
    const { records, totalCount } = parseEpingPage(
      page(
        fakeEpingItem(1, {
          documentSymbol: 'G/SPS/N/JPN/1234/Add.1',
          area: 'sps',
          notifyingMember: 'Japan',
          notifyingMemberCode: 'jp',
          title: '<b>Maximum residue limits</b> for tea',
          description: 'Limits for tea.<br>They apply to imports.',
          productsFreeText: 'Green tea',
          hsCodes: '0902.10; 0902.30.00',
          objectives: 'Food safety; Protection of human health',
          distributionDate: '2026-11-20T08:30:00Z',
          commentDeadlineDate: '',
          dateOfAdoption: '2026-11-16T00:00:00',
          entryIntoForce: null,
        }),
      ),
      'api',
    )
    expect(totalCount).toBe(1)
    expect(records[0]).toMatchObject({
      documentSymbol: 'G/SPS/N/JPN/1234/Add.1',
      area: 'SPS',
      memberCode: 'JP',
      memberName: 'Japan',
      title: 'Maximum residue limits for tea',
      description: 'Limits for tea.\nThey apply to imports.',
      products: 'Green tea',
      hsCodes: ['090210', '090230'],
      objectives: ['Food safety', 'Protection of human health'],
      distributedOn: '2026-11-20',
      commentDeadline: null,
      adoptedOn: '2026-11-16',
      inForceOn: null,
      source: 'api',
      links: [
        { label: 'notification', url: 'https://eping.wto.org/en/Search?viewData=G%2FTBT%2FN%2FEU%2F9001' },
        { label: 'document', url: 'https://docs.wto.org/dol2fe/Pages/SS/directdoc.aspx?filename=q:/G/TBT/NEU9001.pdf&Open=True' },
      ],
    })
    expect(records[0]!.searchText).toContain('maximum residue limits for tea')
  })

  it('takes countryCode and titlePlain where the other names are missing, and drops links that are not http(s)', () => {
    const [record] = parseEpingPage(
      page(
        fakeEpingItem(2, { notifyingMemberCode: null, countryCode: 'CN', title: null, titlePlain: 'Plain title', linkToNotification: 'javascript:alert(1)' }),
      ),
      'sample',
    ).records
    expect(record).toMatchObject({ memberCode: 'CN', title: 'Plain title', source: 'sample' })
    expect(record!.links.map((link) => link.label)).toEqual(['document'])
  })

  it.each([
    ['no document symbol', { documentSymbol: '' }],
    ['an unknown area', { area: 'TRIPS' }],
    ['no distribution date', { distributionDate: null }],
    ['an impossible date', { distributionDate: '2026-02-30T00:00:00' }],
    ['a comment deadline that is no date', { commentDeadlineDate: 'soon' }],
    ['a member without a two-letter code', { notifyingMemberCode: 'CHN', countryCode: null }],
    ['no title at all', { title: '', titlePlain: null }],
    ['HS codes of the wrong type', { hsCodes: { code: '6912' } }],
  ])('refuses a whole page with one item that has %s', (_what, overrides) => {
    expect(() => parseEpingPage(page(fakeEpingItem(3), fakeEpingItem(4, overrides)), 'api')).toThrow(/malformed item 2/)
  })

  it('refuses a body that is not a search page', () => {
    for (const body of [null, [], { items: 'none', totalCount: 1 }, { items: [] }, { items: [], totalCount: -1 }]) {
      expect(() => parseEpingPage(body, 'api')).toThrow(EpingApiError)
    }
  })
})

describe('the offline sample', () => {
  const { records } = parseEpingPage(sample, 'sample')

  it('has at least 50 real-shaped notifications of both areas and many members, read by the API’s own mapper', () => {
    expect(records.length).toBeGreaterThanOrEqual(50)
    expect(new Set(records.map((record) => record.area))).toEqual(new Set(['SPS', 'TBT']))
    const members = new Set(records.map((record) => record.memberCode))
    expect(members.size).toBeGreaterThanOrEqual(20)
    for (const code of ['CN', 'US', 'EU', 'JP', 'KR', 'BR', 'IN', 'VN', 'TH', 'SA', 'AE', 'CA', 'AU', 'GB', 'MX', 'ID', 'PH', 'EG', 'KE', 'CL']) {
      expect(members, code).toContain(code)
    }
    expect(new Set(records.map((record) => record.documentSymbol)).size).toBe(records.length)
  })

  it('looks like WTO records: symbols, dates in June–November 2026, deadlines both open and closed on 4 December 2026, links', () => {
    for (const record of records) {
      expect(record.documentSymbol).toMatch(/^G\/(SPS|TBT)\/N\/[A-Z]{2,4}\/\d+(\/Add\.\d+)?$/)
      expect(record.documentSymbol.split('/')[1]).toBe(record.area)
      expect(record.distributedOn >= '2026-06-01' && record.distributedOn <= '2026-11-30', record.documentSymbol).toBe(true)
      expect(record.description.split(/(?<=\.)\s/).length, record.documentSymbol).toBeGreaterThanOrEqual(2)
      expect(record.hsCodes.length, record.documentSymbol).toBeGreaterThan(0)
      expect(record.links.every((link) => /^https:\/\/(docs|eping)\.wto\.org\//.test(link.url))).toBe(true)
    }
    const deadlines = records.map((record) => record.commentDeadline).filter((day): day is string => day !== null)
    expect(deadlines.some((day) => day > '2026-12-04')).toBe(true)
    expect(deadlines.some((day) => day < '2026-12-04')).toBe(true)
  })

  it('concerns the demo catalogue: ceramics, LED lamps, furniture, toys and textiles', () => {
    const codes = records.flatMap((record) => record.hsCodes)
    for (const prefix of ['6912', '6911', '9405', '8539', '9403', '9503', '6302'])
      expect(
        codes.some((code) => code.startsWith(prefix) || prefix.startsWith(code)),
        prefix,
      ).toBe(true)
  })
})

describe('the ePing client', () => {
  const KEY = 'test-subscription-key'
  let fake: EpingFake
  let api: EpingApi

  beforeAll(async () => {
    fake = await startEpingFake({ key: KEY })
  })
  afterAll(() => fake.close())
  beforeEach(() => {
    fake.items = [fakeEpingItem(1), fakeEpingItem(2)]
    fake.requests.length = 0
    fake.failures.length = 0
    fake.malformedPages.clear()
    api = { url: fake.url, key: KEY, minIntervalMs: 0, timeoutMs: 2_000 }
  })

  it('asks for a page with the subscription key, the language and the first distribution day', async () => {
    const answer = await createEpingClient(api).page({ page: 2, pageSize: 1, since: '2026-06-15' })
    expect(answer).toMatchObject({ totalCount: 2, items: 1 })
    expect(fake.requests).toEqual([
      expect.objectContaining({
        path: '/notifications/search',
        key: KEY,
        query: { language: '1', page: '2', pageSize: '1', distributionDateFrom: '2026-06-15' },
      }),
    ])
  })

  it('tries again after a 503 and after a 429 with Retry-After, then answers the page', async () => {
    fake.failures.push({ status: 503, retryAfter: 0 }, { status: 429, retryAfter: 0 })
    const answer = await createEpingClient(api).page({ page: 1, pageSize: 10, since: null })
    expect(answer.records).toHaveLength(2)
    expect(fake.requests).toHaveLength(3)
  })

  it('gives up after three attempts that time out', async () => {
    fake.failures.push({ delayMs: 400 }, { delayMs: 400 }, { delayMs: 400 })
    const client = createEpingClient({ ...api, timeoutMs: 150 })
    await expect(client.page({ page: 1, pageSize: 10, since: null })).rejects.toThrow(/timed out after 150 ms \(3 attempts\)/)
    expect(fake.requests).toHaveLength(3)
  }, 15_000)

  it('does not try again when refused (a wrong key)', async () => {
    await expect(createEpingClient({ ...api, key: 'wrong' }).page({ page: 1, pageSize: 10, since: null })).rejects.toThrow(/answered 401/)
    expect(fake.requests).toHaveLength(1)
  })

  it('fails on a malformed page, naming it', async () => {
    fake.malformedPages.set(1, { items: [{ id: 1 }], totalCount: 1 })
    await expect(createEpingClient(api).page({ page: 1, pageSize: 10, since: null })).rejects.toThrow(/page 1: malformed item 1/)
  })

  it('leaves at least the minimum interval between two requests', async () => {
    const client = createEpingClient({ ...api, minIntervalMs: 300 })
    await client.page({ page: 1, pageSize: 1, since: null })
    await client.page({ page: 2, pageSize: 1, since: null })
    const [first, second] = fake.requests
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(290)
  })
})
