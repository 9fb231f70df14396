// Remote functions (issue 25, spec §7): each answers its documented shape from the platform's own rules and reference
// data, refuses input of the wrong shape with 422 and field messages, and an unknown name is 404 naming the known ones.
import { beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../db/factories/users'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'

let app: ReturnType<typeof testApp>
let user: CookieJar

beforeAll(async () => {
  app = testApp()
  user = await signInWithCookies(app, await createUser())
})

const run = (name: string, body: unknown, jar: CookieJar | null = user) => call(app, `/api/functions/${name}`, { body, ...(jar ? { jar } : {}) })
type Fields = { details: { fields: Record<string, string[]> } }
const fieldsOf = (json: unknown) => (json as Fields).details.fields

describe('POST /api/functions/landed-cost', () => {
  const lines = [
    { quantity: 500, unit_price: '12.40' },
    { quantity: 200, unit_price: '3.15' },
  ]

  it('shares stated freight by value, estimates what the Incoterm leaves to the buyer, and adds up per line', async () => {
    const response = await run('landed-cost', { currency: 'USD', quote_currency: 'USD', incoterm: 'FOB', lines, freight_amount: '850' })
    expect(response.status).toBe(200)
    const body = response.json as unknown as {
      currency: string
      goods: string
      landed: string
      assumptions: Record<string, string>
      lines: Array<{ line: number; goods: string; landed: string; components: Record<string, { amount: string; basis: string }> }>
    }
    expect(body.currency).toBe('USD')
    expect(body.goods).toBe('6830.0000')
    expect(body.assumptions).toEqual({ freight_pct: '6', insurance_pct: '0.5', duty_pct: '5', origin_pct: '2', destination_pct: '1.5' })
    expect(body.lines.map((line) => line.line)).toEqual([1, 2])
    expect(body.lines[0]!.components.origin).toEqual({ amount: '0.0000', basis: 'included' })
    expect(body.lines[0]!.components.freight!.basis).toBe('stated')
    expect(body.lines[0]!.components.duty!.basis).toBe('estimated')
    const freight = body.lines.reduce((sum, line) => sum + Number(line.components.freight!.amount), 0)
    expect(freight).toBeCloseTo(850, 4)
    for (const line of body.lines) {
      const parts = Object.values(line.components).reduce((sum, part) => sum + Number(part.amount), Number(line.goods))
      expect(Number(line.landed)).toBeCloseTo(parts, 3)
    }
    // Under DDP the seller pays everything: the landed cost is the goods.
    const ddp = await run('landed-cost', { currency: 'USD', quote_currency: 'USD', incoterm: 'DDP', lines })
    expect((ddp.json as { landed: string }).landed).toBe('6830.0000')
  })

  it('converts to the wanted currency at the day’s rates and uses the assumptions given', async () => {
    const response = await run('landed-cost', {
      currency: 'EUR',
      quote_currency: 'USD',
      incoterm: 'DDP',
      lines: [{ quantity: 108, unit_price: '10' }],
      assumptions: { freight_pct: '0', insurance_pct: '0', duty_pct: '0', origin_pct: '0', destination_pct: '0' },
    })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({ currency: 'EUR', goods: '1000.0000', landed: '1000.0000', rates_as_of: '2026-11-20' })
  })

  it('refuses input of the wrong shape, and a currency without a rate, with a message on each field', async () => {
    const bad = await run('landed-cost', { currency: 'US', quote_currency: 'USD', incoterm: 'FOO', lines: [{ quantity: 0, unit_price: 'ten' }] })
    expect(bad.status).toBe(422)
    expect(fieldsOf(bad.json)).toMatchObject({
      currency: ['Enter a three-letter ISO 4217 currency code.'],
      incoterm: [expect.stringContaining('Incoterm')],
      'lines.0.quantity': ['Enter a whole quantity of at least 1.'],
      'lines.0.unit_price': [expect.stringContaining('amount')],
    })
    const empty = await run('landed-cost', { currency: 'USD', quote_currency: 'USD', incoterm: 'FOB', lines: [] })
    expect(fieldsOf(empty.json)).toEqual({ lines: ['Give at least one line with its quantity and unit price.'] })
    const noRate = await run('landed-cost', { currency: 'USD', quote_currency: 'XAF', incoterm: 'FOB', lines })
    expect(noRate.status).toBe(422)
    expect(fieldsOf(noRate.json)).toEqual({ currency: ['There is no exchange rate for this currency.'] })
  })
})

describe('POST /api/functions/convert-currency', () => {
  it('converts through the EUR cross rate, rounded to the currency’s digits, with the exact figure, the rate and its day', async () => {
    const response = await run('convert-currency', { amount: '1250', from: 'usd', to: 'CNY' })
    expect(response.status).toBe(200)
    expect(response.json).toEqual({
      amount: '9027.78',
      currency: 'CNY',
      exact: '9027.77777777777777777778',
      rate: '7.22222222222222222222',
      rate_date: '2026-11-20',
      from: { amount: '1250', currency: 'USD' },
    })
    const yen = await run('convert-currency', { amount: '100', from: 'EUR', to: 'JPY' })
    expect(yen.json).toMatchObject({ amount: '16250', currency: 'JPY' })
  })

  it('refuses a negative amount, a bad date and a currency without a rate', async () => {
    const bad = await run('convert-currency', { amount: '-5', from: 'USD', to: 'CNY', date: '2026-13-45' })
    expect(bad.status).toBe(422)
    expect(Object.keys(fieldsOf(bad.json)).sort()).toEqual(['amount', 'date'])
    const noRate = await run('convert-currency', { amount: '5', from: 'USD', to: 'XAF' })
    expect(noRate.status).toBe(422)
    expect(fieldsOf(noRate.json)).toEqual({ currency: ['There is no exchange rate for this currency.'] })
  })
})

describe('POST /api/functions/hs-classify', () => {
  it('suggests headings for a description, best first, and refuses an empty one', async () => {
    const response = await run('hs-classify', { description: 'LED panel light with aluminium frame for ceilings' })
    expect(response.status).toBe(200)
    const items = (response.json as unknown as { items: Array<{ heading: { code: string; level: number }; score: number }> }).items
    expect(items.length).toBeGreaterThan(0)
    expect(items[0]!.heading.level).toBe(4)
    expect(items.map((item) => item.heading.code)).toContain('9405')
    const scores = items.map((item) => item.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    const empty = await run('hs-classify', { description: '   ' })
    expect(empty.status).toBe(422)
    expect(fieldsOf(empty.json)).toEqual({ description: ['Describe the product.'] })
  })
})

describe('POST /api/functions/validate-iban', () => {
  it('accepts a valid IBAN and BIC with the IBAN’s parts, and names what is wrong with a mistyped one', async () => {
    const valid = await run('validate-iban', { iban: 'de89 3704 0044 0532 0130 00', bic: 'COBADEFF' })
    expect(valid.status).toBe(200)
    expect(valid.json).toMatchObject({
      valid: true,
      iban: 'DE89370400440532013000',
      formatted: 'DE89 3704 0044 0532 0130 00',
      country: 'DE',
      bank_identifier: '37040044',
      bic: { value: 'COBADEFF', valid: true, bank_code: 'COBA', country: 'DE', location: 'FF', branch: null },
      problems: [],
    })
    // An eleven-character BIC names the branch too.
    const branch = await run('validate-iban', { iban: 'DE89370400440532013000', bic: 'deutdeff500' })
    expect(branch.json).toMatchObject({ valid: true, bic: { value: 'DEUTDEFF500', valid: true, bank_code: 'DEUT', branch: '500' } })
    const mistyped = await run('validate-iban', { iban: 'DE88 3704 0044 0532 0130 00', bic: 'COBA' })
    expect(mistyped.status).toBe(200)
    expect(mistyped.json).toMatchObject({
      valid: false,
      formatted: null,
      problems: [
        { code: 'checksum', message: expect.stringContaining('check digits') },
        { code: 'bic', message: expect.stringContaining('BIC') },
      ],
    })
    const chinese = await call(app, '/api/functions/validate-iban', {
      body: { iban: 'DE88 3704 0044 0532 0130 00' },
      jar: user,
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    })
    expect(chinese.json).toMatchObject({ problems: [{ code: 'checksum', message: '该 IBAN 的校验位不正确，可能有字符输错。' }] })
    const short = await run('validate-iban', { iban: 'GB29 NWBK 6016 1331 9268' })
    expect((short.json as { problems: Array<{ code: string }> }).problems.map((problem) => problem.code)).toContain('length')
    const missing = await run('validate-iban', {})
    expect(missing.status).toBe(422)
    expect(Object.keys(fieldsOf(missing.json))).toEqual(['iban'])
  })
})

describe('any function', () => {
  it('asks to sign in first, and answers 404 naming the functions for an unknown name', async () => {
    expect((await run('convert-currency', { amount: '1', from: 'USD', to: 'EUR' }, null)).status).toBe(401)
    const unknown = await run('guess-price', {})
    expect(unknown.status).toBe(404)
    expect(unknown.json).toMatchObject({ code: 'not_found', details: { functions: ['landed-cost', 'convert-currency', 'hs-classify', 'validate-iban'] } })
  })
})
