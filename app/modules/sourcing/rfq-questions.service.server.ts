import { and, eq } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { type OutboxEventId, relayEvents } from '../../platform/outbox/outbox.server'
import { requireCompany } from '../companies/index'
import type { Notice } from '../companies/index.server'
import { notify, notifyInvitees, recordRfqEvent } from './rfq-events.server'
import { getRfqForSupplier, lockInvitation, supplierView } from './rfq-invitation.service.server'
import type { AnswerQuestionInput, AskQuestionInput } from './rfq.inputs'
import { buyerRfqPath } from './rfq.links'
import { canAnswerRfqQuestions, canAskRfqQuestion, isQuotingOpen } from './rfq.policy'
import { getRfq } from './rfq.read.service.server'
import type { RfqDetail, SupplierRfqView } from './rfq.types'
import { lockOwnRfq } from './rfq.write.service.server'
import { rfqQuestions } from './sourcing.tables.server'

/** An invitee asks the buyer a clarification question while quoting is open (once per idempotency key); the buyer hears of it. */
export async function askQuestion(
  ctx: ServiceContext,
  id: string,
  input: AskQuestionInput,
  options: IdempotencyOption = {},
  now: Date = new Date(),
): Promise<SupplierRfqView> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const notices: Notice[] = []
  const events: OutboxEventId[] = []
  const asked: { view?: SupplierRfqView } = {}
  await createIdempotently(`rfq_question:${companyId}`, options, { rfqId: id, input }, async (tx, questionId) => {
    const { rfq, invitation } = await lockInvitation(tx, companyId, id, now, true)
    if (!isQuotingOpen(rfq, now))
      throw new AppError('invalid_transition', 'Quoting on this RFQ is closed', { action: 'ask', status: rfq.status, reason: 'quoting_closed' })
    if (!canAskRfqQuestion(rfq, invitation, now))
      throw new AppError('invalid_transition', 'You declined this RFQ', { action: 'ask', status: invitation.status })
    await tx
      .insert(rfqQuestions)
      .values({ id: questionId, rfqId: id, askedByCompanyId: companyId, askedByUserId: ctx.actor.userId, question: input.question, createdAt: now })
    await notify(tx, notices, {
      companyId: rfq.organizationId,
      exceptUserId: ctx.actor.userId,
      kind: 'rfq.question',
      params: { number: rfq.number, title: rfq.title },
      link: buyerRfqPath(rfq.id),
    })
    events.push(await recordRfqEvent(tx, rfq, 'question', notices, [companyId]))
    asked.view = await supplierView(tx, companyId, rfq, invitation, now)
  })
  // A replayed question recorded no event: its first request's went out.
  await relayEvents(events)
  return asked.view ?? getRfqForSupplier(ctx, id, now)
}

/** The buyer answers (or corrects the answer to) a question; every invitee still in the running hears of it. */
export async function answerQuestion(
  ctx: ServiceContext,
  id: string,
  questionId: string,
  input: AnswerQuestionInput,
  now: Date = new Date(),
): Promise<RfqDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const notices: Notice[] = []
  const events: OutboxEventId[] = []
  await database().transaction(async (tx) => {
    const rfq = await lockOwnRfq(tx, companyId, id)
    const [updated] = await tx
      .update(rfqQuestions)
      .set({ answer: input.answer, answeredByUserId: ctx.actor.userId, answeredAt: now })
      .where(and(eq(rfqQuestions.id, questionId), eq(rfqQuestions.rfqId, id)))
      .returning({ id: rfqQuestions.id })
    if (!updated) throw new AppError('not_found', 'Question not found')
    if (canAnswerRfqQuestions(rfq)) await notifyInvitees(tx, ctx, rfq, 'answer', {}, notices)
    events.push(await recordRfqEvent(tx, rfq, 'answer', notices))
  })
  await relayEvents(events)
  return getRfq(ctx, id, now)
}
