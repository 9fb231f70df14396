import { MESSAGE_MAX_MENTIONS } from '../messaging.constants'

export type Mentionable = { userId: string; name: string }

/** The `@query` being typed at the caret: where it starts and what follows the `@` (no spaces, at a word start). */
export type MentionQuery = { start: number; query: string }

const MENTION_QUERY_MAX = 40

export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret)
  const at = before.lastIndexOf('@')
  if (at < 0) return null
  if (at > 0 && !/\s/.test(before.charAt(at - 1))) return null
  const query = before.slice(at + 1)
  if (query.length > MENTION_QUERY_MAX || /\s/.test(query)) return null
  return { start: at, query }
}

/** Participants matching the query: names that start with it first, then names containing it; case-insensitive. */
export function filterMentionables(people: readonly Mentionable[], query: string, selfId: string | null, limit = 8): Mentionable[] {
  const needle = query.toLocaleLowerCase()
  const others = people.filter((person) => person.userId !== selfId)
  const starts = others.filter((person) => person.name.toLocaleLowerCase().startsWith(needle))
  const contains = others.filter((person) => !person.name.toLocaleLowerCase().startsWith(needle) && person.name.toLocaleLowerCase().includes(needle))
  return [...starts, ...contains].slice(0, limit)
}

/** Replaces the `@query` with `@Name ` and returns the new text and caret. */
export function insertMention(text: string, mention: MentionQuery, person: Mentionable, caret: number): { text: string; caret: number } {
  const inserted = `@${person.name} `
  const next = `${text.slice(0, mention.start)}${inserted}${text.slice(caret)}`
  return { text: next, caret: mention.start + inserted.length }
}

/**
 * The people a message mentions: those picked from the list whose `@Name` is still in the text (the author may have
 * deleted it since), in order, without duplicates, at most MESSAGE_MAX_MENTIONS.
 */
export function mentionedUserIds(text: string, picked: readonly Mentionable[]): string[] {
  const ids: string[] = []
  for (const person of picked) {
    if (ids.includes(person.userId) || !text.includes(`@${person.name}`)) continue
    ids.push(person.userId)
  }
  return ids.slice(0, MESSAGE_MAX_MENTIONS)
}

/** `text` cut at the matches of a global `pattern`: plain pieces, and each match as `mark(match)` adds to it. */
function splitAt<Extra extends object>(text: string, pattern: RegExp, mark: (match: RegExpExecArray) => Extra): Array<{ text: string } & Partial<Extra>> {
  const parts: Array<{ text: string } & Partial<Extra>> = []
  let last = 0
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) } as { text: string } & Partial<Extra>)
    parts.push({ text: match[0], ...mark(match) })
    last = match.index + match[0].length
  }
  if (last < text.length || parts.length === 0) parts.push({ text: text.slice(last) } as { text: string } & Partial<Extra>)
  return parts
}

/** Splits a body into text and mention parts so mentions can be highlighted. */
export function splitMentions(body: string, mentions: readonly { userId: string; name: string }[]): Array<{ text: string; mention?: string }> {
  const names = [...new Set(mentions.map((mention) => mention.name))].filter(Boolean).sort((a, b) => b.length - a.length)
  if (names.length === 0) return [{ text: body }]
  const pattern = new RegExp(`@(${names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'g')
  return splitAt(body, pattern, (match) => ({ mention: match[1]! }))
}

/** An address runs over printable ASCII (Chinese punctuation ends it) and never ends in sentence punctuation. */
const WEB_ADDRESS = /https?:\/\/[!-~]*[\w#$%&(*+\-/=@\\^|~]/g

/** A text split at its web addresses (http and https only), so they can be shown as links. */
export function splitLinks(text: string): Array<{ text: string; href?: string }> {
  return splitAt(text, WEB_ADDRESS, (match) => ({ href: match[0] }))
}
