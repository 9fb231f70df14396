import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'
import { guardedLookup, isSpecialAddress } from './url-guard.server'

/** The first bytes of a receiver's answer kept in the delivery log. */
const RESPONSE_KEEP_BYTES = 2048

export type SendOutcome =
  { ok: boolean; status: number; body: string; ms: number; error: null } | { ok: false; status: null; body: null; ms: number; error: string }

/**
 * POSTs one signed message and reports what came back: 2xx is a delivery; anything else, a timeout or a refused
 * address is a failure to retry. Redirects are not followed (the new address was never checked).
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<SendOutcome> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  return new Promise((resolve) => {
    let target: URL
    try {
      target = new URL(url)
    } catch {
      resolve({ ok: false, status: null, body: null, ms: 0, error: 'invalid URL' })
      return
    }
    const host = target.hostname.replace(/^\[|\]$/g, '')
    if (!options.allowPrivate && isIP(host) !== 0 && isSpecialAddress(host)) {
      resolve({ ok: false, status: null, body: null, ms: 0, error: `${host} is a private or reserved address` })
      return
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest
    let settled = false
    const finish = (outcome: SendOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(outcome)
    }
    const request = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(options.allowPrivate) as never,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = []
        let kept = 0
        response.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_KEEP_BYTES) {
            chunks.push(chunk)
            kept += chunk.length
          }
        })
        response.on('end', () => {
          const status = response.statusCode ?? 0
          const text = Buffer.concat(chunks).subarray(0, RESPONSE_KEEP_BYTES).toString('utf8')
          finish({ ok: status >= 200 && status < 300, status, body: text, ms: elapsed(), error: null })
        })
        response.on('error', (error) => finish({ ok: false, status: null, body: null, ms: elapsed(), error: error.message }))
      },
    )
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${options.timeoutMs} ms`))
    }, options.timeoutMs)
    request.on('error', (error) => finish({ ok: false, status: null, body: null, ms: elapsed(), error: error.message }))
    request.end(body)
  })
}
