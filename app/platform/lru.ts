/** A small least-recently-used map with per-entry expiry, for in-process caches. */
export class ExpiringLru<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>()

  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.entries.delete(key)
    if (entry.expiresAt <= this.now()) return undefined
    this.entries.set(key, entry)
    return entry.value
  }

  set(key: K, value: V, ttlMs: number): void {
    if (ttlMs <= 0) return
    this.entries.delete(key)
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs })
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next()
      if (!oldest.done) this.entries.delete(oldest.value)
    }
  }

  delete(key: K): void {
    this.entries.delete(key)
  }

  clear(): void {
    this.entries.clear()
  }

  get size(): number {
    return this.entries.size
  }
}
