import type { Context } from 'hono'
import * as z from 'zod'
import { type IdempotencyOption, idempotencyKeyOf } from '../idempotency/idempotency.server'

/** The `Idempotency-Key` header every create operation declares (ADR 014, ADR 020). */
export const IdempotencyHeader = z.object({
  'idempotency-key': z.string().max(255).optional().openapi({
    description:
      '1–255 printable ASCII characters, kept 7 days. A retry with the same key and body answers with what the first request created, and creates nothing; the same key with a different body is 409 idempotency_key_reused.',
  }),
})

/** The request's checked `Idempotency-Key` as a service option (none without the header; a malformed key is a 400). */
export function idempotencyOf(c: Context): IdempotencyOption {
  const key = idempotencyKeyOf(c.req.header('idempotency-key'))
  return key ? { idempotencyKey: key } : {}
}
