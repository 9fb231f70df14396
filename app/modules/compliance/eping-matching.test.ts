import { describe, expect, it } from 'vitest'
import { MATCH_REASON_LIMIT, type MatchableNotification, type MatchableProduct, type MatchableSubscription, matchNotifications } from './eping-matching.server'
import { searchTextOf } from './eping-text'

function notification(id: string, facts: Partial<Omit<MatchableNotification, 'id' | 'searchText'>> & { description?: string } = {}): MatchableNotification {
  const { description = '', ...rest } = facts
  const full = { hsCodes: [], memberCode: 'EU', title: 'A notification', products: '', ...rest }
  return { id, ...full, searchText: searchTextOf([full.title, description, full.products]) }
}

const product = (id: string, organizationId: string, hsCode: string | null, ...names: string[]): MatchableProduct => ({ id, organizationId, hsCode, names })
const subscription = (organizationId: string, facts: Partial<Omit<MatchableSubscription, 'organizationId'>>): MatchableSubscription => ({
  organizationId,
  hsCodes: [],
  memberCodes: [],
  keywords: [],
  ...facts,
})

/** "company:notification" for each match, for compact expectations. */
const pairs = (matches: ReturnType<typeof matchNotifications>) => matches.map((match) => `${match.organizationId}:${match.notificationId}`)

describe('matching notifications to products by HS code', () => {
  const notifications = [
    notification('heading', { hsCodes: ['6912'] }),
    notification('subheading', { hsCodes: ['691110'] }),
    notification('chapter', { hsCodes: ['94'] }),
  ]

  it('matches a product whose code starts with a notified code', () => {
    const matches = matchNotifications(notifications, [product('mug', 'a', '691200', '')])
    expect(matches).toEqual([
      { organizationId: 'a', notificationId: 'heading', productIds: ['mug'], reasons: [{ kind: 'product_hs', value: '6912', productId: 'mug' }] },
    ])
  })

  it('matches a notified code that starts with the product’s code of four digits or more', () => {
    expect(pairs(matchNotifications(notifications, [product('plate', 'a', '6911', '')]))).toEqual(['a:subheading'])
    // A chapter says too little of a product to claim every subheading notified under it.
    expect(pairs(matchNotifications(notifications, [product('ceramics', 'a', '69', '')]))).toEqual([])
  })

  it('matches a chapter-level notification to every product of the chapter', () => {
    expect(pairs(matchNotifications(notifications, [product('chair', 'a', '940139', ''), product('lamp', 'b', '940542', '')]))).toEqual([
      'a:chapter',
      'b:chapter',
    ])
  })

  it('matches nothing for another code or no code', () => {
    expect(matchNotifications(notifications, [product('bolt', 'a', '731815', 'Hex bolt'), product('thing', 'a', null, 'Thing')])).toEqual([])
  })

  it('gathers a company’s products concerned by one notification into one match', () => {
    const [match, ...rest] = matchNotifications(notifications, [product('mug', 'a', '691200', ''), product('bowl', 'a', '691200', '')])
    expect(rest).toEqual([])
    expect(match).toMatchObject({ organizationId: 'a', notificationId: 'heading', productIds: ['mug', 'bowl'] })
    expect(match!.reasons).toEqual([{ kind: 'product_hs', value: '6912', productId: 'mug' }])
  })
})

describe('matching notifications to products by name', () => {
  const notifications = [
    notification('lamps', { title: 'Safety of LED filament bulbs and smart bulbs', products: 'Lamps for general lighting' }),
    notification('coffee', { title: 'Maximum residue limits in coffee beans' }),
    notification('described', { title: 'Electrical equipment', description: 'Covers porcelain insulators and dinner plates' }),
  ]

  it('matches when the name’s significant words appear in the title or products (plurals forgiven)', () => {
    const matches = matchNotifications(notifications, [product('bulb', 'a', null, 'LED Filament Bulb', 'LED灯丝灯泡')])
    expect(matches).toEqual([
      { organizationId: 'a', notificationId: 'lamps', productIds: ['bulb'], reasons: [{ kind: 'product_words', value: 'filament bulb', productId: 'bulb' }] },
    ])
  })

  it('needs two significant words of a longer name, and one of a one-word name', () => {
    expect(pairs(matchNotifications(notifications, [product('p', 'a', null, 'Smart Wi-Fi Bulb Controller')])).sort()).toEqual(['a:lamps'])
    expect(pairs(matchNotifications(notifications, [product('p', 'a', null, 'Bulb Holder Bracket')]))).toEqual([])
    expect(pairs(matchNotifications(notifications, [product('p', 'a', null, 'Premium Coffee Mug')]))).toEqual(['a:coffee'])
  })

  it('looks only in the title and products, and finds no words in a Chinese name', () => {
    expect(matchNotifications(notifications, [product('plate', 'a', null, 'Porcelain dinner plate')])).toEqual([])
    expect(matchNotifications(notifications, [product('cup', 'a', null, '咖啡杯', '咖啡杯')])).toEqual([])
  })
})

