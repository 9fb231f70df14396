import type { Message } from '../messaging.types'

/**
 * Merges messages into a conversation's timeline: one entry per id (a later copy of the same message — an edit, a
 * reaction, a deletion — replaces the earlier one), and an optimistic copy is replaced by the stored message with the
 * same `clientId`. The result is in `seq` order, oldest first; optimistic entries (seq 0) stay at the end.
 */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): Message[] {
  if (incoming.length === 0) return [...current]
  const byId = new Map<string, Message>()
  const confirmedClientIds = new Set(incoming.filter((message) => message.seq > 0 && message.clientId).map((message) => message.clientId))
  for (const message of current) {
    if (message.seq === 0 && message.clientId && confirmedClientIds.has(message.clientId)) continue
    byId.set(message.id, message)
  }
  for (const message of incoming) {
    const known = byId.get(message.id)
    if (!known || isNewerCopy(message, known)) byId.set(message.id, message)
  }
  return [...byId.values()].sort(compareTimeline)
}

/** A copy replaces the one we hold unless it is visibly older (an edit or deletion we already have). */
function isNewerCopy(candidate: Message, known: Message): boolean {
  if (known.deletedAt && !candidate.deletedAt) return false
  if (known.editedAt && candidate.editedAt && candidate.editedAt < known.editedAt) return false
  if (known.editedAt && !candidate.editedAt && !candidate.deletedAt) return false
  return true
}

function compareTimeline(a: Message, b: Message): number {
  const pendingA = a.seq === 0
  const pendingB = b.seq === 0
  if (pendingA !== pendingB) return pendingA ? 1 : -1
  if (pendingA) return a.createdAt.localeCompare(b.createdAt)
  return a.seq - b.seq
}

/** The highest stored sequence number of the timeline (0 when empty): where a reconnect resumes. */
export function lastSeqOf(messages: readonly Message[]): number {
  return messages.reduce((highest, message) => Math.max(highest, message.seq), 0)
}

/** The lowest stored sequence number: the `before` of the next older page. */
export function firstSeqOf(messages: readonly Message[]): number | null {
  const stored = messages.filter((message) => message.seq > 0)
  return stored.length === 0 ? null : Math.min(...stored.map((message) => message.seq))
}

export type DayGroup = { day: string; messages: Message[] }

/**
 * Splits a timeline into calendar days for the day separators. `dayKeyOf` maps a timestamp to the viewer's
 * calendar day in their time zone (the page passes the formatter's date), so 23:30 UTC lands on the right day in Shanghai.
 */
export function groupByDay(messages: readonly Message[], dayKeyOf: (iso: string) => string): DayGroup[] {
  const groups: DayGroup[] = []
  for (const message of messages) {
    const day = dayKeyOf(message.createdAt)
    const last = groups.at(-1)
    if (last && last.day === day) last.messages.push(message)
    else groups.push({ day, messages: [message] })
  }
  return groups
}

/** How close (px) to the bottom of the list still counts as "at the bottom", so a pixel of rounding does not unpin. */
export const PINNED_THRESHOLD_PX = 48

export function isAtBottom(scroll: { scrollTop: number; scrollHeight: number; clientHeight: number }, threshold = PINNED_THRESHOLD_PX): boolean {
  return scroll.scrollHeight - scroll.scrollTop - scroll.clientHeight <= threshold
}

export type ArrivalDecision = { scrollToBottom: boolean; unseen: number }

/**
 * What the view does when messages arrive at the bottom: a reader who was at the bottom (or who sent one of them)
 * stays pinned there; anyone reading history keeps their place and sees "N new messages".
 */
export function decideOnArrival(input: { wasAtBottom: boolean; ownMessage: boolean; arrived: number; unseen: number }): ArrivalDecision {
  if (input.wasAtBottom || input.ownMessage) return { scrollToBottom: true, unseen: 0 }
  return { scrollToBottom: false, unseen: input.unseen + input.arrived }
}

/**
 * After older messages are prepended the content grows above the reader; moving the scroll offset by the growth
 * keeps the message they were reading where it was.
 */
export function anchoredScrollTop(before: { scrollTop: number; scrollHeight: number }, afterScrollHeight: number): number {
  return before.scrollTop + (afterScrollHeight - before.scrollHeight)
}
