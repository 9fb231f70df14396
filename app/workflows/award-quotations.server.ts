import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { ServiceContext } from '../platform/actor'
import { database } from '../platform/db/index.server'
import { AppError } from '../platform/errors'
import { publishChange } from '../platform/realtime/publisher.server'
import { requireCompany } from '../modules/companies/index'
import { deliverNotices, type Notice, organizations, recordNotice } from '../modules/companies/index.server'
import { createAwardedPurchaseOrder } from '../modules/orders/index.server'
import { type AwardSelection, canAwardRfq, planAward, type PlanQuotation } from '../modules/sourcing/index'
import { projectEvents, purchaseProjects, quotationLines, quotations, requirements, rfqAwards, rfqLines, rfqs } from '../modules/sourcing/index.server'

export type AwardInput = { lines: AwardSelection[]; notes?: string }
export type AwardResult = { purchaseOrders: Array<{ id: string; number: string; supplierName: string; total: string; currency: string }> }

/**
 * Awards an RFQ, whole or split per line across suppliers, in one transaction: every selected line goes to a pending
 * or accepted quotation that priced it; one placed purchase order per supplier at its quoted prices and terms; the
 * awards recorded (a line is never awarded twice — the unique index holds even against a concurrent award); winning
 * quotations accepted; the requirements awarded; the RFQ and its project awarded. When every line is awarded, the
 * quotations that won nothing are rejected and their suppliers told. Quoting must be over (closed, or past the deadline).
 */
