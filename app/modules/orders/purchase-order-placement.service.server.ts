// Writing a purchase order before it is sent on: a new order (draft or placed at once), one the award workflow writes,
// and the buyer's edits of its draft.
import { randomUUID } from 'node:crypto'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { claimIdempotencyKey, fingerprintOf } from '../../platform/idempotency/idempotency.server'
import { type OutboxEventId, relayEvents } from '../../platform/outbox/outbox.server'
import { requireVersion } from '../../platform/versioning'
import { requireCompany } from '../companies/index'
import { companyAddress, companyName, type Notice, publicCompanyCards as companies } from '../companies/index.server'
import { checkAttachments, nextNumber } from '../kernel/index.server'
import type { AddressSnapshot } from './orders.constants'
import { purchaseOrderLines, purchaseOrders } from './orders.tables.server'
import { orderTotal, priceLine, type PricedLine } from './order-totals'
import type { CreatePurchaseOrderInput, UpdatePurchaseOrderInput } from './purchase-order.inputs'
import { draftEditCheck } from './purchase-order.policy'
import type { AwardedOrderInput, PurchaseOrderDetail } from './purchase-order.types'
import { applyTransition } from './purchase-order-lifecycle.service.server'
import { getPurchaseOrder } from './purchase-order-reads.service.server'
import { fieldError, lockOrder, notifyCounterpart, priceLines, recordEvent, recordOrderEvent } from './purchase-order-writes.server'

async function shipToSnapshot(tx: Transaction, companyId: string, addressId: string | undefined): Promise<AddressSnapshot | null> {
  if (!addressId) return null
  const address = await companyAddress(companyId, addressId, tx)
  if (!address) throw fieldError({ shipToAddressId: ['validation.address'] })
  const { label, recipient, phone, line1, line2, city, region, postalCode, country } = address
  return { label, recipient, phone, line1, line2, city, region, postalCode, country }
}

/** The columns a draft's terms and priced lines set, on creation and on every edit of the draft. */
function termsColumns(input: CreatePurchaseOrderInput | UpdatePurchaseOrderInput, shipTo: AddressSnapshot | null, lines: PricedLine[]) {
  const total = orderTotal(lines, input.currency)
  return {
    currency: input.currency,
    incoterm: input.incoterm,
    incotermPlace: input.incotermPlace,
    paymentTerms: input.paymentTerms,
    requestedDeliveryDate: input.requestedDeliveryDate ?? null,
    shipToAddressId: shipTo ? (input.shipToAddressId ?? null) : null,
    shipTo,
    notes: input.notes,
    attachmentFileIds: input.attachmentFileIds,
    subtotal: total,
    total,
    lineCount: lines.length,
  }
}

async function replaceLines(tx: Transaction, orderId: string, lines: PricedLine[]): Promise<void> {
  await tx.delete(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, orderId))
  await tx.insert(purchaseOrderLines).values(lines.map((line, position) => ({ id: randomUUID(), orderId, position, ...line })))
}

/**
 * A new purchase order from the actor's company to a supplier, as a draft (or placed at once with `place`). Catalogue
 * lines take the supplier's price for their quantity; the MOQ applies; the currency must be the price list's. With an
 * `idempotencyKey`, a retry of the same request answers with the order the first one created.
 */
export async function createPurchaseOrder(
  ctx: ServiceContext,
  input: CreatePurchaseOrderInput,
  options: { idempotencyKey?: string } = {},
): Promise<PurchaseOrderDetail> {
  requireCompany(ctx.actor)
  const buyerId = ctx.actor.companyId
  if (input.supplierCompanyId === buyerId) throw fieldError({ supplierCompanyId: ['validation.ownCompany'] })
  const notices: Notice[] = []
  const events: OutboxEventId[] = []
  const orderId = await database().transaction(async (tx) => {
    const id = randomUUID()
    if (options.idempotencyKey) {
      const existing = await claimIdempotencyKey(tx, {
        scope: `purchase_order:${buyerId}`,
        key: options.idempotencyKey,
        fingerprint: fingerprintOf(input),
        resourceId: id,
      })
      if (existing) return existing
    }
    const [supplier] = await tx
      .select({ name: companies.name })
      .from(companies)
      .where(and(eq(companies.id, input.supplierCompanyId), isNull(companies.deletedAt), inArray(companies.kind, ['supplier', 'both'])))
    if (!supplier) throw fieldError({ supplierCompanyId: ['validation.supplier'] })
    const lines = await priceLines(tx, ctx, input.supplierCompanyId, input.currency, input.lines)
    const shipTo = await shipToSnapshot(tx, buyerId, input.shipToAddressId)
    await checkAttachments(buyerId, input.attachmentFileIds, tx)
    const [order] = await tx
      .insert(purchaseOrders)
      .values({
        id,
        number: await nextNumber(tx, buyerId, 'PO'),
        buyerCompanyId: buyerId,
        supplierCompanyId: input.supplierCompanyId,
        buyerName: await companyName(buyerId, tx),
        supplierName: supplier.name,
        ...termsColumns(input, shipTo, lines),
        createdBy: ctx.actor.userId,
      })
      .returning()
    if (!order) throw new AppError('internal', 'Order not stored')
    await replaceLines(tx, id, lines)
    await recordEvent(tx, ctx, id, { type: 'created', toStatus: 'draft' })
    if (input.place) await applyTransition(tx, ctx, order, 'buyer', { action: 'place', version: order.version, reason: '' }, notices)
    events.push(await recordOrderEvent(tx, order, input.place ? 'place' : 'create', notices))
    return id
  })
  await relayEvents(events)
  return getPurchaseOrder(ctx, orderId)
}

