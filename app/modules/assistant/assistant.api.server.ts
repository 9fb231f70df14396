// The assistant's REST operations (issue 23): threads, messages with a streamed reply (server-sent events when the
// client accepts text/event-stream, else the stored reply as JSON), confirming drafts, and the configuration and use
// figures. A thread is its owner's alone: anyone else gets 404.
import { createRoute, z } from '@hono/zod-openapi'
import { streamSSE } from 'hono/streaming'
import { type ApiRouter, registerBodies } from '../../platform/api/api-env'
import { translator } from '../../platform/i18n/translate.server'
import { serviceContext } from '../../platform/api/caller.server'
import { parseAndRun, readJsonBody } from '../../platform/api/errors.server'
import { IdempotencyHeader, idempotencyOf } from '../../platform/api/idempotency.server'
import { access, bodyRef, camelCaseKeys, errorResponses, IdParam, jsonResponse, memberAccess, SIGNED_IN } from '../../platform/api/schemas'
import { THREAD_KINDS } from './assistant.constants'
import {
  AssistantConfigInput,
  CompanyAssistantInput,
  ConfirmDraftInput,
  MessageInput,
  NewThreadInput,
  PlaygroundSettingsInput,
  RenameThreadInput,
  ThreadListQuery,
} from './assistant.inputs'
import { confirmDraft } from './assistant-drafts.workflow.server'
import {
  assistantUsageReport,
  type AssistantConfigView,
  type CompanyAssistantView,
  getAssistantConfig,
  getCompanyAssistant,
  updateAssistantConfig,
  updateCompanyAssistant,
} from './assistant-settings.service.server'
import {
  type AssistantMessageView,
  createThread,
  deleteThread,
  getThread,
  listThreads,
  renameThread,
  type ThreadSummary,
  updatePlaygroundSettings,
} from './assistant-threads.service.server'
import { beginTurn, type TurnEvent } from './assistant-turn.server'
import { cardToWire, messageToWire } from './assistant.wire'
import { ASSISTANT_PROVIDER_KINDS, ASSISTANT_TOOLS } from './assistant.types'

const tags = ['Assistant']
const read = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] }
const write = { ...read, 422: errorResponses[422] }
const tooMany = { description: 'Too many questions (rate_limited) or the month’s tokens used up (quota_exceeded, details.resets_at); Retry-After says when' }

const ThreadSchema = z
  .object({ id: z.string(), kind: z.enum(THREAD_KINDS), title: z.string(), created_at: z.string(), updated_at: z.string() })
  .openapi('AssistantThread')

const CardSchema = z
  .object({ kind: z.string().openapi({ example: 'suppliers' }) })
  .catchall(z.unknown())
  .openapi('AssistantCard', {
    description:
      'A tool result as the chat shows it, by kind: products, suppliers, hs_codes, prices, comparison, order, project, rfq, or draft (draft_id, target, status proposed|created, fields, created)',
  })

const MessageSchema = z
  .object({
    id: z.string(),
    role: z.enum(['user', 'assistant']),
    content: z.string().openapi({ description: 'Markdown (the assistant’s replies)' }),
    cards: z.array(CardSchema),
    status: z.enum(['complete', 'failed']),
    error_code: z.string().nullable().openapi({ description: 'Why the reply failed, e.g. provider_timeout' }),
    provider: z.enum(ASSISTANT_PROVIDER_KINDS).nullable(),
    model: z.string().nullable(),
    prompt_tokens: z.number().int(),
    completion_tokens: z.number().int(),
    first_token_ms: z.number().int().nullable(),
    latency_ms: z.number().int().nullable(),
    trace: z.unknown().openapi({ description: 'Playground sessions only: each round’s raw request and response and tool calls' }),
    created_at: z.string(),
  })
  .openapi('AssistantMessage')

const ThreadDetailSchema = ThreadSchema.extend({
  settings: z.object({
    system_prompt: z.string().optional(),
    model: z.string().optional(),
    temperature: z.string().optional(),
    tools: z.array(z.string()).optional(),
  }),
  messages: z.array(MessageSchema),
}).openapi('AssistantThreadDetail')

const ConfigSchema = z
  .object({
    provider: z.enum(ASSISTANT_PROVIDER_KINDS),
    base_url: z.string(),
    model: z.string(),
    has_api_key: z.boolean().openapi({ description: 'A key is stored (encrypted); it is never sent back' }),
    temperature: z.string(),
    system_prompt: z.string(),
    enabled_tools: z.array(z.enum(ASSISTANT_TOOLS)),
    monthly_token_limit: z.number().int(),
    updated_at: z.string().nullable(),
  })
  .openapi('AssistantConfig')

