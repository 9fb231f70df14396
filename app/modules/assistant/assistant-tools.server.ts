// The assistant's tools (issue 23): each runs an existing service with the signed-in actor, so the assistant sees
// exactly what the user may see and nothing of another company. A tool answers twice: `content`, compact JSON the
// provider reads (data, never instructions), and a card the chat page shows. `propose_*` tools write nothing but a
// draft of this thread; the record itself is created only when the user confirms it (assistant-drafts).
import { randomUUID } from 'node:crypto'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError, isAppError } from '../../platform/errors'
import { logger } from '../../platform/logger.server'
import { z } from '../../platform/zod'
import { listSuppliers, searchProducts } from '../catalog/index.server'
import { companyCards } from '../companies/index.server'
import { classifyProduct } from '../compliance/index.server'
import { listPurchaseOrders } from '../orders/index.server'
import { buyerRfqPath } from '../sourcing/index'
import {
  comparisonFor,
  findSuppliers,
  type FoundSupplier,
  listComparableRfqs,
  listProjects,
  listRfqs,
  openProjects,
  priceBenchmarks,
  supplierOptionsByIds,
} from '../sourcing/index.server'
import type { AssistantCard, DraftCard, SupplierCardItem } from './assistant-cards'
import type { DraftTarget, ToolOutcome } from './assistant.constants'
import { assistantDrafts, assistantToolCalls } from './assistant.tables.server'
import { TOOL_INPUTS, type ToolInput } from './assistant-tools.inputs'
import { type AssistantToolName, isAssistantTool, type ToolCall, type ToolSpec } from './assistant.types'

/** Where a tool runs: the actor, the thread and the reply it belongs to. */
export type ToolRun = { ctx: ServiceContext; threadId: string; messageId: string; enabled: readonly AssistantToolName[] }

export type ToolResult = { outcome: ToolOutcome; content: string; card: AssistantCard | null; ms: number }

const DESCRIPTIONS: Record<AssistantToolName, string> = {
  search_products: 'Search the Tradeport marketplace for published products.',
  find_suppliers: 'Find supplying companies on Tradeport that make a product (verified suppliers first).',
  lookup_hs_codes: 'Suggest Harmonized System headings for a product description.',
  research_prices: 'Price benchmark (catalogue and quotation prices) for a product’s HS heading.',
  read_project: 'Read one of the user’s purchase projects.',
  read_rfq: 'Read one of the user’s RFQs.',
  read_comparison: 'Summarise the quotations of one of the user’s RFQs on a landed-cost basis.',
  read_order: 'Read one of the user’s purchase orders.',
  propose_requirement: 'Propose a project requirement. Nothing is created until the user confirms it.',
  propose_rfq: 'Propose a request for quotation. Nothing is created until the user confirms it.',
  propose_shortlist: 'Propose adding suppliers to a project’s shortlist. Nothing changes until the user confirms it.',
}

/** The enabled tools as a provider is told about them (JSON Schema of each tool's arguments). */
export function toolSpecs(enabled: readonly AssistantToolName[]): ToolSpec[] {
  return enabled.map((name) => ({ name, description: DESCRIPTIONS[name], parameters: jsonSchemaOf(name) }))
}

