import { type APIRequestContext, expect } from '@playwright/test'
import { E2E_BASE_URL } from './env'

/** A JSON call of the public API with the signed-in context's cookies; fails the test on anything but 2xx. */
export async function api(request: APIRequestContext, method: 'get' | 'post' | 'put', path: string, data?: unknown) {
  const response = await request[method](`/api/v1${path}`, { headers: { origin: E2E_BASE_URL }, ...(data === undefined ? {} : { data }) })
  const body = await response.text()
  expect(response.status(), `${method.toUpperCase()} ${path}: ${body}`).toBeLessThan(300)
  return body ? JSON.parse(body) : {}
}

/** An RFQ of the signed-in buyer to the given suppliers, one line per title, quoting open for a day; published unless `draft`. */
export async function sendRfq(
  buyer: APIRequestContext,
  input: { title: string; supplierIds: string[]; lines: string[]; draft?: boolean },
): Promise<{ id: string; number: string; version: number }> {
  const rfq = await api(buyer, 'post', '/rfqs', {
    title: input.title,
    description: '',
    quote_deadline: new Date(Date.now() + 86_400_000).toISOString().slice(0, 16),
    currency: 'USD',
    incoterm: 'FOB',
    incoterm_place: 'Ningbo',
    destination: 'Hong Kong',
    supplier_ids: input.supplierIds,
    requirement_ids: [],
    attachment_file_ids: [],
    lines: input.lines.map((title) => ({ title, specification: '', quantity: 100, unit: 'pcs' })),
  })
  if (!input.draft) await api(buyer, 'post', `/rfqs/${rfq.id}/transitions`, { action: 'publish', version: rfq.version, reason: '' })
  return rfq
}

/** The supplier answers the RFQ line by line (prices by line title; a line without a price is "no offer") and submits. */
export async function quote(supplier: APIRequestContext, rfqId: string, prices: Record<string, string>, terms: Record<string, unknown> = {}) {
  const rfq = await api(supplier, 'get', `/rfq-inbox/${rfqId}`)
  const lines = (rfq.lines as Array<{ id: string; title: string }>).map((line) =>
    prices[line.title]
      ? { rfq_line_id: line.id, unit_price: prices[line.title], moq: 10, lead_time_days: 30, note: '' }
      : { rfq_line_id: line.id, no_offer: true },
  )
  const saved = await api(supplier, 'put', `/rfq-inbox/${rfqId}/quotation`, {
    currency: 'USD',
    incoterm: 'FOB',
    incoterm_place: 'Ningbo',
    freight_amount: null,
    insurance_amount: null,
    payment_terms: 'tt_30_70',
    valid_until: '2099-12-31',
    notes: '',
    attachment_file_ids: [],
    lines,
    ...terms,
  })
  return api(supplier, 'post', `/quotations/${saved.id}/submit`, { version: saved.version, reason: '' })
}