describe('matching notifications to subscriptions', () => {
  const notifications = [
    notification('toys', { hsCodes: ['9503'], memberCode: 'GB', title: 'Toys (Safety) Regulations', description: 'Limits for nitrosamines in toys' }),
    notification('tea', { hsCodes: ['090210'], memberCode: 'JP', title: 'Maximum residue limits for green tea' }),
    notification('ceramics', { hsCodes: ['69'], memberCode: 'MX', title: 'Glazed ceramic ware — lead and cadmium', products: 'Food contact ceramics' }),
  ]

  it('matches followed HS codes both ways: notified under them or over them', () => {
    const matches = matchNotifications(notifications, [], [subscription('a', { hsCodes: ['0902', '691200'] })])
    expect(matches.map((match) => [match.notificationId, match.reasons])).toEqual([
      ['tea', [{ kind: 'subscription_hs', value: '0902' }]],
      ['ceramics', [{ kind: 'subscription_hs', value: '691200' }]],
    ])
    expect(matches.every((match) => match.productIds.length === 0)).toBe(true)
  })

  it('matches followed notifying members', () => {
    expect(pairs(matchNotifications(notifications, [], [subscription('a', { memberCodes: ['JP', 'MX'] })]))).toEqual(['a:tea', 'a:ceramics'])
  })

  it('matches keywords as words or phrases anywhere in the text, and Chinese keywords as typed', () => {
    const matches = matchNotifications(notifications, [], [subscription('a', { keywords: ['nitrosamine', 'food contact', 'green teas', 'cad', '铅'] })])
    expect(matches.map((match) => [match.notificationId, match.reasons.map((reason) => reason.value)])).toEqual([
      ['toys', ['nitrosamine']],
      ['tea', ['green teas']],
      ['ceramics', ['food contact']],
    ])
  })

  it('adds a company’s subscription reasons to its product match', () => {
    const matches = matchNotifications(notifications, [product('blocks', 'a', '950300', 'Building Blocks')], [subscription('a', { memberCodes: ['GB'] })])
    expect(matches).toEqual([
      {
        organizationId: 'a',
        notificationId: 'toys',
        productIds: ['blocks'],
        reasons: [
          { kind: 'product_hs', value: '9503', productId: 'blocks' },
          { kind: 'subscription_member', value: 'GB' },
        ],
      },
    ])
  })

  it('matches nothing for a subscription that follows other things', () => {
    expect(matchNotifications(notifications, [], [subscription('a', { hsCodes: ['8501'], memberCodes: ['US'], keywords: ['battery'] })])).toEqual([])
  })
})

describe('matching at scale', () => {
  it('keeps a bounded list of reasons for a company with many concerned products', () => {
    const notifications = [notification('furniture', { hsCodes: ['94'] })]
    const products = Array.from({ length: 500 }, (_, index) => product(`p${index}`, 'a', `9401${String(index % 100).padStart(2, '0')}`, ''))
    const [match] = matchNotifications(notifications, products)
    expect(match!.productIds).toHaveLength(500)
    expect(match!.reasons.length).toBeLessThanOrEqual(MATCH_REASON_LIMIT)
  })

  it('matches 2,000 notifications against 20,000 products through its indexes in well under the 30 s budget', () => {
    const codes = ['6912', '691110', '9405', '853952', '9503', '940350', '0902', '8504']
    const notifications = Array.from({ length: 2_000 }, (_, index) =>
      notification(`n${index}`, {
        hsCodes: [codes[index % codes.length]!],
        title: `Regulation ${index} on lamps, toys and ceramic tableware`,
        memberCode: 'CN',
      }),
    )
    const names = ['LED Filament Bulb', 'Building Blocks', 'Porcelain Dinner Plate', 'Office Chair', 'Power Bank', 'Green Tea']
    const products = Array.from({ length: 20_000 }, (_, index) =>
      product(`p${index}`, `c${index % 400}`, `${codes[index % codes.length]!}00`.slice(0, 6), `${names[index % names.length]!} ${index % 7}`),
    )
    const started = performance.now()
    const matches = matchNotifications(notifications, products)
    expect(matches.length).toBeGreaterThan(0)
    expect(performance.now() - started).toBeLessThan(15_000)
  })
})
