import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { env } from './env.server'

// Secrets the application keeps for others (an AI provider's API key): AES-256-GCM under a key derived from
// AUTH_SECRET for one purpose, so a leaked database row is useless without the environment's secret.

function keyFor(purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', env().AUTH_SECRET, 'tradeport', `secret-box:${purpose}`, 32))
}

export function sealSecret(plain: string, purpose: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyFor(purpose), iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.')
}

/** The secret, or null when it was sealed under another AUTH_SECRET or altered (the caller treats it as unset). */
export function openSecret(sealed: string, purpose: string): string | null {
  const [iv = '', tag = '', body = ''] = sealed.split('.')
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(purpose), Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
