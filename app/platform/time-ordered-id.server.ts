import { randomBytes } from 'node:crypto'

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then random bits. Rows keyed by it are inserted at the
 * right-hand edge of their index instead of on a random page (ADR 060); the database's twin is
 * `platform_time_ordered_uuid()`.
 */
export function timeOrderedUuid(now: number = Date.now()): string {
  const bytes = randomBytes(16)
  bytes.writeUIntBE(now, 0, 6)
  bytes[6] = (bytes[6]! & 0x0f) | 0x70
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