const schemaCache = new Map<AssistantToolName, Record<string, unknown>>()
function jsonSchemaOf(name: AssistantToolName): Record<string, unknown> {
  let schema = schemaCache.get(name)
  if (!schema) {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(TOOL_INPUTS[name], { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>
    schema = rest
    schemaCache.set(name, schema)
  }
  return schema
}

const CARD_ITEMS = 6
const MARKET = '/b2b/market'
const productPath = (id: string) => `/b2b/product/${encodeURIComponent(id)}`
const supplierPath = (id: string) => `/b2b/company/${encodeURIComponent(id)}`

const HAN = /\p{Script=Han}/u
/** Enough matches to stop broadening a query. */
const ENOUGH = 3

/**
 * The query, then broader forms of it while it finds too little: Chinese keeps its head noun (陶瓷马克杯 → 陶瓷杯,
 * 马克杯), English its last word with the first (stainless steel water bottles → stainless bottles, bottles).
 */
export function broaderQueries(query: string): string[] {
  const text = query.trim()
  if (HAN.test(text) && !/\s/.test(text) && text.length > 2) {
    return [...new Set([text, `${text.slice(0, 2)}${text.slice(-1)}`, text.slice(-3), text.slice(-2)])]
  }
  const words = text.split(/\s+/)
  if (words.length < 2) return [text]
  return [...new Set([text, `${words[0]} ${words.at(-1)}`, words.at(-1)!])]
}

type MarketSearch = Omit<Parameters<typeof searchProducts>[0], 'q'>

/** The marketplace's answer to the query, broadened while it finds fewer than ENOUGH; with the query that answered. */
async function searchBroadly(query: string, options: MarketSearch): Promise<{ query: string; result: Awaited<ReturnType<typeof searchProducts>> }> {
  let best: { query: string; result: Awaited<ReturnType<typeof searchProducts>> } | null = null
  for (const candidate of broaderQueries(query)) {
    const result = await searchProducts({ ...options, q: candidate })
    if (!best || result.total > best.result.total) best = { query: candidate, result }
    if (result.total >= ENOUGH) break
  }
  return best!
}

/**
 * The suppliers the directory finds for a query. A member searches as their company (the finder leaves it out and
 * knows its shortlists); a platform admin trying the assistant in the playground has no company and searches the public
 * directory, as a visitor would.
 */
async function directorySuppliers(ctx: ServiceContext, input: ToolInput<'find_suppliers'>, limit: number): Promise<{ items: DirectoryMatch[] }> {
  if (ctx.actor.companyId) {
    return findSuppliers(ctx, { q: input.query, country: input.country, verified: input.verified_only ? 'true' : undefined, limit, offset: 0 })
  }
  const page = await listSuppliers({ q: input.query, country: input.country, verifiedOnly: input.verified_only, limit })
  return { items: page.items.map((supplier) => ({ ...supplier, matchingProducts: null })) }
}

type DirectoryMatch = Pick<FoundSupplier, 'id' | 'name' | 'country' | 'verified' | 'matchingProducts'>

/** Runs one call the provider asked for: unknown, switched off or malformed calls are answered, never run. */
export async function runTool(run: ToolRun, call: ToolCall): Promise<ToolResult> {
  const started = performance.now()
  const finish = async (outcome: ToolOutcome, content: unknown, card: AssistantCard | null = null): Promise<ToolResult> => {
    const ms = Math.round(performance.now() - started)
    await logCall(run, call, outcome, ms)
    return { outcome, content: JSON.stringify(content), card, ms }
  }
  if (!isAssistantTool(call.name)) return finish('unknown_tool', { error: 'unknown_tool', message: `There is no tool named ${call.name.slice(0, 60)}.` })
  if (!run.enabled.includes(call.name)) return finish('disabled', { error: 'tool_disabled', message: `The tool ${call.name} is switched off.` })
  let raw: unknown
  try {
    raw = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments)
  } catch {
    return finish('invalid_arguments', { error: 'invalid_arguments', message: 'The arguments are not valid JSON.' })
  }
  const parsed = TOOL_INPUTS[call.name].safeParse(raw)
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(arguments)'}: ${issue.message}`)
    return finish('invalid_arguments', { error: 'invalid_arguments', message: 'The arguments do not fit the tool.', fields })
  }
  try {
    const { content, card } = await TOOLS[call.name](run, parsed.data as never)
    return finish('ok', content, card)
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found') return finish('failed', { error: 'not_found', message: 'Nothing found under that reference.' })
    if (isAppError(error) && error.status < 500) return finish('failed', { error: error.code, message: 'The tool refused the request.' })
    logger().warn({ err: error instanceof Error ? error.message : String(error), tool: call.name }, 'assistant tool failed')
    return finish('failed', { error: 'tool_failed', message: 'The tool failed; try again later.' })
  }
}

async function logCall(run: ToolRun, call: ToolCall, outcome: ToolOutcome, durationMs: number): Promise<void> {
  await database()
    .insert(assistantToolCalls)
    .values({
      id: randomUUID(),
      threadId: run.threadId,
      userId: run.ctx.actor.userId,
      companyId: run.ctx.actor.companyId,
      tool: call.name.slice(0, 80),
      arguments: call.arguments.slice(0, 4000),
      outcome,
      durationMs,
    })
}

type Answer = { content: unknown; card: AssistantCard | null }
type Tool<Name extends AssistantToolName> = (run: ToolRun, input: ToolInput<Name>) => Promise<Answer>

