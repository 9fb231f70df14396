// The built-in planner (issue 23) against a table of English and Chinese (Simplified and Traditional) sourcing requests:
// what each says — intent, product, quantity and unit, price and currency, destination, Incoterm, deadline, document —
// and the tool calls that answer it, every one valid for its tool.
import { describe, expect, it } from 'vitest'
import { chineseNumber, planCalls, understand } from './assistant-planner'
import { TOOL_INPUTS } from './assistant-tools.inputs'
import type { PlannedCall, SourcingRequest } from './assistant.types'

const NOW = new Date('2026-12-05T10:00:00Z')

type Case = [text: string, fields: Partial<SourcingRequest>, calls: Array<PlannedCall['name']>, args?: Record<string, unknown>]

const ENGLISH: Case[] = [
  [
    'I need 5,000 ceramic mugs delivered to Hamburg',
    { intent: 'draft_requirement', product: 'ceramic mugs', quantity: 5000, unit: 'pcs', destination: 'Hamburg', destinationCountry: 'DE' },
    ['find_suppliers', 'propose_requirement'],
    { title: 'ceramic mugs', quantity: 5000, unit: 'pcs', destination: 'Hamburg' },
  ],
  [
    'Find verified suppliers of stainless steel water bottles',
    { intent: 'find', product: 'stainless steel water bottles', verifiedOnly: true },
    ['search_products', 'find_suppliers'],
    { query: 'stainless steel water bottles', verified_only: true },
  ],
  ['What is the HS code for bone china mugs?', { intent: 'hs_lookup', product: 'bone china mugs' }, ['lookup_hs_codes'], { description: 'bone china mugs' }],
  [
    'compare quotes for RFQ-2026-00007',
    { intent: 'compare', product: null, reference: { kind: 'rfq', number: 'RFQ-2026-00007' } },
    ['read_comparison'],
    { rfq: 'RFQ-2026-00007' },
  ],
  [
    'where is my order PO-2026-00042',
    { intent: 'order_status', reference: { kind: 'order', number: 'PO-2026-00042' } },
    ['read_order'],
    { order: 'PO-2026-00042' },
  ],
  [
    'Send an RFQ for 2000 LED panels FOB Ningbo, target $12.50, deliver by 2027-03-01',
    {
      intent: 'draft_rfq',
      product: 'led panels',
      quantity: 2000,
      targetPrice: '12.50',
      currency: 'USD',
      incoterm: 'FOB',
      destination: null,
      deadline: '2027-03-01',
    },
    ['propose_rfq'],
    { title: 'led panels', quantity: 2000, unit: 'pcs', target_unit_price: '12.50', currency: 'USD', incoterm: 'FOB', delivery_date: '2027-03-01' },
  ],
  ['price of LED panels', { intent: 'price_research', product: 'led panels' }, ['research_prices'], { query: 'led panels' }],
  [
    'We need 20k cotton t-shirts at most USD 3.20 each by March 15',
    { intent: 'draft_requirement', product: 'cotton t-shirts', quantity: 20000, targetPrice: '3.20', currency: 'USD', deadline: '2027-03-15' },
    ['find_suppliers', 'propose_requirement'],
  ],
  [
    'I want 10 containers of frozen shrimp CIF Rotterdam within 6 weeks',
    {
      intent: 'draft_requirement',
      product: 'frozen shrimp',
      quantity: 10,
      unit: 'containers',
      incoterm: 'CIF',
      destination: 'Rotterdam',
      destinationCountry: 'NL',
      deadline: '2027-01-16',
    },
    ['find_suppliers', 'propose_requirement'],
  ],
  [
    'Ceramic coffee mug 350 ml, 3000 pcs, ship to Los Angeles',
    { intent: 'draft_requirement', product: 'ceramic coffee mug', quantity: 3000, destination: 'Los Angeles', destinationCountry: 'US' },
    ['find_suppliers', 'propose_requirement'],
  ],
  ['hello', { intent: 'help', product: null }, []],
  ['shortlist suppliers of bamboo toothbrushes', { intent: 'shortlist', product: 'bamboo toothbrushes' }, ['find_suppliers']],
  ['status of my latest project', { intent: 'project_status', product: null, reference: { kind: 'project', number: null } }, ['read_project'], {}],
  ['how much do LED bulbs cost', { intent: 'price_research', product: 'led bulbs' }, ['research_prices']],
  [
    'I need 500 kg of green tea delivered to Dubai next month',
    { intent: 'draft_requirement', product: 'green tea', quantity: 500, unit: 'kg', destination: 'Dubai', destinationCountry: 'AE', deadline: '2027-01-01' },
    ['find_suppliers', 'propose_requirement'],
  ],
  ['Looking for manufacturers of solar panels', { intent: 'find', product: 'solar panels' }, ['search_products', 'find_suppliers']],
  ['who makes bicycle helmets?', { intent: 'find', product: 'bicycle helmets' }, ['search_products', 'find_suppliers']],
  [
    'We want to buy 1.2 million paper cups, €0.03 each, delivered to Antwerp',
    {
      intent: 'draft_requirement',
      product: 'paper cups',
      quantity: 1_200_000,
      targetPrice: '0.03',
      currency: 'EUR',
      destination: 'Antwerp',
      destinationCountry: 'BE',
    },
    ['find_suppliers', 'propose_requirement'],
  ],
  [
    'Get quotes for 300 sets of office chairs DDP London',
    { intent: 'draft_rfq', product: 'office chairs', quantity: 300, unit: 'sets', incoterm: 'DDP', destination: 'London', destinationCountry: 'GB' },
    ['propose_rfq'],
  ],
  [
    'Please draft a requirement for 800 pairs of leather boots',
    { intent: 'draft_requirement', product: 'leather boots', quantity: 800, unit: 'pairs' },
    ['find_suppliers', 'propose_requirement'],
  ],
  ['tariff code for lithium batteries', { intent: 'hs_lookup', product: 'lithium batteries' }, ['lookup_hs_codes']],
  ['classify wooden dining tables', { intent: 'hs_lookup', product: 'wooden dining tables' }, ['lookup_hs_codes']],
  ['What does a polyester tote bag cost?', { intent: 'price_research', product: 'polyester tote bag' }, ['research_prices']],
  ['Compare the quotations on my latest RFQ', { intent: 'compare', reference: { kind: 'rfq', number: null } }, ['read_comparison'], {}],
  ['track order po-2026-00107', { intent: 'order_status', reference: { kind: 'order', number: 'PO-2026-00107' } }, ['read_order']],
  ['status of my latest order', { intent: 'order_status', reference: { kind: 'order', number: null } }, ['read_order'], {}],
  [
    'What is happening with PRJ-2026-00012?',
    { intent: 'project_status', reference: { kind: 'project', number: 'PRJ-2026-00012' } },
    ['read_project'],
    { project: 'PRJ-2026-00012' },
  ],
  ['status of RFQ-2026-00031', { intent: 'rfq_status', reference: { kind: 'rfq', number: 'RFQ-2026-00031' } }, ['read_rfq'], { rfq: 'RFQ-2026-00031' }],
  [
    'Need 2,500 units of USB-C chargers under $4 shipped to Sydney by 15 February 2027',
    {
      intent: 'draft_requirement',
      product: 'usb-c chargers',
      quantity: 2500,
      targetPrice: '4',
      currency: 'USD',
      destination: 'Sydney',
      destinationCountry: 'AU',
      deadline: '2027-02-15',
    },
    ['find_suppliers', 'propose_requirement'],
  ],
  [
    'RFQ for 5000 pcs silicone baking mats, CIF Felixstowe',
    { intent: 'draft_rfq', product: 'silicone baking mats', quantity: 5000, incoterm: 'CIF', destination: 'Felixstowe', destinationCountry: 'GB' },
    ['propose_rfq'],
  ],
  ['find audited factories for cotton towels in', { intent: 'find', product: 'cotton towels', verifiedOnly: true }, ['search_products', 'find_suppliers']],
  [
    'I need 40 tons of steel wire rod to Mumbai',
    { intent: 'draft_requirement', product: 'steel wire rod', quantity: 40, unit: 't', destination: 'Mumbai', destinationCountry: 'IN' },
    ['find_suppliers', 'propose_requirement'],
  ],
  [
    'buy 600 rolls of kraft paper, deliver within 3 weeks',
    { intent: 'draft_requirement', product: 'kraft paper', quantity: 600, unit: 'rolls', deadline: '2026-12-26' },
    ['find_suppliers', 'propose_requirement'],
  ],
  [
    'Source 12,000 cartons of bottled water for Singapore',
    { intent: 'draft_requirement', product: 'bottled water', quantity: 12000, unit: 'cartons' },
    ['find_suppliers', 'propose_requirement'],
  ],
  ['I need ceramic mugs', { intent: 'find', product: 'ceramic mugs', quantity: null }, ['search_products', 'find_suppliers']],
  ['Send an RFQ for ceramic mugs', { intent: 'draft_rfq', product: 'ceramic mugs', quantity: null }, ['find_suppliers']],
  ['price research for 12V LED strips', { intent: 'price_research', product: 'led strips' }, ['research_prices']],
  [
    'Can you find suppliers of LED strips that are verified?',
    { intent: 'find', product: 'led strips', verifiedOnly: true },
    ['search_products', 'find_suppliers'],
  ],
  [
    'Need 3k yoga mats at around 6.50 USD per piece delivered to New York',
    {
      intent: 'draft_requirement',
      product: 'yoga mats',
      quantity: 3000,
      targetPrice: '6.50',
      currency: 'USD',
      destination: 'New York',
      destinationCountry: 'US',
    },
    ['find_suppliers', 'propose_requirement'],
  ],
  [
    'I need 200 sheets of plywood in May',
    { intent: 'draft_requirement', product: 'plywood', quantity: 200, unit: 'sheets', deadline: '2027-05-31' },
    ['find_suppliers', 'propose_requirement'],
  ],
  ['what can you do?', { intent: 'help' }, []],
  [
    'send an rfq for 1500 bags of cement FOB Qingdao by 2027-02-01',
    { intent: 'draft_rfq', product: 'cement', quantity: 1500, unit: 'bags', incoterm: 'FOB', destination: null, deadline: '2027-02-01' },
    ['propose_rfq'],
  ],
]

