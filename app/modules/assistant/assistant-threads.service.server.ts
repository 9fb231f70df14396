// A user's conversations with the assistant (issue 23): sourcing threads, kept per user and the company they act for,
// and platform admins' playground sessions. Only the owner sees a thread: anyone else's is not found (404), and a
// user's threads of another company stay out of sight while they act for this one.
import { and, asc, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { AppError } from '../../platform/errors'
import { requireCompany } from '../../platform/member-roles'
import { requirePlatformAdmin } from '../../platform/platform-admin'
import { THREAD_TITLE_MAX, type ThreadKind } from './assistant.constants'
import type { NewThreadInput, PlaygroundSettingsInput, RenameThreadInput, ThreadListQuery } from './assistant.inputs'
import { assistantDrafts, assistantMessages, assistantThreads, type ThreadSettings, type TurnTrace } from './assistant.tables.server'
import type { ChatMessage } from './assistant.wire'

export type ThreadSummary = { id: string; kind: ThreadKind; title: string; createdAt: Date; updatedAt: Date }
export type ThreadPage = { items: ThreadSummary[]; total: number }

/** A message as services hand it out: the wire's message with its time as a Date and its raw trace. */
export type AssistantMessageView = Omit<ChatMessage, 'createdAt' | 'trace'> & { trace: TurnTrace | null; createdAt: Date }

export type ThreadDetail = ThreadSummary & { settings: ThreadSettings; messages: AssistantMessageView[] }

type ThreadRow = typeof assistantThreads.$inferSelect

/** Who may hold threads of a kind: sourcing needs a company, the playground a platform admin. */
function requireKind(ctx: ServiceContext, kind: ThreadKind): void {
  if (kind === 'playground') requirePlatformAdmin(ctx.actor)
  else requireCompany(ctx.actor)
}

/** The actor's threads: their own, of the company they act for (playground sessions: of no company in particular). */
function ownership(ctx: ServiceContext, kind: ThreadKind): SQL {
  const company =
    kind === 'playground' ? undefined : ctx.actor.companyId ? eq(assistantThreads.companyId, ctx.actor.companyId) : isNull(assistantThreads.companyId)
  return and(eq(assistantThreads.userId, ctx.actor.userId), eq(assistantThreads.kind, kind), company)!
}

/**
 * One of the actor's threads (of `kind` when given); anyone else's, one of another kind, or a sourcing thread of a
 * company the user no longer acts for is not found.
 */
export async function ownThread(ctx: ServiceContext, id: string, kind?: ThreadKind): Promise<ThreadRow> {
  if (kind) requireKind(ctx, kind)
  const [thread] = await database()
    .select()
    .from(assistantThreads)
    .where(and(eq(assistantThreads.id, id), eq(assistantThreads.userId, ctx.actor.userId)))
  const visible = thread && (!kind || thread.kind === kind) && (thread.kind === 'playground' || thread.companyId === ctx.actor.companyId)
  if (!thread || !visible) throw new AppError('not_found', 'Conversation not found')
  requireKind(ctx, thread.kind)
  return thread
}

const summaryOf = (row: ThreadRow): ThreadSummary => ({ id: row.id, kind: row.kind, title: row.title, createdAt: row.createdAt, updatedAt: row.updatedAt })

/** A title from the first question: its first line, shortened on a word boundary. */
export function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0]!.replace(/\s+/g, ' ')
  if (line.length <= 60) return line
  const cut = line.slice(0, 60)
  const space = cut.lastIndexOf(' ')
  return `${space > 30 ? cut.slice(0, space) : cut}…`
}

/** A new thread of the actor's (once per Idempotency-Key). */
export async function createThread(ctx: ServiceContext, input: NewThreadInput, options: IdempotencyOption = {}): Promise<ThreadSummary> {
  requireKind(ctx, input.kind)
  const { id } = await createIdempotently(`assistant-thread:${ctx.actor.userId}`, options, input, async (tx, threadId) => {
    await tx.insert(assistantThreads).values({
      id: threadId,
      userId: ctx.actor.userId,
      companyId: ctx.actor.companyId,
      kind: input.kind,
      title: (input.title ?? '').slice(0, THREAD_TITLE_MAX),
    })
  })
  return summaryOf(await ownThread(ctx, id, input.kind))
}