const CompanySchema = z
  .object({
    company_id: z.string(),
    company_name: z.string(),
    enabled: z.boolean(),
    monthly_token_limit: z.number().int().nullable().openapi({ description: 'null: the platform’s default' }),
    quota: z.object({ enabled: z.boolean(), limit: z.number().int(), used: z.number().int(), resets_at: z.string() }),
  })
  .openapi('AssistantCompany')

const UsageSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    days: z.array(z.object({ day: z.string(), requests: z.number().int(), tokens: z.number().int(), errors: z.number().int() })),
    companies: z.array(
      z.object({
        company_id: z.string(),
        company_name: z.string(),
        enabled: z.boolean(),
        limit: z.number().int(),
        requests: z.number().int(),
        tokens: z.number().int(),
        errors: z.number().int(),
      }),
    ),
  })
  .openapi('AssistantUsage')

const BODIES = {
  NewAssistantThread: {
    type: 'object',
    properties: { kind: { type: 'string', enum: [...THREAD_KINDS] }, title: { type: 'string', maxLength: 120 } },
    example: { kind: 'sourcing' },
  },
  RenameAssistantThread: {
    type: 'object',
    required: ['title'],
    properties: { title: { type: 'string', maxLength: 120 } },
    example: { title: 'Mugs for Hamburg' },
  },
  AssistantMessageBody: {
    type: 'object',
    required: ['content'],
    properties: { content: { type: 'string', minLength: 1, maxLength: 4000 } },
    example: { content: 'I need 5,000 ceramic mugs delivered to Hamburg' },
  },
  ConfirmAssistantDraft: {
    type: 'object',
    properties: { project_id: { type: 'string', description: 'The project for a requirement or shortlist; the latest open one (or a new one) when absent' } },
    example: {},
  },
  PlaygroundSettingsBody: {
    type: 'object',
    properties: {
      system_prompt: { type: 'string' },
      model: { type: 'string' },
      temperature: { type: 'string' },
      tools: { type: 'array', items: { type: 'string', enum: [...ASSISTANT_TOOLS] } },
    },
    example: { system_prompt: 'Answer briefly.', model: '', temperature: '0.2', tools: ['search_products', 'find_suppliers'] },
  },
  AssistantConfigBody: {
    type: 'object',
    required: ['provider', 'temperature', 'monthly_token_limit'],
    properties: {
      provider: { type: 'string', enum: [...ASSISTANT_PROVIDER_KINDS] },
      base_url: { type: 'string', description: 'Required for openai_compatible, e.g. https://api.openai.com/v1' },
      model: { type: 'string' },
      api_key: { type: 'string', description: 'Replaces the stored key; omit to keep it' },
      clear_api_key: { type: 'boolean' },
      temperature: { type: 'string', example: '0.2' },
      system_prompt: { type: 'string', maxLength: 8000 },
      enabled_tools: { type: 'array', items: { type: 'string', enum: [...ASSISTANT_TOOLS] } },
      monthly_token_limit: { type: 'integer', minimum: 0 },
    },
    example: {
      provider: 'builtin',
      base_url: '',
      model: '',
      temperature: '0.2',
      system_prompt: '',
      enabled_tools: [...ASSISTANT_TOOLS],
      monthly_token_limit: 2000000,
    },
  },
  CompanyAssistantBody: {
    type: 'object',
    required: ['enabled'],
    properties: {
      enabled: { type: 'boolean' },
      monthly_token_limit: { type: ['integer', 'null'], description: 'Platform admins only; null: the platform default' },
    },
    example: { enabled: true },
  },
}

const listQuery = z.object({
  kind: z.string().optional().openapi({ example: 'sourcing', description: 'sourcing (default) or playground (platform admins)' }),
  limit: z.string().optional().openapi({ example: '30' }),
  offset: z.string().optional().openapi({ example: '0' }),
})