export async function awardQuotations(ctx: ServiceContext, rfqId: string, input: AwardInput): Promise<AwardResult> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const notices: Notice[] = []
  const { result, published } = await database().transaction(async (tx) => {
    const [rfq] = await tx
      .select()
      .from(rfqs)
      .where(and(eq(rfqs.id, rfqId), eq(rfqs.organizationId, companyId)))
      .for('update')
    if (!rfq) throw new AppError('not_found', 'RFQ not found')
    const now = new Date()
    const check = canAwardRfq(rfq, now)
    if (!check.ok && check.reason === 'quoting_open')
      throw new AppError('invalid_transition', 'Close the RFQ or wait for its deadline before awarding', {
        action: 'award',
        status: rfq.status,
        reason: 'quoting_open',
      })
    if (!check.ok) throw new AppError('invalid_transition', `Cannot award an RFQ that is ${rfq.status}`, { action: 'award', status: rfq.status })

    const [lines, awarded, offered] = await Promise.all([
      tx.select().from(rfqLines).where(eq(rfqLines.rfqId, rfqId)).orderBy(asc(rfqLines.position)),
      tx.select({ rfqLineId: rfqAwards.rfqLineId }).from(rfqAwards).where(eq(rfqAwards.rfqId, rfqId)),
      tx
        .select({ quotation: quotations, rfqLineId: quotationLines.rfqLineId, unitPrice: quotationLines.unitPrice })
        .from(quotations)
        .leftJoin(quotationLines, eq(quotationLines.quotationId, quotations.id))
        .where(eq(quotations.rfqId, rfqId))
        .for('update', { of: quotations }),
    ])
    const quotationRows = new Map<string, typeof quotations.$inferSelect>()
    const planQuotations = new Map<string, PlanQuotation & { prices: Map<string, string> }>()
    for (const row of offered) {
      quotationRows.set(row.quotation.id, row.quotation)
      const entry = planQuotations.get(row.quotation.id) ?? {
        id: row.quotation.id,
        supplierCompanyId: row.quotation.supplierCompanyId,
        status: row.quotation.status,
        prices: new Map<string, string>(),
      }
      if (row.rfqLineId && row.unitPrice !== null) entry.prices.set(row.rfqLineId, row.unitPrice)
      planQuotations.set(row.quotation.id, entry)
    }
    const plan = planAward(input.lines, lines, new Set(awarded.map((row) => row.rfqLineId)), planQuotations)
    if (!plan.ok && plan.kind === 'validation') throw new AppError('validation_failed', 'Validation failed', { fields: plan.fields })
    if (!plan.ok)
      throw new AppError(
        'invalid_transition',
        plan.reason === 'already_awarded' ? 'This line has already been awarded' : 'This quotation can no longer be awarded',
        { action: 'award', status: rfq.status, reason: plan.reason, fields: { [`lines.${plan.index}`]: [`validation.${plan.reason}`] } },
      )

    const [buyer] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, companyId))
    const purchaseOrders: AwardResult['purchaseOrders'] = []
    const awardRows: Array<typeof rfqAwards.$inferInsert> = []
    for (const group of plan.groups) {
      const quotation = quotationRows.get(group.quotationId)!
      const order = await createAwardedPurchaseOrder(
        tx,
        ctx,
        {
          supplierCompanyId: group.supplierCompanyId,
          currency: quotation.currency,
          incoterm: quotation.incoterm,
          incotermPlace: quotation.incotermPlace,
          paymentTerms: quotation.paymentTerms,
          requestedDeliveryDate: rfq.deliveryDate,
          notes: input.notes ?? '',
          lines: group.lines.map((line) => ({ description: line.title, unit: line.unit, quantity: line.quantity, unitPrice: line.unitPrice })),
          source: { rfq: rfq.number, rfqId: rfq.id, quotationId: quotation.id },
        },
        notices,
      )
      purchaseOrders.push(order)
      for (const line of group.lines) {
        awardRows.push({
          id: randomUUID(),
          rfqId,
          rfqLineId: line.id,
          quotationId: quotation.id,
          supplierCompanyId: group.supplierCompanyId,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          currency: quotation.currency,
          purchaseOrderId: order.id,
          awardedBy: ctx.actor.userId,
        })
      }
    }
    await tx.insert(rfqAwards).values(awardRows)
    const winners = plan.groups.map((group) => group.quotationId)
    await tx
      .update(quotations)
      .set({ status: 'accepted', decidedAt: now, updatedAt: now, version: sql`${quotations.version} + 1` })
      .where(and(inArray(quotations.id, winners), eq(quotations.status, 'submitted')))
    const awardedLineIds = awardRows.map((row) => row.rfqLineId)
    const requirementIds = lines.filter((line) => awardedLineIds.includes(line.id) && line.requirementId).map((line) => line.requirementId!)
    if (requirementIds.length > 0)
      await tx
        .update(requirements)
        .set({ status: 'awarded', updatedAt: now, version: sql`${requirements.version} + 1` })
        .where(inArray(requirements.id, requirementIds))

    const complete = awarded.length + awardRows.length === lines.length
    await tx
      .update(rfqs)
      .set({ status: 'awarded', closedAt: rfq.closedAt ?? now, updatedAt: now, version: rfq.version + 1 })
      .where(eq(rfqs.id, rfqId))
    if (complete) {
      // Whoever won nothing hears of it, and their quotations are closed.
      const everWon = new Set(
        (await tx.select({ quotationId: rfqAwards.quotationId }).from(rfqAwards).where(eq(rfqAwards.rfqId, rfqId))).map((row) => row.quotationId),
      )
      for (const quotation of [...quotationRows.values()].filter((row) => row.status === 'submitted' && !everWon.has(row.id))) {
        await tx
          .update(quotations)
          .set({ status: 'rejected', decisionReason: 'awarded_elsewhere', decidedAt: now, updatedAt: now, version: sql`${quotations.version} + 1` })
          .where(eq(quotations.id, quotation.id))
        const notice: Notice = {
          companyId: quotation.supplierCompanyId,
          kind: 'award.not_awarded',
          params: { rfq: rfq.number, company: buyer?.name ?? '' },
          link: '/app/supplier/portal',
        }
        await recordNotice(tx, notice)
        notices.push(notice)
      }
    }
    if (rfq.projectId) {
      const [project] = await tx.select({ status: purchaseProjects.status }).from(purchaseProjects).where(eq(purchaseProjects.id, rfq.projectId)).for('update')
      if (project && project.status !== 'awarded' && ['active', 'sourcing'].includes(project.status)) {
        await tx
          .update(purchaseProjects)
          .set({ status: 'awarded', updatedAt: now, version: sql`${purchaseProjects.version} + 1` })
          .where(eq(purchaseProjects.id, rfq.projectId))
      }
      await tx.insert(projectEvents).values({
        id: randomUUID(),
        projectId: rfq.projectId,
        type: 'award',
        actorUserId: ctx.actor.userId,
        data: { rfq: rfq.number, orders: purchaseOrders.map((order) => order.number) },
      })
    }
    // Who to tell once committed: every quoting supplier (won or not) and each order's two parties.
    const quoting = [...new Set([...quotationRows.values()].map((row) => row.supplierCompanyId))]
    const orders = purchaseOrders.map((order, index) => ({ id: order.id, supplierCompanyId: plan.groups[index]!.supplierCompanyId }))
    return { result: { purchaseOrders }, published: { quoting, orders, projectId: rfq.projectId } }
  })
  publishChange([companyId, ...published.quoting], { entity: 'rfq', id: rfqId, action: 'award' })
  for (const order of published.orders) publishChange([companyId, order.supplierCompanyId], { entity: 'purchase_order', id: order.id, action: 'create', rfqId })
  if (published.projectId) publishChange([companyId], { entity: 'project', id: published.projectId, action: 'award' })
  await deliverNotices(notices)
  return result
}
