import { describe, expect, it } from 'vitest'
import { CreateAddressInput } from './address.inputs'
import { checkPostalCode, postalCodeExample, postalCodeFormat, VALIDATED_POSTAL_CODE_COUNTRIES } from './postal-codes'

const REQUIRED_COUNTRIES = [
  'US',
  'CA',
  'GB',
  'CN',
  'TW',
  'JP',
  'KR',
  'DE',
  'FR',
  'IT',
  'ES',
  'NL',
  'BE',
  'CH',
  'AT',
  'SE',
  'NO',
  'DK',
  'FI',
  'PL',
  'PT',
  'IE',
  'AU',
  'NZ',
  'IN',
  'SG',
  'MY',
  'TH',
  'VN',
  'ID',
  'PH',
  'BR',
  'MX',
  'RU',
  'TR',
  'SA',
  'ZA',
]

describe('postal code rules', () => {
  it('cover every country the address book promises, each accepting its own example', () => {
    for (const country of REQUIRED_COUNTRIES) {
      expect(VALIDATED_POSTAL_CODE_COUNTRIES, country).toContain(country)
    }
    for (const country of VALIDATED_POSTAL_CODE_COUNTRIES) {
      const example = postalCodeExample(country) ?? ''
      expect(checkPostalCode(country, example), `${country} ${example}`).toEqual({ ok: true, value: example })
    }
  })

  it.each([
    ['GB', 'sw1a1aa', 'SW1A 1AA'],
    ['GB', '  ec1a   1bb ', 'EC1A 1BB'],
    ['CA', 'k1a0b1', 'K1A 0B1'],
    ['NL', '1234ab', '1234 AB'],
    ['US', '941051234', '94105-1234'],
    ['US', '94105', '94105'],
    ['JP', '1000001', '100-0001'],
    ['JP', '１００－０００１', '100-0001'],
    ['BR', '01310100', '01310-100'],
    ['PL', '00950', '00-950'],
    ['PT', '1000 001', '1000-001'],
    ['SE', '11455', '114 55'],
    ['IE', 'd02x285', 'D02 X285'],
    ['DE', '10 115', '10115'],
    ['IN', '110 001', '110001'],
    ['LU', 'L-1009', '1009'],
  ])('writes %s %j as %j', (country, raw, expected) => {
    expect(checkPostalCode(country, raw)).toEqual({ ok: true, value: expected })
  })

  it.each([
    ['US', '9410'],
    ['US', 'ABCDE'],
    ['CA', 'D1A 0B1'],
    ['GB', 'SW1A 1AI'],
    ['CN', '51800'],
    ['JP', '100-001'],
    ['NL', '0123 AB'],
    ['ES', '53001'],
    ['TR', '82000'],
    ['IN', '010001'],
    ['BR', '1310-100'],
  ])('refuses %s %j', (country, raw) => {
    expect(checkPostalCode(country, raw)).toEqual({ ok: false, reason: 'format' })
  })

  it('requires a code where the country always uses one, and not where few addresses carry one', () => {
    expect(checkPostalCode('DE', '  ')).toEqual({ ok: false, reason: 'required' })
    expect(checkPostalCode('IE', '')).toEqual({ ok: true, value: '' })
    expect(checkPostalCode('VN', '')).toEqual({ ok: true, value: '' })
  })

  it('drops the code of countries without postal codes, such as Hong Kong and the UAE', () => {
    expect(checkPostalCode('HK', '999077')).toEqual({ ok: true, value: '' })
    expect(checkPostalCode('AE', '')).toEqual({ ok: true, value: '' })
    expect(postalCodeFormat('HK')).toEqual({ kind: 'none' })
  })

  it('takes any short code of letters, digits, spaces and hyphens elsewhere', () => {
    expect(postalCodeFormat('KE')).toEqual({ kind: 'free' })
    expect(checkPostalCode('KE', '00100')).toEqual({ ok: true, value: '00100' })
    expect(checkPostalCode('KE', '')).toEqual({ ok: true, value: '' })
    expect(checkPostalCode('KE', '#1')).toEqual({ ok: false, reason: 'format' })
    expect(checkPostalCode('KE', '1'.repeat(21))).toEqual({ ok: false, reason: 'format' })
  })

  it('describes the expected shape for the form hint', () => {
    expect(postalCodeFormat('GB')).toEqual({ kind: 'pattern', example: 'SW1A 1AA', required: true })
    expect(postalCodeFormat('IE')).toEqual({ kind: 'pattern', example: 'D02 X285', required: false })
  })
})

describe('CreateAddressInput', () => {
  const valid = { type: 'shipping', label: 'London office', line1: '10 Downing Street', city: 'London', country: 'gb', postalCode: 'sw1a2aa' }

  it('normalises the country and the postal code, and fills the optional fields', () => {
    expect(CreateAddressInput.parse(valid)).toEqual({
      ...valid,
      country: 'GB',
      postalCode: 'SW1A 2AA',
      recipient: '',
      phone: '',
      line2: '',
      region: '',
      isDefault: false,
    })
  })

  it('reports the postal code with the other field errors, as catalog keys', () => {
    const result = CreateAddressInput.safeParse({ ...valid, label: '', phone: 'call me', postalCode: '12345' })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['label', 'validation.label'],
      ['phone', 'validation.phone'],
      ['postalCode', 'validation.postalCodeFormat'],
    ])
  })

  it('asks for the postal code where the country requires one, and for a known country', () => {
    const missing = CreateAddressInput.safeParse({ ...valid, country: 'US', postalCode: '' })
    expect(missing.error?.issues.map((issue) => issue.message)).toEqual(['validation.postalCodeRequired'])
    const unknown = CreateAddressInput.safeParse({ ...valid, country: 'XX' })
    expect(unknown.error?.issues.map((issue) => issue.message)).toEqual(['validation.country'])
  })
})
