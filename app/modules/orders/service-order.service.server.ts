import { randomUUID } from 'node:crypto'
import { requireVersion } from '../../platform/versioning'
import { and, asc, count, desc, eq, isNull, ne, or, type SQL } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database, type Database, type Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { type OutboxEventId, recordEvent as recordBusinessEvent, relayEvents } from '../../platform/outbox/outbox.server'
import { eventRow, type EventInput } from './order-events.server'
import { claimIdempotencyKey, createIdempotently, fingerprintOf, type IdempotencyOption } from '../../platform/idempotency/idempotency.server'
import { requireCompany } from '../companies/index'
import { companyName, type Notice, publicCompanyCards as companies, recordNotice } from '../companies/index.server'
import { nextNumber, type NotificationKindIn } from '../kernel/index.server'
import { userNames } from '../identity/index.server'
import type { FreightDetails, FreightQuoteStatus, OrderableService, ServiceOrderKind, ServiceOrderStatus } from './orders.constants'
import { freightQuotes, purchaseOrders, serviceOrderEvents, serviceOrders } from './orders.tables.server'
import type {
  AcceptQuoteInput,
  CreateLogisticOrderInput,
  CreateServiceOrderInput,
  FreightQuoteInput,
  ServiceOrderListQuery,
  ServiceOrderTransitionInput,
} from './service-order.inputs'
import { type ServiceOrderAction, type ServiceOrderEventType, serviceOrderMachine } from './service-order.machine'
import { companyOffers, offersService, providerOf } from './service-providers.service.server'
import { availableActions, checkTransition, needsReason, type Party } from '../../platform/state-machine'

type ServiceOrderRow = typeof serviceOrders.$inferSelect
type QuoteRow = typeof freightQuotes.$inferSelect

/** How the actor sees the order: a party to it, or a logistics provider pricing an open freight request. */
export type ServiceOrderViewer = 'buyer' | 'provider' | 'quoting'

export type ServiceOrderEvent = {
  id: string
  type: ServiceOrderEventType
  fromStatus: string | null
  toStatus: string | null
  actorName: string | null
  actorCompanyName: string | null
  note: string
  createdAt: Date
}
export type FreightQuote = {
  id: string
  providerCompanyId: string
  providerName: string
  providerVerified: boolean
  status: FreightQuoteStatus
  currency: string
  price: string
  transitDays: number
  validUntil: string
  note: string
  includesInsurance: boolean
  createdAt: Date
}

export type ServiceOrderSummary = {
  id: string
  number: string
  kind: ServiceOrderKind
  serviceType: OrderableService
  status: ServiceOrderStatus
  viewer: ServiceOrderViewer
  buyer: { id: string | null; name: string }
  provider: { id: string | null; name: string }
  currency: string | null
  price: string | null
  serviceDate: string | null
  route: { origin: string; destination: string; mode: string } | null
  createdAt: Date
  updatedAt: Date
}

export type ServiceOrderDetail = ServiceOrderSummary & {
  scope: string
  location: string
  linkedPurchaseOrder: { id: string; number: string } | null
  freight: FreightDetails | null
  statusReason: string
  version: number
  events: ServiceOrderEvent[]
  /** The buyer sees every quote; a provider only its own. */
  quotes: FreightQuote[]
  /** What this actor may do now, from the state machine. */
  actions: ServiceOrderAction[]
  /** A logistics provider may price the request (no pending quote of its own yet). */
  canQuote: boolean
}

export type ServiceOrderPage = { items: ServiceOrderSummary[]; total: number }

const detailLink = (id: string) => `/app/orders/service/${id}`
const fieldError = (fields: Record<string, string[]>) => new AppError('validation_failed', 'Validation failed', { fields })
const notFound = () => new AppError('not_found', 'Order not found')

