import { describe, expect, it } from 'vitest'
import { createFormatter, type FormatPreferences } from './formatter'
import { NO_RATES, type RateTable } from '../fx/convert'
import type { Locale } from '../i18n/locales'

const LATE_EVENING_UTC = '2026-03-01T23:30:00Z'

const base: FormatPreferences = { timezone: 'Asia/Shanghai', date_format: 'medium', time_format: 'short', hour_cycle: 'h23' }
const formatter = (locale: Locale, preferences: Partial<FormatPreferences> = {}) => createFormatter({ locale, preferences: { ...base, ...preferences } })

/** Reference rates per 1 EUR; the yen's is older than the others. */
const rates: RateTable = {
  asOf: '2026-11-24',
  perEur: { USD: '1.0856', CNY: '7.8000', JPY: '162.00' },
  days: { USD: '2026-11-24', CNY: '2026-11-24', JPY: '2026-11-20' },
}

describe('dates honour the date_format preference', () => {
  const cases: Array<[Locale, FormatPreferences['date_format'], string]> = [
    ['en', 'short', '3/2/26'],
    ['en', 'medium', 'Mar 2, 2026'],
    ['en', 'long', 'March 2, 2026'],
    ['en', 'full', 'Monday, March 2, 2026'],
    ['zh-Hans', 'short', '2026/3/2'],
    ['zh-Hans', 'medium', '2026年3月2日'],
    ['zh-Hans', 'long', '2026年3月2日'],
    ['zh-Hans', 'full', '2026年3月2日星期一'],
    ['zh-Hant', 'short', '2026/3/2'],
    ['zh-Hant', 'medium', '2026年3月2日'],
    ['zh-Hant', 'long', '2026年3月2日'],
    ['zh-Hant', 'full', '2026年3月2日 星期一'],
  ]
  it.each(cases)('%s %s', (locale, date_format, expected) => {
    expect(formatter(locale, { date_format }).date(LATE_EVENING_UTC)).toBe(expected)
  })
})

describe('times honour the time_format preference', () => {
  const cases: Array<[Locale, FormatPreferences['time_format'], string]> = [
    ['en', 'short', '07:30'],
    ['en', 'medium', '07:30:00'],
    ['en', 'long', '07:30:00 GMT+8'],
    ['en', 'full', '07:30:00 China Standard Time'],
    ['zh-Hans', 'long', 'GMT+8 07:30:00'],
    ['zh-Hans', 'full', '中国标准时间 07:30:00'],
    ['zh-Hant', 'long', '07:30:00 [GMT+8]'],
    ['zh-Hant', 'full', '07:30:00 [中國標準時間]'],
  ]
  it.each(cases)('%s %s', (locale, time_format, expected) => {
    expect(formatter(locale, { time_format }).time(LATE_EVENING_UTC)).toBe(expected)
  })
})

describe('times honour the hour_cycle preference', () => {
  const cases: Array<[Locale, FormatPreferences['hour_cycle'], string, string]> = [
    ['en', 'h11', '0:30 AM', '1:05 PM'],
    ['en', 'h12', '12:30 AM', '1:05 PM'],
    ['en', 'h23', '00:30', '13:05'],
    ['en', 'h24', '24:30', '13:05'],
    ['zh-Hans', 'h11', '上午00:30', '下午01:05'],
    ['zh-Hans', 'h12', '上午12:30', '下午01:05'],
    ['zh-Hans', 'h23', '00:30', '13:05'],
    ['zh-Hans', 'h24', '24:30', '13:05'],
    ['zh-Hant', 'h11', '上午0:30', '下午1:05'],
    ['zh-Hant', 'h12', '凌晨12:30', '下午1:05'],
    ['zh-Hant', 'h23', '00:30', '13:05'],
    ['zh-Hant', 'h24', '24:30', '13:05'],
  ]
  it.each(cases)('%s %s', (locale, hour_cycle, afterMidnight, afterNoon) => {
    const format = formatter(locale, { timezone: 'UTC', hour_cycle })
    expect(format.time('2026-03-01T00:30:00Z')).toBe(afterMidnight)
    expect(format.time('2026-03-01T13:05:00Z')).toBe(afterNoon)
  })
})