const TOOLS: { [Name in AssistantToolName]: Tool<Name> } = {
  search_products: async ({ ctx }, input) => {
    const { query, result } = await searchBroadly(input.query, {
      verifiedOnly: input.verified_only,
      priceMax: input.max_price,
      currency: input.max_price ? input.currency : undefined,
      limit: input.limit ?? CARD_ITEMS,
      locale: ctx.locale,
    })
    const items = result.items.map((product) => ({
      id: product.id,
      name: product.name,
      path: productPath(product.id),
      supplierId: product.supplier.id,
      supplierName: product.supplier.name,
      supplierVerified: product.supplier.verified,
      price: product.fromPrice && product.fromPriceCurrency ? { amount: product.fromPrice, currency: product.fromPriceCurrency } : null,
      moq: product.moq,
      unit: product.unit,
      imageUrl: product.thumbnailUrl,
    }))
    const params = new URLSearchParams({ q: query, ...(input.verified_only ? { verified: 'true' } : {}) })
    return {
      content: {
        query,
        total: result.total,
        products: items.map((item) => ({
          id: item.id,
          name: item.name,
          supplier: item.supplierName,
          supplier_verified: item.supplierVerified,
          from_price: item.price,
          moq: item.moq,
          unit: item.unit,
        })),
      },
      card: { kind: 'products', query, total: result.total, items, morePath: `${MARKET}?${params}` },
    }
  },

  find_suppliers: async ({ ctx }, input) => {
    const limit = input.limit ?? CARD_ITEMS
    // The directory finds suppliers by name and main products; the marketplace by what they publish: both, merged.
    const [directory, market, projects] = await Promise.all([
      directorySuppliers(ctx, input, limit),
      searchBroadly(input.query, { verifiedOnly: input.verified_only, originCountry: input.country, limit: 50, locale: ctx.locale }).then(
        ({ result }) => result,
      ),
      ctx.actor.companyId ? openProjects(ctx) : Promise.resolve([]),
    ])
    const found = new Map<string, SupplierCardItem>()
    const matches = new Map<string, number>()
    for (const product of market.items) matches.set(product.supplier.id, (matches.get(product.supplier.id) ?? 0) + 1)
    for (const product of market.items) {
      if (product.supplier.id === ctx.actor.companyId || found.has(product.supplier.id)) continue
      found.set(product.supplier.id, {
        id: product.supplier.id,
        name: product.supplier.name,
        path: supplierPath(product.supplier.id),
        country: null,
        verified: product.supplier.verified,
        matchingProducts: matches.get(product.supplier.id) ?? 0,
        shortlisted: false,
      })
    }
    for (const supplier of directory.items) {
      const known = found.get(supplier.id)
      found.set(supplier.id, {
        id: supplier.id,
        name: supplier.name,
        path: supplierPath(supplier.id),
        country: supplier.country,
        verified: supplier.verified,
        matchingProducts: known?.matchingProducts ?? supplier.matchingProducts ?? 0,
        shortlisted: false,
      })
    }
    const ranked = [...found.values()]
      .sort((a, b) => Number(b.verified) - Number(a.verified) || b.matchingProducts - a.matchingProducts || a.name.localeCompare(b.name))
      .slice(0, limit)
    const cards = await companyCards(ranked.filter((item) => item.country === null).map((item) => item.id))
    for (const item of ranked) item.country ??= cards.get(item.id)?.country ?? null
    const params = new URLSearchParams({ q: input.query, ...(input.verified_only ? { verified: 'true' } : {}) })
    return {
      content: {
        suppliers: ranked.map((item) => ({
          id: item.id,
          name: item.name,
          country: item.country,
          verified: item.verified,
          matching_products: item.matchingProducts,
        })),
      },
      card: { kind: 'suppliers', query: input.query, items: ranked, morePath: `/app/sourcing/find?${params}`, projectId: projects[0]?.id ?? null },
    }
  },

  lookup_hs_codes: async ({ ctx }, input) => {
    const ranked = await classifyProduct(input.description, ctx.locale)
    const best = ranked[0]?.score ?? 0
    // Suggestions far below the best one are noise (bone china mugs → 6911, not paper or bones).
    const suggestions = ranked.filter((suggestion) => suggestion.score >= best * 0.5).slice(0, 4)
    const items = suggestions.map((suggestion) => {
      const node = suggestion.subheading ?? suggestion.heading
      return {
        code: node.code,
        description: node.description,
        path: `/hscode-demo/${node.code}`,
        confidence: best > 0 ? Math.round((suggestion.score / best) * 100) / 100 : 0,
      }
    })
    return {
      content: {
        suggestions: suggestions.map((s) => ({
          heading: s.heading.code,
          subheading: s.subheading?.code ?? null,
          description: s.heading.description,
          words: s.reasons,
        })),
      },
      card: { kind: 'hs_codes', description: input.description, items },
    }
  },

  research_prices: async ({ ctx }, input) => {
    const [heading] = await classifyProduct(input.query, ctx.locale)
    const currency = input.currency ?? 'USD'
    if (!heading) return { content: { error: 'no_hs_heading', message: 'No HS heading fits these words.' }, card: null }
    const benchmark = await priceBenchmarks(ctx, { hsCode: heading.heading.code, currency })
    const stats = benchmark.combined
    const params = new URLSearchParams({ hsCode: heading.heading.code, currency })
    return {
      content: {
        hs_heading: heading.heading.code,
        description: heading.heading.description,
        currency,
        prices: stats.count,
        low: stats.min,
        median: stats.median,
        high: stats.max,
      },
      card: {
        kind: 'prices',
        query: input.query,
        currency,
        count: stats.count,
        low: stats.min,
        median: stats.median,
        high: stats.max,
        path: `/app/sourcing/research?${params}`,
      },
    }
  },

  read_project: async ({ ctx }, input) => {
    const page = await listProjects(ctx, { q: input.project, limit: 1, offset: 0 })
    const project = page.items[0]
    if (!project) throw new AppError('not_found', 'Project not found')
    return {
      content: {
        number: project.number,
        name: project.name,
        status: project.status,
        requirements: project.requirementCount,
        awarded: project.awardedCount,
        deadline: project.deadline,
      },
      card: {
        kind: 'project',
        id: project.id,
        number: project.number,
        name: project.name,
        status: project.status,
        path: `/app/purchase/projects/view/${project.id}`,
        requirements: project.requirementCount,
        awarded: project.awardedCount,
        deadline: project.deadline,
      },
    }
  },

  read_rfq: async ({ ctx }, input) => {
    const page = await listRfqs(ctx, { q: input.rfq, limit: 1, offset: 0 })
    const rfq = page.items[0]
    if (!rfq) throw new AppError('not_found', 'RFQ not found')
    const deadline = rfq.quoteDeadline.toISOString()
    return {
      content: {
        number: rfq.number,
        title: rfq.title,
        status: rfq.status,
        quotations: rfq.quotationCount,
        invited: rfq.inviteeCount,
        quote_deadline: deadline,
      },
      card: {
        kind: 'rfq',
        id: rfq.id,
        number: rfq.number,
        title: rfq.title,
        status: rfq.status,
        path: buyerRfqPath(rfq.id),
        quotations: rfq.quotationCount,
        deadline,
      },
    }
  },

  read_comparison: async ({ ctx }, input) => {
    const rfqId = input.rfq ? (await listRfqs(ctx, { q: input.rfq, limit: 1, offset: 0 })).items[0]?.id : (await listComparableRfqs(ctx, 1))[0]?.id
    if (!rfqId) throw new AppError('not_found', 'RFQ not found')
    const comparison = await comparisonFor(ctx, rfqId)
    const rfq = { id: comparison.rfq.id, number: comparison.rfq.number, title: comparison.rfq.title, path: `/app/sourcing/quotations?rfq=${comparison.rfq.id}` }
    if (comparison.sealed) {
      return {
        content: { number: rfq.number, sealed: true, quotations: comparison.count, opens_at: comparison.deadline.toISOString() },
        card: { kind: 'comparison', rfq, quotations: comparison.count, cheapest: null, fastest: null, risks: [] },
      }
    }
    const summary = summariseComparison(comparison)
    return {
      content: { number: rfq.number, currency: comparison.currency, quotations: comparison.suppliers.length, ...summary },
      card: { kind: 'comparison', rfq, quotations: comparison.suppliers.length, ...summary },
    }
  },

  read_order: async ({ ctx }, input) => {
    const page = await listPurchaseOrders(ctx, { side: 'all', q: input.order, limit: 1, offset: 0 })
    const order = page.items[0]
    if (!order) throw new AppError('not_found', 'Order not found')
    return {
      content: {
        number: order.number,
        status: order.status,
        supplier: order.supplier.name,
        total: order.total,
        currency: order.currency,
        requested_delivery: order.requestedDeliveryDate,
      },
      card: {
        kind: 'order',
        id: order.id,
        number: order.number,
        status: order.status,
        supplier: order.supplier.name,
        total: { amount: order.total, currency: order.currency },
        path: `/app/orders/${order.id}/view`,
        expectedOn: order.requestedDeliveryDate,
      },
    }
  },

  propose_requirement: (run, input) => propose(run, 'requirement', input),
  propose_rfq: (run, input) => propose(run, 'rfq', input),
  propose_shortlist: async (run, input) => {
    const known = await supplierOptionsByIds(run.ctx, input.supplier_ids)
    if (known.length === 0) throw new AppError('not_found', 'No such suppliers')
    return propose(run, 'shortlist', { ...input, supplier_ids: known.map((option) => option.id) })
  },
}

