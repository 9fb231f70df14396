import { describe, expect, it } from 'vitest'
import { passwordWeaknesses } from './password-policy.server'

describe('password policy', () => {
  it('accepts a long, uncommon password unrelated to the person', () => {
    expect(passwordWeaknesses('Violet-Harbour-Trail-9', { email: 'mei@example.test', name: 'Mei Chen' })).toEqual([])
  })

  it('refuses passwords shorter than 10 characters', () => {
    expect(passwordWeaknesses('Vt-Hb-9x', {})).toContain('length')
  })

  it('counts characters, not bytes, so ten Chinese characters are long enough', () => {
    expect(passwordWeaknesses('长城港口丝绸之路贸易通', {})).not.toContain('length')
  })

  it('refuses passwords longer than 128 characters', () => {
    expect(passwordWeaknesses('x'.repeat(64) + 'y'.repeat(65), {})).toContain('too_long')
  })

  it('refuses common passwords, also with a short decoration at the end', () => {
    expect(passwordWeaknesses('qwertyuiop', {})).toContain('common')
    expect(passwordWeaknesses('password123!', {})).toContain('common')
    expect(passwordWeaknesses('Sunshine2024', {})).toContain('common')
  })

  it('refuses passwords containing the email, its parts, the name or the phone number', () => {
    expect(passwordWeaknesses('zhang.wei-Secure-77', { email: 'zhang.wei@acme.test' })).toContain('similar_to_identity')
    expect(passwordWeaknesses('Lighthouse-acme-2026', { email: 'buyer@acmetrading.test' })).not.toContain('similar_to_identity')
    expect(passwordWeaknesses('xx-Bartholomew-xx', { name: 'Bartholomew Stone' })).toContain('similar_to_identity')
    expect(passwordWeaknesses('pw-13800138-zz!', { phoneNumber: '+8613800138000' })).not.toContain('similar_to_identity')
    expect(passwordWeaknesses('pw-38000-138000x', { phoneNumber: '+8613800138000' })).toContain('similar_to_identity')
  })

  it('refuses passwords made of too few different characters', () => {
    expect(passwordWeaknesses('aaaaaaaaaaaa', {})).toContain('repetitive')
  })

  it('gives every reason that applies', () => {
    expect(passwordWeaknesses('mei', { name: 'mei' }).sort()).toEqual(['length', 'repetitive'])
  })
})