function partyOf(order: Pick<ServiceOrderRow, 'buyerCompanyId' | 'providerCompanyId'>, companyId: string): Party | null {
  if (order.buyerCompanyId === companyId) return 'buyer'
  if (order.providerCompanyId === companyId) return 'supplier'
  return null
}

const isOpenRequest = (order: Pick<ServiceOrderRow, 'kind' | 'status' | 'providerCompanyId'>) =>
  order.kind === 'logistic' && order.status === 'quoting' && order.providerCompanyId === null

/** The actor's view of the order, or null when it may not see it (no hint it exists). */
async function viewerOf(db: Database | Transaction, order: ServiceOrderRow, companyId: string): Promise<ServiceOrderViewer | null> {
  const party = partyOf(order, companyId)
  if (party) return party === 'buyer' ? 'buyer' : 'provider'
  if (isOpenRequest(order) && (await companyOffers(db, companyId, 'logistics'))) return 'quoting'
  return null
}

async function recordEvent(tx: Transaction, ctx: ServiceContext, orderId: string, event: EventInput<ServiceOrderEventType>): Promise<void> {
  await tx.insert(serviceOrderEvents).values(eventRow(ctx, orderId, event))
}

async function notify(
  tx: Transaction,
  ctx: ServiceContext,
  companyId: string | null,
  order: Pick<ServiceOrderRow, 'id' | 'number'>,
  kind: NotificationKindIn<'service_order'>,
  params: Record<string, string>,
  notices: Notice[],
): Promise<void> {
  if (!companyId || companyId === ctx.actor.companyId) return
  const notice: Notice = {
    companyId,
    exceptUserId: ctx.actor.userId,
    kind: `service_order.${kind}`,
    params: { number: order.number, reason: '', ...params },
    link: detailLink(order.id),
  }
  await recordNotice(tx, notice)
  notices.push(notice)
}

/** Runs a create under an optional idempotency key: a retry of the same request answers with the first order. */
async function creating(
  ctx: ServiceContext & { actor: { companyId: string } },
  input: unknown,
  idempotencyKey: string | undefined,
  notices: Notice[],
  create: (tx: Transaction, id: string) => Promise<void>,
): Promise<string> {
  const buyerId = ctx.actor.companyId
  return database().transaction(async (tx) => {
    const id = randomUUID()
    if (idempotencyKey) {
      const existing = await claimIdempotencyKey(tx, {
        scope: `service_order:${buyerId}`,
        key: idempotencyKey,
        fingerprint: fingerprintOf(input),
        resourceId: id,
      })
      if (existing) return existing
    }
    await create(tx, id)
    return id
  })
}

/**
 * The order's business event, in its transaction: the buyer's and the provider's open pages (and the acting company's,
 * e.g. a logistics provider quoting a freight request) hear that it changed (ids and the action only), and the notices
 * go out, after commit (`relayEvents`).
 */
async function recordOrderEvent(
  tx: Transaction,
  ctx: ServiceContext,
  order: { id: string; buyerCompanyId: string | null; providerCompanyId?: string | null },
  action: string,
  notices: Notice[],
): Promise<OutboxEventId> {
  const companyIds = [order.buyerCompanyId, order.providerCompanyId, ctx.actor.companyId].filter((id): id is string => Boolean(id))
  return recordBusinessEvent(tx, { name: `service_order.${action}`, changes: [{ companyIds, entity: 'service_order', id: order.id, action }], notices })
}

