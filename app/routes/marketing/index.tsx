import { data } from 'react-router'
import { SpriteIcon } from '../../components/ui/sprite-icon'
import { clientSessionContext } from '../../modules/identity/index'
import { env } from '../../platform/env.server'
import { localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import { translator } from '../../platform/i18n/translate.server'
import { absoluteUrl, publicPageHeaders, seoMeta } from '../../platform/seo'
import type { RouteHandle } from '../../platform/ui/route-handle'
import {
  AUDIENCE_POINTS,
  CtaBand,
  FaqList,
  LandingHero,
  LandingSection,
  LandingShell,
  MARKETING_CAPABILITIES,
  MARKETING_FAQ,
  MARKETING_HERO,
  MARKETING_TOUR,
  MARKETING_TRUST,
  PointGrid,
  TourGallery,
  TourPicture,
} from '../../workflows/landing/index'
import { faqJsonLd, softwareJsonLd, tourImage, tourImages, tourImageUrl, webPageJsonLd } from '../../workflows/landing/index.server'
import { pageData } from '../page-data.server'
import { PAGE_MESSAGES } from '../page-messages'
import { routeLocale, useRootData } from '../route-helpers'
import type { Route } from './+types/index'

const PATH = '/marketing'

// §2: the product page renders without a layout; LandingShell gives it the public header and footer.
export const handle: RouteHandle = { layout: 'none' }

export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = routeLocale(params)
  const t = translator(locale, 'landing')
  const origin = env().PUBLIC_URL
  const page = pageData(locale, 'landing', 'marketing.metaTitle', PAGE_MESSAGES.marketingPage)
  const description = t('marketing.metaDescription')
  const image = tourImageUrl(origin, MARKETING_HERO, locale)
  const jsonLd = [
    webPageJsonLd({ origin, url: absoluteUrl(origin, locale, PATH), name: page.title, description, locale, image }),
    softwareJsonLd({
      origin,
      description,
      features: MARKETING_CAPABILITIES.map(({ id }) => t(`marketing.capabilities.${id}.title`)),
      screenshots: [MARKETING_HERO, ...MARKETING_TOUR].map((shot) => tourImageUrl(origin, shot, locale)),
    }),
    faqJsonLd(MARKETING_FAQ.map((id) => ({ q: t(`marketing.faq.${id}.q`), a: t(`marketing.faq.${id}.a`) }))),
  ] as const
  return data(
    { ...page, description, origin, image, hero: tourImage(MARKETING_HERO, locale), tour: tourImages(MARKETING_TOUR, locale), jsonLd },
    { headers: publicPageHeaders(Boolean(context.get(clientSessionContext))) },
  )
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = ({ loaderData, params }) =>
  loaderData
    ? [
        ...seoMeta({
          origin: loaderData.origin,
          locale: routeLocale(params),
          path: PATH,
          title: loaderData.title,
          description: loaderData.description,
          image: loaderData.image,
        }),
        ...loaderData.jsonLd.map((json) => ({ 'script:ld+json': json })),
      ]
    : []

/** One side's heading and what changes for it. */
function Audience({ id, title, points }: { id: string; title: string; points: string[] }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-xl border border-border bg-card p-6 shadow-sm">
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      <ul className="flex flex-col gap-3">
        {points.map((point) => (
          <li key={point} className="flex gap-3">
            <SpriteIcon name="circle-check" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>{point}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}

export default function MarketingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('landing')
  const { locale } = useRootData()
  const signUp = { to: `${localizePath(locale, '/login')}?mode=sign-up`, label: t('shell.ctaStart') }
  const pricing = { to: localizePath(locale, '/pricing'), label: t('shell.ctaPricing'), variant: 'secondary' as const }
  const capabilities = MARKETING_CAPABILITIES.map(({ id, icon }) => ({
    id,
    icon,
    title: t(`marketing.capabilities.${id}.title`),
    body: t(`marketing.capabilities.${id}.body`),
  }))
  const trust = MARKETING_TRUST.map(({ id, icon }) => ({ id, icon, title: t(`marketing.trust.${id}.title`), body: t(`marketing.trust.${id}.body`) }))
  return (
    <LandingShell current={PATH}>
      <LandingHero
        eyebrow={t('marketing.hero.eyebrow')}
        title={t('marketing.hero.title')}
        intro={t('marketing.hero.intro')}
        actions={[signUp, { to: '#tour', label: t('marketing.hero.tourLink'), variant: 'secondary' }]}
        aside={<TourPicture image={loaderData.hero} alt={t('tour.alt', { title: t(`tour.${MARKETING_HERO}.title`) })} />}
      />
      <LandingSection id="audiences" title={t('marketing.audiences.title')}>
        <div className="grid gap-6 md:grid-cols-2">
          <Audience
            id="audience-buyers"
            title={t('marketing.audiences.buyers.title')}
            points={AUDIENCE_POINTS.map((point) => t(`marketing.audiences.buyers.${point}`))}
          />
          <Audience
            id="audience-suppliers"
            title={t('marketing.audiences.suppliers.title')}
            points={AUDIENCE_POINTS.map((point) => t(`marketing.audiences.suppliers.${point}`))}
          />
        </div>
      </LandingSection>
      <LandingSection id="capabilities" title={t('marketing.capabilities.title')} intro={t('marketing.capabilities.intro')} tinted>
        <PointGrid points={capabilities} columns={2} />
      </LandingSection>
      <LandingSection id="tour" title={t('marketing.tour.title')} intro={t('marketing.tour.intro')}>
        <TourGallery images={loaderData.tour} />
      </LandingSection>
      <LandingSection id="trust" title={t('marketing.trust.title')} tinted>
        <PointGrid points={trust} columns={4} />
      </LandingSection>
      <LandingSection id="faq" title={t('shell.faqTitle')}>
        <FaqList items={MARKETING_FAQ.map((id) => ({ q: t(`marketing.faq.${id}.q`), a: t(`marketing.faq.${id}.a`) }))} />
      </LandingSection>
      <CtaBand id="cta" title={t('marketing.cta.title')} body={t('marketing.cta.body')} actions={[signUp, pricing]} />
    </LandingShell>
  )
}
