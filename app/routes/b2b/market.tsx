import { data, Link } from 'react-router'
import { buttonClasses } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { FilterSheet } from '../../components/ui/filter-sheet'
import { Pagination } from '../../components/ui/pagination'
import { useFormatter } from '../../components/use-formatter'
import {
  lenientSearchQuery,
  type MarketFilters,
  ProductGrid,
  SEARCH_MAX_OFFSET,
  type SearchQuery,
  SearchFacets,
  searchInputOf,
  SortSelect,
  toMarketCard,
} from '../../modules/catalog/index'
import { categoryName, loadCategories, marketCurrencies, searchProducts } from '../../modules/catalog/index.server'
import { clientSessionContext } from '../../modules/identity/index'
import { viewerPreferences } from '../../modules/identity/index.server'
import { countryName } from '../../platform/countries'
import { env } from '../../platform/env.server'
import { localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import { translator } from '../../platform/i18n/translate.server'
import { requestInfoContext } from '../../platform/request-info'
import { publicPageHeaders, seoMeta } from '../../platform/seo'
import { pageData } from '../page-data.server'
import { routeLocale, useRootData } from '../route-helpers'
import type { Route } from './+types/market'

const PAGE_SIZE = 24
const FORM_ID = 'market-search'
/** The URL parameters of a search, in the order links write them; `offset` is added by pagination. */
const QUERY_KEYS = ['q', 'category', 'origin', 'verified', 'moq_max', 'price_min', 'price_max', 'currency', 'hs_chapter', 'sort'] as const

/** The form's values; a price range is entered in `currency` (the URL's, else the viewer's preferred one). */
function filtersOf(query: SearchQuery, currency: string): MarketFilters {
  return {
    q: query.q ?? '',
    category: query.category ?? '',
    origin: query.origin ?? '',
    verified: searchInputOf(query).verifiedOnly ?? false,
    moqMax: query.moq_max === undefined ? '' : String(query.moq_max),
    priceMin: query.price_min ?? '',
    priceMax: query.price_max ?? '',
    currency,
    hsChapter: query.hs_chapter ?? '',
    sort: query.sort ?? 'relevance',
  }
}

const hasPriceRange = (query: SearchQuery) => query.price_min !== undefined || query.price_max !== undefined

/** The search's own parameters (valid ones only), for links that keep it; the range's currency only with a range. */
function searchParamsOf(query: SearchQuery): URLSearchParams {
  const params = new URLSearchParams()
  for (const key of QUERY_KEYS) {
    const value = query[key]
    if (value !== undefined && value !== '' && !(key === 'sort' && value === 'relevance') && !(key === 'currency' && !hasPriceRange(query)))
      params.set(key, String(value))
  }
  return params
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = routeLocale(params)
  const t = translator(locale, 'marketplace')
  const query = lenientSearchQuery(Object.fromEntries(new URL(request.url).searchParams))
  const offset = query.offset ?? 0
  const session = context.get(clientSessionContext)
  const currency = query.currency ?? (await viewerPreferences(session, { locale, requestId: context.get(requestInfoContext).requestId })).currency
  const [result, categoryRows, currencies] = await Promise.all([
    searchProducts({ ...searchInputOf(query), currency: hasPriceRange(query) ? currency : undefined, limit: PAGE_SIZE, offset, locale }),
    query.category ? loadCategories() : Promise.resolve([]),
    marketCurrencies(locale, currency),
  ])
  const selected = categoryRows.find((row) => row.id === query.category)
  const search = searchParamsOf(query)
  // Only the unfiltered first page and category landing pages are worth indexing; every other combination is noindex.
  const indexable = [...search.keys()].every((key) => key === 'category') && offset === 0 && result.total > 0
  const canonical = query.category && indexable ? `/b2b/market?category=${encodeURIComponent(query.category)}` : '/b2b/market'
  const payload = {
    ...pageData(locale, 'marketplace', 'market.metaTitle'),
    title: query.q ? t('market.metaTitleQuery', { query: query.q }) : t('market.metaTitle'),
    description: t('market.metaDescription'),
    seo: { origin: env().PUBLIC_URL, path: canonical, noindex: !indexable },
    filters: filtersOf(query, currency),
    currencies,
    search: search.toString(),
    selectedCategory: selected ? { id: selected.id, name: categoryName(selected, locale) } : null,
    selectedOrigin: query.origin ? { code: query.origin, name: countryName(query.origin, locale) } : null,
    result: { ...result, items: result.items.map((product) => toMarketCard(product, locale)) },
  }
  return data(payload, { headers: publicPageHeaders(Boolean(session)) })
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = ({ loaderData, params }) =>
  loaderData ? seoMeta({ ...loaderData.seo, locale: routeLocale(params), title: loaderData.title, description: loaderData.description }) : []

export default function MarketPage({ loaderData }: Route.ComponentProps) {
  const { filters, currencies, result, search, selectedCategory, selectedOrigin } = loaderData
  const { t } = useTranslation('marketplace')
  const { locale } = useRootData()
  const format = useFormatter()
  const base = localizePath(locale, '/b2b/market')
  const hrefFor = (offset: number) => {
    const params = new URLSearchParams(search)
    if (offset > 0) params.set('offset', String(offset))
    const query = params.toString()
    return query ? `${base}?${query}` : base
  }
  const filtered = search !== ''
  // Deep pages are refused (SEARCH_MAX_OFFSET): on the last one, say so and how to reach the rest.
  const pagingEnds = result.offset + result.limit > SEARCH_MAX_OFFSET && result.offset + result.limit < result.total
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold sm:text-3xl">{filters.q ? t('market.titleQuery', { query: filters.q }) : t('market.title')}</h1>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div role="search" aria-label={t('market.searchLabel')} className="flex w-full max-w-xl items-end gap-2">
            <label className="flex flex-1 flex-col gap-1 text-sm font-medium">
              {t('market.searchLabel')}
              <input
                type="search"
                name="q"
                form={FORM_ID}
                defaultValue={filters.q}
                maxLength={200}
                placeholder={t('market.searchPlaceholder')}
                className="w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground"
              />
            </label>
            <button type="submit" form={FORM_ID} className={buttonClasses('primary', 'py-2')}>
              {t('market.searchSubmit')}
            </button>
          </div>
          <SortSelect formId={FORM_ID} value={filters.sort} />
        </div>
      </header>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-8">
        <aside className="min-w-0 lg:sticky lg:top-4 lg:self-start">
          <FilterSheet
            headed
            active={Boolean(
              filters.category || filters.origin || filters.verified || filters.moqMax || filters.priceMin || filters.priceMax || filters.hsChapter,
            )}
          >
            <SearchFacets
              formId={FORM_ID}
              action={base}
              filters={filters}
              facets={result.facets}
              currencies={currencies}
              selectedCategory={selectedCategory}
              selectedOrigin={selectedOrigin}
              clearHref={filtered ? base : null}
            />
          </FilterSheet>
        </aside>
        <section aria-labelledby="market-results-title" className="flex min-w-0 flex-col gap-4">
          <h2 id="market-results-title" className="sr-only">
            {t('market.resultsTitle')}
          </h2>
          <p role="status" className="text-sm text-muted-foreground">
            {t('market.resultCount', { count: format.number(result.total) })}
          </p>
          {result.items.length === 0 ? (
            <EmptyState
              icon="search-x"
              title={t('market.empty')}
              description={
                <span className="flex flex-col gap-1 text-start">
                  <span>{t('market.emptyHint')}</span>
                  <span>{t('market.suggestionWords')}</span>
                  <span>{t('market.suggestionLanguage')}</span>
                  {filtered ? <span>{t('market.suggestionFilters')}</span> : null}
                </span>
              }
              action={
                filtered || filters.q ? (
                  <span className="flex flex-wrap justify-center gap-2">
                    {filtered ? (
                      <Link to={base} className={buttonClasses('secondary')}>
                        {t('market.clear')}
                      </Link>
                    ) : null}
                    {filters.q ? (
                      // The sourcing assistant searches suppliers too and can draft a requirement (issue 23); it asks for sign-in first.
                      <Link to={localizePath(locale, `/app/sourcing/chat?${new URLSearchParams({ q: filters.q })}`)} className={buttonClasses('primary')}>
                        {t('market.askAssistant')}
                      </Link>
                    ) : null}
                  </span>
                ) : undefined
              }
            />
          ) : (
            <ProductGrid products={result.items} locale={locale} />
          )}
          <Pagination total={result.total} offset={result.offset} limit={result.limit} maxOffset={SEARCH_MAX_OFFSET} hrefFor={hrefFor} />
          {pagingEnds ? (
            <p className="text-sm text-muted-foreground">{t('market.pagingLimit', { count: format.number(result.offset + result.limit) })}</p>
          ) : null}
        </section>
      </div>
    </div>
  )
}