/** A service order from the actor's company to a provider of that service; it starts `requested`. */
export async function createServiceOrder(
  ctx: ServiceContext,
  input: CreateServiceOrderInput,
  options: { idempotencyKey?: string } = {},
): Promise<ServiceOrderDetail> {
  requireCompany(ctx.actor)
  const buyerId = ctx.actor.companyId
  if (input.providerCompanyId === buyerId) throw fieldError({ providerCompanyId: ['validation.ownCompany'] })
  const notices: Notice[] = []
  const events: OutboxEventId[] = []
  const id = await creating(
    { ...ctx, actor: { ...ctx.actor, companyId: buyerId } },
    { kind: 'service', ...input },
    options.idempotencyKey,
    notices,
    async (tx, id) => {
      const provider = await providerOf(tx, input.providerCompanyId, input.serviceType)
      if (!provider) throw fieldError({ providerCompanyId: ['validation.provider'] })
      if (input.linkedPurchaseOrderId) {
        const [linked] = await tx
          .select({ id: purchaseOrders.id })
          .from(purchaseOrders)
          .where(and(eq(purchaseOrders.id, input.linkedPurchaseOrderId), eq(purchaseOrders.buyerCompanyId, buyerId)))
        if (!linked) throw fieldError({ linkedPurchaseOrderId: ['validation.linkedPurchaseOrder'] })
      }
      const order = {
        id,
        number: await nextNumber(tx, buyerId, 'SO'),
        kind: 'service' as const,
        serviceType: input.serviceType,
        buyerCompanyId: buyerId,
        providerCompanyId: input.providerCompanyId,
        buyerName: await companyName(buyerId, tx),
        providerName: provider.name,
        status: 'requested' as const,
        scope: input.scope,
        location: input.location,
        serviceDate: input.serviceDate ?? null,
        linkedPurchaseOrderId: input.linkedPurchaseOrderId ?? null,
        createdBy: ctx.actor.userId,
      }
      await tx.insert(serviceOrders).values(order)
      await recordEvent(tx, ctx, id, { type: 'created', toStatus: 'requested' })
      await notify(tx, ctx, input.providerCompanyId, order, 'requested', { company: order.buyerName }, notices)
      events.push(await recordOrderEvent(tx, ctx, order, 'create', notices))
    },
  )
  await relayEvents(events)
  return getServiceOrder(ctx, id)
}

/** A freight request (a logistic order without a provider yet): logistics providers price it; it starts `quoting`. */
export async function createLogisticOrder(
  ctx: ServiceContext,
  input: CreateLogisticOrderInput,
  options: { idempotencyKey?: string } = {},
): Promise<ServiceOrderDetail> {
  requireCompany(ctx.actor)
  const buyerId = ctx.actor.companyId
  const notices: Notice[] = []
  const events: OutboxEventId[] = []
  const id = await creating(
    { ...ctx, actor: { ...ctx.actor, companyId: buyerId } },
    { kind: 'logistic', ...input },
    options.idempotencyKey,
    notices,
    async (tx, id) => {
      const freight: FreightDetails = { ...input }
      const order = {
        id,
        number: await nextNumber(tx, buyerId, 'LO'),
        kind: 'logistic' as const,
        serviceType: 'logistics' as const,
        buyerCompanyId: buyerId,
        buyerName: await companyName(buyerId, tx),
        status: 'quoting' as const,
        scope: input.cargoDescription,
        location: `${input.origin} → ${input.destination}`,
        serviceDate: input.readyDate,
        freight,
        createdBy: ctx.actor.userId,
      }
      await tx.insert(serviceOrders).values(order)
      await recordEvent(tx, ctx, id, { type: 'created', toStatus: 'quoting' })
      // Every logistics provider hears of the new request.
      const providers = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(and(offersService('logistics'), ne(companies.id, buyerId)))
        .limit(500)
      for (const provider of providers) await notify(tx, ctx, provider.id, order, 'freight_request', { company: order.buyerName }, notices)
      events.push(await recordOrderEvent(tx, ctx, order, 'create', notices))
    },
  )
  await relayEvents(events)
  return getServiceOrder(ctx, id)
}

/** The order locked for update, with the actor's side; not found for anyone else. */
async function lockOrder(tx: Transaction, companyId: string, id: string): Promise<{ order: ServiceOrderRow; party: Party }> {
  const [order] = await tx.select().from(serviceOrders).where(eq(serviceOrders.id, id)).for('update')
  const party = order ? partyOf(order, companyId) : null
  if (!order || !party) throw notFound()
  return { order, party }
}

