// The server process of `npm run bench:realtime` (scripts/bench-realtime.ts starts it; not meant to be run by hand):
// the real API (token grants) and the real Socket.IO server on one HTTP server, without the page renderer, so the
// bench needs no production build. The configuration comes from the environment (DATABASE_URL, REDIS_URL, PORT…);
// BENCH_REDIS_KEY names the Redis adapter's channels. Over IPC it answers `memory` with process.memoryUsage().
import { createServer } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { bearerSessions, preferencesCache, sessionRevocations } from '../app/modules/identity/index.server'
import { closeDatabase, databaseHandle } from '../app/platform/db/index.server'
import { env } from '../app/platform/env.server'
import { closeRedis } from '../app/platform/redis.server'
import { createHttpApp } from '../server/http-app'
import { attachRealtime } from '../server/realtime'

const config = env()
await databaseHandle().migrate()
await bearerSessions().keyRing()
sessionRevocations().listen()
preferencesCache().listen()

const app = createHttpApp(config, async () => new Response('not rendered in the bench', { status: 404 }))
const http = createServer(getRequestListener(app.fetch))
const io = attachRealtime(http, config, process.env.BENCH_REDIS_KEY ? { redisKey: process.env.BENCH_REDIS_KEY } : {})
await new Promise<void>((resolve) => http.listen(config.PORT, '127.0.0.1', resolve))
process.send?.({ type: 'ready' })

process.on('message', (request: { type?: string }) => {
  if (request.type === 'memory') process.send?.({ type: 'memory', ...process.memoryUsage() })
})

async function stop(): Promise<void> {
  await io.close()
  await sessionRevocations().close()
  await preferencesCache().close()
  await closeRedis()
  await closeDatabase()
  process.exit(0)
}
process.on('SIGTERM', () => void stop())
process.on('disconnect', () => void stop())
