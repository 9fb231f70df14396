// Where each party opens an order: the links notices carry and searches answer with (isomorphic).
import type { Party } from '../../platform/state-machine'

/** Where each party opens a purchase order. */
export const PARTY_LINK: Record<Party, (id: string) => string> = {
  buyer: (id) => `/app/orders/${id}/view`,
  supplier: (id) => `/app/supplier/purchase/order/${id}`,
}

/** Where both sides (and a provider pricing it) open a service or logistic order. */
export const serviceOrderLink = (id: string) => `/app/orders/service/${id}`
