// The assistant's shared vocabulary (issue 23): the tools it may call, the messages a provider reads, the events a
// provider streams and what a sourcing request says once understood. Pure types and constants: both sides use them.
import type { Locale } from '../../platform/i18n/locales'
import type { Incoterm } from '../../platform/trade-terms'

/** Every tool the assistant may call; each runs an existing service with the signed-in actor. `propose_*` write nothing. */
export const ASSISTANT_TOOLS = [
  'search_products',
  'find_suppliers',
  'lookup_hs_codes',
  'research_prices',
  'read_project',
  'read_rfq',
  'read_comparison',
  'read_order',
  'propose_requirement',
  'propose_rfq',
  'propose_shortlist',
] as const
export type AssistantToolName = (typeof ASSISTANT_TOOLS)[number]

export const isAssistantTool = (name: string): name is AssistantToolName => (ASSISTANT_TOOLS as readonly string[]).includes(name)

/** A tool call as a provider asks for it: `arguments` is the provider's JSON text, parsed and validated before use. */
export type ToolCall = { id: string; name: string; arguments: string }

/** The conversation a provider reads (OpenAI chat-completions roles). */
export type ProviderMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string }

/** A tool as offered to a provider: a JSON Schema of its arguments. */
export type ToolSpec = { name: AssistantToolName; description: string; parameters: Record<string, unknown> }

export type ProviderRequest = {
  messages: ProviderMessage[]
  tools: ToolSpec[]
  model: string
  /** 0–2, as a number (not money). */
  temperature: number
  /** The user's interface language family, for the built-in assistant's templates. */
  language: AssistantLanguage
  /** The user's interface locale: a Chinese request of a zh-Hant user is answered in Traditional Chinese. */
  locale?: Locale
  /** The moment relative dates ("in 3 weeks") are read against. */
  now: Date
  signal?: AbortSignal
}

/** What a provider streams for one round: text pieces, then either tool calls or the end, and its token count. */
export type ProviderEvent =
  | { type: 'text'; delta: string }
  | { type: 'tool_calls'; calls: ToolCall[] }
  | { type: 'usage'; promptTokens: number; completionTokens: number }
  /** The raw request and response of the round, for the admins' playground (the key never appears). */
  | { type: 'trace'; request: unknown; response: unknown }

export interface AssistantProvider {
  readonly kind: AssistantProviderKind
  stream(request: ProviderRequest): AsyncIterable<ProviderEvent>
}

export const ASSISTANT_PROVIDER_KINDS = ['builtin', 'openai_compatible'] as const
export type AssistantProviderKind = (typeof ASSISTANT_PROVIDER_KINDS)[number]

/** Why a provider round failed; each has a translated text `assistant:errors.<code>`. */
export const PROVIDER_ERROR_CODES = ['provider_timeout', 'provider_rate_limited', 'provider_unavailable', 'provider_rejected', 'provider_bad_response'] as const
export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[number]

export class AssistantProviderError extends Error {
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message)
    this.name = 'AssistantProviderError'
  }
}

export type AssistantLanguage = 'en' | 'zh'

/** What a buyer asks for. */
export const ASSISTANT_INTENTS = [
  /** Find products or suppliers. */
  'find',
  /** Turn the request into a project requirement. */
  'draft_requirement',
  /** Turn the request into an RFQ. */
  'draft_rfq',
  /** Which HS code applies. */
  'hs_lookup',
  /** What such products cost. */
  'price_research',
  /** Summarise the quotations of an RFQ. */
  'compare',
  /** Where an order stands. */
  'order_status',
  /** A project's state. */
  'project_status',
  /** An RFQ's state. */
  'rfq_status',
  /** Put suppliers on a project's shortlist. */
  'shortlist',
  /** Nothing the planner understood: explain what it can do. */
  'help',
] as const
export type AssistantIntent = (typeof ASSISTANT_INTENTS)[number]

/** A document named by its number (RFQ-2026-00007, PO-2026-00042, PRJ-2026-00012), or "the latest" (number null). */
export type DocumentReference = { kind: 'rfq' | 'order' | 'project'; number: string | null }

/** A sourcing request as the built-in planner understands it; absent facts are null. */
export type SourcingRequest = {
  language: AssistantLanguage
  intent: AssistantIntent
  /** The product words as the user wrote them, without quantities, prices, places or filler ("ceramic mugs", "陶瓷马克杯"). */
  product: string | null
  quantity: number | null
  /** A unit code: pcs, sets, pairs, kg, t, m, m2, m3, l, cartons, boxes, rolls, sheets, bags, containers. */
  unit: string | null
  /** A decimal string per unit ("2.50"), never a float. */
  targetPrice: string | null
  /** ISO 4217. */
  currency: string | null
  /** The place as written, in English when the planner knows it ("Hamburg"); Chinese place names map to English. */
  destination: string | null
  /** ISO 3166 alpha-2 of the destination when known ("DE"). */
  destinationCountry: string | null
  incoterm: Incoterm | null
  /** YYYY-MM-DD; relative phrases are resolved against `now`. */
  deadline: string | null
  reference: DocumentReference | null
  /** "verified suppliers only", "认证供应商". */
  verifiedOnly: boolean
}

/** A tool call the built-in planner decided on, with arguments as the tool's schema names them. */
export type PlannedCall = { name: AssistantToolName; arguments: Record<string, unknown> }