type ComparisonSummary = Pick<Extract<AssistantCard, { kind: 'comparison' }>, 'cheapest' | 'fastest' | 'risks'>

/** Cheapest complete offer on landed cost, fastest lead time, and each supplier's risks (MOQ, lateness, gaps, no rate). */
function summariseComparison(comparison: Extract<Awaited<ReturnType<typeof comparisonFor>>, { sealed: false }>): ComparisonSummary {
  const lineCount = comparison.lines.length
  const complete = comparison.suppliers.filter((supplier) => supplier.total !== null && supplier.pricedLines === lineCount)
  const cheapestSupplier = complete.reduce<(typeof complete)[number] | null>(
    (best, supplier) => (best === null || Number(supplier.total) < Number(best.total) ? supplier : best),
    null,
  )
  const leadTimes = comparison.suppliers.map((supplier) => {
    const days = comparison.lines.map((line) => line.cells[supplier.quotationId]?.leadTimeDays).filter((value): value is number => value !== undefined)
    return { supplier: supplier.supplierName, leadTimeDays: days.length > 0 ? Math.max(...days) : null }
  })
  const fastest = leadTimes
    .filter((entry): entry is { supplier: string; leadTimeDays: number } => entry.leadTimeDays !== null)
    .sort((a, b) => a.leadTimeDays - b.leadTimeDays)[0]
  const risks: ComparisonSummary['risks'] = []
  for (const supplier of comparison.suppliers) {
    const cells = comparison.lines.map((line) => line.cells[supplier.quotationId]).filter((cell) => cell !== undefined)
    if (supplier.missingRate) risks.push({ supplier: supplier.supplierName, code: 'no_rate' })
    if (supplier.pricedLines < lineCount) risks.push({ supplier: supplier.supplierName, code: 'incomplete' })
    if (cells.some((cell) => cell.moqWarning)) risks.push({ supplier: supplier.supplierName, code: 'moq' })
    if (cells.some((cell) => cell.leadTimeWarning)) risks.push({ supplier: supplier.supplierName, code: 'late' })
  }
  return {
    cheapest: cheapestSupplier ? { supplier: cheapestSupplier.supplierName, total: { amount: cheapestSupplier.total!, currency: comparison.currency } } : null,
    fastest: fastest ?? null,
    risks: risks.slice(0, 8),
  }
}

/** Stores a draft of this thread for the user to review; the provider is told it awaits the user's confirmation. */
async function propose(run: ToolRun, target: DraftTarget, input: Record<string, unknown>): Promise<Answer> {
  if (!run.ctx.actor.companyId) throw new AppError('company_required', 'Create or join a company first')
  const fields = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as DraftCard['fields']
  const draftId = randomUUID()
  await database().insert(assistantDrafts).values({
    id: draftId,
    threadId: run.threadId,
    messageId: run.messageId,
    companyId: run.ctx.actor.companyId,
    userId: run.ctx.actor.userId,
    target,
    fields,
  })
  return {
    content: { draft_id: draftId, status: 'awaiting_user_confirmation', note: 'Nothing was created. The user reviews the draft and creates it with a click.' },
    card: { kind: 'draft', draftId, target, status: 'proposed', fields, created: null },
  }
}
