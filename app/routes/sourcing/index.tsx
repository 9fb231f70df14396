import { data, Link } from 'react-router'
import { MarketplaceSearch } from '../../components/marketplace-search'
import { SpriteIcon } from '../../components/ui/sprite-icon'
import { useFormatter } from '../../components/use-formatter'
import { clientSessionContext } from '../../modules/identity/index'
import { env } from '../../platform/env.server'
import { localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import { translator } from '../../platform/i18n/translate.server'
import { absoluteUrl, publicPageHeaders, seoMeta } from '../../platform/seo'
import { CtaBand, FaqList, LANDED_COST_PARTS, LandingHero, LandingSection, SOURCING_FAQ, SOURCING_STEPS, StepList } from '../../workflows/landing/index'
import { faqJsonLd, howToJsonLd, sourcingFigures, webPageJsonLd } from '../../workflows/landing/index.server'
import { pageData } from '../page-data.server'
import { PAGE_MESSAGES } from '../page-messages'
import { routeLocale, useRootData } from '../route-helpers'
import type { Route } from './+types/index'

const PATH = '/sourcing'
/** The live figures change with every verification and publication: shared caches keep the page briefly. */
const FIGURES_MAX_AGE_SECONDS = 60

export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = routeLocale(params)
  const t = translator(locale, 'landing')
  const origin = env().PUBLIC_URL
  const url = absoluteUrl(origin, locale, PATH)
  const page = pageData(locale, 'landing', 'sourcing.metaTitle', PAGE_MESSAGES.sourcingPage)
  const description = t('sourcing.metaDescription')
  const steps = SOURCING_STEPS.map((id) => ({ title: t(`sourcing.steps.${id}.title`), body: t(`sourcing.steps.${id}.body`) }))
  const jsonLd = [
    webPageJsonLd({ origin, url, name: page.title, description, locale, image: null }),
    howToJsonLd(t('sourcing.hero.title'), t('sourcing.hero.intro'), steps, url),
    faqJsonLd(SOURCING_FAQ.map((id) => ({ q: t(`sourcing.faq.${id}.q`), a: t(`sourcing.faq.${id}.a`) }))),
  ] as const
  return data(
    { ...page, description, origin, figures: await sourcingFigures(locale), jsonLd },
    { headers: publicPageHeaders(Boolean(context.get(clientSessionContext)), FIGURES_MAX_AGE_SECONDS) },
  )
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = ({ loaderData, params }) =>
  loaderData
    ? [
        ...seoMeta({ origin: loaderData.origin, locale: routeLocale(params), path: PATH, title: loaderData.title, description: loaderData.description }),
        ...loaderData.jsonLd.map((json) => ({ 'script:ld+json': json })),
      ]
    : []

export default function SourcingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('landing')
  const { t: comparison } = useTranslation('comparison')
  const { locale } = useRootData()
  const format = useFormatter()
  const { figures } = loaderData
  const market = localizePath(locale, '/b2b/market')
  const newProject = { to: localizePath(locale, '/app/purchase/projects/create'), label: t('sourcing.hero.ctaProject') }
  const stats = [
    { id: 'verifiedSuppliers', count: figures.verifiedSuppliers, label: t('sourcing.figures.verifiedSuppliers', { count: figures.verifiedSuppliers }) },
    { id: 'categories', count: figures.categories.length, label: t('sourcing.figures.categories', { count: figures.categories.length }) },
    { id: 'products', count: figures.publishedProducts, label: t('sourcing.figures.products', { count: figures.publishedProducts }) },
  ]
  return (
    <>
      <LandingHero
        eyebrow={t('sourcing.hero.eyebrow')}
        title={t('sourcing.hero.title')}
        intro={t('sourcing.hero.intro')}
        actions={[newProject, { to: market, label: t('sourcing.hero.ctaMarket'), variant: 'secondary' }]}
      />
      <section aria-labelledby="figures-title" className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-10">
          <h2 id="figures-title" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            {t('sourcing.figures.title')}
          </h2>
          <ul className="grid gap-6 sm:grid-cols-3">
            {stats.map((stat) => (
              <li key={stat.id} className="flex flex-col">
                <span className="text-4xl font-bold tracking-tight text-primary tabular-nums">{format.number(stat.count)}</span>
                <span className="text-muted-foreground">{stat.label}</span>
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted-foreground">{t('sourcing.figures.note')}</p>
        </div>
      </section>
      <LandingSection id="steps" title={t('sourcing.steps.title')}>
        <StepList steps={SOURCING_STEPS.map((id) => ({ title: t(`sourcing.steps.${id}.title`), body: t(`sourcing.steps.${id}.body`) }))} />
      </LandingSection>
      <LandingSection id="landed-cost" title={t('sourcing.landedCost.title')} intro={t('sourcing.landedCost.intro')} tinted>
        <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {LANDED_COST_PARTS.map((part) => (
            <li key={part.id} className="flex items-center gap-3 rounded-lg border border-border bg-card p-4">
              <SpriteIcon name={part.icon} className="size-5 shrink-0 text-primary" />
              <span className="font-medium">{comparison(`components.${part.id}`)}</span>
            </li>
          ))}
        </ol>
      </LandingSection>
      <LandingSection id="categories" title={t('sourcing.categories.title')} intro={t('sourcing.categories.intro')}>
        <MarketplaceSearch locale={locale} size="large" />
        {figures.categories.length === 0 ? (
          <p className="text-muted-foreground">{t('sourcing.categories.empty')}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {figures.categories.map((category) => (
              <li key={category.value}>
                <Link
                  to={`${market}?category=${encodeURIComponent(category.value)}`}
                  className="flex h-full flex-col gap-1 rounded-lg border border-border bg-card p-4 shadow-sm hover:border-primary hover:shadow-md"
                >
                  <span className="font-medium">{category.label}</span>
                  <span className="text-sm text-muted-foreground">
                    {t('sourcing.categories.count', { count: category.count, number: format.number(category.count) })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </LandingSection>
      <LandingSection id="faq" title={t('shell.faqTitle')} tinted>
        <FaqList items={SOURCING_FAQ.map((id) => ({ q: t(`sourcing.faq.${id}.q`), a: t(`sourcing.faq.${id}.a`) }))} />
      </LandingSection>
      <CtaBand
        id="cta"
        title={t('sourcing.cta.title')}
        body={t('sourcing.cta.body')}
        actions={[newProject, { to: market, label: t('sourcing.hero.ctaMarket'), variant: 'secondary' }]}
      />
    </>
  )
}
