// Pricing a freight request: logistics providers quote (and may withdraw a pending quote); the buyer accepts one, which
// gives the order its provider and price and turns the other quotes down.
import { and, eq, ne } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { createIdempotently, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { type OutboxEventId, relayEvents } from '../../platform/outbox/outbox.server'
import { requireVersion } from '../../platform/versioning'
import { requireCompany } from '../companies/index'
import { companyName, type Notice, publicCompanyCards as companies } from '../companies/index.server'
import { freightQuotes, serviceOrders } from './orders.tables.server'
import type { AcceptQuoteInput, FreightQuoteInput } from './service-order.inputs'
import { canAcceptQuote, canWithdrawQuote, freightQuoteCheck } from './service-order.policy'
import type { ServiceOrderDetail } from './service-order.types'
import { getServiceOrder, viewerOf } from './service-order-reads.service.server'
import { fieldError, lockOrder, notFound, notify, recordEvent, recordOrderEvent, requireStep } from './service-order-writes.server'
import { companyOffers } from './service-providers.service.server'

/** A logistics provider prices an open freight request: one pending quote per provider. */
export async function submitFreightQuote(
  ctx: ServiceContext,
  id: string,
  input: FreightQuoteInput,
  options: IdempotencyOption = {},
): Promise<ServiceOrderDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const notices: Notice[] = []
  const events: OutboxEventId[] = []
  await createIdempotently(`freight_quote:${companyId}`, options, { id, input }, async (tx, quoteId) => {
    const [order] = await tx.select().from(serviceOrders).where(eq(serviceOrders.id, id)).for('update')
    if (!order) throw notFound()
    const allowed = freightQuoteCheck(ctx.actor, order, await companyOffers(tx, companyId, 'logistics'))
    if (!allowed.ok)
      throw allowed.problem === 'own_request'
        ? new AppError('not_your_turn', 'The buyer does not price its own request', { action: 'quote', status: order.status })
        : notFound()
    if (input.validUntil < new Date().toISOString().slice(0, 10)) throw fieldError({ validUntil: ['validation.validUntil'] })
    const [pending] = await tx
      .select({ id: freightQuotes.id })
      .from(freightQuotes)
      .where(and(eq(freightQuotes.orderId, id), eq(freightQuotes.providerCompanyId, companyId), eq(freightQuotes.status, 'pending')))
    if (pending) throw new AppError('conflict', 'You already have a pending quote on this request; withdraw it first')
    await tx.insert(freightQuotes).values({
      id: quoteId,
      orderId: id,
      providerCompanyId: companyId,
      currency: input.currency,
      price: input.price,
      transitDays: input.transitDays,
      validUntil: input.validUntil,
      note: input.note,
      includesInsurance: input.includesInsurance,
      createdBy: ctx.actor.userId,
    })
    await tx.update(serviceOrders).set({ updatedAt: new Date() }).where(eq(serviceOrders.id, id))
    await recordEvent(tx, ctx, id, { type: 'quoted', fromStatus: order.status, toStatus: order.status, data: { price: input.price, currency: input.currency } })
    await notify(
      tx,
      ctx,
      order.buyerCompanyId,
      order,
      'quoted',
      { company: await companyName(companyId, tx), price: `${input.price} ${input.currency}` },
      notices,
    )
    // As the quoting provider sees it: the buyer is not named, so its pages are not told (they hear through the notice).
    events.push(await recordOrderEvent(tx, ctx, { ...order, buyerCompanyId: null }, 'quote', notices))
  })
  // A replayed quote recorded no event: its first request's went out.
  await relayEvents(events)
  return getServiceOrder(ctx, id)
}

