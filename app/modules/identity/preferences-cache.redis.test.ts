import { afterAll, describe, expect, it, vi } from 'vitest'
import { setEnvForTesting } from '../../platform/env.server'
import { closeRedis } from '../../platform/redis.server'
import { testEnv } from '../../../tests/support/test-env'
import { PreferencesCache } from './preferences-cache.server'
import { DEFAULT_PREFERENCES } from './preferences'

const url = process.env.TEST_REDIS_URL

describe.runIf(url)('preferences cache across instances', () => {
  afterAll(async () => {
    await closeRedis()
  })

  it('drops a user’s entry on every instance when one of them saves', async () => {
    setEnvForTesting(testEnv({ REDIS_URL: url ?? '' }))
    const here = new PreferencesCache()
    const elsewhere = new PreferencesCache()
    elsewhere.listen()
    const load = vi.fn(async () => DEFAULT_PREFERENCES)
    await elsewhere.read('user-on-two-instances', load)
    // Pub/sub keeps nothing for a subscriber that is not listening yet (its SUBSCRIBE may still be on the way on a busy
    // machine): the save is announced again until the other instance has dropped its entry and loads it afresh.
    await expect
      .poll(
        async () => {
          here.saved('user-on-two-instances', { ...DEFAULT_PREFERENCES, currency: 'JPY' })
          await elsewhere.read('user-on-two-instances', load)
          return load.mock.calls.length
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(2)
    await elsewhere.close()
  })
})
