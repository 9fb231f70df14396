// The process entry: one HTTP server for pages, the API, auth and Socket.IO. Plain JS so it runs
// before anything is built; production loads the built bundle, development runs Vite in middleware mode.
import http from 'node:http'
import { getRequestListener } from '@hono/node-server'

const isProduction = process.env.NODE_ENV === 'production'
const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '0.0.0.0'
const started = performance.now()

let vite
let loadServerModule
if (isProduction) {
  const built = await import('./build/server/index.js')
  loadServerModule = async () => built
} else {
  const { createServer } = await import('vite')
  vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' })
  loadServerModule = () => vite.ssrLoadModule('./server/app.ts')
}

const serverModule = await loadServerModule()
const { seeded } = await serverModule.startApp()
const log = serverModule.logger()

let productionApp
let stopping = false
const listener = getRequestListener(async (request, env) => {
  // A request that arrives on a kept-alive connection after SIGTERM: 503, retry elsewhere, and the connection closes.
  if (stopping) return serverModule.stoppingResponse(request)
  if (isProduction) {
    productionApp ??= serverModule.createApp()
    return productionApp.fetch(request, env)
  }
  // Development re-loads the app module per request so edits apply without a restart.
  const fresh = await loadServerModule()
  return fresh.createApp().fetch(request, env)
})

const httpServer = http.createServer((req, res) => {
  if (vite) vite.middlewares(req, res, () => listener(req, res))
  else listener(req, res)
})
httpServer.keepAliveTimeout = 65_000
// Responses still being prepared when the server stops; each tells its client to close the connection.
const inFlight = new Set()
httpServer.on('request', (_req, res) => {
  inFlight.add(res)
  res.on('close', () => {
    inFlight.delete(res)
    if (stopping) httpServer.closeIdleConnections()
  })
})
const io = serverModule.attachRealtime(httpServer)

httpServer.listen(port, host, () => {
  const address = httpServer.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  const url = process.env.PUBLIC_URL ?? `http://localhost:${actualPort}`
  const lines = [
    `Tradeport is running at ${url} (${isProduction ? 'production' : 'development'}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}) — ready in ${Math.round(performance.now() - started)} ms`,
  ]
  if (serverModule.env().SEED_DEMO) {
    lines.push(seeded ? 'Demo accounts created. Sign in with:' : 'Demo sign-ins:')
    for (const account of serverModule.DEMO_ACCOUNTS) lines.push(`  ${account.key.padEnd(9)} ${account.email.padEnd(26)} ${account.password}`)
  }
  console.log(lines.join('\n'))
  if (isProduction) void prerender(url)
})

/** The static public pages, rendered into the page cache before their first visitor (ADR 054). */
async function prerender(origin) {
  const started = performance.now()
  productionApp ??= serverModule.createApp()
  try {
    const { rendered, failed } = await serverModule.prerenderStaticPages(productionApp, origin)
    log.info({ rendered, failed, ms: Math.round(performance.now() - started) }, 'prerendered the static pages')
  } catch (error) {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, 'prerendering the static pages failed; their first visitors render them')
  }
}

async function shutdown(signal) {
  if (stopping) return
  stopping = true
  log.info({ signal, inFlight: inFlight.size }, 'shutting down: finishing in-flight requests')
  for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close')
  const force = setTimeout(() => {
    log.error('shutdown timed out; exiting')
    process.exit(1)
  }, 15_000)
  force.unref()
  io.close()
  await new Promise((resolve) => {
    httpServer.close(() => resolve(undefined))
    httpServer.closeIdleConnections()
  })
  await vite?.close()
  await serverModule.stopApp()
  log.info('stopped')
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