const CHINESE: Case[] = [
  [
    '我需要5000个陶瓷马克杯，运到汉堡',
    { language: 'zh', intent: 'draft_requirement', product: '陶瓷马克杯', quantity: 5000, unit: 'pcs', destination: 'Hamburg', destinationCountry: 'DE' },
    ['find_suppliers', 'propose_requirement'],
    { title: '陶瓷马克杯', quantity: 5000, unit: 'pcs', destination: 'Hamburg' },
  ],
  [
    '請幫我找已認證的不鏽鋼保溫杯供應商',
    { intent: 'find', product: '不鏽鋼保溫杯', verifiedOnly: true },
    ['search_products', 'find_suppliers'],
    { query: '不鏽鋼保溫杯', verified_only: true },
  ],
  ['陶瓷杯的海关编码是多少', { intent: 'hs_lookup', product: '陶瓷杯' }, ['lookup_hs_codes'], { description: '陶瓷杯' }],
  [
    '求购2万个不锈钢保温杯，单价不超过15元，3月15日前到货',
    { intent: 'draft_requirement', product: '不锈钢保温杯', quantity: 20000, targetPrice: '15', currency: 'CNY', deadline: '2027-03-15' },
    ['find_suppliers', 'propose_requirement'],
  ],
  [
    '五千套餐具 送到鹿特丹',
    { intent: 'draft_requirement', product: '餐具', quantity: 5000, unit: 'sets', destination: 'Rotterdam', destinationCountry: 'NL' },
    ['find_suppliers', 'propose_requirement'],
  ],
  [
    '我需要5000個陶瓷馬克杯，運到漢堡',
    { intent: 'draft_requirement', product: '陶瓷馬克杯', quantity: 5000, destination: 'Hamburg', destinationCountry: 'DE' },
    ['find_suppliers', 'propose_requirement'],
  ],
  ['寻找LED灯的供应商', { intent: 'find', product: 'LED灯' }, ['search_products', 'find_suppliers']],
  ['骨瓷杯子的HS编码', { intent: 'hs_lookup', product: '骨瓷杯子' }, ['lookup_hs_codes']],
  ['太阳能板多少钱', { intent: 'price_research', product: '太阳能板' }, ['research_prices']],
  ['比较RFQ-2026-00007的报价', { intent: 'compare', reference: { kind: 'rfq', number: 'RFQ-2026-00007' } }, ['read_comparison'], { rfq: 'RFQ-2026-00007' }],
  ['我的订单PO-2026-00042到哪了', { intent: 'order_status', reference: { kind: 'order', number: 'PO-2026-00042' } }, ['read_order']],
  [
    '发询价：3000件纯棉T恤，FOB宁波，目标价每件2.5美元',
    { intent: 'draft_rfq', quantity: 3000, incoterm: 'FOB', targetPrice: '2.5', currency: 'USD', destination: null },
    ['propose_rfq'],
  ],
  [
    '需要两万个纸杯，运往洛杉矶，45天内到货',
    { intent: 'draft_requirement', product: '纸杯', quantity: 20000, destination: 'Los Angeles', destinationCountry: 'US', deadline: '2027-01-19' },
    ['find_suppliers', 'propose_requirement'],
  ],
  [
    '采购500公斤绿茶，下个月交货',
    { intent: 'draft_requirement', product: '绿茶', quantity: 500, unit: 'kg', deadline: '2027-01-01' },
    ['find_suppliers', 'propose_requirement'],
  ],
  ['找认证的竹制牙刷工厂', { intent: 'find', product: '竹制牙刷', verifiedOnly: true }, ['search_products', 'find_suppliers']],
  ['把不锈钢水瓶的供应商加入候选名单', { intent: 'shortlist', product: '不锈钢水瓶' }, ['find_suppliers']],
  ['最新的项目进展如何', { intent: 'project_status', reference: { kind: 'project', number: null } }, ['read_project']],
  [
    '我需要一万二千个玻璃瓶，送到迪拜',
    { intent: 'draft_requirement', product: '玻璃瓶', quantity: 12000, destination: 'Dubai', destinationCountry: 'AE' },
    ['find_suppliers', 'propose_requirement'],
  ],
  ['詢價：800雙皮靴，CIF鹿特丹', { intent: 'draft_rfq', quantity: 800, unit: 'pairs', incoterm: 'CIF', destination: 'Rotterdam' }, ['propose_rfq']],
  [
    '求購3噸咖啡豆，寄到東京',
    { intent: 'draft_requirement', product: '咖啡豆', quantity: 3, unit: 't', destination: 'Tokyo', destinationCountry: 'JP' },
    ['find_suppliers', 'propose_requirement'],
  ],
  ['LED面板的價格', { intent: 'price_research', product: 'LED面板' }, ['research_prices']],
  ['鋰電池的稅號是什麼', { intent: 'hs_lookup', product: '鋰電池' }, ['lookup_hs_codes']],
  ['你好', { intent: 'help' }, []],
  [
    '需要1000箱矿泉水，2027年2月1日前送到新加坡',
    {
      intent: 'draft_requirement',
      product: '矿泉水',
      quantity: 1000,
      unit: 'cartons',
      deadline: '2027-02-01',
      destination: 'Singapore',
      destinationCountry: 'SG',
    },
    ['find_suppliers', 'propose_requirement'],
  ],
  [
    '我要订购300台咖啡机，单价不超过80欧元',
    { intent: 'draft_requirement', product: '咖啡机', quantity: 300, targetPrice: '80', currency: 'EUR' },
    ['find_suppliers', 'propose_requirement'],
  ],
  ['找生产瑜伽垫的厂家', { intent: 'find' }, ['search_products', 'find_suppliers']],
  ['查一下我最新的订单状态', { intent: 'order_status', reference: { kind: 'order', number: null } }, ['read_order']],
]

