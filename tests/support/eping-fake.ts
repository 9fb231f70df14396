// A local stand-in for the WTO ePing API (issue 22), in its shapes: `GET /notifications/search?language=1&page=N&
// pageSize=M[&distributionDateFrom=YYYY-MM-DD]` with the subscription key in `Ocp-Apim-Subscription-Key`, answering
// `{ items, totalCount }`. Tests queue failures (a 503, a 429 with Retry-After, a slow answer) and malformed pages.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** An item as the API sends it (loosely typed: tests also send malformed ones). */
export type FakeEpingItem = Record<string, unknown> & { documentSymbol: string; distributionDate: string }

/** What the next request gets instead of its page: a status (with Retry-After), or an answer this late. */
export type FakeFailure = { status: number; retryAfter?: number } | { delayMs: number }

export type EpingFake = {
  /** The base to give EPING_API_URL. */
  url: string
  /** The notifications the search serves, newest distribution first. */
  items: FakeEpingItem[]
  /** Every request, in order. */
  requests: Array<{ path: string; query: Record<string, string>; key: string | null; at: number }>
  /** Consumed one per request, before any page is served. */
  failures: FakeFailure[]
  /** Page number → the body that page answers instead (a malformed page). */
  malformedPages: Map<number, unknown>
  close(): Promise<void>
}

/** An API item with sensible content; `n` makes its symbol and id unique. Overrides may break its shape on purpose. */
export function fakeEpingItem(n: number, overrides: Record<string, unknown> = {}): FakeEpingItem {
  return {
    id: 900_000 + n,
    documentSymbol: `G/TBT/N/EU/${9000 + n}`,
    area: 'TBT',
    notifyingMember: 'European Union',
    notifyingMemberCode: 'EU',
    title: `Draft regulation on product safety number ${n}`,
    titlePlain: null,
    description: 'The draft sets safety requirements. It applies to products placed on the market.',
    productsFreeText: 'Industrial products',
    hsCodes: ['8501'],
    objectives: ['Protection of human health or safety'],
    distributionDate: '2026-07-01T00:00:00',
    commentDeadlineDate: '2026-08-30T00:00:00',
    dateOfAdoption: null,
    entryIntoForce: '',
    notifiedDocumentLink: `https://docs.wto.org/dol2fe/Pages/SS/directdoc.aspx?filename=q:/G/TBT/NEU${9000 + n}.pdf&Open=True`,
    linkToNotification: `https://eping.wto.org/en/Search?viewData=G%2FTBT%2FN%2FEU%2F${9000 + n}`,
    ...overrides,
  }
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

export async function startEpingFake(options: { key: string }): Promise<EpingFake> {
  const fake: EpingFake = {
    url: '',
    items: [],
    requests: [],
    failures: [],
    malformedPages: new Map(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const key = (req.headers['ocp-apim-subscription-key'] as string | undefined) ?? null
    const query = Object.fromEntries(url.searchParams)
    fake.requests.push({ path: url.pathname, query, key, at: Date.now() })
    const failure = fake.failures.shift()
    if (failure && 'delayMs' in failure) await new Promise((resolve) => setTimeout(resolve, failure.delayMs))
    else if (failure)
      return json(
        res,
        failure.status,
        { statusCode: failure.status, message: 'Service unavailable' },
        failure.retryAfter === undefined ? {} : { 'retry-after': String(failure.retryAfter) },
      )
    if (key !== options.key) return json(res, 401, { statusCode: 401, message: 'Access denied due to invalid subscription key.' })
    if (req.method !== 'GET' || url.pathname !== '/notifications/search') return json(res, 404, { statusCode: 404, message: 'Resource not found' })
    const page = Number(query.page ?? '1')
    const pageSize = Number(query.pageSize ?? '10')
    if (fake.malformedPages.has(page)) return json(res, 200, fake.malformedPages.get(page))
    const from = query.distributionDateFrom
    const found = fake.items
      .filter((item) => !from || item.distributionDate.slice(0, 10) >= from)
      .sort((a, b) => (a.distributionDate < b.distributionDate ? 1 : a.distributionDate > b.distributionDate ? -1 : 0))
    json(res, 200, { items: found.slice((page - 1) * pageSize, page * pageSize), totalCount: found.length })
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { statusCode: 500, message: String(error) }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}
