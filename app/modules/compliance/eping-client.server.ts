// The WTO ePing API (issue 22): `GET {EPING_API_URL}/notifications/search` with the subscription key, a page at a time,
// politely (at most one request per EPING_MIN_INTERVAL_MS), each request with its own timeout and retried with back-off
// on 429, 5xx and timeouts. Every page is validated whole: one malformed item makes the page an error, never a partial
// page. Items map to NotificationRecord, the shape the bundled offline sample has too.
import { setTimeout as sleep } from 'node:timers/promises'
import * as z from 'zod'
import { env } from '../../platform/env.server'
import { EPING_AREAS, type EpingArea, type EpingSource, EPING_LINK_LABELS } from './compliance.constants'
import type { EpingLink } from './compliance.tables.server'
import { notifiedHsCodes, plainText, searchTextOf } from './eping-text'

export type EpingApi = { url: string; key: string; minIntervalMs: number; timeoutMs: number }

/** The API from the configuration; null without a subscription key (offline: the sample stands in). */
export function epingApi(): EpingApi | null {
  const config = env()
  if (!config.EPING_API_KEY) return null
  return {
    url: config.EPING_API_URL.replace(/\/+$/, ''),
    key: config.EPING_API_KEY,
    minIntervalMs: config.EPING_MIN_INTERVAL_MS,
    timeoutMs: config.EPING_TIMEOUT_MS,
  }
}

/** The API could not be read (unreachable, refused, timed out, or answered a page that does not parse): the sync fails. */
export class EpingApiError extends Error {
  override name = 'EpingApiError'
}

/** A notification as Tradeport stores it. */
export type NotificationRecord = {
  documentSymbol: string
  area: EpingArea
  memberCode: string
  memberName: string
  title: string
  description: string
  products: string
  hsCodes: string[]
  objectives: string[]
  distributedOn: string
  commentDeadline: string | null
  adoptedOn: string | null
  inForceOn: string | null
  links: EpingLink[]
  source: EpingSource
  searchText: string
}

/** How the links of a notification are labelled (pages name them in the reader's language). */
export { EPING_LINK_LABELS }

/** An ISO date or date-time as the API sends it; null or "" when not known. Answers the calendar day. */
const ApiDate = z
  .string()
  .nullish()
  .transform((value, ctx) => {
    const text = value?.trim() ?? ''
    if (text === '') return null
    const day = /^(\d{4}-\d{2}-\d{2})(?:$|[T ])/.exec(text)?.[1]
    if (!day || Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) {
      ctx.addIssue({ code: 'custom', message: `not a date: ${text.slice(0, 40)}` })
      return z.NEVER
    }
    return day
  })

const optionalText = z.string().nullish()
const ListOrText = z.union([z.array(z.union([z.string(), z.number()])), z.string()]).nullish()

/** One item of a search page, as the API sends it (other fields are ignored). */
export const EpingApiItem = z
  .object({
    id: z.union([z.string().min(1).max(64), z.number().int().nonnegative()]),
    documentSymbol: z.string().trim().min(1).max(120),
    area: z
      .string()
      .transform((value) => value.trim().toUpperCase())
      .pipe(z.enum(EPING_AREAS)),
    notifyingMember: z.string().trim().min(1).max(200),
    notifyingMemberCode: optionalText,
    countryCode: optionalText,
    title: optionalText,
    titlePlain: optionalText,
    description: optionalText,
    productsFreeText: optionalText,
    hsCodes: ListOrText,
    objectives: ListOrText,
    distributionDate: ApiDate.pipe(z.string({ error: 'a notification needs its distribution date' })),
    commentDeadlineDate: ApiDate,
    dateOfAdoption: ApiDate,
    entryIntoForce: ApiDate,
    notifiedDocumentLink: optionalText,
    linkToNotification: optionalText,
  })
  .superRefine((item, ctx) => {
    const code = (item.notifyingMemberCode ?? item.countryCode ?? '').trim().toUpperCase()
    if (!/^[A-Z]{2}$/.test(code)) ctx.addIssue({ code: 'custom', path: ['notifyingMemberCode'], message: 'the notifying member needs a two-letter code' })
    if (!(item.titlePlain ?? item.title ?? '').trim()) ctx.addIssue({ code: 'custom', path: ['title'], message: 'a notification needs a title' })
  })
export type EpingApiItem = z.infer<typeof EpingApiItem>

/** A search page: its items (each checked as an EpingApiItem) and how many the search has in all. */
const EpingApiPage = z.object({ items: z.array(z.unknown()), totalCount: z.number().int().nonnegative() })

/** An http(s) link, else nothing (a page never links elsewhere). */
function webLink(value: string | null | undefined): string | null {
  const text = value?.trim()
  if (!text) return null
  try {
    const url = new URL(text)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null
  } catch {
    return null
  }
}

const listOf = (value: EpingApiItem['objectives']): string[] =>
  (typeof value === 'string' ? value.split(/[;\n]+/) : (value ?? []).map(String)).map((entry) => plainText(entry)).filter(Boolean)

