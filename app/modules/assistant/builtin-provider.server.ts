// The built-in assistant (issue 23): the offline default. It reads only the user's own words, never tool results as
// instructions: the planner (assistant-planner.ts) turns the latest request (with the earlier ones for follow-ups) into
// tool calls, and once their results are back the reply is written from translated templates in the user's language.
// It speaks the same provider protocol as a model does, so the turn loop, tools, drafts and logs are the same.
import { createFormatter } from '../../platform/format'
import type { Locale } from '../../platform/i18n/locales'
import { translator } from '../../platform/i18n/translate.server'
import type { TFunction } from '../../platform/i18n/i18n'
import { DEFAULT_PREFERENCES } from '../identity/index'
import { planCalls, understand } from './assistant-planner'
import type { AssistantProvider, PlannedCall, ProviderEvent, ProviderMessage, ProviderRequest, SourcingRequest, ToolCall } from './assistant.types'

/** How many suppliers the shortlist proposal takes from a search. */
const SHORTLIST_PROPOSAL = 3
/** Pieces the reply is streamed in (words), like a model's tokens. */
const STREAM_WORDS = 4

export const BUILTIN_MODEL = 'tradeport-builtin'

export function createBuiltinProvider(): AssistantProvider {
  return { kind: 'builtin', stream: (request) => builtinRound(request) }
}

type ToolOutput = { name: string; data: Record<string, unknown> }

async function* builtinRound(request: ProviderRequest): AsyncGenerator<ProviderEvent> {
  const { current, previous, results, promptChars } = readConversation(request)
  const asked = understand(current, request.now, previous)
  const locale = replyLocale(asked.language, request.locale)
  const texts: Texts = { t: translator(locale, 'assistant'), orders: translator(locale, 'orders'), projects: translator(locale, 'projects') }
  const t = texts.t
  const format = createFormatter({ locale, preferences: DEFAULT_PREFERENCES })
  const available = new Set(request.tools.map((tool) => tool.name))
  let text: string
  let calls: PlannedCall[] = []
  if (results === null) {
    calls = planCalls(asked).filter((call) => available.has(call.name))
    text = calls.length > 0 ? `${t(`builtin.working.${asked.intent}`, { product: asked.product ?? '' })}\n\n` : composeReply(asked, [], texts, format)
  } else {
    const followUp = shortlistFollowUp(asked, results)
    if (followUp && available.has(followUp.name)) calls = [followUp]
    text = calls.length > 0 ? '' : composeReply(asked, results, texts, format)
  }
  for (const piece of pieces(text)) yield { type: 'text', delta: piece }
  const toolCalls: ToolCall[] = calls.map((call, index) => ({ id: `builtin_${index + 1}`, name: call.name, arguments: JSON.stringify(call.arguments) }))
  if (toolCalls.length > 0) yield { type: 'tool_calls', calls: toolCalls }
  yield { type: 'usage', promptTokens: Math.ceil(promptChars / 4), completionTokens: Math.ceil((text.length + JSON.stringify(toolCalls).length) / 4) }
  yield { type: 'trace', request: { understood: asked }, response: { text, toolCalls } }
}

/** Chinese requests are answered in Chinese (Traditional for a zh-Hant user), others in English. */
function replyLocale(language: SourcingRequest['language'], locale: Locale | undefined): Locale {
  if (language === 'en') return 'en'
  return locale === 'zh-Hant' ? 'zh-Hant' : 'zh-Hans'
}

