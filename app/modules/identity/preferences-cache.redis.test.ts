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
    await new Promise((resolve) => setTimeout(resolve, 200))
    const load = vi.fn(async () => DEFAULT_PREFERENCES)
    await elsewhere.read('user-on-two-instances', load)
    here.saved('user-on-two-instances', { ...DEFAULT_PREFERENCES, currency: 'JPY' })
    await expect
      .poll(
        async () => {
          await elsewhere.read('user-on-two-instances', load)
          return load.mock.calls.length
        },
        { timeout: 3000 },
      )
      .toBe(2)
    await elsewhere.close()
  })
})
