import * as z from 'zod'
import { sendMessage } from '../../app/modules/messaging/index.server'
import type { Message } from '../../app/modules/messaging/index'
import { handle } from './acks'
import type { RealtimeSocket } from './types'

/**
 * The shape of `message:send`; lengths, counts and access are the service's (the same checks as the REST endpoint),
 * so its field errors come back as `validation_failed` with `fields`.
 */
export const SendInput = z
  .object({
    conversationId: z.string().min(1).max(100),
    body: z.string(),
    mentions: z.array(z.string().max(100)).max(1000).optional(),
    attachmentFileIds: z.array(z.string().max(100)).max(1000).optional(),
    clientId: z.string().min(1).max(100).optional(),
  })
  .strict()

/**
 * `message:send`: posts through `sendMessage` (which stores the message and, after commit, publishes `message:new`
 * to the conversation room and `inbox:changed` to the participants) and acknowledges with the stored message.
 */
export function registerMessageHandlers(socket: RealtimeSocket): void {
  handle<typeof SendInput, { message: Message }>(socket, 'message:send', SendInput, async (input, { ctx }) => {
    const { conversationId, ...rest } = input
    const message = await sendMessage(ctx, conversationId, rest)
    return { ok: true, message }
  })
}
