// What members change in WTO ePing (issue 22): their company's mark on a notification (any member) and what the company
// follows (owners and admins). Saving a subscription matches the company again against every stored notification, in
// the transaction that saves it; the list then shows what concerns it, and no notice is raised for older notifications.
import { and, eq } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { requireCompany, requireRole } from '../../platform/member-roles'
import { recordAudit } from '../kernel/index.server'
import type { EpingReviewStatus } from './compliance.constants'
import { epingNotifications, epingReviews, epingSubscriptions } from './compliance.tables.server'
import { companyMatches, replaceCompanyMatches } from './eping-match-store.server'
import type { EpingReviewInput, EpingSubscriptionInput } from './eping.inputs'

export type EpingReviewMark = { status: EpingReviewStatus; note: string; reviewedAt: Date }

/** The notification, locked against a concurrent delete of it while the mark is written; unknown → not found. */
async function notificationFacts(tx: Transaction, id: string): Promise<{ id: string; documentSymbol: string }> {
  const [row] = await tx
    .select({ id: epingNotifications.id, documentSymbol: epingNotifications.documentSymbol })
    .from(epingNotifications)
    .where(eq(epingNotifications.id, id))
    .for('share')
  if (!row) throw new AppError('not_found', 'Notification not found')
  return row
}

/** Marks a notification for the company (reviewed, relevant, not relevant) with a note; a new mark replaces the old. */
export async function reviewEpingNotification(ctx: ServiceContext, id: string, input: EpingReviewInput): Promise<EpingReviewMark> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  return database().transaction(async (tx) => {
    const notification = await notificationFacts(tx, id)
    const reviewedAt = new Date()
    const [before] = await tx
      .select({ status: epingReviews.status, note: epingReviews.note })
      .from(epingReviews)
      .where(and(eq(epingReviews.organizationId, companyId), eq(epingReviews.notificationId, id)))
    await tx
      .insert(epingReviews)
      .values({ organizationId: companyId, notificationId: id, status: input.status, note: input.note, reviewedBy: ctx.actor.userId, reviewedAt })
      .onConflictDoUpdate({
        target: [epingReviews.organizationId, epingReviews.notificationId],
        set: { status: input.status, note: input.note, reviewedBy: ctx.actor.userId, reviewedAt },
      })
    await recordAudit(tx, ctx, {
      companyId,
      action: 'eping_review.marked',
      targetType: 'eping_notification',
      targetId: id,
      before: before ? { symbol: notification.documentSymbol, ...before } : null,
      after: { symbol: notification.documentSymbol, status: input.status, note: input.note },
    })
    return { status: input.status, note: input.note, reviewedAt }
  })
}

/** Clears the company's mark on a notification (nothing to clear is no error); an unknown notification is not found. */
export async function clearEpingReview(ctx: ServiceContext, id: string): Promise<void> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  await database().transaction(async (tx) => {
    const notification = await notificationFacts(tx, id)
    const [removed] = await tx
      .delete(epingReviews)
      .where(and(eq(epingReviews.organizationId, companyId), eq(epingReviews.notificationId, id)))
      .returning({ status: epingReviews.status, note: epingReviews.note })
    if (!removed) return
    await recordAudit(tx, ctx, {
      companyId,
      action: 'eping_review.cleared',
      targetType: 'eping_notification',
      targetId: id,
      before: { symbol: notification.documentSymbol, ...removed },
    })
  })
}

export type EpingSubscriptionView = { hsCodes: string[]; memberCodes: string[]; keywords: string[]; updatedAt: Date | null }

/** What the company follows (empty lists before it first saves). Any member reads it. */
export async function getEpingSubscription(ctx: ServiceContext): Promise<EpingSubscriptionView> {
  requireCompany(ctx.actor)
  const [row] = await database()
    .select({
      hsCodes: epingSubscriptions.hsCodes,
      memberCodes: epingSubscriptions.memberCodes,
      keywords: epingSubscriptions.keywords,
      updatedAt: epingSubscriptions.updatedAt,
    })
    .from(epingSubscriptions)
    .where(eq(epingSubscriptions.organizationId, ctx.actor.companyId))
  return row ?? { hsCodes: [], memberCodes: [], keywords: [], updatedAt: null }
}

/**
 * Saves what the company follows (owners and admins: it decides what every member is told of) and matches the company
 * again against the stored notifications; answers the subscription and how many notifications concern the company now.
 */
export async function updateEpingSubscription(
  ctx: ServiceContext,
  input: EpingSubscriptionInput,
): Promise<{ subscription: EpingSubscriptionView; matched: number }> {
  requireRole(ctx.actor, 'admin')
  const companyId = ctx.actor.companyId
  const before = await getEpingSubscription(ctx)
  // Read outside the transaction (the catalogue and the notifications); written with the subscription inside it.
  const found = await companyMatches(companyId, { subscription: { organizationId: companyId, ...input } })
  const updatedAt = new Date()
  await database().transaction(async (tx) => {
    await tx
      .insert(epingSubscriptions)
      .values({ organizationId: companyId, ...input, updatedBy: ctx.actor.userId, updatedAt })
      .onConflictDoUpdate({ target: epingSubscriptions.organizationId, set: { ...input, updatedBy: ctx.actor.userId, updatedAt } })
    await replaceCompanyMatches(tx, found)
    await recordAudit(tx, ctx, {
      companyId,
      action: 'eping_subscription.updated',
      targetType: 'eping_subscription',
      targetId: companyId,
      before: { hsCodes: before.hsCodes, memberCodes: before.memberCodes, keywords: before.keywords },
      after: { ...input },
    })
  })
  return { subscription: { ...input, updatedAt }, matched: found.matches.length }
}
