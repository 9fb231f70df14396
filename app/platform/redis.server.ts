import { Redis } from 'ioredis'
import { env } from './env.server'
import { logger } from './logger.server'

const globalRedis = globalThis as unknown as { __tradeportRedis?: Redis | null }

/** The shared Redis connection when REDIS_URL is configured; null on the zero-setup default. */
export function redis(): Redis | null {
  if (globalRedis.__tradeportRedis === undefined) {
    const url = env().REDIS_URL
    globalRedis.__tradeportRedis = url ? createRedis(url) : null
  }
  return globalRedis.__tradeportRedis
}

export function createRedis(url: string): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false })
  client.on('error', (error: Error) => logger().warn({ err: error.message }, 'redis error'))
  return client
}

export async function closeRedis(): Promise<void> {
  const client = globalRedis.__tradeportRedis
  globalRedis.__tradeportRedis = undefined
  if (client) await client.quit().catch(() => client.disconnect())
}
