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
    await new Promise((resolve) => setTimeout(resolve, 200))
    here.revoke('session-on-another-instance')
    await expect.poll(() => elsewhere.isRevoked('session-on-another-instance'), { timeout: 3000 }).toBe(true)
    await elsewhere.close()
  })
})
