import { z } from '../../platform/zod'

/**
 * The groups of notices, each the first part of a kind (`rfq.invited` → `rfq`). People choose per group whether its
 * notices are also mailed to them; in-app notices are always recorded.
 */
export const NOTIFICATION_GROUPS = [
  'team',
  'verification',
  'rfq',
  'quotation',
  'award',
  'purchase_order',
  'service_order',
  'shipment',
  'document',
  'finance',
  'stock',
  'message',
  'compliance',
  'developer',
] as const
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number]

export function isNotificationGroup(value: string): value is NotificationGroup {
  return (NOTIFICATION_GROUPS as readonly string[]).includes(value)
}

/**
 * Every kind of notice (`<group>.<what>`), each with `kinds.<group>.<what>.title|body` in the notifications catalog;
 * notices and their tables are typed against this list, so a writer cannot send a kind that has no text.
 */
export const NOTIFICATION_KINDS = [
  'team.invited',
  'verification.accepted',
  'verification.rejected',
  'rfq.invited',
  'rfq.extended',
  'rfq.cancelled',
  'rfq.closed',
  'rfq.deadline_soon',
  'rfq.declined',
  'rfq.question',
  'rfq.answer',
  'quotation.submitted',
  'quotation.submitted_sealed',
  'quotation.revised',
  'quotation.revised_sealed',
  'quotation.withdrawn',
  'quotation.withdrawn_sealed',
  'quotation.accepted',
  'quotation.rejected',
  'award.not_awarded',
  'purchase_order.awarded',
  'purchase_order.place',
  'purchase_order.confirm',
  'purchase_order.decline',
  'purchase_order.start_production',
  'purchase_order.ship',
  'purchase_order.deliver',
  'purchase_order.complete',
  'purchase_order.cancel',
  'purchase_order.agree_cancel',
  'purchase_order.dispute',
  'purchase_order.resolve',
  'purchase_order.change_requested',
  'purchase_order.cancel_requested',
  'purchase_order.change_accept',
  'purchase_order.change_reject',
  'purchase_order.change_withdraw',
  'purchase_order.received',
  'service_order.requested',
  'service_order.freight_request',
  'service_order.quoted',
  'service_order.quote_rejected',
  'service_order.request_closed',
  'service_order.accept_quote',
  'service_order.accept',
  'service_order.decline',
  'service_order.start',
  'service_order.complete',
  'service_order.cancel',
  'service_order.dispute',
  'service_order.resolve',
  'shipment.picked_up',
  'shipment.in_transit',
  'shipment.at_customs',
  'shipment.out_for_delivery',
  'shipment.exception',
  'shipment.delivered',
  'shipment.eta_slipped',
  'shipment.received',
  'document.issued',
  'document.accepted',
  'document.rejected',
  'document.voided',
  'finance.payment_held',
  'finance.payment_released',
  'finance.payment_refunded',
  'finance.payout_accepted',
  'finance.payout_rejected',
  'finance.payout_paid',
  'finance.payout_failed',
  'finance.kyc_accepted',
  'finance.kyc_rejected',
  'finance.bank_account_verified',
  'finance.bank_account_rejected',
  'stock.low',
  'message.thread',
  'message.mention',
  'message.channel_added',
  'compliance.eping_match',
  'developer.webhook_disabled',
] as const satisfies readonly `${NotificationGroup}.${string}`[]
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]
/** The `<what>` parts of one group's kinds, for writers that compose `<group>.<what>`. */
export type NotificationKindIn<Group extends NotificationGroup> = {
  [Kind in NotificationKind]: Kind extends `${Group}.${infer What}` ? What : never
}[NotificationKind]

/** The group a notice kind belongs to: the part before the first dot. */
export function groupOfKind(kind: string): string {
  const dot = kind.indexOf('.')
  return dot === -1 ? kind : kind.slice(0, dot)
}

/** A change to one's own notification settings: `mail` turns mail on (true) or off (false) for the groups named. */
export const UpdateNotificationSettingsInput = z.object({
  mail: z.record(z.string(), z.boolean({ error: 'validation.mailFlag' }), { error: 'validation.mail' }).superRefine((mail, ctx) => {
    for (const group of Object.keys(mail)) {
      if (!isNotificationGroup(group)) ctx.addIssue({ code: 'custom', path: [group], message: 'validation.unknownGroup' })
    }
  }),
})
export type UpdateNotificationSettingsInput = { mail: Partial<Record<NotificationGroup, boolean>> }
