import { describe, expect, it } from 'vitest'
import { isCurrencyCode, isTimeZone } from './intl-values'

describe('currency codes', () => {
  it('accepts ISO 4217 codes and refuses anything else', () => {
    for (const code of ['USD', 'CNY', 'JPY', 'EUR', 'TWD', 'KWD']) expect(isCurrencyCode(code)).toBe(true)
    for (const code of ['usd', 'US', 'XYZ', 'DOLLAR', '']) expect(isCurrencyCode(code)).toBe(false)
  })
})

describe('time zones', () => {
  it('accepts IANA zones, UTC, and newer aliases that browsers report', () => {
    for (const zone of [
      'Asia/Shanghai',
      'Asia/Taipei',
      'America/Los_Angeles',
      'UTC',
      'Etc/UTC',
      'Asia/Kolkata',
      'Europe/Kyiv',
      'America/Argentina/Buenos_Aires',
    ]) {
      expect(isTimeZone(zone), zone).toBe(true)
    }
  })

  it('refuses offsets, unknown places and miscased names', () => {
    for (const zone of ['+08:00', 'GMT+8', 'Mars/Olympus_Mons', 'asia/shanghai', 'Shanghai', '']) expect(isTimeZone(zone), zone).toBe(false)
  })
})
