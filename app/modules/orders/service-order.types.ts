// What the service-order services answer: the shapes the pages and the REST API read (isomorphic, types only).
import type { FreightDetails, FreightQuoteStatus, OrderableService, ServiceOrderKind, ServiceOrderStatus } from './orders.constants'
import type { ServiceOrderEventType } from './service-order.machine'
import type { ServiceOrderActions } from './service-order.policy'

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
  /** What this actor may do now, from the order's policy. */
  actions: ServiceOrderActions
}

export type ServiceOrderPage = { items: ServiceOrderSummary[]; total: number }