function check(order: ServiceOrderRow, action: ServiceOrderAction, party: Party): ServiceOrderStatus {
  const result = checkTransition(serviceOrderMachine, order.status, action, party)
  if (!result.ok)
    throw new AppError(
      result.problem,
      result.problem === 'invalid_transition' ? `Cannot ${action} an order that is ${order.status}` : `Only the other party can ${action} this order`,
      { action, status: order.status },
    )
  return result.to
}

/** One lifecycle step: accept (with an optional price), decline, start, complete, cancel, dispute, resolve. */
export async function transitionServiceOrder(ctx: ServiceContext, id: string, input: ServiceOrderTransitionInput): Promise<ServiceOrderDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const notices: Notice[] = []
  const events: OutboxEventId[] = []
  await database().transaction(async (tx) => {
    const { order, party } = await lockOrder(tx, companyId, id)
    requireVersion('order', order.version, input.version)
    const to = check(order, input.action, party)
    if (needsReason(serviceOrderMachine, input.action) && !input.reason) throw fieldError({ reason: ['validation.reason'] })
    const now = new Date()
    const patch: Partial<typeof serviceOrders.$inferInsert> = { status: to, version: order.version + 1, updatedAt: now }
    if (needsReason(serviceOrderMachine, input.action)) patch.statusReason = input.reason
    if (input.action === 'accept' && input.price && input.currency) Object.assign(patch, { price: input.price, currency: input.currency })
    if (to === 'cancelled') {
      // Open quotes die with the request; their providers hear of it.
      const turnedDown = await tx
        .update(freightQuotes)
        .set({ status: 'reject', updatedAt: now })
        .where(and(eq(freightQuotes.orderId, id), eq(freightQuotes.status, 'pending')))
        .returning({ providerCompanyId: freightQuotes.providerCompanyId })
      for (const other of turnedDown)
        if (other.providerCompanyId !== order.providerCompanyId)
          await notify(tx, ctx, other.providerCompanyId, order, 'request_closed', { company: order.buyerName, reason: input.reason }, notices)
    }
    await tx.update(serviceOrders).set(patch).where(eq(serviceOrders.id, id))
    await recordEvent(tx, ctx, id, {
      type: input.action,
      fromStatus: order.status,
      toStatus: to,
      note: input.reason,
      data: patch.price ? { price: patch.price, currency: patch.currency } : {},
    })
    const counterpart = party === 'buyer' ? order.providerCompanyId : order.buyerCompanyId
    const actorName = party === 'buyer' ? order.buyerName : order.providerName
    await notify(tx, ctx, counterpart, order, input.action, { company: actorName, reason: input.reason }, notices)
    events.push(await recordOrderEvent(tx, ctx, order, input.action, notices))
  })
  await relayEvents(events)
  return getServiceOrder(ctx, id)
}

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
    if (!order || order.buyerCompanyId === companyId)
      throw order ? new AppError('not_your_turn', 'The buyer does not price its own request', { action: 'quote', status: order.status }) : notFound()
    if (!isOpenRequest(order) || !(await companyOffers(tx, companyId, 'logistics'))) throw notFound()
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
    if (quote.status !== 'pending')
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
    const { order, party } = await lockOrder(tx, companyId, id)
    requireVersion('order', order.version, input.version)
    const to = check(order, 'accept_quote', party)
    const [quote] = await tx
      .select({ quote: freightQuotes, providerName: companies.name })
      .from(freightQuotes)
      .innerJoin(companies, eq(companies.id, freightQuotes.providerCompanyId))
      .where(and(eq(freightQuotes.id, input.quoteId), eq(freightQuotes.orderId, id)))
    if (!quote) throw new AppError('not_found', 'Quote not found')
    if (quote.quote.status !== 'pending')
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

