import { AppError } from '../errors'
import { createHttpClient } from '../http/client'

/** The ECB answers in well under a second; an hourly refresh must never hang on it. */
const ECB_TIMEOUT_MS = 10_000

export type EcbRates = { asOf: string; rates: Array<{ currency: string; ratePerEur: string }> }

const malformed = (why: string) => new AppError('validation_failed', `The ECB reference-rate XML could not be read: ${why}`, { reason: 'malformed' })

/**
 * The ECB's daily reference-rate XML (`<Cube time="YYYY-MM-DD"><Cube currency="USD" rate="1.0812"/>…`): one day, units of
 * each currency per euro. Anything else — no dated cube, a bad code or rate, no rates — is refused whole (422).
 */
export function parseEcbXml(xml: string): EcbRates {
  if (!/<gesmes:Envelope[\s>]/.test(xml) || !/<\/gesmes:Envelope>\s*$/.test(xml)) throw malformed('not an ECB envelope')
  const days = [...xml.matchAll(/<Cube\s+time=['"]([^'"]*)['"]\s*>([\s\S]*?)<\/Cube>/g)]
  if (days.length !== 1) throw malformed('expected exactly one dated Cube')
  const [, asOf = '', body = ''] = days[0]!
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf) || Number.isNaN(Date.parse(asOf))) throw malformed('bad date')
  const entries = [...body.matchAll(/<Cube\s+([^>]*?)\/>/g)].map((match) => match[1] ?? '')
  const rates = entries.map((attributes) => {
    const currency = /currency=['"]([^'"]*)['"]/.exec(attributes)?.[1] ?? ''
    const rate = /rate=['"]([^'"]*)['"]/.exec(attributes)?.[1] ?? ''
    if (!/^[A-Z]{3}$/.test(currency) || currency === 'EUR') throw malformed(`bad currency "${currency}"`)
    if (!/^\d{1,10}(\.\d{1,10})?$/.test(rate) || Number(rate) <= 0) throw malformed(`bad rate for ${currency}`)
    return { currency, ratePerEur: rate }
  })
  if (rates.length === 0 || body.replace(/<Cube\s+[^>]*?\/>/g, '').trim() !== '') throw malformed('no rates, or unexpected content')
  return { asOf, rates }
}

/** Fetches the feed with the platform HTTP client; unreachable, slow or refusing → 503 `unavailable`, nothing read. */
export async function fetchEcbXml(url: string, fetchImpl?: typeof globalThis.fetch): Promise<string> {
  const client = createHttpClient({ timeoutMs: ECB_TIMEOUT_MS, ...(fetchImpl ? { fetch: fetchImpl } : {}) })
  let body: unknown
  try {
    body = await client<unknown>(url, { headers: { accept: 'application/xml, text/xml' } })
  } catch (error) {
    throw new AppError('unavailable', 'The ECB reference-rate feed could not be reached', {
      reason: 'unreachable',
      cause: error instanceof Error ? error.message : String(error),
    })
  }
  if (typeof body !== 'string') throw malformed('not text')
  return body
}
