// Code shown on the developer hub: commands and programs, not prose (they stay in English whatever the page's language).

export function curlOrders(origin: string, key: string): string {
  return [`curl ${origin}/api/v1/orders?limit=5 \\`, `  -H "Authorization: Bearer ${key}" \\`, '  -H "Accept-Language: en"'].join('\n')
}

export function curlWebhook(origin: string): string {
  return [
    `curl -X POST ${origin}/api/v1/webhooks \\`,
    '  -H "Cookie: <your signed-in session>" \\',
    '  -H "Content-Type: application/json" \\',
    `  -H "Idempotency-Key: $(uuidgen)" \\`,
    `  -d '{"url":"https://erp.example.com/hooks/tradeport","topics":["order","shipment"]}'`,
  ].join('\n')
}

export function curlFunction(origin: string, key: string): string {
  return [
    `curl -X POST ${origin}/api/functions/convert-currency \\`,
    `  -H "Authorization: Bearer ${key}" \\`,
    '  -H "Content-Type: application/json" \\',
    `  -d '{"amount":"1250.00","from":"USD","to":"EUR"}'`,
  ].join('\n')
}

export const VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto'

/** True when the request really comes from Tradeport (Standard Webhooks signature, 5 minutes' tolerance). */
export function verifyTradeport(secret: string, headers: Headers, body: string): boolean {
  const id = headers.get('webhook-id') ?? ''
  const timestamp = headers.get('webhook-timestamp') ?? ''
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const expected = Buffer.from(\`v1,\${createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${body}\`).digest('base64')}\`)
  return (headers.get('webhook-signature') ?? '').split(' ').some((given) => {
    const candidate = Buffer.from(given)
    return candidate.length === expected.length && timingSafeEqual(candidate, expected)
  })
}`

export function sdkSnippet(origin: string): string {
  return `type Page<T> = { items: T[]; total: number; limit: number; offset: number }
type ApiError = { code: string; message: string; details?: Record<string, unknown> }

export function tradeport(key: string, base = '${origin}') {
  async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(\`\${base}/api/v1\${path}\`, {
      method,
      headers: {
        authorization: \`Bearer \${key}\`,
        ...(body === undefined ? {} : { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!response.ok) throw Object.assign(new Error(\`\${response.status}\`), await response.json() as ApiError)
    return response.status === 204 ? (undefined as T) : ((await response.json()) as T)
  }
  return {
    orders: (query = '') => request<Page<{ id: string; number: string; status: string }>>('GET', \`/orders\${query}\`),
    order: (id: string) => request<Record<string, unknown>>('GET', \`/orders/\${id}\`),
    shipments: () => request<Page<Record<string, unknown>>>('GET', '/shipments'),
  }
}

const api = tradeport(process.env.TRADEPORT_KEY!)
console.log((await api.orders('?limit=5')).items)`
}
