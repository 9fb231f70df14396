import { data, redirect, type ShouldRevalidateFunction, useSearchParams } from 'react-router'
import { listPlans, planCatalogue, companyPlan, type CataloguePlan } from '../../modules/billing/index.server'
import { PLAN_INVOICE_DUE_DAYS, PLAN_PERIODS, type PlanPeriod, PricingVisitorInput } from '../../modules/billing/index'
import { marketCurrencies } from '../../modules/catalog/index.server'
import { requireActor } from '../../modules/companies/index.server'
import { clientSessionContext } from '../../modules/identity/index'
import { redirectCookie, viewerPreferences } from '../../modules/identity/index.server'
import { env } from '../../platform/env.server'
import { failure, parseForm, withRouteErrors } from '../../platform/forms.server'
import { rateDay } from '../../platform/fx/convert'
import { rateTable } from '../../platform/fx/fx.service.server'
import { type Locale, localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import { translator } from '../../platform/i18n/translate.server'
import { requestInfoContext } from '../../platform/request-info'
import { absoluteUrl, publicPageHeaders, seoMeta } from '../../platform/seo'
import { pageData } from '../page-data.server'
import { pageFormatter } from '../page-format.server'
import { PAGE_MESSAGES } from '../page-messages'
import { cookieHeaders, routeLocale } from '../route-helpers'
import type { Route } from './+types/index'
import { AskAssistant } from './ask-assistant'
import { PlanCards } from './plan-cards'
import { PlanComparison } from './plan-comparison'
import { PriceControls } from './price-controls'
import { FAQ_ITEMS, PricingFaq } from './pricing-faq'
import { pricingTexts } from './pricing-texts'

const PATH = '/pricing'

/** The billing period a link asks for (monthly unless it says yearly). */
const periodOf = (search: URLSearchParams): PlanPeriod => (search.get('period') === 'yearly' ? 'yearly' : 'monthly')

/** Where a visitor's choice leads: the plan settings with the plan preselected, or the sourcing assistant asked. */
function destination(locale: Locale, input: PricingVisitorInput): string {
  if (input.intent === 'ask') return `${localizePath(locale, '/app/sourcing/chat')}?${new URLSearchParams({ q: input.question })}`
  return `${localizePath(locale, '/app/settings/plan')}?${new URLSearchParams({ plan: input.planId, period: input.period })}`
}

/** The company's plan as the page marks it, or why none is marked (not signed in, or no company yet). */
async function viewerPlan(context: Route.LoaderArgs['context'], params: Route.LoaderArgs['params'], locale: Locale) {
  if (!context.get(clientSessionContext)) return { kind: 'visitor' as const }
  const ctx = requireActor(context, params)
  if (!ctx.actor.companyId) return { kind: 'noCompany' as const }
  const current = await withRouteErrors(() => companyPlan(ctx))
  return {
    kind: 'member' as const,
    planId: current.plan.id,
    period: current.period,
    /** Set when the company is on a plan no longer offered (it is not in the table). */
    retiredName: current.plan.retiredAt ? current.plan.name[locale] : null,
    next: current.next ? { name: current.next.plan.name[locale], on: current.periodEnd.toISOString() } : null,
  }
}

/** Product with an offer per plan (prices as billed, per month and per year), for search engines. */
function plansJsonLd(plans: CataloguePlan[], url: string, description: string) {
  const duration: Record<PlanPeriod, { billingDuration: string; unitCode: string }> = {
    monthly: { billingDuration: 'P1M', unitCode: 'MON' },
    yearly: { billingDuration: 'P1Y', unitCode: 'ANN' },
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Tradeport',
    description,
    url,
    brand: { '@type': 'Brand', name: 'Tradeport' },
    offers: plans.map((plan) => ({
      '@type': 'Offer',
      name: plan.name,
      description: plan.description,
      url: `${url}#plan-${plan.id}`,
      price: plan.prices.monthly.billed.amount,
      priceCurrency: plan.prices.monthly.billed.currency,
      priceSpecification: PLAN_PERIODS.map((period) => ({
        '@type': 'UnitPriceSpecification',
        price: plan.prices[period].billed.amount,
        priceCurrency: plan.prices[period].billed.currency,
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: duration[period].unitCode },
        billingDuration: duration[period].billingDuration,
      })),
    })),
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = routeLocale(params)
  const session = context.get(clientSessionContext)
  const search = new URL(request.url).searchParams
  const [rates, preferences, viewer] = await Promise.all([
    rateTable(),
    viewerPreferences(session, { locale, requestId: context.get(requestInfoContext).requestId }),
    viewerPlan(context, params, locale),
  ])
  const asked = search.get('currency')?.toUpperCase() ?? ''
  // A chosen currency must be one the rates know; otherwise the viewer's preference (USD for a visitor).
  const currency = asked === 'EUR' || asked in rates.perEur ? asked : preferences.currency
  const [plans, currencies] = await Promise.all([planCatalogue(locale, { currency, rates }), marketCurrencies(locale, currency)])
  const billedIn = [...new Set(plans.map((plan) => plan.prices.monthly.billed.currency))]
  const t = translator(locale, 'plans')
  const origin = env().PUBLIC_URL
  const url = absoluteUrl(origin, locale, PATH)
  const description = t('meta.description')
  const faqValues = { plan: (plans.find((plan) => plan.isDefault) ?? plans[0])?.name ?? '', currency: billedIn.join(', '), days: PLAN_INVOICE_DUE_DAYS }
  const faqJsonLd = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: FAQ_ITEMS.map((item) => ({
      '@type': 'Question',
      name: t(`faq.${item}.q`),
      acceptedAnswer: { '@type': 'Answer', text: t(`faq.${item}.a`, faqValues) },
    })),
  }
  const shownRateDay = billedIn.length === 1 ? rateDay(rates, billedIn[0]!, currency) : rates.asOf
  return data(
    {
      ...pageData(locale, 'plans', 'meta.title', PAGE_MESSAGES.pricingPage),
      description,
      origin,
      plans,
      currency,
      currencies,
      billedIn,
      texts: pricingTexts(pageFormatter(request, session !== null, locale, preferences), plans, shownRateDay),
      viewer,
      faqValues,
      jsonLd: [plansJsonLd(plans, url, description), faqJsonLd] as const,
    },
    { headers: publicPageHeaders(session !== null) },
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

/** Switching between monthly and yearly changes only what the page shows of data it already has: no reload. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate
  const withoutPeriod = (url: URL) => {
    const search = new URLSearchParams(url.search)
    search.delete('period')
    return search.toString()
  }
  return withoutPeriod(currentUrl) === withoutPeriod(nextUrl) ? false : defaultShouldRevalidate
}

/**
 * A visitor's plan choice or question: signed in, straight to the plan settings or the assistant; signed out, to sign
 * up or sign in, which brings them there afterwards (the login's return path, a cookie), the question kept.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = routeLocale(params)
  const parsed = parseForm(PricingVisitorInput, await request.formData())
  if (!parsed.ok) return failure(parsed)
  const input = parsed.data
  if (input.intent !== 'ask' && !(await listPlans()).some((plan) => plan.id === input.planId)) {
    return failure({ ok: false, fieldErrors: { planId: ['validation.planId'] } })
  }
  const target = destination(locale, input)
  if (context.get(clientSessionContext)) return redirect(target)
  const login = `${localizePath(locale, '/login')}${input.intent === 'sign-up' ? '?mode=sign-up' : ''}`
  // An hour: a new sign-up confirms the email and creates the company first (the onboarding sends them on).
  return redirect(login, { headers: cookieHeaders([redirectCookie(target, 60 * 60)]) })
}

export default function PricingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('plans')
  const [search] = useSearchParams()
  const period = periodOf(search)
  const { plans, viewer } = loaderData
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-12 px-4 py-10 sm:py-14">
      <header className="flex flex-col items-center gap-3 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{t('hero.title')}</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">{t('hero.intro')}</p>
      </header>
      <section aria-labelledby="plans-heading" className="flex flex-col gap-6">
        <h2 id="plans-heading" className="sr-only">
          {t('hero.plansHeading')}
        </h2>
        <PriceControls
          period={period}
          plans={plans}
          currency={loaderData.currency}
          currencies={loaderData.currencies}
          billedIn={loaderData.billedIn}
          texts={loaderData.texts}
        />
        {viewer.kind === 'member' && viewer.retiredName ? <p className="text-center text-sm">{t('plan.retired', { plan: viewer.retiredName })}</p> : null}
        <PlanCards plans={plans} texts={loaderData.texts.plans} period={period} viewer={viewer} />
      </section>
      <PlanComparison plans={plans} texts={loaderData.texts.plans} currentPlanId={viewer.kind === 'member' ? viewer.planId : null} />
      <AskAssistant signedIn={viewer.kind !== 'visitor'} />
      <PricingFaq values={loaderData.faqValues} />
    </div>
  )
}
