import { data, Link } from 'react-router'
import { MarketplaceSearch } from '../../components/marketplace-search'
import { buttonClasses } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { useFormatter } from '../../components/use-formatter'
import { ProductGrid } from '../../modules/catalog/index'
import { type FeaturedSupplier, marketplaceHome } from '../../modules/catalog/index.server'
import { VerifiedBadge } from '../../modules/companies/index'
import { clientSessionContext } from '../../modules/identity/index'
import { env } from '../../platform/env.server'
import { localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import { translator } from '../../platform/i18n/translate.server'
import { publicPageHeaders, seoMeta } from '../../platform/seo'
import { pageData } from '../page-data.server'
import { routeLocale, useRootData } from '../route-helpers'
import type { Route } from './+types/index'
import { SpriteIcon } from '../../components/ui/sprite-icon'

export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = routeLocale(params)
  const home = await marketplaceHome(locale)
  const payload = {
    ...pageData(locale, 'marketplace', 'home.metaTitle'),
    description: translator(locale, 'marketplace')('home.metaDescription'),
    origin: env().PUBLIC_URL,
    home,
  }
  return data(payload, { headers: publicPageHeaders(Boolean(context.get(clientSessionContext))) })
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = ({ loaderData, params }) =>
  loaderData
    ? seoMeta({ origin: loaderData.origin, locale: routeLocale(params), path: '/b2b', title: loaderData.title, description: loaderData.description })
    : []

function SupplierTile({ supplier }: { supplier: FeaturedSupplier }) {
  const { t } = useTranslation('marketplace')
  const { locale } = useRootData()
  const format = useFormatter()
  return (
    <li className="relative flex items-center gap-3 rounded-lg border border-border bg-card p-4 shadow-sm focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      <span className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted text-muted-foreground">
        {supplier.logoUrl ? (
          <img src={supplier.logoUrl} alt="" className="size-full object-contain" />
        ) : (
          <SpriteIcon name="building-complex" className="size-6" />
        )}
      </span>
      <div className="flex min-w-0 flex-col gap-0.5">
        <h3 className="flex items-center gap-1 font-semibold">
          <Link to={localizePath(locale, `/b2b/company/${supplier.id}`)} className="truncate outline-none after:absolute after:inset-0 hover:underline">
            {supplier.name}
          </Link>
          <VerifiedBadge compact />
        </h3>
        <p className="truncate text-sm text-muted-foreground">{[supplier.city, supplier.countryName].filter(Boolean).join(', ')}</p>
        <p className="text-sm text-muted-foreground">{t('home.supplierProducts', { count: format.number(supplier.productCount) })}</p>
      </div>
    </li>
  )
}

export default function MarketplaceHomePage({ loaderData }: Route.ComponentProps) {
  const { home } = loaderData
  const { t } = useTranslation('marketplace')
  const { locale } = useRootData()
  const format = useFormatter()
  const market = localizePath(locale, '/b2b/market')
  return (
    <>
      <section className="border-b border-border bg-gradient-to-b from-accent to-background">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-5 px-4 py-12 text-center sm:py-16">
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{t('home.title')}</h1>
          <p className="max-w-2xl text-muted-foreground">{t('home.intro')}</p>
          <MarketplaceSearch locale={locale} size="large" />
        </div>
      </section>
      <div className="mx-auto flex max-w-7xl flex-col gap-12 px-4 py-10">
        {home.productTotal === 0 ? <EmptyState icon="package-open" title={t('home.empty')} description={t('home.emptyDescription')} /> : null}
        {home.categories.length > 0 ? (
          <section aria-labelledby="b2b-categories-title" className="flex flex-col gap-4">
            <h2 id="b2b-categories-title" className="text-xl font-semibold">
              {t('home.categoriesTitle')}
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {home.categories.map((category) => (
                <li key={category.value}>
                  <Link
                    to={`${market}?category=${encodeURIComponent(category.value)}`}
                    className="flex h-full flex-col gap-1 rounded-lg border border-border bg-card p-4 shadow-sm hover:border-primary hover:shadow-md"
                  >
                    <span className="font-medium">{category.label}</span>
                    <span className="text-sm text-muted-foreground">{t('home.categoryCount', { count: format.number(category.count) })}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {home.featuredSuppliers.length > 0 ? (
          <section aria-labelledby="b2b-suppliers-title" className="flex flex-col gap-4">
            <h2 id="b2b-suppliers-title" className="text-xl font-semibold">
              {t('home.suppliersTitle')}
            </h2>
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {home.featuredSuppliers.map((supplier) => (
                <SupplierTile key={supplier.id} supplier={supplier} />
              ))}
            </ul>
          </section>
        ) : null}
        {home.newProducts.length > 0 ? (
          <section aria-labelledby="b2b-new-title" className="flex flex-col gap-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="b2b-new-title" className="text-xl font-semibold">
                {t('home.newTitle')}
              </h2>
              <Link to={`${market}?sort=newest`} className={buttonClasses('ghost')}>
                {t('home.viewAll')}
              </Link>
            </div>
            <ProductGrid products={home.newProducts} locale={locale} />
          </section>
        ) : null}
      </div>
    </>
  )
}
