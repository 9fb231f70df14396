import { describe, expect, it } from 'vitest'
import { parseIdentifier, placeholderEmailFor } from './identifiers'

describe('email-or-phone identifiers (§5)', () => {
  it('reads an email, lower-cased', () => {
    expect(parseIdentifier(' Mei.Chen@Example.TEST ')).toEqual({ kind: 'email', email: 'mei.chen@example.test' })
  })

  it('reads an international phone number in common notations', () => {
    expect(parseIdentifier('+86 138-0013-8000')).toEqual({ kind: 'phone', phoneNumber: '+8613800138000' })
    expect(parseIdentifier('00852 (9123) 4567')).toEqual({ kind: 'phone', phoneNumber: '+85291234567' })
  })

  it('refuses numbers without a country code and malformed input', () => {
    expect(parseIdentifier('13800138000')).toBeNull()
    expect(parseIdentifier('not-an-email@')).toBeNull()
    expect(parseIdentifier('')).toBeNull()
  })

  it('never accepts the stand-in email of a phone-only account as a login', () => {
    expect(parseIdentifier(placeholderEmailFor('+8613800138000'))).toBeNull()
  })
})
