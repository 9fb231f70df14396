/**
 * The reload guard (§9): after a deploy, a page opened before it may ask for a code chunk the server no longer has. The
 * page then reloads itself once to pick up the new build, and never again within RELOAD_GUARD_MS: a chunk still missing
 * after that (a deploy half rolled out, a proxy's stale copy) shows the "new version" page instead of a reload loop.
 *
 * Used by the `vite:preloadError` listener of `entry.client.tsx` (every lazy import of our code goes through Vite's
 * preload helper, which raises it) and by `route-module-loader.ts`, which stands in for React Router's own loader of route
 * modules (see `scripts/vite-route-module-guard.ts`).
 */

/** §9: "Page reload guard 10 s". */
export const RELOAD_GUARD_MS = 10_000

/** When this tab last reloaded itself for a missing chunk (epoch milliseconds), in sessionStorage. */
export const RELOAD_STORAGE_KEY = 'tradeport:chunk-reload-at'

/** What the guard needs of the browser; the default reads `window`, tests pass their own. */
export type ReloadEnvironment = {
  now(): number
  /** null when sessionStorage cannot be used (disabled, sandboxed, full). */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null
  /** Milliseconds since this document started loading, when it was itself loaded by a reload; otherwise null. */
  sinceReloadedLoad(): number | null
  reload(): void
}

/** A chunk that could not be loaded: the guard refused to reload, so the error boundary says a new version is out. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError'
}

/** When this page started reloading: until it is gone, whatever renders shows the "new version" page. */
let reloadStartedAt: number | null = null
const chunkErrors = new WeakSet<object>()

function browserEnvironment(): ReloadEnvironment {
  let storage: ReloadEnvironment['storage']
  try {
    // Reading the property throws where storage is disabled; a write may throw where it is full.
    storage = window.sessionStorage
  } catch {
    storage = null
  }
  return {
    now: () => Date.now(),
    storage,
    sinceReloadedLoad: () => {
      const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
      return entry?.type === 'reload' ? performance.now() : null
    },
    reload: () => window.location.reload(),
  }
}

function storedReloadAt(storage: ReloadEnvironment['storage']): number | null | undefined {
  if (!storage) return undefined
  try {
    const value = Number(storage.getItem(RELOAD_STORAGE_KEY))
    return Number.isFinite(value) && value > 0 ? value : null
  } catch {
    return undefined
  }
}

function recordReload(storage: ReloadEnvironment['storage'], at: number): void {
  try {
    storage?.setItem(RELOAD_STORAGE_KEY, String(at))
  } catch {
    // Full or refused: the reloaded page still knows it was loaded by a reload (Navigation Timing).
  }
}

const within = (elapsed: number) => elapsed >= 0 && elapsed < RELOAD_GUARD_MS

/**
 * Reloads the page unless it reloaded for a missing chunk less than RELOAD_GUARD_MS ago; true when it reloads (the
 * caller then waits for the page to go). Without a record in sessionStorage (none yet, storage disabled or full) the
 * guard cannot tell its own reload from the person's, so it also refuses while the page itself was loaded by a reload
 * less than RELOAD_GUARD_MS ago: a loop stops after one round either way.
 */
export function reloadOnce(env: ReloadEnvironment = browserEnvironment()): boolean {
  const now = env.now()
  // Several imports may fail at once: the first one reloads, the others wait for the page to go with it. (A reload the
  // person cancelled, in a "leave this page?" prompt, counts until the guard's time is up.)
  if (reloadStartedAt !== null && within(now - reloadStartedAt)) return true
  const stored = storedReloadAt(env.storage)
  if (stored != null && within(now - stored)) return false
  if (stored == null) {
    const sinceReload = env.sinceReloadedLoad()
    if (sinceReload !== null && within(sinceReload)) return false
  }
  recordReload(env.storage, now)
  reloadStartedAt = now
  env.reload()
  return true
}

/** True once this page has started reloading for a missing chunk. */
export function isReloading(now = Date.now()): boolean {
  return reloadStartedAt !== null && within(now - reloadStartedAt)
}

/** Remembers an error as a failed chunk load (the payload of `vite:preloadError`, a failed route module import). */
export function markChunkLoadError<T>(error: T): T {
  if (typeof error === 'object' && error !== null) chunkErrors.add(error)
  return error
}

/** What browsers and Vite say when a module or its stylesheet cannot be fetched. */
const CHUNK_FAILURE_MESSAGES = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's preload helper
]

/** Whether an error (as an error boundary receives it) is a code chunk that could not be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true
  if (typeof error !== 'object' || error === null) return false
  if (chunkErrors.has(error)) return true
  return error instanceof Error && CHUNK_FAILURE_MESSAGES.some((pattern) => pattern.test(error.message))
}

/**
 * The `vite:preloadError` listener: a lazy import of our code failed (its chunk or one it needs is missing). Reloads once;
 * only then is the event cancelled (the import resolves to nothing while the page goes). When the guard refuses, the
 * error goes on to the importer and, through a render, to the route error boundary, which shows the "new version" page.
 */
export function handlePreloadError(event: Event & { payload?: unknown }, env?: ReloadEnvironment): void {
  markChunkLoadError(event.payload)
  if (reloadOnce(env)) event.preventDefault()
}

/** Tests only: a new document (the module's memory of a reload gone). */
export function resetReloadGuardForTests(): void {
  reloadStartedAt = null
}
