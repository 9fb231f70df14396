/** An access token the tabs of one browser share, tagged with the session (and its version) it belongs to. */
export type StoredToken = { access_token: string; expires_at: number; session_key: string }

/**
 * Where the tabs of a browser keep the one access token they share (ADR 017): page loads and new tabs reuse it
 * until it nears expiry, and one tab at a time renews it.
 */
export interface TokenStore {
  read(): StoredToken | null
  write(token: StoredToken): void
  clear(): void
  /** Runs `task` while no other tab runs one (so one renewal serves them all). */
  exclusive<T>(task: () => Promise<T>): Promise<T>
  /** Hears about tokens other tabs write or clear. */
  subscribe(listener: (token: StoredToken | null) => void): () => void
}

export const TOKEN_STORAGE_KEY = 'tradeport.access-token'
const LOCK_NAME = 'tradeport.access-token'

function parse(raw: string | null): StoredToken | null {
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as Partial<StoredToken>
    return typeof value.access_token === 'string' && typeof value.expires_at === 'number' && typeof value.session_key === 'string'
      ? { access_token: value.access_token, expires_at: value.expires_at, session_key: value.session_key }
      : null
  } catch {
    return null
  }
}

/** The browser's store: localStorage for the token, the Web Locks API (where the context has it) for renewals. */
export function browserTokenStore(): TokenStore {
  return {
    read: () => parse(localStorage.getItem(TOKEN_STORAGE_KEY)),
    write: (token) => localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(token)),
    clear: () => localStorage.removeItem(TOKEN_STORAGE_KEY),
    // Web Locks exist only in secure contexts; elsewhere two tabs may at worst both renew.
    exclusive: (task) => (typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request(LOCK_NAME, task) : task()),
    subscribe: (listener) => {
      const onStorage = (event: StorageEvent) => {
        if (event.key === TOKEN_STORAGE_KEY || event.key === null) listener(parse(event.newValue))
      }
      window.addEventListener('storage', onStorage)
      return () => window.removeEventListener('storage', onStorage)
    },
  }
}

/** A store for one tab alone (tests, and browsers without storage). */
export function memoryTokenStore(): TokenStore {
  let token: StoredToken | null = null
  let queue: Promise<unknown> = Promise.resolve()
  return {
    read: () => token,
    write: (next) => {
      token = next
    },
    clear: () => {
      token = null
    },
    exclusive: <T>(task: () => Promise<T>) => {
      const run = queue.then(task, task)
      queue = run.catch(() => undefined)
      return run
    },
    subscribe: () => () => {},
  }
}
