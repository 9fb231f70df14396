import { ORDER_LIST_DEFAULT_LIMIT, OrderListQuery, type OrderSide } from './purchase-order.inputs'

/** The order list's filters as the filter form and the links carry them (blank when unset). */
export type OrderListFilters = { status: string; counterpart: string; from: string; to: string; q: string }

const FILTER_NAMES = ['status', 'counterpart', 'from', 'to', 'q'] as const

/** The list query of a page URL on one side; an invalid parameter is dropped rather than refused. */
export function orderListQueryFrom(params: URLSearchParams, side: OrderSide): OrderListQuery {
  const raw: Record<string, string> = { side }
  for (const name of [...FILTER_NAMES, 'offset'] as const) {
    const value = params.get(name)
    if (value === null) continue
    if (OrderListQuery.shape[name].safeParse(value).success) raw[name] = value
  }
  return OrderListQuery.parse({ ...raw, limit: ORDER_LIST_DEFAULT_LIMIT })
}

export function orderListFilters(query: OrderListQuery): OrderListFilters {
  return { status: query.status ?? '', counterpart: query.counterpart ?? '', from: query.from ?? '', to: query.to ?? '', q: query.q ?? '' }
}

/** The filters as a query string (without `?`), plus an offset when paging. */
export function orderListSearch(filters: OrderListFilters, offset = 0): string {
  const params = new URLSearchParams()
  for (const name of FILTER_NAMES) if (filters[name]) params.set(name, filters[name])
  if (offset > 0) params.set('offset', String(offset))
  return params.toString()
}

export const orderListHref = (base: string, filters: OrderListFilters, offset = 0) => {
  const search = orderListSearch(filters, offset)
  return search ? `${base}?${search}` : base
}
