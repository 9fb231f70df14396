import { data, Form, Link } from 'react-router'
import { Button, buttonClasses } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Pagination } from '../../../components/ui/pagination'
import { useFormatter } from '../../../components/use-formatter'
import { DIRECTORY_DEFAULT_LIMIT, DIRECTORY_SORTS, DirectoryQuery, directoryInputOf, lenientQuery, SupplierCard } from '../../../modules/catalog/index'
import { categoryTree, flattenCategories, listSuppliers, supplierCountries } from '../../../modules/catalog/index.server'
import { SUPPLIER_TYPES } from '../../../modules/companies/index'
import { clientSessionContext } from '../../../modules/identity/index'
import { countryName } from '../../../platform/countries'
import { env } from '../../../platform/env.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { translator } from '../../../platform/i18n/translate.server'
import { publicPageHeaders, seoMeta } from '../../../platform/seo'
import { pageData } from '../../page-data.server'
import { routeLocale, useRootData } from '../../route-helpers'
import type { Route } from './+types/index'

const PATH = '/b2b/company'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = routeLocale(params)
  const query = lenientQuery(DirectoryQuery, Object.fromEntries(new URL(request.url).searchParams))
  const input = { ...directoryInputOf(query), limit: DIRECTORY_DEFAULT_LIMIT }
  const [page, tree, countries] = await Promise.all([listSuppliers(input), categoryTree(locale), supplierCountries()])
  const filtered = Boolean(input.q || input.country || input.supplierType || input.verifiedOnly || input.categoryId)
  return data(
    {
      ...pageData(locale, 'directory', 'list.metaTitle'),
      description: translator(locale, 'directory')('list.metaDescription'),
      origin: env().PUBLIC_URL,
      // Filtered views are not separate pages for search engines; the plain directory and its pages are.
      canonicalPath: page.offset > 0 ? `${PATH}?offset=${page.offset}` : PATH,
      noindex: filtered || page.total === 0,
      filters: {
        q: query.q ?? '',
        country: input.country ?? '',
        supplierType: input.supplierType ?? '',
        verified: input.verifiedOnly ?? false,
        category: input.categoryId ?? '',
        sort: input.sort ?? 'verified',
      },
      filtered,
      categories: flattenCategories(tree),
      countries: countries.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) => a.name.localeCompare(b.name, locale)),
      page,
    },
    { headers: publicPageHeaders(context.get(clientSessionContext) !== null) },
  )
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = ({ loaderData, params }) =>
  loaderData
    ? seoMeta({
        origin: loaderData.origin,
        locale: routeLocale(params),
        path: loaderData.canonicalPath,
        title: loaderData.title,
        description: loaderData.description,
        noindex: loaderData.noindex,
      })
    : []

export default function SupplierDirectoryPage({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation('directory')
  const { locale } = useRootData()
  const format = useFormatter()
  const base = localizePath(locale, PATH)
  const { filters, page } = data

  const href = (offset: number) => {
    const search = new URLSearchParams()
    if (filters.q) search.set('q', filters.q)
    if (filters.country) search.set('country', filters.country)
    if (filters.supplierType) search.set('supplier_type', filters.supplierType)
    if (filters.verified) search.set('verified', 'true')
    if (filters.category) search.set('category', filters.category)
    if (filters.sort !== 'verified') search.set('sort', filters.sort)
    if (offset > 0) search.set('offset', String(offset))
    const query = search.toString()
    return query ? `${base}?${query}` : base
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold sm:text-3xl">{t('list.title')}</h1>
        <p className="max-w-3xl text-muted-foreground">{t('list.intro')}</p>
      </header>

      {/* A plain GET form: the filters work without JavaScript and every result page has its own address. */}
      <Form
        method="get"
        action={base}
        role="search"
        aria-label={t('list.filtersLabel')}
        className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <FormField label={t('list.q')} className="sm:col-span-2 lg:col-span-1">
          {(control) => <Input type="search" name="q" defaultValue={filters.q} maxLength={200} placeholder={t('list.qPlaceholder')} {...control} />}
        </FormField>
        <FormField label={t('list.country')}>
          {(control) => (
            <NativeSelect name="country" defaultValue={filters.country} {...control}>
              <option value="">{t('list.anyCountry')}</option>
              {data.countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('list.supplierType')}>
          {(control) => (
            <NativeSelect name="supplier_type" defaultValue={filters.supplierType} {...control}>
              <option value="">{t('list.anyType')}</option>
              {SUPPLIER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`supplierTypes.${type}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('list.category')}>
          {(control) => (
            <NativeSelect name="category" defaultValue={filters.category} {...control}>
              <option value="">{t('list.anyCategory')}</option>
              {data.categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {'\u00a0\u00a0'.repeat(category.depth)}
                  {category.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('list.sort')}>
          {(control) => (
            <NativeSelect name="sort" defaultValue={filters.sort} {...control}>
              {DIRECTORY_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`list.sorts.${sort}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <label className="flex items-center gap-2 self-end py-2 text-sm">
          <input type="checkbox" name="verified" value="true" defaultChecked={filters.verified} className="size-4 accent-primary" />
          {t('list.verifiedOnly')}
        </label>
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
          <Button type="submit">{t('list.apply')}</Button>
          {data.filtered ? (
            <Link to={base} className={buttonClasses('ghost')}>
              {t('list.clear')}
            </Link>
          ) : null}
        </div>
      </Form>

      <section aria-labelledby="directory-results-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="directory-results-title" className="text-lg font-semibold">
            {t('list.resultsTitle')}
          </h2>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('list.resultCount', { count: format.number(page.total) })}
          </p>
        </div>
        {page.items.length === 0 ? (
          <EmptyState
            icon="building-complex"
            title={data.filtered ? t('list.emptyFiltered') : t('list.empty')}
            description={data.filtered ? t('list.emptyFilteredDescription') : t('list.emptyDescription')}
            action={
              data.filtered ? (
                <Link to={base} className={buttonClasses('secondary')}>
                  {t('list.clear')}
                </Link>
              ) : undefined
            }
          />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {page.items.map((supplier) => (
              <li key={supplier.id}>
                <SupplierCard supplier={supplier} href={localizePath(locale, `${PATH}/${encodeURIComponent(supplier.id)}`)} />
              </li>
            ))}
          </ul>
        )}
        <Pagination total={page.total} offset={page.offset} limit={page.limit} hrefFor={href} />
      </section>
    </div>
  )
}
