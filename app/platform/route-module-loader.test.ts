import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ChunkLoadError, isChunkLoadError, RELOAD_STORAGE_KEY, resetReloadGuardForTests } from './reload-guard'
import { loadRouteModule } from './route-module-loader'

/** A browser window as far as the guard reads it: sessionStorage and location.reload. */
function stubWindow() {
  const values = new Map<string, string>()
  const reload = vi.fn()
  vi.stubGlobal('window', {
    sessionStorage: { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) },
    location: { reload },
  })
  return { values, reload }
}

const MISSING = new URL('./no-such-route-module.js', import.meta.url).href
const settled = (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(
      () => 'resolved',
      () => 'rejected',
    ),
    new Promise((resolve) => setTimeout(() => resolve('pending'), 50)),
  ])

beforeEach(() => {
  resetReloadGuardForTests()
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  resetReloadGuardForTests()
})

describe('loadRouteModule (React Router’s, with the reload guard)', () => {
  it('imports a route module once and keeps it in the cache', async () => {
    const cache: Record<string, unknown> = {}
    const route = { id: 'routes/a', module: 'data:text/javascript,export default 42' }
    const loaded = await loadRouteModule(route, cache)
    expect((loaded as { default: number }).default).toBe(42)
    expect(cache['routes/a']).toBe(loaded)
    expect(await loadRouteModule({ ...route, module: MISSING }, cache)).toBe(loaded)
  })

  it('reloads the page once when a route module is missing, and waits for the page to go', async () => {
    const browser = stubWindow()
    const cache: Record<string, unknown> = {}
    expect(await settled(loadRouteModule({ id: 'routes/b', module: MISSING }, cache))).toBe('pending')
    expect(browser.reload).toHaveBeenCalledTimes(1)
    expect(browser.values.get(RELOAD_STORAGE_KEY)).toMatch(/^\d+$/)
    expect(cache).toEqual({})
  })

  it('within 10 s of that reload answers with a module whose page throws a ChunkLoadError, for the error boundary', async () => {
    const browser = stubWindow()
    browser.values.set(RELOAD_STORAGE_KEY, String(Date.now() - 2_000)) // the reloaded page
    const cache: Record<string, unknown> = {}
    const standIn = (await loadRouteModule({ id: 'routes/b', module: MISSING, hasClientLoader: true }, cache)) as Record<string, () => unknown>
    expect(browser.reload).not.toHaveBeenCalled()
    expect(cache).toEqual({}) // the next load tries again
    expect(Object.keys(standIn).sort()).toEqual(['clientLoader', 'default'])
    for (const run of [standIn.default!, standIn.clientLoader!]) {
      const failure = (() => {
        try {
          run()
        } catch (error) {
          return error
        }
      })()
      expect(failure).toBeInstanceOf(ChunkLoadError)
      expect(isChunkLoadError(failure)).toBe(true)
      expect((failure as Error).cause).toBeInstanceOf(Error)
    }
  })
})
