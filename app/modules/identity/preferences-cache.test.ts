import { describe, expect, it, vi } from 'vitest'
import { PreferencesCache } from './preferences-cache.server'
import { DEFAULT_PREFERENCES, type Preferences } from './preferences'

const SAVED: Preferences = { ...DEFAULT_PREFERENCES, currency: 'CNY', timezone: 'Asia/Shanghai' }

describe('preferences cache', () => {
  it('reads the database once, then answers from memory until the entry expires', async () => {
    let now = 0
    const cache = new PreferencesCache(60_000, () => now)
    const load = vi.fn(async () => DEFAULT_PREFERENCES)
    await cache.read('u1', load)
    await cache.read('u1', load)
    expect(load).toHaveBeenCalledTimes(1)
    now = 60_000
    await cache.read('u1', load)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('keys entries by user', async () => {
    const cache = new PreferencesCache()
    await cache.read('u1', async () => SAVED)
    expect(await cache.read('u2', async () => DEFAULT_PREFERENCES)).toEqual(DEFAULT_PREFERENCES)
  })

  it('serves what a save stored, without reading again', async () => {
    const cache = new PreferencesCache()
    await cache.read('u1', async () => DEFAULT_PREFERENCES)
    cache.saved('u1', SAVED)
    const load = vi.fn(async () => DEFAULT_PREFERENCES)
    expect(await cache.read('u1', load)).toEqual(SAVED)
    expect(load).not.toHaveBeenCalled()
  })

  it('does not keep what a read fetched while a save was landing', async () => {
    const cache = new PreferencesCache()
    let finishRead: (value: Preferences) => void = () => undefined
    const slowRead = cache.read('u1', () => new Promise<Preferences>((resolve) => (finishRead = resolve)))
    cache.saved('u1', SAVED)
    finishRead(DEFAULT_PREFERENCES)
    await slowRead
    expect(await cache.read('u1', async () => DEFAULT_PREFERENCES)).toEqual(SAVED)
  })
})
