import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

// Standard Webhooks (https://www.standardwebhooks.com): the secret is `whsec_` + base64 key bytes; each request carries
// `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`.

const SECRET_PREFIX = 'whsec_'

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64')
}

export function signWebhook(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64')
  return `v1,${mac}`
}

/** The headers of one attempt, signed now. */
export function signedHeaders(secret: string, messageId: string, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000)
  return {
    'content-type': 'application/json',
    'user-agent': 'Tradeport-Webhooks/1.0',
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, messageId, timestamp, body),
  }
}

/** Checks a received signature header (space-separated `v1,…` entries) within `toleranceSeconds` of now: for receivers and tests. */
export function verifyWebhook(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  now: Date = new Date(),
  toleranceSeconds = 300,
): boolean {
  const timestamp = Number(headers.timestamp)
  if (!Number.isInteger(timestamp) || Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false
  const expected = Buffer.from(signWebhook(secret, headers.id, timestamp, body))
  return headers.signature.split(' ').some((candidate) => {
    const given = Buffer.from(candidate)
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
}