describe('the timezone preference', () => {
  it('shows the same instant on the next day in Shanghai and the same day in Los Angeles', () => {
    expect(formatter('en', { timezone: 'Asia/Shanghai' }).dateTime(LATE_EVENING_UTC)).toBe('Mar 2, 2026, 07:30')
    expect(formatter('en', { timezone: 'America/Los_Angeles' }).dateTime(LATE_EVENING_UTC)).toBe('Mar 1, 2026, 15:30')
    expect(formatter('zh-Hans', { timezone: 'Asia/Shanghai' }).dateTime(LATE_EVENING_UTC)).toBe('2026年3月2日 07:30')
    expect(formatter('zh-Hant', { timezone: 'America/Los_Angeles' }).dateTime(LATE_EVENING_UTC)).toBe('2026年3月1日 15:30')
  })

  it('falls back to the runtime zone when the user has not chosen one yet', () => {
    const runtime = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', hourCycle: 'h23' }).format(new Date(LATE_EVENING_UTC))
    expect(formatter('en', { timezone: null }).time(LATE_EVENING_UTC)).toBe(runtime)
  })

  it('keeps the date half of a date-time the same as a date alone, whatever the hour cycle', () => {
    for (const hour_cycle of ['h11', 'h12', 'h23', 'h24'] as const) {
      const format = formatter('zh-Hans', { hour_cycle })
      expect(format.dateTime(LATE_EVENING_UTC).startsWith(`${format.date(LATE_EVENING_UTC)} `)).toBe(true)
    }
  })

  it('accepts dates, epoch milliseconds and ISO strings alike', () => {
    const format = formatter('en')
    const instant = new Date(LATE_EVENING_UTC)
    expect(format.date(instant.getTime())).toBe(format.date(instant))
    expect(format.date(LATE_EVENING_UTC)).toBe(format.date(instant))
  })
})

describe('relative time picks the unit from the distance', () => {
  const now = '2026-03-01T12:00:00Z'
  const cases: Array<[string, string, string, string]> = [
    ['2026-03-01T12:00:00Z', 'now', '现在', '現在'],
    ['2026-03-01T11:59:30Z', '30 seconds ago', '30秒钟前', '30 秒前'],
    ['2026-03-01T12:05:00Z', 'in 5 minutes', '5分钟后', '5 分鐘後'],
    ['2026-03-01T09:00:00Z', '3 hours ago', '3小时前', '3 小時前'],
    ['2026-02-28T12:00:00Z', 'yesterday', '昨天', '昨天'],
    ['2026-03-03T12:00:00Z', 'in 2 days', '后天', '後天'],
    ['2026-03-15T12:00:00Z', 'in 2 weeks', '2周后', '2 週後'],
    ['2025-12-01T12:00:00Z', '3 months ago', '3个月前', '3 個月前'],
    ['2024-03-01T12:00:00Z', '2 years ago', '2年前', '2 年前'],
  ]
  it.each(cases)('%s → %s', (value, en, zhHans, zhHant) => {
    expect(formatter('en').relativeTime(value, now)).toBe(en)
    expect(formatter('zh-Hans').relativeTime(value, now)).toBe(zhHans)
    expect(formatter('zh-Hant').relativeTime(value, now)).toBe(zhHant)
  })
})

describe('numbers', () => {
  it('groups digits and keeps decimal strings exact beyond float precision', () => {
    const format = formatter('zh-Hans')
    expect(format.number(1234567.891)).toBe('1,234,567.891')
    expect(format.number('12345678901234567890.5')).toBe('12,345,678,901,234,567,890.5')
    expect(format.number(12n)).toBe('12')
    expect(format.number(0.5, { style: 'percent' })).toBe('50%')
  })

  it('formats ratios as percentages with up to one decimal', () => {
    expect(formatter('en').percent(0.125)).toBe('12.5%')
    expect(formatter('zh-Hant').percent(0.3)).toBe('30%')
  })

  it('refuses a string that is not a decimal number', () => {
    expect(() => formatter('en').number('12,5')).toThrow(TypeError)
  })
})

