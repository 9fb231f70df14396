import { availableParallelism } from 'node:os'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import { concurrencyLimit } from '../../app/platform/concurrency-limit'
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress'
import { parseAccept } from 'hono/utils/accept'

// Response compression. A page or an API answer is one buffer (entry.server.tsx answers with the whole page; JSON is one
// string), so it is compressed in one call, on libuv's thread pool: Brotli at quality 4 where the client takes it (every
// current browser), else gzip. Hono's compress middleware ran each body through a CompressionStream at gzip level 6:
// a 90 kB market page cost 2.4 ms of the event loop's time, and an API answer of 9 kB most of its time in the stream's
// chunk machinery; Brotli 4 takes about half as long and its output is 15 % smaller. A body that arrives in several
// chunks (a download, a CSV export) keeps streaming, through gzip.

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Below this, compression saves less than its headers and time cost. */
const THRESHOLD_BYTES = 1024
const BROTLI_QUALITY = 4
const GZIP_LEVEL = 6

type Encoding = 'br' | 'gzip'

/** The encoding the client accepts with the highest weight, Brotli first on a tie; undefined for none. */
export function acceptedEncoding(header: string | undefined, candidates: readonly Encoding[] = ['br', 'gzip']): Encoding | undefined {
  if (!header) return undefined
  const accepts = parseAccept(header)
  const weight = (type: string) => accepts.find((accept) => accept.type.toLowerCase() === type)?.q
  let best: { encoding: Encoding; q: number } | undefined
  for (const encoding of candidates) {
    const q = weight(encoding) ?? weight('*') ?? 0
    if (q > 0 && (!best || q > best.q)) best = { encoding, q }
  }
  return best?.encoding
}

/**
 * Compressions run at most this many at a time: half the cores, at least two. Brotli's cost per body grows with how many
 * run at once on the thread pool (a 66 kB page at quality 4: 1.0 ms of CPU alone, 1.3 ms two at a time, 2.4 ms ten at a
 * time, measured on two cores), so under load a short wait for a lane costs less than the CPU every page would lose.
 * The event loop stays free.
 */
const COMPRESSION_LANES = Math.max(2, Math.floor(availableParallelism() / 2))
/** Runs a compression in a free lane, or waits its turn for one. */
export const inLane = concurrencyLimit(COMPRESSION_LANES)

function compressOnce(encoding: Encoding, bytes: Uint8Array): Promise<Buffer> {
  return inLane(() => compress(encoding, bytes))
}

function compress(encoding: Encoding, bytes: Uint8Array): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(bytes, { level: GZIP_LEVEL })
  return brotli(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
    },
  })
}

/** Whether the response's kind may be compressed, judged from its status and headers alone: its body is not read. */
function compressible(response: Response, method: string): boolean {
  const type = response.headers.get('content-type')
  const cacheControl = response.headers.get('cache-control') ?? ''
  return (
    method !== 'HEAD' &&
    response.status !== 206 &&
    !response.headers.has('content-encoding') &&
    !response.headers.has('transfer-encoding') &&
    Boolean(type && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) &&
    !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(cacheControl)
  )
}

function varyOnEncoding(headers: Headers): void {
  const vary = headers.get('vary')
  if (vary === '*' || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return
  headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
}

/** Marks headers as those of the encoded body (after c.res is assigned: Hono copies the old response's headers over). */
function markEncoded(headers: Headers, encoding: Encoding, length?: number): void {
  headers.set('content-encoding', encoding)
  if (length === undefined) headers.delete('content-length')
  else headers.set('content-length', String(length))
  const etag = headers.get('etag')
  // The encoded bytes differ from the identity ones a strong validator names (RFC 9110 §8.8.1).
  if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`)
}

export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const response = c.res
    // The stated length first: a small answer is left unread (see json-length.ts).
    const length = response.headers.get('content-length')
    if (length !== null && Number(length) < THRESHOLD_BYTES) return
    if (!compressible(response, c.req.method)) return
    varyOnEncoding(response.headers)
    const accepted = c.req.header('accept-encoding')
    // A client that takes neither encoding (a script, a benchmark) gets the body untouched, unread: reading `body` turns
    // @hono/node-server's lightweight response into a web Response written through a stream (see json-length.ts).
    const encoding = acceptedEncoding(accepted)
    if (!encoding || !response.body) return
    // Status and headers carry over; Hono also copies the old response's headers onto the new one, so edits come after.
    const init = { status: response.status, statusText: response.statusText, headers: response.headers }

    const reader = response.body.getReader()
    const first = await reader.read()
    const second = first.done ? first : await reader.read()
    if (second.done) {
      const bytes = first.value ?? new Uint8Array()
      const encoded = bytes.byteLength < THRESHOLD_BYTES ? undefined : await compressOnce(encoding, bytes)
      // zlib's output is a Buffer over a plain ArrayBuffer, never a shared one.
      c.res = new Response(encoded ? (encoded as Uint8Array<ArrayBuffer>) : bytes, init)
      if (encoded) markEncoded(c.res.headers, encoding, encoded.byteLength)
      return
    }

    // More than one chunk: the ones read so far, then the rest as it comes.
    const read = [first.value, second.value]
    const rest = new ReadableStream<BufferSource>({
      start(controller) {
        for (const chunk of read) if (chunk) controller.enqueue(chunk)
      },
      async pull(controller) {
        const chunk = await reader.read()
        if (chunk.done) controller.close()
        else controller.enqueue(chunk.value)
      },
      cancel: (reason) => reader.cancel(reason),
    })
    const streamed = acceptedEncoding(accepted, ['gzip'])
    c.res = new Response(streamed ? rest.pipeThrough(new CompressionStream('gzip')) : rest, init)
    if (streamed) markEncoded(c.res.headers, streamed)
  }
}
