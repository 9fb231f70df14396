import { z } from '../../platform/zod'

/** Phone-only accounts get a stand-in email on this reserved, undeliverable domain. */
export const PLACEHOLDER_EMAIL_DOMAIN = 'phone.tradeport.invalid'

const E164 = /^\+[1-9]\d{6,14}$/

export function isPlaceholderEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${PLACEHOLDER_EMAIL_DOMAIN}`)
}

export function placeholderEmailFor(phoneNumber: string): string {
  return `phone-${phoneNumber.replace(/\D/g, '')}@${PLACEHOLDER_EMAIL_DOMAIN}`
}

/** Strips spaces, dashes, dots and brackets; a leading 00 becomes +. */
export function normalizePhoneNumber(input: string): string {
  const compact = input.trim().replace(/[\s\-().]/g, '')
  return compact.startsWith('00') ? `+${compact.slice(2)}` : compact
}

export function isValidPhoneNumber(value: string): boolean {
  return E164.test(value)
}

export type Identifier = { kind: 'email'; email: string } | { kind: 'phone'; phoneNumber: string }

/** Reads "email or phone" from one field: anything with an @ is an email, otherwise an international phone number. */
export function parseIdentifier(raw: string): Identifier | null {
  const value = raw.trim()
  if (value.includes('@')) {
    const email = z.email().safeParse(value.toLowerCase())
    return email.success && !isPlaceholderEmail(email.data) ? { kind: 'email', email: email.data } : null
  }
  const phoneNumber = normalizePhoneNumber(value)
  return isValidPhoneNumber(phoneNumber) ? { kind: 'phone', phoneNumber } : null
}
