import { randomUUID } from 'node:crypto'
import { database } from '../../platform/db/index.server'
import { ExpiringLru } from '../../platform/lru'
import { SharedCache } from '../../platform/shared-cache.server'

const TTL_MS = 5 * 60_000
const MAX_COUNTS = 20_000

/**
 * Counts of a company's products (the totals of its own product list and of its public profile), kept until the
 * catalogue changes. Counting 100,000 products costs a few hundred milliseconds on PGlite and the totals are asked on
 * every page; a company's catalogue changes seldom in comparison. Each company has a catalogue version; a write drops
 * it here and, with REDIS_URL, on every instance, so every count taken under the old version is never read again.
 * A count that was running while a write committed is stored under the version it began with, so it cannot outlive it.
 */
const globalCounts = globalThis as unknown as { __tradeportProductCounts?: { versions: SharedCache<string>; counts: ExpiringLru<string, number> } }

function store() {
  if (!globalCounts.__tradeportProductCounts) {
    const versions = new SharedCache<string>('tradeport:catalogue-changed', TTL_MS)
    versions.listen()
    globalCounts.__tradeportProductCounts = { versions, counts: new ExpiringLru(MAX_COUNTS) }
  }
  return globalCounts.__tradeportProductCounts
}

/** Each database (tests open many in one process) has its own versions. */
const databaseIds = new WeakMap<object, string>()
function databaseId(): string {
  const db = database()
  let id = databaseIds.get(db)
  if (!id) {
    id = randomUUID()
    databaseIds.set(db, id)
  }
  return id
}

/** The company's count of products matching `filter` (a key naming every condition of `count`), counted once per catalogue version. */
export async function cachedProductCount(companyId: string, filter: string, count: () => Promise<number>): Promise<number> {
  const { versions, counts } = store()
  const version = await versions.read(`${databaseId()}:${companyId}`, async () => randomUUID())
  const key = `${version}:${filter}`
  const cached = counts.get(key)
  if (cached !== undefined) return cached
  const counted = await count()
  counts.set(key, counted, TTL_MS)
  return counted
}

/** After a committed write that may change which of the company's products are seen or how they are counted. */
export function productCountsChanged(companyId: string): void {
  store().versions.changed([`${databaseId()}:${companyId}`])
}

/** Runs a write, then forgets the company's counts whether it committed or not. */
export async function afterCatalogueWrite<T>(companyId: string, write: Promise<T>): Promise<T> {
  try {
    return await write
  } finally {
    productCountsChanged(companyId)
  }
}

export async function closeProductCounts(): Promise<void> {
  await globalCounts.__tradeportProductCounts?.versions.close()
  globalCounts.__tradeportProductCounts = undefined
}