/** The provider takes back its pending quote. */
export async function withdrawFreightQuote(ctx: ServiceContext, id: string, quoteId: string): Promise<ServiceOrderDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const events: OutboxEventId[] = []
  await database().transaction(async (tx) => {
    const [order] = await tx.select().from(serviceOrders).where(eq(serviceOrders.id, id)).for('update')
    const viewer = order ? await viewerOf(tx, order, companyId) : null
    if (!order || viewer === null) throw notFound()
    const [quote] = await tx
      .select()
      .from(freightQuotes)
      .where(and(eq(freightQuotes.id, quoteId), eq(freightQuotes.orderId, id), eq(freightQuotes.providerCompanyId, companyId)))
    if (!quote) throw new AppError('not_found', 'Quote not found')
    if (!canWithdrawQuote(ctx.actor, quote))
      throw new AppError('invalid_transition', 'Only a pending quote can be withdrawn', { action: 'withdraw', status: quote.status })
    await tx.update(freightQuotes).set({ status: 'withdrawn', updatedAt: new Date() }).where(eq(freightQuotes.id, quoteId))
    await recordEvent(tx, ctx, id, { type: 'quote_withdrawn', fromStatus: order.status, toStatus: order.status })
    events.push(await recordOrderEvent(tx, ctx, { ...order, buyerCompanyId: viewer === 'quoting' ? null : order.buyerCompanyId }, 'quote_withdraw', []))
  })
  await relayEvents(events)
  return getServiceOrder(ctx, id)
}

/** The buyer accepts one provider's price: the order gets its provider and price; the other quotes are rejected. */
export async function acceptFreightQuote(ctx: ServiceContext, id: string, input: AcceptQuoteInput): Promise<ServiceOrderDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const notices: Notice[] = []
  const events: OutboxEventId[] = []
  await database().transaction(async (tx) => {
    const { order } = await lockOrder(tx, companyId, id)
    requireVersion('order', order.version, input.version)
    const to = requireStep(ctx, order, 'accept_quote')
    const [quote] = await tx
      .select({ quote: freightQuotes, providerName: companies.name })
      .from(freightQuotes)
      .innerJoin(companies, eq(companies.id, freightQuotes.providerCompanyId))
      .where(and(eq(freightQuotes.id, input.quoteId), eq(freightQuotes.orderId, id)))
    if (!quote) throw new AppError('not_found', 'Quote not found')
    if (!canAcceptQuote(ctx.actor, order, quote.quote))
      throw new AppError('invalid_transition', 'Only a pending quote can be accepted', { action: 'accept_quote', status: quote.quote.status })
    const now = new Date()
    await tx
      .update(serviceOrders)
      .set({
        status: to,
        providerCompanyId: quote.quote.providerCompanyId,
        providerName: quote.providerName,
        price: quote.quote.price,
        currency: quote.quote.currency,
        version: order.version + 1,
        updatedAt: now,
      })
      .where(eq(serviceOrders.id, id))
    await tx.update(freightQuotes).set({ status: 'accept', updatedAt: now }).where(eq(freightQuotes.id, input.quoteId))
    const turnedDown = await tx
      .update(freightQuotes)
      .set({ status: 'reject', updatedAt: now })
      .where(and(eq(freightQuotes.orderId, id), eq(freightQuotes.status, 'pending'), ne(freightQuotes.id, input.quoteId)))
      .returning({ providerCompanyId: freightQuotes.providerCompanyId })
    for (const other of turnedDown) await notify(tx, ctx, other.providerCompanyId, order, 'quote_rejected', { company: order.buyerName }, notices)
    await recordEvent(tx, ctx, id, {
      type: 'accept_quote',
      fromStatus: order.status,
      toStatus: to,
      data: { quoteId: input.quoteId, provider: quote.providerName, price: quote.quote.price, currency: quote.quote.currency },
    })
    await notify(tx, ctx, quote.quote.providerCompanyId, order, 'accept_quote', { company: order.buyerName }, notices)
    events.push(await recordOrderEvent(tx, ctx, { ...order, providerCompanyId: quote.quote.providerCompanyId }, 'quote_accept', notices))
  })
  await relayEvents(events)
  return getServiceOrder(ctx, id)
}
