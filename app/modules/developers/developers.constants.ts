/**
 * The developer hub's vocabulary: API-key scopes by area of the API, and the webhook topics (ADR 053). Shared by the
 * server and the pages.
 */

/** The areas of the API a key may be given, each with the OpenAPI tags of its operations. */
export const API_AREAS = ['company', 'catalog', 'sourcing', 'orders', 'logistics', 'documents', 'finance', 'messaging', 'compliance', 'reference'] as const
export type ApiArea = (typeof API_AREAS)[number]

/** Areas that only answer questions (exchange rates, remote functions): their scope is read only. */
export const READ_ONLY_AREAS: readonly ApiArea[] = ['reference']

export const AREA_TAGS: Record<ApiArea, readonly string[]> = {
  company: ['Companies', 'Addresses', 'Members', 'Invitations', 'Verification', 'Suppliers'],
  catalog: ['Products', 'Price lists', 'Product imports', 'Categories', 'Service offerings'],
  sourcing: ['Sourcing: projects', 'Sourcing', 'RFQs', 'Quotations', 'Marketplace'],
  orders: ['Orders', 'Service orders'],
  logistics: ['Shipments', 'Tracking', 'Inventory'],
  documents: ['Documents', 'Files'],
  finance: ['Finance', 'Finance set-up'],
  messaging: ['Conversations'],
  compliance: ['HS codes', 'WTO ePing'],
  reference: ['Exchange rates', 'Functions'],
}

export type ApiAccess = 'read' | 'write'
/** `orders:read`, `orders:write` (which includes reading), …; `reference:read` only. */
export type ApiScope = `${ApiArea}:${ApiAccess}`
export const API_SCOPES: readonly ApiScope[] = API_AREAS.flatMap((area) =>
  READ_ONLY_AREAS.includes(area) ? [`${area}:read` as const] : [`${area}:read` as const, `${area}:write` as const],
)

/** A key's secret: this prefix, then 43 characters of base64url (32 random bytes). */
export const API_KEY_PREFIX = 'tpk_'
/** How many characters of a key stay visible in lists (the prefix and the first eight of its randomness). */
export const API_KEY_VISIBLE_LENGTH = API_KEY_PREFIX.length + 8
export const API_KEY_NAME_MAX = 80
export const API_KEY_MAX_IPS = 20
export const API_KEYS_PER_COMPANY = 50

/** What a webhook endpoint may subscribe to; each delivered event is `<topic>.<action>` (e.g. `order.confirm`). */
export const WEBHOOK_TOPICS = ['order', 'payment', 'shipment', 'quotation', 'rfq', 'document'] as const
export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number]
export const WEBHOOK_ENDPOINTS_PER_COMPANY = 20
export const WEBHOOK_DESCRIPTION_MAX = 200
export const WEBHOOK_URL_MAX = 2000

export type ApiKeyStatus = 'active' | 'expired' | 'revoked'

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]