const threadAccess = memberAccess('id')
const routes = {
  list: createRoute({
    method: 'get',
    path: '/v1/assistant/threads',
    tags,
    summary: 'The caller’s conversations, most recent first (sourcing threads of the active company, or playground sessions)',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { query: listQuery },
    responses: { 200: jsonResponse(z.object({ items: z.array(ThreadSchema), total: z.number().int() }), 'A page of threads'), ...write },
  }),
  create: createRoute({
    method: 'post',
    path: '/v1/assistant/threads',
    tags,
    summary: 'Start a conversation (playground sessions: platform admins)',
    security: SIGNED_IN,
    ...memberAccess(),
    request: { headers: IdempotencyHeader, body: bodyRef('NewAssistantThread') },
    responses: { 201: jsonResponse(ThreadSchema, 'The new thread'), ...write },
  }),
  detail: createRoute({
    method: 'get',
    path: '/v1/assistant/threads/{id}',
    tags,
    summary: 'A conversation with its messages, oldest first',
    security: SIGNED_IN,
    ...threadAccess,
    request: { params: IdParam },
    responses: { 200: jsonResponse(ThreadDetailSchema, 'The thread'), ...read },
  }),
  rename: createRoute({
    method: 'patch',
    path: '/v1/assistant/threads/{id}',
    tags,
    summary: 'Rename a conversation',
    security: SIGNED_IN,
    ...threadAccess,
    request: { params: IdParam, body: bodyRef('RenameAssistantThread') },
    responses: { 200: jsonResponse(ThreadSchema, 'Renamed'), ...write },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/v1/assistant/threads/{id}',
    tags,
    summary: 'Delete a conversation with its messages and unconfirmed drafts (records created from it stay)',
    security: SIGNED_IN,
    ...threadAccess,
    request: { params: IdParam },
    responses: { 204: { description: 'Deleted' }, ...read },
  }),
  send: createRoute({
    method: 'post',
    path: '/v1/assistant/threads/{id}/messages',
    tags,
    summary: 'Ask: stores the message and answers with the assistant’s reply, streamed as server-sent events when accepted',
    description:
      'With `Accept: text/event-stream` the reply streams as events `user` (the stored question), `delta` ({text}), `tool` ({name}), `card` (an AssistantCard), `error` ({code, message}) and finally `done` ({message, timing}). Otherwise the answer is the stored reply as JSON. A failed provider gives a reply with status `failed` and its `error_code`; the thread stays usable. Refused before anything is stored: an empty or over-long message (422), another user’s thread (404), the company’s assistant switched off (403 assistant_disabled), too many questions or the month’s tokens used (429).',
    security: SIGNED_IN,
    ...threadAccess,
    request: { params: IdParam, headers: IdempotencyHeader, body: bodyRef('AssistantMessageBody') },
    responses: {
      201: {
        description: 'The reply (JSON), or its event stream',
        content: { 'application/json': { schema: MessageSchema }, 'text/event-stream': { schema: { type: 'string' } } },
      },
      ...write,
      402: errorResponses[402],
      429: { ...tooMany, content: { 'application/json': { schema: errorResponses[422].content['application/json'].schema } } },
    },
  }),
  settings: createRoute({
    method: 'put',
    path: '/v1/assistant/threads/{id}/settings',
    tags,
    summary: 'A playground session’s system prompt, model, temperature and tools (platform admins)',
    security: SIGNED_IN,
    ...access({ level: 'platform_admin' }),
    request: { params: IdParam, body: bodyRef('PlaygroundSettingsBody') },
    responses: { 200: jsonResponse(ThreadDetailSchema, 'Saved'), ...write },
  }),
  confirm: createRoute({
    method: 'post',
    path: '/v1/assistant/drafts/{id}/confirm',
    tags,
    summary: 'Create what the assistant drafted (a requirement, an RFQ draft or shortlist entries); a second call answers the same record',
    security: SIGNED_IN,
    ...memberAccess('id'),
    request: { params: IdParam, body: bodyRef('ConfirmAssistantDraft') },
    responses: { 200: jsonResponse(CardSchema, 'The draft card, created, with the path of the record'), ...write, 409: errorResponses[409] },
  }),
  config: createRoute({
    method: 'get',
    path: '/v1/assistant/config',
    tags,
    summary: 'The platform’s assistant: provider, model, prompt, tools and default limit (the key is never returned)',
    security: SIGNED_IN,
    ...access({ level: 'platform_admin' }),
    responses: { 200: jsonResponse(ConfigSchema, 'The settings'), 401: errorResponses[401], 403: errorResponses[403] },
  }),
  updateConfig: createRoute({
    method: 'put',
    path: '/v1/assistant/config',
    tags,
    summary: 'Change the platform’s assistant (the key is stored encrypted)',
    security: SIGNED_IN,
    ...access({ level: 'platform_admin' }),
    request: { body: bodyRef('AssistantConfigBody') },
    responses: { 200: jsonResponse(ConfigSchema, 'Saved'), 401: errorResponses[401], 403: errorResponses[403], 422: errorResponses[422] },
  }),
  company: createRoute({
    method: 'get',
    path: '/v1/assistant/companies/{id}',
    tags,
    summary: 'A company’s assistant switch, limit and this month’s use (its owners and admins, platform admins)',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam },
    responses: { 200: jsonResponse(CompanySchema, 'The company’s part'), ...read },
  }),
  updateCompany: createRoute({
    method: 'put',
    path: '/v1/assistant/companies/{id}',
    tags,
    summary: 'Switch a company’s assistant on or off; platform admins also set its monthly token limit',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin', resource: 'id' }),
    request: { params: IdParam, body: bodyRef('CompanyAssistantBody') },
    responses: { 200: jsonResponse(CompanySchema, 'Saved'), ...write },
  }),
  usage: createRoute({
    method: 'get',
    path: '/v1/assistant/usage',
    tags,
    summary: 'Use over the last 30 days per day, and per company this month (platform admins: every company; company admins: their own)',
    security: SIGNED_IN,
    ...access({ level: 'company', minRole: 'admin' }),
    responses: { 200: jsonResponse(UsageSchema, 'The figures'), 401: errorResponses[401], 403: errorResponses[403] },
  }),
}

