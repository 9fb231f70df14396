// Making a business document from a record spans modules: the record is read through its own module's service (so the
// actor sees only what it may: another company's record is not found), its facts become the document's snapshot, and
// the documents module numbers and stores it. logistics and documents are peers, hence a workflow.
import type { ServiceContext } from '../platform/actor'
import { AppError } from '../platform/errors'
import type { IdempotencyOption } from '../platform/idempotency/idempotency.server'
import { contentFromOrder, contentFromQuotation, contentFromShipment, type CreateDocumentInput } from '../modules/documents/index'
import { createDocument, requireFittingType, type RecordSnapshot } from '../modules/documents/index.server'
import { getShipment } from '../modules/logistics/index.server'
import { getPurchaseOrder } from '../modules/orders/index.server'
import { getQuotation } from '../modules/sourcing/index.server'

const notReady = () => new AppError('validation_failed', 'Validation failed', { fields: { sourceId: ['validation.sourceNotReady'] } })

/** The record as the actor's company may see it, and what a document takes from it. */
async function snapshotOf(ctx: ServiceContext, input: Pick<CreateDocumentInput, 'sourceKind' | 'sourceId'>): Promise<RecordSnapshot> {
  if (input.sourceKind === 'purchase_order') {
    const order = await getPurchaseOrder(ctx, input.sourceId)
    if (order.status === 'draft') throw notReady()
    const side = order.side === 'buyer' ? 'buyer' : 'seller'
    return { content: contentFromOrder(order), side, counterparty: side === 'buyer' ? order.supplier : order.buyer, orderIds: [order.id] }
  }
  if (input.sourceKind === 'shipment') {
    const shipment = await getShipment(ctx, input.sourceId)
    // The goods' seller writes their papers; the buyer and the carrier read them.
    if (shipment.role !== 'shipper') throw new AppError('forbidden', 'Only the shipper writes a shipment’s documents')
    return {
      content: contentFromShipment(shipment),
      side: 'seller',
      counterparty: { id: shipment.buyerCompanyId, name: shipment.buyerName },
      orderIds: shipment.lines.map((line) => line.orderId),
    }
  }
  const quotation = await getQuotation(ctx, input.sourceId)
  if (quotation.side !== 'supplier') throw new AppError('forbidden', 'Only the supplier writes a quotation’s documents')
  if (quotation.status === 'draft') throw notReady()
  return {
    content: contentFromQuotation(quotation, `${quotation.rfq.number}/${quotation.revision}`),
    side: 'seller',
    counterparty: quotation.buyer,
    orderIds: [],
  }
}

/** Makes a draft document of `type` from the record; the same idempotency key makes it once. Returns its id. */
export async function createDocumentFromRecord(ctx: ServiceContext, input: CreateDocumentInput, options: IdempotencyOption = {}): Promise<string> {
  requireFittingType(input)
  return createDocument(ctx, input, await snapshotOf(ctx, input), options)
}

/**
 * What a document made from the record would hold, and the company's side of it, without saving anything: the create
 * page previews it and offers the types that side writes. Another company's record is not found, as on creation.
 */
export function previewDocumentFromRecord(ctx: ServiceContext, input: Pick<CreateDocumentInput, 'sourceKind' | 'sourceId'>): Promise<RecordSnapshot> {
  return snapshotOf(ctx, input)
}