/** The latest user message, what the earlier ones asked, and this turn's tool results (null before any tool ran). */
function readConversation(request: ProviderRequest): { current: string; previous: SourcingRequest | null; results: ToolOutput[] | null; promptChars: number } {
  const messages = request.messages
  let last = -1
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    if (messages[index]!.role === 'user') {
      last = index
      break
    }
  }
  const current = last >= 0 ? (messages[last] as Extract<ProviderMessage, { role: 'user' }>).content : ''
  let previous: SourcingRequest | null = null
  for (const message of messages.slice(0, Math.max(0, last))) {
    if (message.role === 'user') previous = understand(message.content, request.now, previous)
  }
  const after = messages.slice(last + 1)
  const results = after.some((message) => message.role === 'tool')
    ? after.flatMap((message) => (message.role === 'tool' ? [{ name: message.name, data: parseResult(message.content) }] : []))
    : null
  const promptChars = messages.reduce((sum, message) => sum + (message.content?.length ?? 0), 0)
  return { current, previous, results, promptChars }
}

function parseResult(content: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(content)
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** After a supplier search for a shortlist request: propose the best (verified first) few. */
function shortlistFollowUp(asked: SourcingRequest, results: ToolOutput[]): PlannedCall | null {
  if (asked.intent !== 'shortlist' || results.some((result) => result.name === 'propose_shortlist')) return null
  const found = results.find((result) => result.name === 'find_suppliers')?.data.suppliers
  if (!Array.isArray(found) || found.length === 0) return null
  const ids = found.slice(0, SHORTLIST_PROPOSAL).map((supplier) => String((supplier as { id: unknown }).id))
  return { name: 'propose_shortlist', arguments: { supplier_ids: ids } }
}

/** The reply, section by section for each tool that answered, ending with what the user can do next. */
type Texts = { t: TFunction; orders: TFunction; projects: TFunction }
type Format = ReturnType<typeof createFormatter>

/** What the reply says when a tool answered with an error: a failure may pass, a refusal (the account's rights) will not. */
const TOOL_ERROR_TEXTS: Record<string, string> = {
  not_found: 'builtin.notFound',
  tool_failed: 'builtin.toolFailed',
  tool_disabled: 'builtin.toolDisabled',
}

function composeReply(asked: SourcingRequest, results: ToolOutput[], texts: Texts, format: Format): string {
  const { t } = texts
  if (results.length === 0) return missingOrHelp(asked, t)
  const parts: string[] = []
  for (const { name, data } of results) {
    if (typeof data.error === 'string') {
      parts.push(t(TOOL_ERROR_TEXTS[data.error] ?? 'builtin.toolRefused', { tool: t(`tools.${name}`) }))
      continue
    }
    const part = describe(name, data, asked, texts, format)
    if (part) parts.push(part)
  }
  const missing = missingOrHelp(asked, t, true)
  if (missing) parts.push(missing)
  return parts.join('\n\n')
}

const money = (format: Format, amount: unknown, currency: unknown) =>
  typeof amount === 'string' && typeof currency === 'string' ? format.money(amount, currency) : ''

function describe(name: string, data: Record<string, unknown>, asked: SourcingRequest, { t, orders, projects }: Texts, format: Format): string | null {
  const product = asked.product ?? ''
  switch (name) {
    case 'search_products': {
      const total = Number(data.total ?? 0)
      return total > 0 ? t('builtin.products', { count: total, product, total: format.number(total) }) : t('builtin.noProducts', { product })
    }
    case 'find_suppliers': {
      const suppliers = Array.isArray(data.suppliers) ? (data.suppliers as Array<{ verified?: boolean }>) : []
      const verified = suppliers.filter((supplier) => supplier.verified).length
      return suppliers.length > 0 ? t('builtin.suppliers', { count: suppliers.length, verified, product }) : t('builtin.noSuppliers', { product })
    }
    case 'lookup_hs_codes': {
      const [best] = Array.isArray(data.suggestions) ? (data.suggestions as Array<{ heading: string; subheading: string | null; description: string }>) : []
      return best ? t('builtin.hsCode', { code: best.subheading ?? best.heading, description: best.description, product }) : t('builtin.noHsCode', { product })
    }
    case 'research_prices': {
      const count = Number(data.prices ?? 0)
      if (count === 0) return t('builtin.noPrices', { code: String(data.hs_heading ?? '') })
      return t('builtin.prices', {
        count,
        code: String(data.hs_heading ?? ''),
        median: money(format, data.median, data.currency),
        low: money(format, data.low, data.currency),
        high: money(format, data.high, data.currency),
      })
    }
    case 'read_comparison': {
      if (data.sealed)
        return t('builtin.comparisonSealed', { number: String(data.number), count: Number(data.quotations ?? 0), date: format.dateTime(String(data.opens_at)) })
      const lines = [t('builtin.comparison', { number: String(data.number), count: Number(data.quotations ?? 0) })]
      const cheapest = data.cheapest as { supplier: string; total: { amount: string; currency: string } } | null
      const fastest = data.fastest as { supplier: string; leadTimeDays: number } | null
      if (cheapest)
        lines.push(`- ${t('builtin.cheapest', { supplier: cheapest.supplier, total: money(format, cheapest.total.amount, cheapest.total.currency) })}`)
      if (fastest) lines.push(`- ${t('builtin.fastest', { supplier: fastest.supplier, count: fastest.leadTimeDays })}`)
      const risks = Array.isArray(data.risks) ? (data.risks as Array<{ supplier: string; code: string }>) : []
      for (const risk of risks) lines.push(`- ${t(`builtin.risk.${risk.code}`, { supplier: risk.supplier })}`)
      return lines.join('\n')
    }
    case 'read_order':
      return t('builtin.order', {
        number: String(data.number),
        supplier: String(data.supplier),
        status: orders(`status.${String(data.status)}`),
        total: money(format, data.total, data.currency),
      })
    case 'read_project':
      return t('builtin.project', {
        number: String(data.number),
        name: String(data.name),
        status: projects(`status.${String(data.status)}`),
        count: Number(data.requirements ?? 0),
        awarded: Number(data.awarded ?? 0),
      })
    case 'read_rfq':
      return t('builtin.rfq', {
        number: String(data.number),
        title: String(data.title),
        status: projects(`rfqStatus.${String(data.status)}`),
        count: Number(data.quotations ?? 0),
      })
    case 'propose_requirement':
      return t('builtin.draftRequirement', { quantity: format.number(asked.quantity ?? 0), unit: t(`units.${asked.unit ?? 'pcs'}`), product })
    case 'propose_rfq':
      return t('builtin.draftRfq', { quantity: format.number(asked.quantity ?? 0), unit: t(`units.${asked.unit ?? 'pcs'}`), product })
    case 'propose_shortlist':
      return t('builtin.draftShortlist')
    default:
      return null
  }
}

/** What is still needed for the request (a product, a quantity), or what the assistant can do when nothing was understood. */
function missingOrHelp(asked: SourcingRequest, t: TFunction, onlyMissing = false): string {
  const drafting = asked.intent === 'draft_requirement' || asked.intent === 'draft_rfq'
  if (drafting && !asked.product) return t('builtin.needProduct')
  if (drafting && !asked.quantity) return t('builtin.needQuantity', { product: asked.product ?? '' })
  if ((asked.intent === 'hs_lookup' || asked.intent === 'price_research' || asked.intent === 'shortlist') && !asked.product) return t('builtin.needProduct')
  if (onlyMissing) return ''
  return t('builtin.help')
}

/** The reply in word-sized pieces, spaces kept (Chinese text in short runs of characters). */
function* pieces(text: string): Generator<string> {
  const tokens = text.match(/\s*\S+/g) ?? []
  for (let index = 0; index < tokens.length; index += STREAM_WORDS) {
    const chunk = tokens.slice(index, index + STREAM_WORDS).join('')
    if (chunk.length <= 24) yield chunk
    else for (let at = 0; at < chunk.length; at += 24) yield chunk.slice(at, at + 24)
  }
  const trailing = text.match(/\s+$/)?.[0]
  if (trailing) yield trailing
}
