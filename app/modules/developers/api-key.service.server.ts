// Company API keys (ADR 053): created by an owner or admin, shown once, stored as a SHA-256; a request that presents one
// acts as the member who created it, within the key's scopes (server/api/api-key-access.ts checks those).
import { createHash, randomBytes } from 'node:crypto'
import { BlockList, isIP } from 'node:net'
import { and, count, desc, eq, isNull } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { logger } from '../../platform/logger.server'
import { SharedCache } from '../../platform/shared-cache.server'
import { fieldErrorsOf } from '../../platform/validation'
import type { z } from '../../platform/zod'
import { userNames } from '../identity/index.server'
import { API_KEY_PREFIX, API_KEY_VISIBLE_LENGTH, API_KEYS_PER_COMPANY, type ApiKeyStatus, type ApiScope } from './developers.constants'
import { CreateApiKeyInput } from './developers.inputs'
import { requireDeveloperAdmin } from './developers.policy'
import { apiKeys } from './developers.tables.server'

export type ApiKeyView = {
  id: string
  name: string
  /** The key's visible start (`tpk_AbCdEfGh`); the rest is never shown again. */
  prefix: string
  scopes: ApiScope[]
  allowedIps: string[]
  expiresAt: Date | null
  lastUsedAt: Date | null
  lastUsedIp: string | null
  revokedAt: Date | null
  createdAt: Date
  createdBy: { id: string; name: string } | null
  status: ApiKeyStatus
}

/** A presented key that checked out: the company it acts for, the member it acts as, and what it may do. */
export type VerifiedApiKey = { id: string; companyId: string; userId: string; scopes: ApiScope[] }

type KeyRow = typeof apiKeys.$inferSelect

function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new AppError('validation_failed', 'Validation failed', { fields: fieldErrorsOf(parsed.error) })
  return parsed.data
}

export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

function statusOf(row: Pick<KeyRow, 'revokedAt' | 'expiresAt'>, now: Date): ApiKeyStatus {
  if (row.revokedAt) return 'revoked'
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired'
  return 'active'
}

function view(row: KeyRow, names: Map<string, string>, now = new Date()): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    allowedIps: row.allowedIps,
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
    lastUsedIp: row.lastUsedIp,
    revokedAt: row.revokedAt,
    createdAt: row.createdAt,
    createdBy: row.createdBy ? { id: row.createdBy, name: names.get(row.createdBy) ?? '' } : null,
    status: statusOf(row, now),
  }
}

/**
 * Creates a key for the active company and answers it with its secret, which is never shown again. A retry with the
 * same idempotency key answers the same key without its secret (`secret: null`): revoke it and create another if the
 * first answer was lost.
 */