function summaryOf(row: ServiceOrderRow, viewer: ServiceOrderViewer): ServiceOrderSummary {
  const quoting = viewer === 'quoting'
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    serviceType: row.serviceType,
    status: row.status,
    viewer,
    // A provider pricing a request does not learn who asks.
    buyer: quoting ? { id: null, name: '' } : { id: row.buyerCompanyId, name: row.buyerName },
    provider: { id: row.providerCompanyId, name: row.providerName },
    currency: row.currency,
    price: row.price,
    serviceDate: row.serviceDate,
    route: row.freight
      ? {
          origin: `${row.freight.origin}, ${row.freight.originCountry}`,
          destination: `${row.freight.destination}, ${row.freight.destinationCountry}`,
          mode: row.freight.mode,
        }
      : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

/** One order with its timeline, quotes and what the actor may do; a quoting provider sees only what it needs to price. */
export async function getServiceOrder(ctx: ServiceContext, id: string): Promise<ServiceOrderDetail> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const db = database()
  const [order] = await db.select().from(serviceOrders).where(eq(serviceOrders.id, id))
  const viewer = order ? await viewerOf(db, order, companyId) : null
  if (!order || !viewer) throw notFound()
  const quoting = viewer === 'quoting'
  const actorCompanies = db.$with('actor_companies').as(db.select({ id: companies.id, name: companies.name }).from(companies))
  const [eventRows, quoteRows, linked] = await Promise.all([
    quoting
      ? Promise.resolve([])
      : db
          .with(actorCompanies)
          .select({
            id: serviceOrderEvents.id,
            type: serviceOrderEvents.type,
            fromStatus: serviceOrderEvents.fromStatus,
            toStatus: serviceOrderEvents.toStatus,
            actorUserId: serviceOrderEvents.actorUserId,
            actorCompanyName: actorCompanies.name,
            note: serviceOrderEvents.note,
            createdAt: serviceOrderEvents.createdAt,
          })
          .from(serviceOrderEvents)
          .leftJoin(actorCompanies, eq(actorCompanies.id, serviceOrderEvents.actorCompanyId))
          .where(eq(serviceOrderEvents.orderId, id))
          .orderBy(asc(serviceOrderEvents.createdAt), asc(serviceOrderEvents.id)),
    order.kind !== 'logistic'
      ? Promise.resolve([])
      : db
          .select({ quote: freightQuotes, providerName: companies.name, verification: companies.verificationStatus })
          .from(freightQuotes)
          .innerJoin(companies, eq(companies.id, freightQuotes.providerCompanyId))
          .where(viewer === 'buyer' ? eq(freightQuotes.orderId, id) : and(eq(freightQuotes.orderId, id), eq(freightQuotes.providerCompanyId, companyId)))
          .orderBy(asc(freightQuotes.createdAt), asc(freightQuotes.id)),
    order.linkedPurchaseOrderId && !quoting
      ? db.select({ id: purchaseOrders.id, number: purchaseOrders.number }).from(purchaseOrders).where(eq(purchaseOrders.id, order.linkedPurchaseOrderId))
      : Promise.resolve([]),
  ])
  const actors = await userNames(
    eventRows.map((row) => row.actorUserId),
    db,
  )
  const events = eventRows.map(({ actorUserId, ...event }) => ({ ...event, actorName: actorUserId ? (actors.get(actorUserId) ?? null) : null }))
  const quotes = quoteRows.map(({ quote, providerName, verification }) => quoteOf(quote, providerName, verification === 'accept'))
  const party: Party | null = viewer === 'buyer' ? 'buyer' : viewer === 'provider' ? 'supplier' : null
  const isLogisticsProvider = viewer !== 'buyer' && isOpenRequest(order)
  return {
    ...summaryOf(order, viewer),
    scope: order.scope,
    location: order.location,
    linkedPurchaseOrder: linked[0] ?? null,
    freight: order.freight ?? null,
    statusReason: quoting ? '' : order.statusReason,
    version: order.version,
    events,
    quotes,
    // Accepting a quote names a quote: the page offers it per quote, not as a plain step.
    actions: party ? availableActions(serviceOrderMachine, order.status, party).filter((action) => action !== 'accept_quote') : [],
    canQuote: isLogisticsProvider && !quotes.some((quote) => quote.status === 'pending'),
  }
}

