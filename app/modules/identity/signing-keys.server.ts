import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomUUID } from 'node:crypto'
import { isNull } from 'drizzle-orm'
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose'
import type { Database } from '../../platform/db/index.server'
import { signingKeys } from './identity.tables.server'

export const SIGNING_ALGORITHM = 'ES256'
/** §9: verifiers hold the public keys for ten minutes before asking again. */
export const KEY_CACHE_MS = 10 * 60 * 1000

type PublicKey = { kid: string; jwk: JWK; key: CryptoKey }
export type KeyRing = { active: { kid: string; privateKey: CryptoKey }; publicKeys: Map<string, PublicKey>; loadedAt: number }

function wrappingKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'tradeport', 'signing-key-encryption', 32))
}

export function encryptPrivateJwk(jwk: JWK, secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', wrappingKey(secret), iv)
  const body = Buffer.concat([cipher.update(JSON.stringify(jwk), 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.')
}

export function decryptPrivateJwk(sealed: string, secret: string): JWK {
  const [iv = '', tag = '', body = ''] = sealed.split('.')
  const decipher = createDecipheriv('aes-256-gcm', wrappingKey(secret), Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()])
  return JSON.parse(plain.toString('utf8')) as JWK
}

async function createSigningKey(db: Database, secret: string): Promise<void> {
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true })
  const kid = randomUUID()
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALGORITHM, use: 'sig' }
  const privateJwk = await exportJWK(privateKey)
  await db.insert(signingKeys).values({
    id: kid,
    algorithm: SIGNING_ALGORITHM,
    publicJwk: JSON.stringify(publicJwk),
    encryptedPrivateJwk: encryptPrivateJwk(privateJwk, secret),
  })
}

/** Loads the keys that are not retired, creating the first one on a fresh database. */
export async function loadKeyRing(db: Database, secret: string): Promise<KeyRing> {
  let rows = await db.select().from(signingKeys).where(isNull(signingKeys.retiredAt))
  if (rows.length === 0) {
    await createSigningKey(db, secret)
    rows = await db.select().from(signingKeys).where(isNull(signingKeys.retiredAt))
  }
  rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
  const newest = rows[0]
  if (!newest) throw new Error('no signing key available')
  const publicKeys = new Map<string, PublicKey>()
  for (const row of rows) {
    const jwk = JSON.parse(row.publicJwk) as JWK
    publicKeys.set(row.id, { kid: row.id, jwk, key: (await importJWK(jwk, row.algorithm)) as CryptoKey })
  }
  const privateKey = (await importJWK(decryptPrivateJwk(newest.encryptedPrivateJwk, secret), newest.algorithm)) as CryptoKey
  return { active: { kid: newest.id, privateKey }, publicKeys, loadedAt: Date.now() }
}

export function jwksDocument(ring: KeyRing): { keys: JWK[] } {
  return { keys: [...ring.publicKeys.values()].map((k) => k.jwk) }
}
