import type { WebhookTopic } from './developers.constants'

/** A business change as the outbox carries it (platform/realtime's entity change, without its companies). */
export type ChangeLike = { entity: string; id: string; action: string; rfqId?: string }

/** What one change means to a webhook subscriber: its topic, its type (`<topic>.<action>`) and the record it names. */
export type WebhookEventShape = { topic: WebhookTopic; type: string; data: { object: string; id: string; action: string; rfq_id?: string } }

const TOPIC_OF_ENTITY: Record<string, WebhookTopic> = {
  purchase_order: 'order',
  service_order: 'order',
  shipment: 'shipment',
  quotation: 'quotation',
  rfq: 'rfq',
  document: 'document',
}

/**
 * The webhook event of a change, or null when no topic covers it (projects, conversations). An order's money steps
 * (`payment_held`, …) are the `payment` topic's `payment.held`, …
 */
export function webhookEventOf(change: ChangeLike): WebhookEventShape | null {
  const topic = TOPIC_OF_ENTITY[change.entity]
  if (!topic) return null
  const payment = topic === 'order' && change.action.startsWith('payment_')
  const action = payment ? change.action.slice('payment_'.length) : change.action
  const data = { object: change.entity, id: change.id, action, ...(change.rfqId ? { rfq_id: change.rfqId } : {}) }
  return { topic: payment ? 'payment' : topic, type: `${payment ? 'payment' : topic}.${action}`, data }
}

/** The message body: Standard Webhooks' `type`, `timestamp` and `data` (ids only: read the record through the API). */
export function webhookBody(event: { type: string; data: object }, companyId: string, at: Date): string {
  return JSON.stringify({ type: event.type, timestamp: at.toISOString(), data: { ...event.data, company_id: companyId } })
}

/** The records each topic names and the actions it reports most, for the event catalogue. */
export const EVENT_CATALOGUE: Record<WebhookTopic, { objects: string[]; actions: string[]; api: string }> = {
  order: {
    objects: ['purchase_order', 'service_order'],
    actions: ['place', 'confirm', 'decline', 'start_production', 'ship', 'deliver', 'complete', 'cancel', 'dispute', 'change_accept'],
    api: 'GET /api/v1/orders/{id}, GET /api/v1/service-orders/{id}',
  },
  payment: { objects: ['purchase_order'], actions: ['held', 'released', 'refunded'], api: 'GET /api/v1/orders/{id}' },
  shipment: { objects: ['shipment'], actions: ['booked', 'tracked', 'received'], api: 'GET /api/v1/shipments/{id}' },
  quotation: { objects: ['quotation'], actions: ['submit', 'revise', 'withdraw', 'accept', 'reject'], api: 'GET /api/v1/quotations/{id}' },
  rfq: { objects: ['rfq'], actions: ['publish', 'extend', 'close', 'award', 'cancel'], api: 'GET /api/v1/rfqs/{id}' },
  document: { objects: ['document'], actions: ['issued', 'accepted', 'rejected', 'voided'], api: 'GET /api/v1/documents/{id}' },
}

/** An example message of a topic, as the catalogue shows it. */
export function exampleBody(topic: WebhookTopic): string {
  const entry = EVENT_CATALOGUE[topic]
  const event = webhookEventOf({
    entity: entry.objects[0]!,
    id: '0b7e5c1a-8d2f-4a51-9c3e-2f6d8a4b7c10',
    action: topic === 'payment' ? `payment_${entry.actions[0]}` : (entry.actions[1] ?? entry.actions[0]!),
    ...(topic === 'quotation' ? { rfqId: '5d2a9e47-1c3b-4f86-a0d9-7e4b1c2f3a58' } : {}),
  })!
  return JSON.stringify(JSON.parse(webhookBody(event, '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f', new Date('2026-12-01T09:30:00Z'))), null, 2)
}