const threadWire = (thread: ThreadSummary) => ({
  id: thread.id,
  kind: thread.kind,
  title: thread.title,
  created_at: thread.createdAt.toISOString(),
  updated_at: thread.updatedAt.toISOString(),
})
const messageWire = (message: AssistantMessageView) => messageToWire(message) as z.infer<typeof MessageSchema>
const configWire = (config: AssistantConfigView) => ({
  provider: config.provider,
  base_url: config.baseUrl,
  model: config.model,
  has_api_key: config.hasApiKey,
  temperature: config.temperature,
  system_prompt: config.systemPrompt,
  enabled_tools: config.enabledTools,
  monthly_token_limit: config.monthlyTokenLimit,
  updated_at: config.updatedAt?.toISOString() ?? null,
})
const companyWire = (view: CompanyAssistantView) => ({
  company_id: view.companyId,
  company_name: view.companyName,
  enabled: view.enabled,
  monthly_token_limit: view.monthlyTokenLimit,
  quota: { enabled: view.quota.enabled, limit: view.quota.limit, used: view.quota.used, resets_at: view.quota.resetsAt.toISOString() },
})

/** A turn event as the stream sends it. */
function eventData(event: TurnEvent, errorText: (code: string) => string): unknown {
  switch (event.type) {
    case 'user':
      return messageWire(event.message)
    case 'delta':
      return { text: event.text }
    case 'tool':
      return { name: event.name }
    case 'card':
      return cardToWire(event.card)
    case 'error':
      return { code: event.code, message: errorText(event.code) }
    case 'done':
      return {
        message: messageWire(event.message),
        timing: { total_ms: event.timing.totalMs, provider_ms: event.timing.providerMs, rounds: event.timing.rounds },
      }
  }
}

