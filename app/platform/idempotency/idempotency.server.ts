import { createHash, randomUUID } from 'node:crypto'
import { lt, sql } from 'drizzle-orm'
import { database, type Database, type Transaction } from '../db/index.server'
import { raisedRefusal } from '../db/raised.server'
import { resultRows } from '../db/result-rows'
import { AppError } from '../errors'
import { IDEMPOTENCY_FIELD } from './idempotency-field'
import { idempotencyKeys } from './idempotency.tables.server'

/** How long a key is remembered: a retry later than this creates a new record. */
export const IDEMPOTENCY_KEY_DAYS = 7
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/

/** The `Idempotency-Key` header (or form field) checked: printable ASCII, 1–255 characters; undefined when absent. */
export function idempotencyKeyOf(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined || value === '') return undefined
  if (!KEY_PATTERN.test(value))
    throw new AppError('bad_request', 'The Idempotency-Key must be 1–255 printable ASCII characters', {
      fields: { idempotencyKey: ['validation.idempotencyKey'] },
    })
  return value
}

/** A stable digest of a request body, so a key reused for a different request is told apart from a retry. */
export function fingerprintOf(input: unknown): string {
  const canonical = JSON.stringify(input, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  )
  return createHash('sha256').update(canonical).digest('hex')
}

/**
 * Claims `key` in `scope` for the record about to be created (`resourceId`), in the creating transaction. Answers null
 * when this request is the first (create it), or the id of the record the first request created (answer with that).
 * The same key with a different request is a 409. Concurrent first requests queue on the key's row.
 */
export async function claimIdempotencyKey(
  tx: Database | Transaction,
  claim: { scope: string; key: string; fingerprint: string; resourceId: string },
): Promise<string | null> {
  try {
    const [row] = resultRows<{ earlier: string | null }>(
      await tx.execute(sql`select idempotency_claim(${claim.scope}, ${claim.key}, ${claim.fingerprint}, ${claim.resourceId}) as earlier`),
    )
    return row?.earlier ?? null
  } catch (error) {
    throw idempotencyRefusal(error) ?? error
  }
}

/** The AppError for a refusal of `idempotency_claim` (raised by it, or by a database function that called it); else null. */
export function idempotencyRefusal(error: unknown): AppError | null {
  const refusal = raisedRefusal(error)
  if (refusal?.code === 'idempotency_key_reused') return new AppError('idempotency_key_reused', 'This Idempotency-Key was used for a different request')
  if (refusal?.code === 'conflict') return new AppError('conflict', 'The Idempotency-Key is being used by another request; retry')
  return null
}

/** What a create operation accepts: the client's `Idempotency-Key` (header or form field), already checked. */
export type IdempotencyOption = { idempotencyKey?: string }

/** A page form's checked idempotency key as a service option (none when the form sent none; a malformed key is a 400). */
export function idempotencyOfForm(form: FormData): IdempotencyOption {
  const value = form.get(IDEMPOTENCY_FIELD)
  const key = idempotencyKeyOf(typeof value === 'string' ? value : undefined)
  return key ? { idempotencyKey: key } : {}
}

/** The key of one part of a keyed request (its n-th upload), so each part replays on its own; none without a key. */
export function idempotencyOfPart(options: IdempotencyOption, part: string): IdempotencyOption {
  return options.idempotencyKey ? { idempotencyKey: `${options.idempotencyKey}:${part}` } : {}
}

/**
 * Runs a create in one transaction at most once per idempotency key: `create` writes the record with the id it is
 * given; a retry with the same key and `input` answers with the first record's id (`replayed`, nothing written), the
 * same key with a different input is a 409. Without a key it simply creates. `scope` names the kind of record and its
 * company (`project:<companyId>`), so keys of different companies and kinds never meet. `id` is the new record's id
 * when the caller already knows it (a slug, or the parent a child record answers with).
 */
export async function createIdempotently(
  scope: string,
  options: IdempotencyOption,
  input: unknown,
  create: (tx: Transaction, id: string) => Promise<void>,
  id: string = randomUUID(),
): Promise<{ id: string; replayed: boolean }> {
  return database().transaction(async (tx) => {
    if (options.idempotencyKey) {
      const existing = await claimIdempotencyKey(tx, { scope, key: options.idempotencyKey, fingerprint: fingerprintOf(input), resourceId: id })
      if (existing) return { id: existing, replayed: true }
    }
    await create(tx, id)
    return { id, replayed: false }
  })
}

/** Forgets keys older than IDEMPOTENCY_KEY_DAYS (hourly upkeep); answers how many. */
export async function purgeIdempotencyKeys(now = new Date()): Promise<number> {
  const removed = await database()
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_DAYS * 86_400_000)))
    .returning({ key: idempotencyKeys.key })
  return removed.length
}