/** The record Tradeport stores for an API (or sample) item. */
export function toNotificationRecord(item: EpingApiItem, source: EpingSource): NotificationRecord {
  const title = plainText(item.titlePlain ?? item.title ?? '')
  const description = plainText(item.description ?? '')
  const products = plainText(item.productsFreeText ?? '')
  const objectives = listOf(item.objectives)
  const links: EpingLink[] = []
  const notification = webLink(item.linkToNotification)
  const document = webLink(item.notifiedDocumentLink)
  if (notification) links.push({ label: 'notification', url: notification })
  if (document) links.push({ label: 'document', url: document })
  return {
    documentSymbol: item.documentSymbol,
    area: item.area,
    memberCode: (item.notifyingMemberCode ?? item.countryCode ?? '').trim().toUpperCase(),
    memberName: item.notifyingMember,
    title,
    description,
    products,
    hsCodes: notifiedHsCodes(item.hsCodes),
    objectives,
    distributedOn: item.distributionDate,
    commentDeadline: item.commentDeadlineDate,
    adoptedOn: item.dateOfAdoption,
    inForceOn: item.entryIntoForce,
    links,
    source,
    searchText: searchTextOf([item.documentSymbol, title, description, products, ...objectives]),
  }
}

/** Where a zod failure is, in a few words for the run's error text. */
const issuesOf = (error: z.ZodError) =>
  error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || 'item'}: ${issue.message}`)
    .join('; ')

/** A page's body as records; the first malformed item makes the whole page an error. */
export function parseEpingPage(body: unknown, source: EpingSource): { records: NotificationRecord[]; totalCount: number; items: number } {
  const page = EpingApiPage.safeParse(body)
  if (!page.success) throw new EpingApiError(`malformed page: ${issuesOf(page.error)}`)
  const records = page.data.items.map((raw, index) => {
    const item = EpingApiItem.safeParse(raw)
    if (!item.success) throw new EpingApiError(`malformed item ${index + 1} of the page: ${issuesOf(item.error)}`)
    return toNotificationRecord(item.data, source)
  })
  return { records, totalCount: page.data.totalCount, items: page.data.items.length }
}

export type EpingPageRequest = { page: number; pageSize: number; since: string | null }
export type EpingClient = { page(request: EpingPageRequest, signal?: AbortSignal): Promise<ReturnType<typeof parseEpingPage>> }

/** Attempts per page: the first and two retries. */
const ATTEMPTS = 3
const RETRY_BASE_MS = 1_000
const MAX_RETRY_AFTER_MS = 60_000

/** Worth another try: the API is busy or failing for a moment. */
const isTransient = (status: number) => status === 429 || status >= 500

/** How long to wait before attempt `attempt + 1`: the server's Retry-After when it gives one, else 1 s, 2 s, … */
function retryDelay(response: Response | null, attempt: number): number {
  const retryAfter = response?.headers.get('retry-after')
  const seconds = retryAfter === null || retryAfter === undefined ? Number.NaN : Number(retryAfter)
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS)
  return RETRY_BASE_MS * 2 ** (attempt - 1)
}

/**
 * A client of one API. Requests leave at most one per `minIntervalMs` (retries included); each has `timeoutMs`; 429,
 * 5xx, timeouts and network failures are tried again, up to three attempts; other refusals (a wrong key) fail at once.
 */
export function createEpingClient(api: EpingApi): EpingClient {
  let lastRequestAt = Number.NEGATIVE_INFINITY

  async function politely(signal?: AbortSignal): Promise<void> {
    const wait = lastRequestAt + api.minIntervalMs - Date.now()
    if (wait > 0) await sleep(wait, undefined, { signal })
    lastRequestAt = Date.now()
  }

  async function attempt(url: string, signal?: AbortSignal): Promise<{ response: Response | null; failure: string | null }> {
    await politely(signal)
    const timeout = AbortSignal.timeout(api.timeoutMs)
    try {
      const response = await fetch(url, {
        headers: { 'Ocp-Apim-Subscription-Key': api.key, accept: 'application/json' },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      })
      return { response, failure: null }
    } catch (error) {
      signal?.throwIfAborted()
      const name = error instanceof Error ? error.name : 'error'
      return { response: null, failure: name === 'TimeoutError' ? `timed out after ${api.timeoutMs} ms` : `unreachable (${name})` }
    }
  }

  return {
    async page({ page, pageSize, since }, signal) {
      const query = new URLSearchParams({ language: '1', page: String(page), pageSize: String(pageSize) })
      if (since) query.set('distributionDateFrom', since)
      const url = `${api.url}/notifications/search?${query}`
      let problem = ''
      for (let tries = 1; tries <= ATTEMPTS; tries++) {
        const { response, failure } = await attempt(url, signal)
        if (response?.ok) {
          const body: unknown = await response.json().catch(() => undefined)
          if (body === undefined) throw new EpingApiError(`page ${page}: the answer is not JSON`)
          try {
            return parseEpingPage(body, 'api')
          } catch (error) {
            throw new EpingApiError(`page ${page}: ${(error as Error).message}`)
          }
        }
        problem = failure ?? `answered ${response?.status}`
        if (response && !isTransient(response.status)) throw new EpingApiError(`page ${page}: the ePing API ${problem}`)
        await response?.body?.cancel()
        if (tries < ATTEMPTS) await sleep(retryDelay(response, tries), undefined, { signal })
      }
      throw new EpingApiError(`page ${page}: the ePing API ${problem} (${ATTEMPTS} attempts)`)
    },
  }
}
