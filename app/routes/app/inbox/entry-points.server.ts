import type { ThreadTarget } from '../../../modules/messaging/index'
import { conversationForSubject } from '../../../modules/messaging/index.server'
import type { ServiceContext } from '../../../platform/actor'
import { isAppError } from '../../../platform/errors'

/** What a record page needs for its "Message" button: the existing thread's id, or null to offer opening one. */
export type ThreadEntry = { target: ThreadTarget; existingId: string | null }

/**
 * The entry point to the thread about a record, or null when the caller may not talk about it (the service
 * refuses: no company, a draft, not a party) — the page then simply shows no button.
 */
export async function threadEntry(ctx: ServiceContext, target: ThreadTarget): Promise<ThreadEntry | null> {
  try {
    const existing = await conversationForSubject(ctx, target)
    return { target, existingId: existing?.id ?? null }
  } catch (error) {
    if (isAppError(error) && error.status < 500) return null
    throw error
  }
}