export function registerAssistantRoutes(api: ApiRouter) {
  registerBodies(api, BODIES)

  api.openapi(routes.list, async (c) => {
    const ctx = await serviceContext(c)
    const query = await parseAndRun('assistant', ThreadListQuery, c.req.query(), async (input) => input)
    const page = await listThreads(ctx, query)
    c.header('Cache-Control', 'no-store')
    return c.json({ items: page.items.map(threadWire), total: page.total }, 200)
  })

  api.openapi(routes.create, async (c) => {
    const ctx = await serviceContext(c)
    const body = camelCaseKeys(await readJsonBody(c))
    const thread = await parseAndRun('assistant', NewThreadInput, body, (input) => createThread(ctx, input, idempotencyOf(c)))
    return c.json(threadWire(thread), 201)
  })

  api.openapi(routes.detail, async (c) => {
    const ctx = await serviceContext(c)
    const thread = await getThread(ctx, c.req.valid('param').id)
    c.header('Cache-Control', 'no-store')
    const { systemPrompt, model, temperature, tools } = thread.settings
    return c.json(
      { ...threadWire(thread), settings: { system_prompt: systemPrompt, model, temperature, tools }, messages: thread.messages.map(messageWire) },
      200,
    )
  })

  api.openapi(routes.rename, async (c) => {
    const ctx = await serviceContext(c)
    const { id } = c.req.valid('param')
    const thread = await parseAndRun('assistant', RenameThreadInput, await readJsonBody(c), (input) => renameThread(ctx, id, undefined, input))
    return c.json(threadWire(thread), 200)
  })

  api.openapi(routes.remove, async (c) => {
    const ctx = await serviceContext(c)
    await deleteThread(ctx, c.req.valid('param').id)
    return c.body(null, 204)
  })

  api.openapi(routes.send, async (c) => {
    const ctx = await serviceContext(c)
    const { id } = c.req.valid('param')
    const turn = await parseAndRun('assistant', MessageInput, await readJsonBody(c), (input) => beginTurn(ctx, id, undefined, input, idempotencyOf(c)))
    if (!(c.req.header('accept') ?? '').includes('text/event-stream')) {
      const reply = turn.replay ?? (await turn.run())
      return c.json(messageWire(reply), 201)
    }
    const errors = translator(ctx.locale, 'assistant')
    c.header('Cache-Control', 'no-store')
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(c, async (stream) => {
      const send = (event: TurnEvent) => stream.writeSSE({ event: event.type, data: JSON.stringify(eventData(event, (code) => errors(`errors.${code}`))) })
      const pending: Promise<void>[] = []
      const emit = (event: TurnEvent) => void pending.push(send(event))
      emit({ type: 'user', message: turn.userMessage })
      if (turn.replay) emit({ type: 'done', message: turn.replay, timing: { totalMs: 0, providerMs: 0, rounds: 0 } })
      else await turn.run(emit)
      await Promise.all(pending)
    }) as never
  })

  api.openapi(routes.settings, async (c) => {
    const ctx = await serviceContext(c)
    const { id } = c.req.valid('param')
    const thread = await parseAndRun('assistant', PlaygroundSettingsInput, camelCaseKeys(await readJsonBody(c)), (input) =>
      updatePlaygroundSettings(ctx, id, input),
    )
    const { systemPrompt, model, temperature, tools } = thread.settings
    return c.json(
      { ...threadWire(thread), settings: { system_prompt: systemPrompt, model, temperature, tools }, messages: thread.messages.map(messageWire) },
      200,
    )
  })

  api.openapi(routes.confirm, async (c) => {
    const ctx = await serviceContext(c)
    const { id } = c.req.valid('param')
    const card = await parseAndRun('assistant', ConfirmDraftInput, camelCaseKeys(await readJsonBody(c)), (input) => confirmDraft(ctx, id, input))
    return c.json(cardToWire(card) as { kind: string }, 200)
  })

  api.openapi(routes.config, async (c) => {
    const ctx = await serviceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json(configWire(await getAssistantConfig(ctx)), 200)
  })

  api.openapi(routes.updateConfig, async (c) => {
    const ctx = await serviceContext(c)
    const config = await parseAndRun('assistant', AssistantConfigInput, camelCaseKeys(await readJsonBody(c)), (input) => updateAssistantConfig(ctx, input))
    return c.json(configWire(config), 200)
  })

  api.openapi(routes.company, async (c) => {
    const ctx = await serviceContext(c)
    c.header('Cache-Control', 'no-store')
    return c.json(companyWire(await getCompanyAssistant(ctx, c.req.valid('param').id)), 200)
  })

  api.openapi(routes.updateCompany, async (c) => {
    const ctx = await serviceContext(c)
    const { id } = c.req.valid('param')
    const view = await parseAndRun('assistant', CompanyAssistantInput, camelCaseKeys(await readJsonBody(c)), (input) => updateCompanyAssistant(ctx, id, input))
    return c.json(companyWire(view), 200)
  })

  api.openapi(routes.usage, async (c) => {
    const ctx = await serviceContext(c)
    const report = await assistantUsageReport(ctx)
    c.header('Cache-Control', 'no-store')
    return c.json(
      {
        from: report.from,
        to: report.to,
        days: report.days,
        companies: report.companies.map((row) => ({
          company_id: row.companyId,
          company_name: row.companyName,
          enabled: row.enabled,
          limit: row.limit,
          requests: row.requests,
          tokens: row.tokens,
          errors: row.errors,
        })),
      },
      200,
    )
  })
}
