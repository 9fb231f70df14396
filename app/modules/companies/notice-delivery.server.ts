// Notices travel in the outbox event of the change that recorded them (ADR 033); this module delivers them after commit.
import { logger } from '../../platform/logger.server'
import { registerOutboxHandler } from '../../platform/outbox/outbox.server'
import { z } from '../../platform/zod'
import { NOTIFICATION_KINDS } from '../kernel/index'
import { deliverUserNotice, type UserNotice } from '../kernel/index.server'
import { deliverNotice, type Notice } from './company-notice.service.server'

/** Not mailed: the caller mails the news itself. */
type Unmailed = { mail: false }
type UserNoticeInEvent = UserNotice & { to: 'users' }

const common = {
  kind: z.enum(NOTIFICATION_KINDS),
  params: z.record(z.string(), z.string()),
  link: z.string(),
  mail: z.boolean().optional(),
}
const NoticeInEvent = z.union([
  z.object({ ...common, to: z.literal('users'), userIds: z.array(z.string()), companyId: z.string().nullish() }),
  z.object({
    ...common,
    companyId: z.string(),
    exceptUserId: z.string().nullish(),
    userIds: z.array(z.string()).optional(),
    collapseUnread: z.boolean().optional(),
  }),
])

/** A notice for named people (`recordUserNotice`), as an outbox event carries it. */
export function toUsers(notice: UserNotice): UserNoticeInEvent {
  return { ...notice, to: 'users' }
}

/** A notice whose mail the caller sends itself: only the in-app signal goes out. */
export function unmailed<N extends Notice | UserNoticeInEvent>(notice: N): N & Unmailed {
  return { ...notice, mail: false }
}

/**
 * Each notice in turn: the live signal, then mail. A notice that does not fit is logged and skipped (it never will);
 * a failed delivery throws, and the relay retries the event's notices later.
 */
registerOutboxHandler('notifications', async (event) => {
  for (const item of event.notices) {
    const parsed = NoticeInEvent.safeParse(item)
    if (!parsed.success) {
      logger().error({ event: event.name, eventId: event.id, err: parsed.error.message }, 'notice in outbox event not readable; skipped')
      continue
    }
    const { mail, ...notice } = parsed.data
    if ('to' in notice) await deliverUserNotice(notice, { mail })
    else await deliverNotice(notice, { mail })
  }
})
