import { z } from '../../platform/zod'

/**
 * The groups of notices, each the first part of a kind (`rfq.invited` → `rfq`). People choose per group whether its
 * notices are also mailed to them; in-app notices are always recorded.
 */
export const NOTIFICATION_GROUPS = ['team', 'verification', 'rfq', 'quotation', 'award', 'purchase_order', 'service_order', 'message'] as const
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number]

export function isNotificationGroup(value: string): value is NotificationGroup {
  return (NOTIFICATION_GROUPS as readonly string[]).includes(value)
}

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
