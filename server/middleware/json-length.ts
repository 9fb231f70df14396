import type { MiddlewareHandler } from 'hono'

/**
 * Every `c.json` answer states its Content-Length, so the compression step can pass over a small one without reading
 * its body. Reading it turns @hono/node-server's lightweight response into a web Response whose body is then written
 * through a stream: measured on `/api/health` (10 connections), 4,700 req/s with the read against 8,000 without.
 */
export function jsonContentLength(): MiddlewareHandler {
  return async (c, next) => {
    c.json = ((object: unknown, arg?: number | ResponseInit, headers?: Record<string, string | string[]>) => {
      const body = JSON.stringify(object)
      return c.body(body, arg as never, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), ...headers })
    }) as unknown as typeof c.json
    await next()
  }
}
