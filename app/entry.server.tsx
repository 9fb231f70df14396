import { Writable } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from 'react-router'
import { loadSignedInLayouts } from './components/layouts/page-layout'
import { isDatabaseUnavailable } from './platform/db/database-errors.server'
import { loadAllInterfaceCatalogues, loadSharedCatalogs } from './platform/i18n/shared-catalogs'
import { LOCALES } from './platform/i18n/locales'
import { logger } from './platform/logger.server'
import { noteDatabaseUnavailable } from './platform/request-scope.server'
import { LowPriorityModulePreloads, withoutImportPreloads } from './platform/ui/module-preloads'
import { requestInfoContext } from './platform/request-info'

export const streamTimeout = 5_000

// Signed-in pages render their layout at once rather than suspending on its chunk (components/layouts/page-layout.tsx),
// and every page its shared texts (platform/i18n/shared-catalogs.ts).
await Promise.all([loadSignedInLayouts(), ...LOCALES.map((locale) => loadSharedCatalogs(locale)), loadAllInterfaceCatalogues(LOCALES)])

export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext, loadContext: RouterContextProvider) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers })
  const { nonce } = loadContext.get(requestInfoContext)

  return new Promise<Response>((resolve, reject) => {
    let statusCode = status
    let responseStarted = false
    let timeout: NodeJS.Timeout | undefined = setTimeout(() => abort(), streamTimeout + 1000)
    const page = (
      <LowPriorityModulePreloads context={routerContext} nonce={nonce}>
        <ServerRouter context={withoutImportPreloads(routerContext)} url={request.url} nonce={nonce} />
      </LowPriorityModulePreloads>
    )
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      // Every page is sent whole and in place (as crawlers always got it): no loader defers data. React moves a boundary
      // sent after the shell, or bigger than progressiveChunkSize, into place only ~300 ms after first paint — late for
      // the eye, and when hydration reaches it first React renders it again beside the server's copy (two forms for a
      // moment, found by the catalogue journeys).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        responseStarted = true
        // The whole page is ready: gather React's 4 kB pieces into one buffer and send it with a Content-Length, in one
        // write, instead of streaming each piece through a Node stream, a web stream and a socket write of its own.
        const chunks: Buffer[] = []
        const body = new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk)
            callback()
          },
          final(callback) {
            clearTimeout(timeout)
            timeout = undefined
            headers.set('Content-Type', 'text/html; charset=utf-8')
            resolve(new Response(Buffer.concat(chunks), { headers, status: statusCode }))
            callback()
          },
        })
        pipe(body)
      },
      onShellError(error: unknown) {
        reject(error)
      },
      onError(error: unknown) {
        statusCode = 500
        if (responseStarted) logger().error({ err: error }, 'streaming render error')
      },
    })
  })
}

function requestIdOf(context: unknown): string {
  try {
    return (context as RouterContextProvider).get(requestInfoContext).requestId
  } catch {
    return ''
  }
}

/** Unhandled loader, action and render errors: logged once with the request id, never shown to the user. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  if (isDatabaseUnavailable(error)) {
    noteDatabaseUnavailable()
    logger().warn({ err: error, requestId: requestIdOf(context), path: new URL(request.url).pathname }, 'database unavailable')
    return
  }
  logger().error({ err: error, requestId: requestIdOf(context), path: new URL(request.url).pathname }, 'unhandled page error')
}
