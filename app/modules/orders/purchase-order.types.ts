// What the purchase-order services answer: the shapes the pages and the REST API read (isomorphic, types only).
import type { Party } from '../../platform/state-machine'
import type { AddressSnapshot, ChangeProposal, PurchaseOrderStatus } from './orders.constants'
import type { purchaseOrderLines, purchaseOrders } from './orders.tables.server'
import type { PurchaseOrderEventType } from './purchase-order.machine'
import type { PurchaseOrderActions } from './purchase-order.policy'

type OrderRow = typeof purchaseOrders.$inferSelect
type LineRow = typeof purchaseOrderLines.$inferSelect

export type OrderLine = Pick<
  LineRow,
  'id' | 'position' | 'productId' | 'sku' | 'description' | 'unit' | 'quantity' | 'unitPrice' | 'lineTotal' | 'shippedQuantity' | 'receivedQuantity'
>
export type OrderEvent = {
  id: string
  type: PurchaseOrderEventType
  fromStatus: string | null
  toStatus: string | null
  actorName: string | null
  actorCompanyName: string | null
  note: string
  data: Record<string, unknown>
  createdAt: Date
}
export type ChangeRequest = {
  id: string
  kind: 'change' | 'cancel'
  status: 'pending' | 'accept' | 'reject' | 'withdrawn'
  requestedBy: Party | null
  requestedByName: string | null
  reason: string
  proposal: ChangeProposal
  before: Record<string, unknown>
  decisionNote: string
  decidedAt: Date | null
  createdAt: Date
}
export type OrderAttachment = { id: string; name: string; contentType: string; sizeBytes: number }

export type PurchaseOrderSummary = {
  id: string
  number: string
  status: PurchaseOrderStatus
  side: Party
  buyer: { id: string | null; name: string }
  supplier: { id: string | null; name: string }
  counterpart: { id: string | null; name: string }
  currency: string
  total: string
  lineCount: number
  requestedDeliveryDate: string | null
  createdAt: Date
  placedAt: Date | null
  updatedAt: Date
  /** The optimistic lock: a write names the version it saw. */
  version: number
}

export type PurchaseOrderDetail = PurchaseOrderSummary &
  Pick<
    OrderRow,
    'incoterm' | 'incotermPlace' | 'paymentTerms' | 'shipToAddressId' | 'notes' | 'subtotal' | 'statusReason' | 'confirmedAt' | 'deliveredAt' | 'closedAt'
  > & {
    shipTo: AddressSnapshot | null
    lines: OrderLine[]
    events: OrderEvent[]
    changeRequests: ChangeRequest[]
    attachments: OrderAttachment[]
    /** What this actor may do now, from the order's policy. */
    actions: PurchaseOrderActions
    pendingChange: ChangeRequest | null
  }

export type PurchaseOrderPage = { items: PurchaseOrderSummary[]; total: number }

/** What an award turns into a purchase order: the winning quotation's terms and the lines it won at its prices. */
export type AwardedOrderInput = {
  supplierCompanyId: string
  currency: string
  incoterm: OrderRow['incoterm']
  incotermPlace: string
  paymentTerms: OrderRow['paymentTerms']
  requestedDeliveryDate: string | null
  notes: string
  lines: Array<{ description: string; sku?: string; unit: string; quantity: number; unitPrice: string }>
  /** Where it came from, kept on the order's first event (e.g. the RFQ and the quotation). */
  source: Record<string, string>
}
