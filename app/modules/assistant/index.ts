// What pages and other modules may use of the assistant on both sides (issue 23).
export * from './assistant.constants'
export * from './assistant.inputs'
export type { AssistantCard, DraftCard, HsCardItem, ProductCardItem, SupplierCardItem } from './assistant-cards'
export {
  ASSISTANT_INTENTS,
  ASSISTANT_PROVIDER_KINDS,
  ASSISTANT_TOOLS,
  PROVIDER_ERROR_CODES,
  type AssistantProviderKind,
  type AssistantToolName,
} from './assistant.types'
export { cardFromWire, messageFromWire, messageToWire, TURN_EVENTS, type ChatMessage, type TurnEventName, type WireMessage } from './assistant.wire'
// The chat's parts (pages import them from here).
export { AssistantCards, type ProjectChoice } from './components/assistant-cards'
export { ChatMarkdown } from './components/chat-markdown'
export { createThread as startConversation, StreamRefused, streamTurn, type StreamHandlers } from './components/chat-stream'
export { UsageChart, type UsageDayView } from './components/usage-chart'