function check([text, fields, calls, args]: Case) {
  const request = understand(text, NOW)
  expect(request).toMatchObject(fields)
  const planned = planCalls(request)
  expect(planned.map((call) => call.name)).toEqual(calls)
  if (args) expect(planned.at(-1)?.arguments).toEqual(args)
  for (const call of planned) expect(TOOL_INPUTS[call.name].safeParse(call.arguments).success, `${call.name} ${JSON.stringify(call.arguments)}`).toBe(true)
}

describe('the built-in planner', () => {
  it('has a table of at least 40 English and 25 Chinese requests', () => {
    expect(ENGLISH.length).toBeGreaterThanOrEqual(40)
    expect(CHINESE.length).toBeGreaterThanOrEqual(25)
  })

  describe('reads English requests', () => {
    for (const entry of ENGLISH) it(entry[0], () => check(entry))
  })

  describe('reads Chinese requests (Simplified and Traditional)', () => {
    for (const [text, fields, calls, args] of CHINESE) it(text, () => check([text, { language: 'zh', ...fields }, calls, args]))
  })

  it('reads Chinese numerals', () => {
    expect(chineseNumber('五千')).toBe(5000)
    expect(chineseNumber('两万')).toBe(20000)
    expect(chineseNumber('一万二千')).toBe(12000)
    expect(chineseNumber('三千五百')).toBe(3500)
    expect(chineseNumber('十')).toBe(10)
    expect(chineseNumber('些')).toBeNull()
  })

  it('keeps what was asked before in a follow-up, changing only what the new message says', () => {
    const first = understand('I need 5,000 ceramic mugs delivered to Hamburg', NOW)
    expect(understand('make it an RFQ', NOW, first)).toMatchObject({ intent: 'draft_rfq', product: 'ceramic mugs', quantity: 5000, destination: 'Hamburg' })
    expect(understand('what about 10,000?', NOW, first)).toMatchObject({ intent: 'draft_requirement', product: 'ceramic mugs', quantity: 10000 })
    expect(understand('target price $1.80', NOW, first)).toMatchObject({
      intent: 'draft_requirement',
      product: 'ceramic mugs',
      targetPrice: '1.80',
      currency: 'USD',
    })
    const chinese = understand('我需要5000个陶瓷马克杯，运到汉堡', NOW)
    expect(understand('改成询价', NOW, chinese)).toMatchObject({ intent: 'draft_rfq', product: '陶瓷马克杯', quantity: 5000 })
    // A new product starts afresh.
    expect(understand('find suppliers of bamboo straws', NOW, first)).toMatchObject({
      intent: 'find',
      product: 'bamboo straws',
      quantity: null,
      destination: null,
    })
  })

  it('reads a date without a year as the next one to come', () => {
    expect(understand('I need 100 pcs of mugs by January 10', NOW).deadline).toBe('2027-01-10')
    expect(understand('I need 100 pcs of mugs by December 20', NOW).deadline).toBe('2026-12-20')
    expect(understand('需要100个杯子，12月底前', NOW).deadline).toBe('2026-12-31')
  })

  it('reads only the start of a very long message and never hangs', () => {
    const long = `I need 5,000 ceramic mugs delivered to Hamburg ${'and more words '.repeat(1400)}`
    expect(long.length).toBeGreaterThan(20_000)
    expect(understand(long, NOW)).toMatchObject({ quantity: 5000, destination: 'Hamburg' })
    const digits = '1'.repeat(20_000)
    expect(understand(digits, NOW).intent).toBe('help')
  })
})
