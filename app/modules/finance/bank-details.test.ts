import { describe, expect, it } from 'vitest'
import { BankAccountInput } from './bank-account.inputs'
import { bankAccountLabel, bankCountryOf, bankDetailErrors, isAbaRoutingNumber, isCnapsCode, maskedAccountNumber } from './bank-details'

const iban = { scheme: 'iban', accountNumber: 'GB33 BUKB 2020 1555 5555 55', bic: 'BUKBGB22', routingCode: '' } as const

describe('bank details', () => {
  it('accepts a valid IBAN written with spaces and a valid BIC', () => {
    expect(bankDetailErrors(iban)).toEqual({})
    expect(bankDetailErrors({ ...iban, accountNumber: 'de89370400440532013000', bic: 'DEUTDEFF500' })).toEqual({})
  })

  it('refuses an IBAN whose check digits do not match', () => {
    expect(bankDetailErrors({ ...iban, accountNumber: 'GB34BUKB20201555555555' })).toEqual({ accountNumber: ['validation.iban'] })
  })

  it('refuses a malformed BIC for IBAN and SWIFT accounts', () => {
    expect(bankDetailErrors({ ...iban, bic: 'BUKB22' })).toEqual({ bic: ['validation.bic'] })
    expect(bankDetailErrors({ scheme: 'swift', accountNumber: '123456789', bic: '1234GB22', routingCode: '' })).toEqual({ bic: ['validation.bic'] })
  })

  it('checks the ABA routing number by its weighted checksum', () => {
    expect(isAbaRoutingNumber('021000021')).toBe(true)
    expect(isAbaRoutingNumber('011000015')).toBe(true)
    expect(isAbaRoutingNumber('021000022')).toBe(false)
    expect(isAbaRoutingNumber('02100002')).toBe(false)
    expect(isAbaRoutingNumber('02100002a')).toBe(false)
  })

  it('asks a US account for 4 to 17 digits and a valid routing number', () => {
    const us = { scheme: 'us_aba', accountNumber: '000123456789', bic: '', routingCode: '021000021' } as const
    expect(bankDetailErrors(us)).toEqual({})
    expect(bankDetailErrors({ ...us, accountNumber: '123', routingCode: '021000022' })).toEqual({
      accountNumber: ['validation.usAccountNumber'],
      routingCode: ['validation.abaRouting'],
    })
  })

  it('asks a Chinese account for a 12-digit CNAPS code and a 10 to 30 digit number', () => {
    const cn = { scheme: 'cn_cnaps', accountNumber: '6222 0202 0000 1234 567', bic: '', routingCode: '102100099996' } as const
    expect(isCnapsCode('102100099996')).toBe(true)
    expect(isCnapsCode('10210009999')).toBe(false)
    expect(bankDetailErrors(cn)).toEqual({})
    expect(bankDetailErrors({ ...cn, accountNumber: '622202', routingCode: '1021000999' })).toEqual({
      accountNumber: ['validation.cnAccountNumber'],
      routingCode: ['validation.cnaps'],
    })
  })

  it('asks a SWIFT account for 4 to 34 letters or digits', () => {
    const swift = { scheme: 'swift', accountNumber: 'HK-0123-4567-89', bic: 'HSBCHKHHHKH', routingCode: '' } as const
    expect(bankDetailErrors(swift)).toEqual({})
    expect(bankDetailErrors({ ...swift, accountNumber: '12' })).toEqual({ accountNumber: ['validation.swiftAccountNumber'] })
  })

  it('takes the country from the IBAN, and the local schemes’ own', () => {
    expect(bankCountryOf(iban, 'US')).toBe('GB')
    expect(bankCountryOf({ scheme: 'us_aba', accountNumber: '1234' }, '')).toBe('US')
    expect(bankCountryOf({ scheme: 'cn_cnaps', accountNumber: '1234' }, '')).toBe('CN')
    expect(bankCountryOf({ scheme: 'swift', accountNumber: '1234' }, 'HK')).toBe('HK')
  })

  it('masks all but the last four characters', () => {
    expect(maskedAccountNumber('GB33BUKB20201555554321')).toBe('···· 4321')
    expect(bankAccountLabel({ bankName: 'HSBC', accountNumber: 'GB33BUKB20201555554321' })).toBe('HSBC ···· 4321')
  })
})

describe('the bank account input', () => {
  const base = { holderName: 'Ningbo Lamp Works', bankName: 'HSBC', currency: 'GBP' }

  it('stores the IBAN compact, the BIC upper-case and the IBAN’s country, dropping codes the scheme does not use', () => {
    const parsed = BankAccountInput.parse({ ...base, ...iban, bic: 'bukb gb22', routingCode: '021000021', country: 'US' })
    expect(parsed).toMatchObject({ accountNumber: 'GB33BUKB20201555555555', bic: 'BUKBGB22', routingCode: '', country: 'GB' })
  })

  it('reports each scheme error as a message key under its field', () => {
    const parsed = BankAccountInput.safeParse({ ...base, scheme: 'swift', accountNumber: '1', bic: 'x', country: 'XX' })
    expect(parsed.success).toBe(false)
    const issues = parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])
    expect(issues).toEqual([
      ['accountNumber', 'validation.swiftAccountNumber'],
      ['bic', 'validation.bic'],
      ['country', 'validation.country'],
    ])
  })

  it('refuses an unknown currency', () => {
    expect(BankAccountInput.safeParse({ ...base, ...iban, currency: 'XYZ' }).error?.issues[0]?.message).toBe('validation.currency')
  })
})
