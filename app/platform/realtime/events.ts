/**
 * The realtime protocol, shared by the server (server/realtime.ts) and the browser. Rooms:
 * `user:{userId}` and `company:{companyId}` are joined on connection (every company the user belongs to);
 * `conversation:{conversationId}` is joined on request, after authorization.
 */
export const roomOf = {
  user: (userId: string) => `user:${userId}`,
  company: (companyId: string) => `company:${companyId}`,
  conversation: (conversationId: string) => `conversation:${conversationId}`,
}

export const PRESENCE_STATUSES = ['online', 'away', 'busy'] as const
export type PresenceStatus = (typeof PRESENCE_STATUSES)[number]
export type PresenceMember = { userId: string; name: string; status: PresenceStatus }

/** Records whose changes are pushed so open pages refresh (`entity:changed`). */
export const LIVE_ENTITIES = ['rfq', 'quotation', 'purchase_order', 'service_order', 'project', 'conversation', 'shipment', 'document'] as const
export type LiveEntity = (typeof LIVE_ENTITIES)[number]
export type EntityChange = {
  entity: LiveEntity
  id: string
  /** What happened, e.g. `submitted`, `confirm` (the state-machine action or service verb). */
  action: string
  /** The RFQ a quotation or award belongs to, so comparison pages can match it. */
  rfqId?: string
  at: string
}

/** Errors an acknowledgement carries (`ok: false`); the socket itself stays up. */
/** Why a realtime request was refused; each has a text `common:errors.<code>`. */
export const REALTIME_ERROR_CODES = ['not_found', 'validation_failed', 'rate_limited', 'payload_too_large', 'unsupported', 'timeout', 'internal'] as const
export type RealtimeErrorCode = (typeof REALTIME_ERROR_CODES)[number]
export type Ack<T extends object = object> =
  ({ ok: true } & T) | { ok: false; error: { code: RealtimeErrorCode; message: string; retryAfterSeconds?: number; fields?: Record<string, string[]> } }

/** Limits on what a client may send (§9 timeouts live in the client hook). */
export const BROADCAST_MAX_BYTES = 4096
export const BROADCAST_EVENT_PATTERN = /^[a-z][a-z0-9:_-]{0,63}$/