export async function createApiKey(
  ctx: ServiceContext,
  raw: unknown,
  options: IdempotencyOption = {},
  now: Date = new Date(),
): Promise<{ key: ApiKeyView; secret: string | null }> {
  requireDeveloperAdmin(ctx)
  const input = parseInput(CreateApiKeyInput, raw)
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw new AppError('validation_failed', 'The expiry is in the past', { fields: { expiresAt: ['validation.expiresAt'] } })
  }
  const companyId = ctx.actor.companyId
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`
  const scopes = [...new Set(input.scopes)].sort()
  const allowedIps = [...new Set(input.allowedIps)]
  const created = await createIdempotently(`api_key:${companyId}`, options, { ...input, scopes, allowedIps }, async (tx, id) => {
    const [{ live = 0 } = {}] = await tx
      .select({ live: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.organizationId, companyId), isNull(apiKeys.revokedAt)))
    if (live >= API_KEYS_PER_COMPANY)
      throw new AppError('conflict', 'The company has as many keys as it may have; revoke one first', { limit: API_KEYS_PER_COMPANY })
    await tx.insert(apiKeys).values({
      id,
      organizationId: companyId,
      createdBy: ctx.actor.userId,
      name: input.name,
      prefix: secret.slice(0, API_KEY_VISIBLE_LENGTH),
      secretHash: hashApiKey(secret),
      scopes,
      allowedIps,
      expiresAt,
      createdAt: now,
    })
  })
  const key = await getApiKey(ctx, created.id)
  return { key, secret: created.replayed ? null : secret }
}

export async function getApiKey(ctx: ServiceContext, id: string): Promise<ApiKeyView> {
  requireDeveloperAdmin(ctx)
  const [row] = await database()
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.organizationId, ctx.actor.companyId)))
  if (!row) throw new AppError('not_found', 'API key not found')
  return view(row, await userNames([row.createdBy]))
}

/** The company's keys, newest first (revoked ones included, marked). */
export async function listApiKeys(ctx: ServiceContext, page: { limit: number; offset: number }): Promise<{ items: ApiKeyView[]; total: number }> {
  requireDeveloperAdmin(ctx)
  const where = eq(apiKeys.organizationId, ctx.actor.companyId)
  const [rows, [{ total = 0 } = {}]] = await Promise.all([
    database().select().from(apiKeys).where(where).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)).limit(page.limit).offset(page.offset),
    database().select({ total: count() }).from(apiKeys).where(where),
  ])
  const names = await userNames(rows.map((row) => row.createdBy))
  return { items: rows.map((row) => view(row, names)), total }
}

/** Revokes a key at once, on every instance; revoking a revoked key changes nothing. */
export async function revokeApiKey(ctx: ServiceContext, id: string, now: Date = new Date()): Promise<ApiKeyView> {
  requireDeveloperAdmin(ctx)
  const [row] = await database()
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.organizationId, ctx.actor.companyId), isNull(apiKeys.revokedAt)))
    .returning()
  if (row) keyCache().changed([row.secretHash])
  return getApiKey(ctx, id)
}

// ---------------------------------------------------------------------------------------------------------------------
// Checking a presented key, on every request that carries one: from a shared cache, so a busy key costs no query.

type CachedKey = Pick<KeyRow, 'id' | 'organizationId' | 'createdBy' | 'scopes' | 'allowedIps' | 'expiresAt' | 'revokedAt'> & { allowList: BlockList | null }

const KEY_CACHE_TTL_MS = 30_000
/** Last use is written at most this often per key (a busy key would otherwise write on every request). */
const LAST_USED_EVERY_MS = 60_000

const holder = globalThis as unknown as { __tradeportApiKeys?: SharedCache<CachedKey | null>; __tradeportKeyUse?: Map<string, number> }

function keyCache(): SharedCache<CachedKey | null> {
  if (!holder.__tradeportApiKeys) {
    holder.__tradeportApiKeys = new SharedCache('tradeport:api-keys-changed', KEY_CACHE_TTL_MS)
    holder.__tradeportApiKeys.listen()
  }
  return holder.__tradeportApiKeys
}

export function resetApiKeyCache(): void {
  holder.__tradeportApiKeys?.clear()
  holder.__tradeportKeyUse?.clear()
}

function allowListOf(ranges: readonly string[]): BlockList | null {
  if (ranges.length === 0) return null
  const list = new BlockList()
  for (const range of ranges) {
    const [address = '', bits] = range.split('/')
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4'
    if (bits === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(bits), type)
  }
  return list
}

async function loadKey(secretHash: string): Promise<CachedKey | null> {
  const [row] = await database()
    .select({
      id: apiKeys.id,
      organizationId: apiKeys.organizationId,
      createdBy: apiKeys.createdBy,
      scopes: apiKeys.scopes,
      allowedIps: apiKeys.allowedIps,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.secretHash, secretHash))
  return row ? { ...row, allowList: allowListOf(row.allowedIps) } : null
}

function allowed(list: BlockList, ip: string): boolean {
  const version = isIP(ip)
  if (version === 0) return false
  return list.check(ip, version === 6 ? 'ipv6' : 'ipv4')
}

/**
 * Checks a presented secret: unknown, revoked or expired → 401; from an address outside its allow-list → 403.
 * Answers who the key acts as; records its last use (at most once a minute).
 */
export async function verifyApiKey(secret: string, clientIp: string, now: Date = new Date()): Promise<VerifiedApiKey> {
  if (!secret.startsWith(API_KEY_PREFIX) || secret.length > 100) throw new AppError('api_key_invalid', 'Unknown API key')
  const hash = hashApiKey(secret)
  const key = await keyCache().read(hash, () => loadKey(hash))
  if (!key || key.revokedAt || !key.createdBy) throw new AppError('api_key_invalid', 'Unknown or revoked API key')
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) throw new AppError('api_key_expired', 'This API key has expired')
  if (key.allowList && !allowed(key.allowList, clientIp)) throw new AppError('api_key_ip_refused', 'This API key may not be used from this address')
  noteUse(key.id, clientIp, now)
  return { id: key.id, companyId: key.organizationId, userId: key.createdBy, scopes: key.scopes }
}

function noteUse(id: string, ip: string, now: Date): void {
  const uses = (holder.__tradeportKeyUse ??= new Map())
  const last = uses.get(id)
  if (last !== undefined && now.getTime() - last < LAST_USED_EVERY_MS) return
  uses.set(id, now.getTime())
  if (uses.size > 10_000) uses.clear()
  void database()
    .update(apiKeys)
    .set({ lastUsedAt: now, lastUsedIp: ip })
    .where(eq(apiKeys.id, id))
    .catch((error: Error) => logger().warn({ err: error.message, key: id }, 'could not record an API key’s last use'))
}
