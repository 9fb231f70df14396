import { afterAll, describe, expect, it } from 'vitest'
import { setEnvForTesting } from '../../platform/env.server'
import { closeRedis } from '../../platform/redis.server'
import { testEnv } from '../../../tests/support/test-env'
import { SessionRevocations } from './session-revocations.server'

const url = process.env.TEST_REDIS_URL

describe.runIf(url)('session revocations across instances', () => {
  afterAll(async () => {
    await closeRedis()
  })

  it('tells every instance about a sign-out through Redis', async () => {
    setEnvForTesting(testEnv({ REDIS_URL: url ?? '' }))
    const here = new SessionRevocations(60_000)
    const elsewhere = new SessionRevocations(60_000)
    elsewhere.listen()
    // Pub/sub keeps nothing for a subscriber that is not listening yet (its SUBSCRIBE may still be on the way on a busy
    // machine): the sign-out is announced again until the other instance has heard it.
    await expect
      .poll(
        () => {
          here.revoke('session-on-another-instance')
          return elsewhere.isRevoked('session-on-another-instance')
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(true)
    await elsewhere.close()
  })
})
