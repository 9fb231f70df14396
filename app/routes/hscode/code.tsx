import { data, Link, redirect } from 'react-router'
import { buttonClasses } from '../../components/ui/button'
import { Badge } from '../../components/ui/badge'
import { EmptyState } from '../../components/ui/empty-state'
import { ProductGrid, toMarketCard } from '../../modules/catalog/index'
import { clientSessionContext } from '../../modules/identity/index'
import { hsCodeQuery, isHsCodeShape } from '../../modules/compliance/index'
import { hsCodePage, nearbyHsCodes } from '../../modules/compliance/index.server'
import { env } from '../../platform/env.server'
import { isAppError } from '../../platform/errors'
import { localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import { translator } from '../../platform/i18n/translate.server'
import { publicPageHeaders, seoMeta } from '../../platform/seo'
import { pageData } from '../page-data.server'
import { PAGE_MESSAGES } from '../page-messages'
import { routeLocale, useRootData } from '../route-helpers'
import type { Route } from './+types/code'
import { Attribution, Breadcrumbs, CodeLink, HS_PATH, printedCode, SearchForm, useHsPaths } from './hs-parts'

export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = routeLocale(params)
  const t = translator(locale, 'hsLookup')
  const requested = (params.code ?? '').slice(0, 20)
  const base = {
    ...pageData(locale, 'hsLookup', 'meta.title', PAGE_MESSAGES.hsCodePage),
    description: t('meta.description'),
    origin: env().PUBLIC_URL,
    requested,
  }
  const headers = publicPageHeaders(context.get(clientSessionContext) !== null)
  // An unknown code, or one of the wrong shape, is a 404 page that offers the codes near it and the search.
  const notFound = async () =>
    data({ ...base, title: t('meta.notFoundTitle'), page: null, nearby: await nearbyHsCodes(requested, locale) }, { status: 404, headers })
  // A code typed as customs papers print it (6912.00) has one address: its digits.
  const digits = hsCodeQuery(requested)
  if (digits !== null && digits !== requested && isHsCodeShape(digits)) throw redirect(localizePath(locale, `${HS_PATH}/${digits}`), 301)
  if (!isHsCodeShape(requested)) return notFound()
  try {
    const page = await hsCodePage(requested, locale)
    return data({ ...base, title: t('meta.codeTitle', { code: printedCode(page.code), description: page.description }), page, nearby: [] }, { headers })
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found') return notFound()
    throw error
  }
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = ({ loaderData, params }) =>
  loaderData
    ? seoMeta({
        origin: loaderData.origin,
        locale: routeLocale(params),
        path: `${HS_PATH}/${loaderData.requested}`,
        title: loaderData.title,
        description: loaderData.page ? `${loaderData.page.code} ${loaderData.page.description}` : loaderData.description,
        noindex: !loaderData.page,
      })
    : []

export default function HsCodePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('hsLookup')
  const { locale } = useRootData()
  const paths = useHsPaths()
  const page = loaderData.page
  if (!page)
    return (
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8">
        <Breadcrumbs trail={[{ label: t('page.breadcrumb'), to: paths.home() }, { label: loaderData.requested }]} />
        <header className="flex flex-col gap-2">
          <h1 className="text-2xl font-semibold sm:text-3xl">{t('notFound.heading')}</h1>
          <p className="break-words text-muted-foreground">{t('notFound.body', { code: loaderData.requested })}</p>
        </header>
        {loaderData.nearby.length > 0 ? (
          <section aria-labelledby="hs-nearby-title" className="flex flex-col gap-3">
            <h2 id="hs-nearby-title" className="text-lg font-semibold">
              {t('notFound.nearby')}
            </h2>
            <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
              {loaderData.nearby.map((code) => (
                <li key={code.code} className="p-4">
                  <CodeLink row={code} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-label={t('notFound.searchInstead')}>
          <SearchForm q="" />
        </section>
      </div>
    )
  const trail = [
    { label: t('page.breadcrumb'), to: paths.home() },
    { label: t('browse.section', { section: page.section }), to: paths.section(page.section) },
    ...page.ancestors.map((ancestor) => ({ label: printedCode(ancestor.code), to: paths.code(ancestor.code) })),
    { label: printedCode(page.code) },
  ]
  const marketSearch = localizePath(locale, `/b2b/market?q=${encodeURIComponent(page.code)}`)
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-8">
      <Breadcrumbs trail={trail} />
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-baseline gap-3">
          <h1 className="font-mono text-3xl font-semibold">{printedCode(page.code)}</h1>
          <Badge variant="secondary">{t(`levels.${page.level}`)}</Badge>
        </div>
        <p className="max-w-4xl break-words text-lg" lang={page.fallback ? 'en' : undefined}>
          {page.description}
        </p>
        {page.fallback ? <p className="text-sm text-muted-foreground">{t('fallback')}</p> : null}
        <p className="text-sm text-muted-foreground">
          <Link to={paths.section(page.section)} className="underline-offset-4 hover:underline">
            {t('browse.section', { section: page.section })}
          </Link>
          {` · ${page.sectionName}`}
        </p>
      </header>

      {page.ancestors.length > 0 ? (
        <section aria-labelledby="hs-parents-title" className="flex flex-col gap-3">
          <h2 id="hs-parents-title" className="text-lg font-semibold">
            {t('code.parents')}
          </h2>
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
            {page.ancestors.map((ancestor) => (
              <li key={ancestor.code} className="p-4">
                <CodeLink row={ancestor} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="hs-children-title" className="flex flex-col gap-3">
        <h2 id="hs-children-title" className="text-lg font-semibold">
          {t('code.children', { code: printedCode(page.code) })}
        </h2>
        {page.children.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('code.noChildren', { code: printedCode(page.code) })}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-card">
            {page.children.map((child) => (
              <li key={child.code} className="p-4">
                <CodeLink row={child} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="hs-products-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="hs-products-title" className="text-lg font-semibold">
            {t('code.products', { code: printedCode(page.code) })}
          </h2>
          <p className="text-sm text-muted-foreground">{t('code.productsCount', { count: page.productTotal })}</p>
        </div>
        {page.products.length === 0 ? (
          <EmptyState
            icon="package"
            title={t('code.noProducts', { code: printedCode(page.code) })}
            action={
              <Link to={localizePath(locale, '/b2b/market')} className={buttonClasses('secondary')}>
                {t('code.searchMarket')}
              </Link>
            }
          />
        ) : (
          <>
            <ProductGrid products={page.products.map((product) => toMarketCard(product, locale))} locale={locale} />
            <Link to={marketSearch} className={buttonClasses('secondary', 'h-auto self-start whitespace-normal py-2')}>
              {t('code.allProducts', { code: printedCode(page.code) })}
            </Link>
          </>
        )}
      </section>

      <section aria-labelledby="hs-suppliers-title" className="flex flex-col gap-3">
        <h2 id="hs-suppliers-title" className="text-lg font-semibold">
          {t('code.suppliers')}
        </h2>
        {page.suppliers.length === 0 ? (
          <EmptyState
            icon="badge-check"
            title={t('code.noSuppliers', { code: printedCode(page.code) })}
            action={
              <Link to={localizePath(locale, '/b2b/company')} className={buttonClasses('secondary')}>
                {t('code.browseSuppliers')}
              </Link>
            }
          />
        ) : (
          <ul className="flex flex-wrap gap-2">
            {page.suppliers.map((supplier) => (
              <li key={supplier.id}>
                <Link
                  to={localizePath(locale, `/b2b/company/${supplier.id}`)}
                  className={buttonClasses('secondary', 'h-auto max-w-full whitespace-normal py-2')}
                >
                  <span className="break-words">{supplier.name}</span>
                  <Badge variant="accept">{t('code.supplierBadge')}</Badge>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <SearchForm q="" />
      <Attribution />
    </div>
  )
}
