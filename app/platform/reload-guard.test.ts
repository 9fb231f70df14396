import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  ChunkLoadError,
  handlePreloadError,
  isChunkLoadError,
  isReloading,
  markChunkLoadError,
  RELOAD_GUARD_MS,
  RELOAD_STORAGE_KEY,
  type ReloadEnvironment,
  reloadOnce,
  resetReloadGuardForTests,
} from './reload-guard'

/** A tab: its sessionStorage survives a reload, the module's memory does not (resetReloadGuardForTests). */
function tab(options: { storage?: 'working' | 'missing' | 'throwing'; loadedByReload?: number | null } = {}) {
  const values = new Map<string, string>()
  const storage =
    options.storage === 'missing'
      ? null
      : options.storage === 'throwing'
        ? {
            getItem: () => {
              throw new Error('SecurityError')
            },
            setItem: () => {
              throw new Error('QuotaExceededError')
            },
          }
        : { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) }
  let clock = 1_700_000_000_000
  const reload = vi.fn()
  let sinceLoad: number | null = options.loadedByReload ?? null
  const env: ReloadEnvironment = { now: () => clock, storage, sinceReloadedLoad: () => sinceLoad, reload }
  return {
    env,
    reload,
    values,
    advance: (ms: number) => {
      clock += ms
      if (sinceLoad !== null) sinceLoad += ms
    },
    /** The page reloaded: a new document, loaded by a reload, with a fresh module. */
    reloaded: () => {
      resetReloadGuardForTests()
      sinceLoad = 0
    },
  }
}

beforeEach(() => resetReloadGuardForTests())
afterEach(() => resetReloadGuardForTests())

describe('reloadOnce', () => {
  it('reloads the first time and records when in sessionStorage', () => {
    const t = tab()
    expect(reloadOnce(t.env)).toBe(true)
    expect(t.reload).toHaveBeenCalledTimes(1)
    expect(t.values.get(RELOAD_STORAGE_KEY)).toBe(String(t.env.now()))
  })

  it('refuses a second reload within 10 s of the first, across the reload, and allows one after', () => {
    const t = tab()
    expect(reloadOnce(t.env)).toBe(true)
    t.reloaded()
    t.advance(RELOAD_GUARD_MS - 1)
    expect(reloadOnce(t.env)).toBe(false)
    expect(t.reload).toHaveBeenCalledTimes(1)
    t.advance(1)
    expect(reloadOnce(t.env)).toBe(true)
    expect(t.reload).toHaveBeenCalledTimes(2)
  })

  it('answers yes without reloading again while the page is already going (several imports failing at once)', () => {
    const t = tab()
    expect(reloadOnce(t.env)).toBe(true)
    expect(reloadOnce(t.env)).toBe(true)
    expect(t.reload).toHaveBeenCalledTimes(1)
    expect(isReloading(t.env.now())).toBe(true)
    expect(isReloading(t.env.now() + RELOAD_GUARD_MS)).toBe(false)
  })

  it('refuses in a page loaded by a reload less than 10 s ago when sessionStorage has no record (it may not have been written)', () => {
    const t = tab({ loadedByReload: 0 })
    t.advance(RELOAD_GUARD_MS - 1)
    expect(reloadOnce(t.env)).toBe(false)
    t.advance(1)
    expect(reloadOnce(t.env)).toBe(true)
  })

  it('allows a reload in a page the person reloaded when the record shows the guard’s own was long ago', () => {
    const t = tab({ loadedByReload: 0 })
    t.values.set(RELOAD_STORAGE_KEY, String(t.env.now() - 60_000))
    expect(reloadOnce(t.env)).toBe(true)
  })

  it('stops after one round when sessionStorage reads but cannot be written (full)', () => {
    const t = tab()
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    const env = { ...t.env, storage: full }
    expect(reloadOnce(env)).toBe(true)
    t.reloaded()
    t.advance(1_000)
    expect(reloadOnce(env)).toBe(false)
    expect(t.reload).toHaveBeenCalledTimes(1)
  })

  it('ignores a reload time in the future (the clock went back) or that is not a number', () => {
    const t = tab()
    t.values.set(RELOAD_STORAGE_KEY, String(t.env.now() + 60_000))
    expect(reloadOnce(t.env)).toBe(true)
    resetReloadGuardForTests()
    t.values.set(RELOAD_STORAGE_KEY, 'garbage')
    expect(reloadOnce(t.env)).toBe(true)
  })

  for (const storage of ['missing', 'throwing'] as const) {
    describe(`without sessionStorage (${storage})`, () => {
      it('reloads once, then refuses in the reloaded page for 10 s: no loop', () => {
        const t = tab({ storage })
        expect(reloadOnce(t.env)).toBe(true)
        t.reloaded()
        t.advance(2_000)
        expect(reloadOnce(t.env)).toBe(false)
        t.advance(RELOAD_GUARD_MS)
        expect(reloadOnce(t.env)).toBe(true)
        expect(t.reload).toHaveBeenCalledTimes(2)
      })

      it('remembers its own reload in memory when the page did not go', () => {
        const t = tab({ storage })
        expect(reloadOnce(t.env)).toBe(true)
        t.advance(RELOAD_GUARD_MS) // the reload was cancelled (a "leave this page?" prompt) and the page is still here
        expect(reloadOnce(t.env)).toBe(true)
        expect(t.reload).toHaveBeenCalledTimes(2)
        t.advance(1_000)
        expect(reloadOnce(t.env)).toBe(true) // still going
        expect(t.reload).toHaveBeenCalledTimes(2)
      })
    })
  }
})

describe('handlePreloadError', () => {
  const preloadError = (payload: unknown) => Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload })

  it('cancels the event only when it reloads, and marks the error as a failed chunk', () => {
    const t = tab()
    const first = preloadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))
    handlePreloadError(first, t.env)
    expect(first.defaultPrevented).toBe(true)
    expect(t.reload).toHaveBeenCalledTimes(1)

    t.reloaded()
    t.advance(3_000)
    const payload = new Error('network')
    const second = preloadError(payload)
    handlePreloadError(second, t.env)
    expect(second.defaultPrevented).toBe(false) // the import rejects: the error boundary shows the new-version page
    expect(t.reload).toHaveBeenCalledTimes(1)
    expect(isChunkLoadError(payload)).toBe(true)
  })
})

describe('isChunkLoadError', () => {
  it('recognises the guard’s own error, marked errors and the browsers’ messages', () => {
    expect(isChunkLoadError(new ChunkLoadError('gone'))).toBe(true)
    expect(isChunkLoadError(markChunkLoadError(new Error('whatever')))).toBe(true)
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://x/assets/a.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Unable to preload CSS for http://x/assets/a.css'))).toBe(true)
  })

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('Injected fault for testing'))).toBe(false)
    expect(isChunkLoadError(null)).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
    expect(isChunkLoadError({ status: 404 })).toBe(false)
  })
})
