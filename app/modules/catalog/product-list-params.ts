import { PRODUCT_STATUSES } from './catalog.constants'
import { PRODUCT_SORTS, ProductListQuery, type ProductSort } from './product.inputs'

/** The filters of the product list and grid as they appear in the address (`category`, not `categoryId`). */
export type ProductListFilters = { q: string; status: string; category: string; sort: ProductSort }

/** The list's query from the address; values that make no sense are dropped rather than refused. */
export function productListQueryFrom(params: URLSearchParams, pageSize: number) {
  const offset = Number.parseInt(params.get('offset') ?? '', 10)
  return ProductListQuery.parse({
    q: (params.get('q') ?? '').trim().slice(0, 100),
    status: PRODUCT_STATUSES.find((status) => status === params.get('status')),
    categoryId: (params.get('category') ?? '').slice(0, 64),
    sort: PRODUCT_SORTS.find((sort) => sort === params.get('sort')),
    limit: pageSize,
    offset: Number.isSafeInteger(offset) && offset > 0 ? offset : 0,
  })
}

/** The filters a parsed query shows in the filter form. */
export function productListFilters(query: ReturnType<typeof productListQueryFrom>): ProductListFilters {
  return { q: query.q ?? '', status: query.status ?? '', category: query.categoryId ?? '', sort: query.sort }
}

/** `base` with the filters and the page offset as its query string (defaults left out). */
export function productListHref(base: string, filters: ProductListFilters, offset = 0): string {
  const search = new URLSearchParams()
  if (filters.q) search.set('q', filters.q)
  if (filters.status) search.set('status', filters.status)
  if (filters.category) search.set('category', filters.category)
  if (filters.sort !== 'updated_desc') search.set('sort', filters.sort)
  if (offset > 0) search.set('offset', String(offset))
  const query = search.toString()
  return query ? `${base}?${query}` : base
}
