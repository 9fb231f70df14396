// The assistant's messages on the wire (issue 23): the API's snake_case, and back for the chat page, which reads the
// same stream the API sends. A draft card's `fields` keep their names (they are the tool's snake_case arguments).
import type { AssistantCard } from './assistant-cards'
import type { MessageRole, MessageStatus } from './assistant.constants'
import type { AssistantProviderKind } from './assistant.types'

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase())
const KEPT = new Set(['fields'])

function renameDeep(value: unknown, rename: (name: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => renameDeep(item, rename))
  if (value instanceof Date) return value.toISOString()
  if (!value || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [rename(key), KEPT.has(key) ? item : renameDeep(item, rename)]))
}

export const cardToWire = (card: AssistantCard) => renameDeep(card, snake) as Record<string, unknown>
export const cardFromWire = (card: unknown) => renameDeep(card, camel) as AssistantCard

/** A message as the browser holds it (dates as ISO text). */
export type ChatMessage = {
  id: string
  role: MessageRole
  content: string
  cards: AssistantCard[]
  status: MessageStatus
  errorCode: string | null
  provider: AssistantProviderKind | null
  model: string | null
  promptTokens: number
  completionTokens: number
  firstTokenMs: number | null
  latencyMs: number | null
  trace: unknown
  createdAt: string
}

export type WireMessage = Record<string, unknown>

export function messageToWire(message: Omit<ChatMessage, 'createdAt'> & { createdAt: Date | string }): WireMessage {
  const { cards, trace, ...rest } = message
  return { ...(renameDeep(rest, snake) as WireMessage), cards: cards.map(cardToWire), trace: trace ?? null }
}

export function messageFromWire(wire: WireMessage): ChatMessage {
  const { cards, trace, ...rest } = wire
  return {
    ...(renameDeep(rest, camel) as Omit<ChatMessage, 'cards' | 'trace'>),
    cards: Array.isArray(cards) ? cards.map(cardFromWire) : [],
    trace: trace ?? null,
  }
}

/** The server-sent events of a turn (`event:` names) and what each carries (`data:`, JSON). */
export const TURN_EVENTS = ['user', 'delta', 'tool', 'card', 'error', 'done'] as const
export type TurnEventName = (typeof TURN_EVENTS)[number]