describe('money', () => {
  const cases: Array<[Locale, string, string, string]> = [
    ['en', '$1,234.50', '¥1,500', 'CN¥88.80'],
    ['zh-Hans', 'US$1,234.50', 'JP¥1,500', '¥88.80'],
    ['zh-Hant', 'US$1,234.50', '¥1,500', 'CN¥88.80'],
  ]
  it.each(cases)('%s: USD with cents, JPY without decimals, CNY with fen', (locale, usd, jpy, cny) => {
    const format = formatter(locale)
    expect(format.money('1234.50', 'USD')).toBe(usd)
    expect(format.money({ minor: 123450n, currency: 'USD' })).toBe(usd)
    expect(format.money('1500', 'JPY')).toBe(jpy)
    expect(format.money({ minor: 1500, currency: 'JPY' })).toBe(jpy)
    expect(format.money('88.8', 'CNY')).toBe(cny)
    expect(format.money({ minor: 8880, currency: 'CNY' })).toBe(cny)
  })

  it('never goes through a float: amounts beyond 2^53 stay exact', () => {
    expect(formatter('en').money({ minor: 900719925474099312n, currency: 'USD' })).toBe('$9,007,199,254,740,993.12')
  })

  it('refuses amounts that are not decimal strings', () => {
    expect(() => formatter('en').money('1.234,50', 'EUR')).toThrow(TypeError)
  })

  it('formats unit prices with up to four decimals', () => {
    expect(formatter('en').unitPrice('0.0125', 'USD')).toBe('$0.0125')
    expect(formatter('en').unitPrice('12.5000', 'USD')).toBe('$12.50')
  })
})

describe("money in the viewer's currency", () => {
  it('converts through EUR and keeps the original, the cross rate and the older rate day', () => {
    expect(formatter('en').convertMoney('1340.00', 'USD', { to: 'EUR', rates })).toEqual({
      kind: 'converted',
      text: '≈ €1,234.34',
      original: '$1,340.00',
      rate: '0.92115',
      day: '2026-11-24',
    })
    expect(formatter('en').convertMoney('1500', 'JPY', { to: 'USD', rates })).toEqual({
      kind: 'converted',
      text: '≈ $10.05',
      original: '¥1,500',
      rate: '0.0067012',
      day: '2026-11-20',
    })
    expect(formatter('zh-Hans').convertMoney('88.80', 'CNY', { to: 'USD', rates })).toMatchObject({ text: '≈ US$12.36', original: '¥88.80' })
  })

  it('rounds the converted amount half away from zero with decimals, not floats', () => {
    const eightYuan: RateTable = { asOf: '2026-11-24', perEur: { CNY: '8' } }
    // 0.36 / 8 is 0.045 exactly; as a float it is 0.04499…, which toFixed(2) would round down.
    expect(formatter('en').convertMoney('0.36', 'CNY', { to: 'EUR', rates: eightYuan }).text).toBe('≈ €0.05')
    expect(formatter('en').convertMoney('0.04', 'CNY', { to: 'EUR', rates: eightYuan }).text).toBe('≈ €0.01')
    expect(formatter('en').convertMoney('-0.04', 'CNY', { to: 'EUR', rates: eightYuan }).text).toBe('≈ -€0.01')
    expect(formatter('en').convertMoney('80000000000000000.08', 'CNY', { to: 'EUR', rates: eightYuan }).text).toBe('≈ €10,000,000,000,000,000.01')
  })

  it('rounds converted yen to whole yen, and unit prices to the precision of the original (at most four decimals)', () => {
    expect(formatter('en').convertMoney('10.00', 'EUR', { to: 'JPY', rates }).text).toBe('≈ ¥1,620')
    expect(formatter('en').convertMoney('0.0125', 'USD', { to: 'EUR', rates }, { unitPrice: true })).toMatchObject({ text: '≈ €0.0115', original: '$0.0125' })
    expect(formatter('en').convertMoney('3.4000', 'USD', { to: 'EUR', rates }, { unitPrice: true })).toMatchObject({ text: '≈ €3.13', original: '$3.40' })
    expect(formatter('en').convertMoney('3.40', 'EUR', { to: 'JPY', rates }, { unitPrice: true }).text).toBe('≈ ¥551')
  })

  it("leaves an amount already in the viewer's currency as it is", () => {
    expect(formatter('en').convertMoney('1234.50', 'EUR', { to: 'EUR', rates })).toEqual({ kind: 'same', text: '€1,234.50' })
    expect(formatter('en').convertMoney('0.0125', 'GBP', { to: 'GBP', rates: NO_RATES }, { unitPrice: true })).toEqual({ kind: 'same', text: '£0.0125' })
  })

  it('shows the original unconverted when either currency has no rate', () => {
    expect(formatter('en').convertMoney('1234.50', 'GBP', { to: 'EUR', rates })).toEqual({ kind: 'no_rate', text: '£1,234.50', to: 'EUR' })
    expect(formatter('en').convertMoney('1234.50', 'USD', { to: 'GBP', rates })).toEqual({ kind: 'no_rate', text: '$1,234.50', to: 'GBP' })
    expect(formatter('en').convertMoney('1234.50', 'USD', { to: 'EUR', rates: NO_RATES })).toEqual({ kind: 'no_rate', text: '$1,234.50', to: 'EUR' })
  })
})