function quoteOf(quote: QuoteRow, providerName: string, providerVerified: boolean): FreightQuote {
  return {
    id: quote.id,
    providerCompanyId: quote.providerCompanyId,
    providerName,
    providerVerified,
    status: quote.status,
    currency: quote.currency,
    price: quote.price,
    transitDays: quote.transitDays,
    validUntil: quote.validUntil,
    note: quote.note,
    includesInsurance: quote.includesInsurance,
    createdAt: quote.createdAt,
  }
}

function listFilters(companyId: string, query: Pick<ServiceOrderListQuery, 'kind' | 'status' | 'role'>): SQL {
  const filters: SQL[] = []
  if (query.role === 'buyer') filters.push(eq(serviceOrders.buyerCompanyId, companyId))
  else if (query.role === 'provider') filters.push(eq(serviceOrders.providerCompanyId, companyId))
  else filters.push(or(eq(serviceOrders.buyerCompanyId, companyId), eq(serviceOrders.providerCompanyId, companyId))!)
  if (query.kind) filters.push(eq(serviceOrders.kind, query.kind))
  if (query.status) filters.push(eq(serviceOrders.status, query.status))
  return and(...filters)!
}

/** The company's service and logistic orders, as buyer or provider, newest first. */
export async function listServiceOrders(ctx: ServiceContext, query: ServiceOrderListQuery): Promise<ServiceOrderPage> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const where = listFilters(companyId, query)
  const db = database()
  const [rows, [total]] = await Promise.all([
    db.select().from(serviceOrders).where(where).orderBy(desc(serviceOrders.createdAt), desc(serviceOrders.id)).limit(query.limit).offset(query.offset),
    db.select({ n: count() }).from(serviceOrders).where(where),
  ])
  return { items: rows.map((row) => summaryOf(row, row.buyerCompanyId === companyId ? 'buyer' : 'provider')), total: total?.n ?? 0 }
}

/** Open freight requests a logistics provider may price (not its own), newest first; empty for other companies. */
export async function listOpenFreightRequests(ctx: ServiceContext, page: { limit: number; offset: number }): Promise<ServiceOrderPage & { eligible: boolean }> {
  requireCompany(ctx.actor)
  const companyId = ctx.actor.companyId
  const db = database()
  if (!(await companyOffers(db, companyId, 'logistics'))) return { items: [], total: 0, eligible: false }
  const where = and(
    eq(serviceOrders.kind, 'logistic'),
    eq(serviceOrders.status, 'quoting'),
    isNull(serviceOrders.providerCompanyId),
    or(isNull(serviceOrders.buyerCompanyId), ne(serviceOrders.buyerCompanyId, companyId)),
  )
  const [rows, [total]] = await Promise.all([
    db.select().from(serviceOrders).where(where).orderBy(desc(serviceOrders.createdAt), desc(serviceOrders.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(serviceOrders).where(where),
  ])
  return { items: rows.map((row) => summaryOf(row, 'quoting')), total: total?.n ?? 0, eligible: true }
}

/** The buyer's purchase orders a service order may be linked to (newest first). */
export async function linkablePurchaseOrders(ctx: ServiceContext): Promise<Array<{ id: string; number: string; supplierName: string }>> {
  requireCompany(ctx.actor)
  return database()
    .select({ id: purchaseOrders.id, number: purchaseOrders.number, supplierName: purchaseOrders.supplierName })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.buyerCompanyId, ctx.actor.companyId))
    .orderBy(desc(purchaseOrders.createdAt))
    .limit(200)
}
