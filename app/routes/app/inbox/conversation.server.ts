// The loader and the per-message action shared by the conversation page and the channel page.
import { data } from 'react-router'
import type { ServiceContext } from '../../../platform/actor'
import { MESSAGE_PAGE_SIZE, REACTIONS, type Reaction } from '../../../modules/messaging/index'
import { deleteMessage, editMessage, getConversation, listMessages, markRead, toggleReaction } from '../../../modules/messaging/index.server'
import { failure, failureFromError, type FormFailure, withRouteErrors } from '../../../platform/forms.server'
import type { MessageIntent } from './message-intents'

const MAX_SEQ = 2_147_483_647

/** A positive sequence number from the query string, or null. */
export function seqParam(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null
  const seq = Number.parseInt(value, 10)
  return seq > 0 && seq <= MAX_SEQ ? seq : null
}

/**
 * The conversation (404 when the caller may not see it) and its latest page of messages, or the page around
 * `at` when a search result links to an older message.
 */
export async function loadConversation(ctx: ServiceContext, id: string, at: number | null) {
  const conversation = await withRouteErrors(() => getConversation(ctx, id))
  const page = await withRouteErrors(() =>
    listMessages(ctx, id, at ? { before: at + Math.floor(MESSAGE_PAGE_SIZE / 2), limit: MESSAGE_PAGE_SIZE } : { limit: MESSAGE_PAGE_SIZE }),
  )
  return { conversation, messages: page.items, hasMore: page.hasMore, focusSeq: at && page.items.some((message) => message.seq === at) ? at : null }
}

const isReaction = (value: string): value is Reaction => (REACTIONS as readonly string[]).includes(value)

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

/** Marks read, edits, deletes and reacts; the services authorize (own message, manager) and validate the body. */
export async function messageAction(ctx: ServiceContext, conversationId: string, intent: MessageIntent, form: FormData) {
  const messageId = text(form, 'messageId').trim()
  if (intent !== 'read' && (!messageId || messageId.length > 64))
    return tagFailure(failure({ ok: false, fieldErrors: { messageId: ['validation.message'] } }), { intent })
  try {
    switch (intent) {
      case 'read': {
        const seq = seqParam(text(form, 'seq'))
        if (seq === null) return tagFailure(failure({ ok: false, fieldErrors: { seq: ['validation.seq'] } }), { intent })
        return { ok: true as const, unread: (await markRead(ctx, conversationId, seq)).unread }
      }
      case 'edit':
        return { ok: true as const, message: await editMessage(ctx, messageId, { body: text(form, 'body') }) }
      case 'delete':
        return { ok: true as const, message: await deleteMessage(ctx, messageId) }
      case 'react': {
        const emoji = text(form, 'emoji')
        if (!isReaction(emoji)) return tagFailure(failure({ ok: false, fieldErrors: { emoji: ['validation.emoji'] } }), { intent })
        return { ok: true as const, message: await toggleReaction(ctx, messageId, emoji, text(form, 'on') !== 'false') }
      }
    }
  } catch (error) {
    return tagFailure(failureFromError(error), { intent })
  }
}

/**
 * A form failure that also names what failed (and echoes what was typed), with the failure's status: a page with
 * several forms shows each answer next to the form it belongs to.
 */
export function tagFailure<const T extends object>(failed: { data: FormFailure; init: ResponseInit | null }, tags: T) {
  const { fieldErrors, formError } = failed.data
  return data({ ok: false as const, fieldErrors, formError, ...tags }, failed.init ?? undefined)
}

/** An unknown intent is a bad request, not a crash. */
export const unknownIntent = () => data({ ok: false as const, intent: 'unknown' as const, fieldErrors: {} as Record<string, string[]> }, { status: 400 })
