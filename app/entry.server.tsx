import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from 'react-router'
import { isDatabaseUnavailable } from './platform/db/database-errors.server'
import { logger } from './platform/logger.server'
import { noteDatabaseUnavailable } from './platform/request-scope.server'
import { requestInfoContext } from './platform/request-info'

export const streamTimeout = 5_000

export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext, loadContext: RouterContextProvider) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers })
  const { nonce } = loadContext.get(requestInfoContext)
  const waitForAll = isbot(request.headers.get('user-agent')) || routerContext.isSpaMode

  return new Promise<Response>((resolve, reject) => {
    let statusCode = status
    let shellRendered = false
    let timeout: NodeJS.Timeout | undefined = setTimeout(() => abort(), streamTimeout + 1000)
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [waitForAll ? 'onAllReady' : 'onShellReady']() {
        shellRendered = true
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeout)
            timeout = undefined
            callback()
          },
        })
        headers.set('Content-Type', 'text/html; charset=utf-8')
        pipe(body)
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status: statusCode }))
      },
      onShellError(error: unknown) {
        reject(error)
      },
      onError(error: unknown) {
        statusCode = 500
        if (shellRendered) logger().error({ err: error }, 'streaming render error')
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
