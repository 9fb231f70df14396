import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { organizations } from '../companies/companies.tables.server'
import { users } from '../identity/identity.tables.server'
import type { AssistantCard } from './assistant-cards'
import { DRAFT_STATUSES, DRAFT_TARGETS, MESSAGE_ROLES, MESSAGE_STATUSES, THREAD_KINDS, TOOL_OUTCOMES } from './assistant.constants'
import { ASSISTANT_PROVIDER_KINDS, type AssistantToolName } from './assistant.types'

const oneOf = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))

/** A playground session's own settings; sourcing threads use the platform's. */
export type ThreadSettings = { systemPrompt?: string; model?: string; temperature?: string; tools?: AssistantToolName[] }

/** One round of a turn as the playground shows it: the raw request and response, tool calls, tokens and time. */
export type TurnTrace = {
  rounds: Array<{ request: unknown; response: unknown; toolCalls: Array<{ name: string; arguments: string; outcome: string; ms: number }>; ms: number }>
}

/** A conversation of one user with the assistant: a sourcing chat, or an admin's playground session. */
export const assistantThreads = pgTable(
  'assistant_threads',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The company the user acted for; null for a platform admin without one (playground only). */
    companyId: text('company_id').references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: THREAD_KINDS }).notNull(),
    title: text('title').notNull(),
    settings: jsonb('settings').$type<ThreadSettings>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('assistant_threads_kind_check', sql`${t.kind} in (${oneOf(THREAD_KINDS)})`),
    index('assistant_threads_user_idx').on(t.userId, t.kind, t.updatedAt.desc(), t.id),
    // The plan's count of a company's assistant requests (assistant-usage.server) starts from its threads.
    index('assistant_threads_company_idx').on(t.companyId, t.kind),
  ],
)

/** A message of a thread: the user's words, or the assistant's reply with its cards and what it cost. */
export const assistantMessages = pgTable(
  'assistant_messages',
  {
    id: text('id').primaryKey(),
    threadId: text('thread_id')
      .notNull()
      .references(() => assistantThreads.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MESSAGE_ROLES }).notNull(),
    content: text('content').notNull(),
    cards: jsonb('cards').$type<AssistantCard[]>().notNull().default([]),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('complete'),
    /** Why the reply failed (`assistant:errors.<code>`). */
    errorCode: text('error_code'),
    provider: text('provider', { enum: ASSISTANT_PROVIDER_KINDS }),
    model: text('model'),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    firstTokenMs: integer('first_token_ms'),
    latencyMs: integer('latency_ms'),
    /** Playground threads only. */
    trace: jsonb('trace').$type<TurnTrace>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('assistant_messages_role_check', sql`${t.role} in (${oneOf(MESSAGE_ROLES)})`),
    check('assistant_messages_status_check', sql`${t.status} in (${oneOf(MESSAGE_STATUSES)})`),
    index('assistant_messages_thread_idx').on(t.threadId, t.createdAt, t.id),
    // The plan's questions-a-month count (issue 24), read from the index alone on every guarded question.
    index('assistant_messages_questions_idx')
      .on(t.threadId, t.createdAt)
      .where(sql`${t.role} = 'user'`),
  ],
)

/** A record the assistant proposed; nothing is written until the user confirms it (then `created_ref` names it). */
export const assistantDrafts = pgTable(
  'assistant_drafts',
  {
    id: text('id').primaryKey(),
    threadId: text('thread_id')
      .notNull()
      .references(() => assistantThreads.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    companyId: text('company_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    target: text('target', { enum: DRAFT_TARGETS }).notNull(),
    /** The tool's validated arguments. */
    fields: jsonb('fields').$type<Record<string, string | number | string[]>>().notNull(),
    status: text('status', { enum: DRAFT_STATUSES }).notNull().default('proposed'),
    createdRef: jsonb('created_ref').$type<{ id: string; number: string | null; path: string }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    check('assistant_drafts_target_check', sql`${t.target} in (${oneOf(DRAFT_TARGETS)})`),
    check('assistant_drafts_status_check', sql`${t.status} in (${oneOf(DRAFT_STATUSES)})`),
    index('assistant_drafts_thread_idx').on(t.threadId),
  ],
)

/** Every tool call, with the actor it ran for (the audit of what the assistant did). */
export const assistantToolCalls = pgTable(
  'assistant_tool_calls',
  {
    id: text('id').primaryKey(),
    threadId: text('thread_id')
      .notNull()
      .references(() => assistantThreads.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    companyId: text('company_id'),
    tool: text('tool').notNull(),
    arguments: text('arguments').notNull(),
    outcome: text('outcome', { enum: TOOL_OUTCOMES }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('assistant_tool_calls_outcome_check', sql`${t.outcome} in (${oneOf(TOOL_OUTCOMES)})`),
    index('assistant_tool_calls_company_idx').on(t.companyId, t.createdAt),
    index('assistant_tool_calls_thread_idx').on(t.threadId, t.createdAt),
  ],
)

/** The platform's assistant (one row, id `platform`): provider, model, key (sealed), prompt, tools, default limit. */
export const assistantSettings = pgTable(
  'assistant_settings',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: ASSISTANT_PROVIDER_KINDS }).notNull().default('builtin'),
    baseUrl: text('base_url').notNull().default(''),
    model: text('model').notNull().default(''),
    /** AES-256-GCM under a key derived from AUTH_SECRET; never sent to a browser or logged. */
    apiKeySealed: text('api_key_sealed'),
    temperature: text('temperature').notNull().default('0.2'),
    systemPrompt: text('system_prompt').notNull().default(''),
    enabledTools: text('enabled_tools').array().notNull(),
    monthlyTokenLimit: integer('monthly_token_limit').notNull(),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('assistant_settings_provider_check', sql`${t.provider} in (${oneOf(ASSISTANT_PROVIDER_KINDS)})`)],
)

/** A company's switch and monthly token limit (null: the platform's default). */
export const assistantCompanySettings = pgTable('assistant_company_settings', {
  companyId: text('company_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  monthlyTokenLimit: integer('monthly_token_limit'),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Use per company and day: replies, tokens and failures (the quota sums the month). */
export const assistantUsage = pgTable(
  'assistant_usage',
  {
    companyId: text('company_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    requests: integer('requests').notNull().default(0),
    tokens: integer('tokens').notNull().default(0),
    errors: integer('errors').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] }), index('assistant_usage_day_idx').on(t.day)],
)
