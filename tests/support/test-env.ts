import { parseEnv, type Env } from '../../app/platform/env.server'

export const TEST_PUBLIC_URL = 'http://localhost:3000'

/** The configuration every test process starts from; individual tests override what they exercise. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_PUBLIC_URL,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    DATA_DIR: '/tmp/tradeport-test-data',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    AUTH_RATE_LIMIT: 'off',
    // Tests write rows directly and search again at once: no reuse of earlier results.
    SEARCH_CACHE_SECONDS: '0',
    // Tests fire bursts on a shared, slow machine: the line never turns them away (its own tests set tight limits).
    DB_MAX_QUEUED_REQUESTS: '10000',
    DB_QUEUE_WAIT_MS: '60000',
    ...overrides,
  })
}
