import { data } from 'react-router'
import { clientSessionContext } from '../../modules/identity/index'
import { env } from '../../platform/env.server'
import { localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import { translator } from '../../platform/i18n/translate.server'
import { absoluteUrl, publicPageHeaders, seoMeta } from '../../platform/seo'
import type { RouteHandle } from '../../platform/ui/route-handle'
import {
  CtaBand,
  FaqList,
  LandingHero,
  LandingSection,
  LandingShell,
  PointGrid,
  PORTAL_FAQ,
  PORTAL_HERO,
  PORTAL_STEPS,
  PORTAL_TOUR,
  PORTAL_WHY,
  StepList,
  SUPPLIER_TYPE_ICONS,
  TourGallery,
  TourPicture,
} from '../../workflows/landing/index'
import { faqJsonLd, howToJsonLd, tourImage, tourImages, tourImageUrl, webPageJsonLd } from '../../workflows/landing/index.server'
import { pageData } from '../page-data.server'
import { PAGE_MESSAGES } from '../page-messages'
import { routeLocale, useRootData } from '../route-helpers'
import type { Route } from './+types/portal'

// The public page for suppliers; the signed-in supplier's RFQ inbox is /app/supplier/portal.
const PATH = '/supplier/portal'
const APPLY_PATH = '/supplier/onboard'

// §2: the supplier landing page renders without a layout (paths under /supplier would otherwise get the supplier one).
export const handle: RouteHandle = { layout: 'none' }

export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = routeLocale(params)
  const t = translator(locale, 'landing')
  const origin = env().PUBLIC_URL
  const url = absoluteUrl(origin, locale, PATH)
  const page = pageData(locale, 'landing', 'portal.metaTitle', PAGE_MESSAGES.supplierPortalPage)
  const description = t('portal.metaDescription')
  const image = tourImageUrl(origin, PORTAL_HERO, locale)
  const steps = PORTAL_STEPS.map((id) => ({ title: t(`portal.steps.${id}.title`), body: t(`portal.steps.${id}.body`) }))
  const jsonLd = [
    webPageJsonLd({ origin, url, name: page.title, description, locale, image }),
    howToJsonLd(t('portal.steps.title'), t('portal.hero.intro'), steps, url),
    faqJsonLd(PORTAL_FAQ.map((id) => ({ q: t(`portal.faq.${id}.q`), a: t(`portal.faq.${id}.a`) }))),
  ] as const
  return data(
    { ...page, description, origin, image, hero: tourImage(PORTAL_HERO, locale), tour: tourImages(PORTAL_TOUR, locale), jsonLd },
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

export default function SupplierPortalPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('landing')
  const { t: suppliers } = useTranslation('suppliers')
  const { locale } = useRootData()
  const apply = { to: localizePath(locale, APPLY_PATH), label: t('portal.hero.ctaApply') }
  const pricing = { to: localizePath(locale, '/pricing'), label: t('shell.ctaPricing'), variant: 'secondary' as const }
  return (
    <LandingShell current={PATH}>
      <LandingHero
        eyebrow={t('portal.hero.eyebrow')}
        title={t('portal.hero.title')}
        intro={t('portal.hero.intro')}
        actions={[apply, pricing]}
        aside={<TourPicture image={loaderData.hero} alt={t('tour.alt', { title: t(`tour.${PORTAL_HERO}.title`) })} />}
      />
      <LandingSection id="why" title={t('portal.why.title')}>
        <PointGrid
          points={PORTAL_WHY.map(({ id, icon }) => ({ id, icon, title: t(`portal.why.${id}.title`), body: t(`portal.why.${id}.body`) }))}
          columns={4}
        />
      </LandingSection>
      <LandingSection id="steps" title={t('portal.steps.title')} tinted>
        <StepList steps={PORTAL_STEPS.map((id) => ({ title: t(`portal.steps.${id}.title`), body: t(`portal.steps.${id}.body`) }))} />
      </LandingSection>
      <LandingSection id="types" title={t('portal.types.title')} intro={t('portal.types.intro')}>
        <PointGrid
          points={Object.entries(SUPPLIER_TYPE_ICONS).map(([type, icon]) => ({
            id: type,
            icon,
            title: suppliers(`types.${type}.label`),
            body: suppliers(`types.${type}.description`),
          }))}
          columns={4}
        />
      </LandingSection>
      <LandingSection id="tour" title={t('portal.tour.title')} intro={t('portal.tour.intro')} tinted>
        <TourGallery images={loaderData.tour} />
      </LandingSection>
      <LandingSection id="faq" title={t('shell.faqTitle')}>
        <FaqList items={PORTAL_FAQ.map((id) => ({ q: t(`portal.faq.${id}.q`), a: t(`portal.faq.${id}.a`) }))} />
      </LandingSection>
      <CtaBand id="cta" title={t('portal.cta.title')} body={t('portal.cta.body')} actions={[apply, pricing]} />
    </LandingShell>
  )
}
