// The chat page's side of a turn (issue 23): posts the question to the API and reads the reply as server-sent events,
// calling back as text, tool use and cards arrive. The page reads exactly what API clients read.
import type { AssistantCard } from '../assistant-cards'
import { cardFromWire, type ChatMessage, messageFromWire, type WireMessage } from '../assistant.wire'

export type StreamHandlers = {
  onUser(message: ChatMessage): void
  onDelta(text: string): void
  onTool(name: string): void
  onCard(card: AssistantCard): void
  onError(code: string, message: string): void
  onDone(message: ChatMessage): void
}

/** Why the request was refused before any reply (an API error body), or that the connection broke. */
export class StreamRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

const randomKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`)

async function refusal(response: Response): Promise<StreamRefused> {
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string; details?: Record<string, unknown> }
  return new StreamRefused(response.status, body.code ?? 'internal', body.message ?? response.statusText, body.details ?? {})
}

/** Starts a sourcing conversation; resolves with its id. */
export async function createThread(kind: 'sourcing' | 'playground' = 'sourcing'): Promise<string> {
  const response = await fetch('/api/v1/assistant/threads', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': randomKey() },
    body: JSON.stringify({ kind }),
  })
  if (!response.ok) throw await refusal(response)
  return ((await response.json()) as { id: string }).id
}

/**
 * Asks in the thread and streams the reply through `handlers`; resolves when the stream ends. `language` is the page's
 * (a Chinese question on a Traditional Chinese page is answered in Traditional Chinese).
 */
export async function streamTurn(threadId: string, content: string, handlers: StreamHandlers, language: string, signal?: AbortSignal): Promise<void> {
  const response = await fetch(`/api/v1/assistant/threads/${encodeURIComponent(threadId)}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'accept-language': language, 'idempotency-key': randomKey() },
    body: JSON.stringify({ content }),
    signal,
  })
  if (!response.ok || !response.body) throw await refusal(response)
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  let finished = false
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    buffer += value
    let boundary = buffer.indexOf('\n\n')
    while (boundary >= 0) {
      const block = buffer.slice(0, boundary)
      buffer = buffer.slice(boundary + 2)
      if (dispatch(block, handlers)) finished = true
      boundary = buffer.indexOf('\n\n')
    }
  }
  if (!finished) throw new StreamRefused(0, 'network', 'The stream ended early')
}

/** Handles one event block; true for the final `done`. */
function dispatch(block: string, handlers: StreamHandlers): boolean {
  let event = 'message'
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim()
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''))
  }
  if (data.length === 0) return false
  const payload = JSON.parse(data.join('\n')) as Record<string, unknown>
  switch (event) {
    case 'user':
      handlers.onUser(messageFromWire(payload as WireMessage))
      return false
    case 'delta':
      handlers.onDelta(String(payload.text ?? ''))
      return false
    case 'tool':
      handlers.onTool(String(payload.name ?? ''))
      return false
    case 'card':
      handlers.onCard(cardFromWire(payload))
      return false
    case 'error':
      handlers.onError(String(payload.code ?? 'internal'), String(payload.message ?? ''))
      return false
    case 'done':
      handlers.onDone(messageFromWire(payload.message as WireMessage))
      return true
    default:
      return false
  }
}