export async function listThreads(ctx: ServiceContext, query: ThreadListQuery): Promise<ThreadPage> {
  requireKind(ctx, query.kind)
  const where = ownership(ctx, query.kind)
  const [rows, [total]] = await Promise.all([
    database()
      .select()
      .from(assistantThreads)
      .where(where)
      .orderBy(desc(assistantThreads.updatedAt), desc(assistantThreads.id))
      .limit(query.limit)
      .offset(query.offset),
    database().select({ value: count() }).from(assistantThreads).where(where),
  ])
  return { items: rows.map(summaryOf), total: Number(total?.value ?? 0) }
}

export async function getThread(ctx: ServiceContext, id: string, kind?: ThreadKind): Promise<ThreadDetail> {
  const thread = await ownThread(ctx, id, kind)
  return { ...summaryOf(thread), settings: thread.settings, messages: await threadMessages(thread) }
}

/** The thread's messages, oldest first, with each draft card showing whether it was created since. */
export async function threadMessages(thread: ThreadRow, limit?: number): Promise<AssistantMessageView[]> {
  const query = database()
    .select()
    .from(assistantMessages)
    .where(eq(assistantMessages.threadId, thread.id))
    .orderBy(limit ? desc(assistantMessages.createdAt) : asc(assistantMessages.createdAt), limit ? desc(assistantMessages.id) : asc(assistantMessages.id))
  const rows = limit ? (await query.limit(limit)).reverse() : await query
  const draftIds = rows.flatMap((row) => row.cards.flatMap((card) => (card.kind === 'draft' ? [card.draftId] : [])))
  const drafts = draftIds.length
    ? await database()
        .select({ id: assistantDrafts.id, status: assistantDrafts.status, createdRef: assistantDrafts.createdRef })
        .from(assistantDrafts)
        .where(and(eq(assistantDrafts.threadId, thread.id), inArray(assistantDrafts.id, draftIds)))
    : []
  const byId = new Map(drafts.map((draft) => [draft.id, draft]))
  return rows.map((row) => {
    const cards = row.cards.map((card) => {
      const draft = card.kind === 'draft' ? byId.get(card.draftId) : undefined
      return card.kind === 'draft' && draft ? { ...card, status: draft.status, created: draft.createdRef ?? null } : card
    })
    return messageView({ ...row, cards }, thread.kind === 'playground')
  })
}

/** A stored message as services hand it out; its trace only for playground threads. */
export function messageView(row: typeof assistantMessages.$inferSelect, withTrace: boolean): AssistantMessageView {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    cards: row.cards,
    status: row.status,
    errorCode: row.errorCode,
    provider: row.provider,
    model: row.model,
    promptTokens: row.promptTokens,
    completionTokens: row.completionTokens,
    firstTokenMs: row.firstTokenMs,
    latencyMs: row.latencyMs,
    trace: withTrace ? row.trace : null,
    createdAt: row.createdAt,
  }
}

export async function renameThread(ctx: ServiceContext, id: string, kind: ThreadKind | undefined, input: RenameThreadInput): Promise<ThreadSummary> {
  await ownThread(ctx, id, kind)
  const [row] = await database().update(assistantThreads).set({ title: input.title, updatedAt: new Date() }).where(eq(assistantThreads.id, id)).returning()
  return summaryOf(row!)
}

/** Deletes the thread with its messages and unconfirmed drafts; records created from it stay. */
export async function deleteThread(ctx: ServiceContext, id: string, kind?: ThreadKind): Promise<void> {
  await ownThread(ctx, id, kind)
  await database().delete(assistantThreads).where(eq(assistantThreads.id, id))
}

/** A playground session's own prompt, model, temperature and tools. */
export async function updatePlaygroundSettings(ctx: ServiceContext, id: string, input: PlaygroundSettingsInput): Promise<ThreadDetail> {
  await ownThread(ctx, id, 'playground')
  const settings: ThreadSettings = { systemPrompt: input.systemPrompt, model: input.model, temperature: input.temperature, tools: input.tools }
  await database().update(assistantThreads).set({ settings, updatedAt: new Date() }).where(eq(assistantThreads.id, id))
  return getThread(ctx, id, 'playground')
}
