import { data } from 'react-router'
import { categoryName, loadCategories } from '../modules/catalog/index.server'
import { clientSessionContext } from '../modules/identity/index'
import { BuyingRequestQuery, BUYING_REQUESTS_PAGE_SIZE, RfqBoard } from '../modules/sourcing/index'
import { listBuyingRequests } from '../modules/sourcing/index.server'
import { countryName } from '../platform/countries'
import { env } from '../platform/env.server'
import { useTranslation } from '../platform/i18n/react'
import { translator } from '../platform/i18n/translate.server'
import { publicPageHeaders, seoMeta } from '../platform/seo'
import { pageData } from './page-data.server'
import { routeLocale, useRootData } from './route-helpers'
import type { Route } from './+types/orders-board'
import { PAGE_MESSAGES } from './page-messages'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = routeLocale(params)
  const t = translator(locale, 'rfqs')
  const search = new URL(request.url).searchParams
  // A malformed query (too long, bad offset) shows the first page rather than an error: this is a public landing page.
  const parsed = BuyingRequestQuery.safeParse({
    q: search.get('q') ?? undefined,
    category: search.get('category') ?? undefined,
    offset: search.get('offset') ?? undefined,
  })
  const query = parsed.success ? parsed.data : BuyingRequestQuery.parse({})
  const [result, categoryRows] = await Promise.all([listBuyingRequests(query, locale), loadCategories()])
  const payload = {
    ...pageData(locale, 'rfqs', 'board.metaTitle', PAGE_MESSAGES.requestBoard),
    description: t('board.metaDescription'),
    seo: { origin: env().PUBLIC_URL, path: '/orders', noindex: Boolean(query.q || query.category || query.offset > 0 || result.total === 0) },
    filters: { q: query.q ?? '', category: query.category ?? '' },
    categories: categoryRows.map((row) => ({ id: row.id, name: categoryName(row, locale) })),
    items: result.items.map((item) => ({ ...item, buyerCountryName: item.buyerCountry ? countryName(item.buyerCountry, locale) : null })),
    total: result.total,
    offset: query.offset,
    limit: BUYING_REQUESTS_PAGE_SIZE,
  }
  return data(payload, { headers: publicPageHeaders(Boolean(context.get(clientSessionContext))) })
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = ({ loaderData, params }) =>
  loaderData ? seoMeta({ ...loaderData.seo, locale: routeLocale(params), title: loaderData.title, description: loaderData.description }) : []

export default function OrdersBoardPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('rfqs')
  const { locale } = useRootData()
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold sm:text-3xl">{t('board.title')}</h1>
        <p className="text-muted-foreground">{t('board.description')}</p>
      </header>
      <RfqBoard
        locale={locale}
        filters={loaderData.filters}
        categories={loaderData.categories}
        items={loaderData.items}
        total={loaderData.total}
        offset={loaderData.offset}
        limit={loaderData.limit}
      />
    </div>
  )
}