/**
 * A placed purchase order written in the caller's transaction (the award workflow's): numbered, its lines at the
 * awarded prices, its timeline started ("created" from the source, then "placed") and the supplier notified in-app.
 * The notices to mail after commit are pushed to `notices`.
 */
export async function createAwardedPurchaseOrder(
  tx: Transaction,
  ctx: ServiceContext,
  input: AwardedOrderInput,
  notices: Notice[],
): Promise<{ id: string; number: string; total: string; currency: string; supplierName: string }> {
  requireCompany(ctx.actor)
  const buyerId = ctx.actor.companyId
  const [supplier] = await tx
    .select({ name: companies.name })
    .from(companies)
    .where(and(eq(companies.id, input.supplierCompanyId), isNull(companies.deletedAt)))
  if (!supplier) throw new AppError('invalid_transition', 'The supplier no longer exists', { supplierCompanyId: input.supplierCompanyId })
  const lines = input.lines.map(
    (line) =>
      priceLine(
        { description: line.description, unit: line.unit, unitPrice: line.unitPrice, quantity: line.quantity },
        input.currency,
        undefined,
        true,
      ) as PricedLine,
  )
  input.lines.forEach((line, index) => {
    lines[index]!.sku = line.sku ?? ''
  })
  const total = orderTotal(lines, input.currency)
  const id = randomUUID()
  const now = new Date()
  const [order] = await tx
    .insert(purchaseOrders)
    .values({
      id,
      number: await nextNumber(tx, buyerId, 'PO'),
      buyerCompanyId: buyerId,
      supplierCompanyId: input.supplierCompanyId,
      buyerName: await companyName(buyerId, tx),
      supplierName: supplier.name,
      status: 'placed',
      currency: input.currency,
      incoterm: input.incoterm,
      incotermPlace: input.incotermPlace,
      paymentTerms: input.paymentTerms,
      requestedDeliveryDate: input.requestedDeliveryDate,
      notes: input.notes,
      subtotal: total,
      total,
      lineCount: lines.length,
      version: 2,
      createdBy: ctx.actor.userId,
      placedAt: now,
    })
    .returning()
  if (!order) throw new AppError('internal', 'Order not stored')
  await tx.insert(purchaseOrderLines).values(lines.map((line, position) => ({ id: randomUUID(), orderId: id, position, ...line })))
  await recordEvent(tx, ctx, id, { type: 'created', toStatus: 'draft', data: { source: input.source } })
  await recordEvent(tx, ctx, id, { type: 'place', fromStatus: 'draft', toStatus: 'placed' })
  await notifyCounterpart(tx, ctx, order, 'buyer', 'awarded', input.source, notices)
  return { id, number: order.number, total, currency: input.currency, supplierName: supplier.name }
}

/** Replaces a draft's terms and lines (the buyer; drafts only; optimistic lock). */
export async function updatePurchaseOrder(ctx: ServiceContext, id: string, input: UpdatePurchaseOrderInput): Promise<PurchaseOrderDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const events: OutboxEventId[] = []
  await database().transaction(async (tx) => {
    const { order } = await lockOrder(tx, companyId, id)
    const edit = draftEditCheck(ctx.actor, order)
    if (!edit.ok)
      throw new AppError(
        edit.problem,
        edit.problem === 'not_your_turn' ? 'Only the buyer edits a draft' : 'Only a draft can be edited; propose a change instead',
      )
    requireVersion('order', order.version, input.version)
    if (!order.supplierCompanyId) throw new AppError('invalid_transition', 'The supplier no longer exists')
    const lines = await priceLines(tx, ctx, order.supplierCompanyId, input.currency, input.lines)
    const shipTo = await shipToSnapshot(tx, companyId, input.shipToAddressId)
    await checkAttachments(companyId, input.attachmentFileIds, tx)
    const total = orderTotal(lines, input.currency)
    await tx
      .update(purchaseOrders)
      .set({
        ...termsColumns(input, shipTo, lines),
        version: order.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(purchaseOrders.id, id))
    await replaceLines(tx, id, lines)
    await recordEvent(tx, ctx, id, { type: 'updated', fromStatus: 'draft', toStatus: 'draft', data: { total, lines: lines.length } })
    events.push(await recordOrderEvent(tx, order, 'update', []))
  })
  await relayEvents(events)
  return getPurchaseOrder(ctx, id)
}
