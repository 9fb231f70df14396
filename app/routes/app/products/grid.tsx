import { Link, type ShouldRevalidateFunctionArgs } from 'react-router'
import { AppPage, ListResults } from '../../../components/layouts/app-page'
import { buttonClasses } from '../../../components/ui/button'
import { Pagination } from '../../../components/ui/pagination'
import { FilterSheet } from '../../../components/ui/filter-sheet'
import { useFormatter } from '../../../components/use-formatter'
import {
  localized,
  ProductFilters,
  ProductsEmptyState,
  productListFilters,
  productListHref,
  productListQueryFrom,
  ProductQuickEditCard,
  ProductViewSwitch,
  QuickEditProductInput,
  type QuickEditResult,
} from '../../../modules/catalog/index'
import { baseUnitPrices, categoryTree, flattenCategories, listProducts, productCovers, quickEditProduct } from '../../../modules/catalog/index.server'
import { hasRole, requireRole } from '../../../modules/companies/index'
import { fileThumbnailUrl } from '../../../modules/kernel/index'
import { requireActor } from '../../../modules/companies/index.server'
import { failure, failureFromError, formToObject, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { fieldErrorsOf } from '../../../platform/validation'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/grid'

/** A multiple of the 2, 3 and 4 columns the grid shows. */
const PAGE_SIZE = 24

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const query = productListQueryFrom(new URL(request.url).searchParams, PAGE_SIZE)
  const [page, tree] = await withRouteErrors(() => Promise.all([listProducts(ctx, query), categoryTree(ctx.locale)]))
  const ids = page.items.map((product) => product.id)
  const [{ list, prices }, covers] = await withRouteErrors(() => Promise.all([baseUnitPrices(ctx, ids), productCovers(ctx, ids)]))
  return {
    ...pageData(ctx.locale, 'catalog', 'grid.metaTitle'),
    filters: productListFilters(query),
    categories: flattenCategories(tree),
    total: page.total,
    offset: page.offset,
    limit: page.limit,
    priceList: list ? { name: list.name, currency: list.currency } : null,
    products: page.items.map((product) => ({
      id: product.id,
      sku: product.sku,
      name: localized({ en: product.nameEn, 'zh-Hans': product.nameZhHans, 'zh-Hant': product.nameZhHant }, ctx.locale),
      status: product.status,
      moq: product.moq,
      unit: product.unit,
      version: product.version,
      fromPrice: product.fromPrice,
      fromPriceCurrency: product.fromPriceCurrency,
      basePrice: prices[product.id] ?? null,
      thumbnailUrl: covers[product.id] ? fileThumbnailUrl(covers[product.id]!) : null,
    })),
    canManage: hasRole(ctx.actor, 'admin'),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

/** One card's quick edit; the answer names the product so the right card shows it. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const id = String(form.get('id') ?? '')
  try {
    requireRole(ctx.actor, 'admin')
  } catch (error) {
    return failureFromError(error, { id })
  }
  const parsed = QuickEditProductInput.safeParse(formToObject(form))
  if (!parsed.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, 422, { id })
  try {
    await quickEditProduct(ctx, id, parsed.data)
    return { ok: true as const, id }
  } catch (error) {
    return failureFromError(error, { id })
  }
}

/** A refused stale save reloads the cards too, so the one that conflicted shows what is stored now. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate
}

export default function ProductGridPage({ loaderData, actionData }: Route.ComponentProps) {
  const data = loaderData
  const { t } = useTranslation('catalog')
  const { locale } = useRootData()
  const format = useFormatter()
  const base = localizePath(locale, '/app/products/index.v2')
  const href = (offset: number) => productListHref(base, data.filters, offset)
  const editHref = (id?: string) => localizePath(locale, id ? `/app/products/edit?id=${encodeURIComponent(id)}` : '/app/products/edit')
  const filtered = Boolean(data.filters.q || data.filters.status || data.filters.category || data.offset > 0)
  const pageResult = actionData as QuickEditResult | undefined

  return (
    <AppPage
      title={t('grid.title')}
      description={t(data.canManage ? 'grid.description' : 'grid.readOnly')}
      actions={
        <>
          <ProductViewSwitch current="grid" listHref={productListHref(localizePath(locale, '/app/products'), data.filters)} gridHref={href(data.offset)} />
          {data.canManage ? (
            <Link to={editHref()} className={buttonClasses('primary')}>
              {t('list.add')}
            </Link>
          ) : null}
        </>
      }
    >
      <FilterSheet active={filtered} inlineFrom="sm">
        <ProductFilters action={base} filters={data.filters} categories={data.categories} filtered={filtered} />
      </FilterSheet>

      <ListResults id="products-grid-title" label={t('grid.gridLabel')} count={t('list.resultCount', { count: format.number(data.total) })}>
        {data.products.length === 0 ? (
          <ProductsEmptyState filtered={filtered} clearHref={base} addHref={data.canManage ? editHref() : null} />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {data.products.map((product) => (
              <li key={product.id} className="flex">
                <ProductQuickEditCard
                  product={product}
                  priceList={data.priceList}
                  canManage={data.canManage}
                  editHref={editHref(product.id)}
                  priceListsHref={localizePath(locale, '/app/price/new.list')}
                  pageResult={pageResult?.id === product.id ? pageResult : undefined}
                />
              </li>
            ))}
          </ul>
        )}
        <Pagination total={data.total} offset={data.offset} limit={data.limit} hrefFor={href} />
      </ListResults>
    </AppPage>
  )
}
