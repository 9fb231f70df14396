import { randomUUID } from 'node:crypto'
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { requireRole } from '../../platform/member-roles'
import { userContacts, userDirectory } from '../identity/index.server'
import type { AuditAction, AuditQuery } from './audit.inputs'
import { auditEvents } from './kernel.tables.server'

export type AuditEntry = {
  companyId: string | null
  action: AuditAction
  targetType: string
  targetId: string
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}

/** Records a change in the same transaction as the change itself (DESIGN §3 rule 6). */
export async function recordAudit(db: Database | Transaction, ctx: Pick<ServiceContext, 'actor'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    id: randomUUID(),
    organizationId: entry.companyId,
    actorUserId: ctx.actor.userId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  })
}

/** Only the fields that differ, for before/after columns that read well. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const was: Record<string, unknown> = {}
  const now: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined || JSON.stringify(before[key]) === JSON.stringify(value)) continue
    was[key] = before[key] ?? null
    now[key] = value
  }
  return Object.keys(now).length > 0 ? { before: was, after: now } : null
}

/** The active company's activity log, newest first (admins and owners). */
export async function listCompanyAudit(ctx: ServiceContext, query: AuditQuery) {
  requireRole(ctx.actor, 'admin')
  const filters: SQL[] = [eq(auditEvents.organizationId, ctx.actor.companyId)]
  if (query.action) filters.push(eq(auditEvents.action, query.action))
  if (query.actor) filters.push(eq(auditEvents.actorUserId, query.actor))
  if (query.from) filters.push(gte(auditEvents.createdAt, new Date(`${query.from}T00:00:00Z`)))
  if (query.to) filters.push(lt(auditEvents.createdAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000)))
  const where = and(...filters)
  const db = database()
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditEvents.id,
        action: auditEvents.action,
        targetType: auditEvents.targetType,
        targetId: auditEvents.targetId,
        before: auditEvents.before,
        after: auditEvents.after,
        createdAt: auditEvents.createdAt,
        actorUserId: auditEvents.actorUserId,
      })
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(auditEvents).where(where),
  ])
  const actors = await userContacts(
    rows.map((row) => row.actorUserId),
    db,
  )
  const items = rows.map((row) => {
    const actor = row.actorUserId ? actors.get(row.actorUserId) : undefined
    return { ...row, actorName: actor?.name ?? null, actorEmail: actor?.email ?? null }
  })
  return { items, total: total?.value ?? 0, limit: query.limit, offset: query.offset }
}

/** The latest entries about one record (`user`, `company` …) across companies, newest first, with the acting person's name. */
export async function auditOfTarget(targetType: string, targetId: string, limit: number, db: Database | Transaction = database()) {
  const actor = alias(userDirectory, 'actor')
  return db
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      before: auditEvents.before,
      after: auditEvents.after,
      createdAt: auditEvents.createdAt,
      actorUserId: auditEvents.actorUserId,
      actorName: actor.name,
    })
    .from(auditEvents)
    .leftJoin(actor, eq(actor.id, auditEvents.actorUserId))
    .where(and(eq(auditEvents.targetType, targetType), eq(auditEvents.targetId, targetId)))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(limit)
}
