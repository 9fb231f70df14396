import { useTranslation } from '../platform/i18n/react'
import { Link } from 'react-router'
import { MarketplaceSearch } from '../components/marketplace-search'
import { buttonClasses } from '../components/ui/button'
import { SpriteIcon } from '../components/ui/sprite-icon'
import type { SpriteIconName } from '../components/ui/sprite-icons'
import { localizePath } from '../platform/i18n/locales'
import { translator } from '../platform/i18n/translate.server'
import type { Route } from './+types/home'
import { pageData } from './page-data.server'
import { PAGE_MESSAGES } from './page-messages'
import { routeLocale, useRootData } from './route-helpers'

export async function loader({ params }: Route.LoaderArgs) {
  const locale = routeLocale(params)
  return {
    ...pageData(locale, 'marketplace', 'landing.metaTitle', PAGE_MESSAGES.landing),
    description: translator(locale, 'marketplace')('landing.metaDescription'),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'description', content: loaderData?.description },
  { property: 'og:title', content: loaderData?.title },
  { property: 'og:description', content: loaderData?.description },
  { property: 'og:type', content: 'website' },
]

/** A step or point of the page: its icon, heading and text, already translated. */
type Point = { icon: SpriteIconName; title: string; body: string }

function Steps({ id, title, steps }: { id: string; title: string; steps: Point[] }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border bg-card p-6 shadow-sm">
      <h3 id={id} className="mb-4 text-lg font-semibold">
        {title}
      </h3>
      <ol className="flex flex-col gap-4">
        {steps.map(({ icon, title: stepTitle, body }, index) => (
          <li key={stepTitle} className="flex gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <SpriteIcon name={icon} className="size-5" />
            </span>
            <div>
              <p className="font-medium">
                <span className="sr-only">{index + 1}. </span>
                {stepTitle}
              </p>
              <p className="text-sm text-muted-foreground">{body}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  )
}

export default function Home() {
  const { t } = useTranslation('marketplace')
  const { locale, session } = useRootData()
  const buyerSteps: Point[] = [
    { icon: 'file-search', title: t('landing.buyerStep1Title'), body: t('landing.buyerStep1Body') },
    { icon: 'handshake', title: t('landing.buyerStep2Title'), body: t('landing.buyerStep2Body') },
    { icon: 'scale', title: t('landing.buyerStep3Title'), body: t('landing.buyerStep3Body') },
    { icon: 'truck', title: t('landing.buyerStep4Title'), body: t('landing.buyerStep4Body') },
  ]
  const supplierSteps: Point[] = [
    { icon: 'badge-check', title: t('landing.supplierStep1Title'), body: t('landing.supplierStep1Body') },
    { icon: 'store', title: t('landing.supplierStep2Title'), body: t('landing.supplierStep2Body') },
    { icon: 'package-check', title: t('landing.supplierStep3Title'), body: t('landing.supplierStep3Body') },
    { icon: 'landmark', title: t('landing.supplierStep4Title'), body: t('landing.supplierStep4Body') },
  ]
  const trustPoints: Point[] = [
    { icon: 'badge-check', title: t('landing.trustVerifiedTitle'), body: t('landing.trustVerifiedBody') },
    { icon: 'landmark', title: t('landing.trustEscrowTitle'), body: t('landing.trustEscrowBody') },
    { icon: 'shield-check', title: t('landing.trustSecurityTitle'), body: t('landing.trustSecurityBody') },
    { icon: 'earth', title: t('landing.trustLanguagesTitle'), body: t('landing.trustLanguagesBody') },
  ]
  const primaryCta = session ? (
    <Link to={localizePath(locale, '/app/dashboard')} className={buttonClasses('primary', 'px-6 py-3 text-base')}>
      {t('landing.ctaDashboard')}
    </Link>
  ) : (
    <Link to={`${localizePath(locale, '/login')}?mode=sign-up`} className={buttonClasses('primary', 'px-6 py-3 text-base')}>
      {t('landing.ctaStart')}
    </Link>
  )
  return (
    <>
      <section className="border-b border-border bg-gradient-to-b from-accent to-background">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-16 text-center sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">{t('landing.eyebrow')}</p>
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">{t('landing.heroTitle')}</h1>
          <p className="max-w-2xl text-lg text-muted-foreground">{t('landing.heroBody')}</p>
          <MarketplaceSearch locale={locale} size="large" />
          <div className="flex flex-wrap justify-center gap-3">
            {primaryCta}
            {session ? null : (
              <Link to={localizePath(locale, '/login')} className={buttonClasses('secondary', 'px-6 py-3 text-base')}>
                {t('landing.ctaSignIn')}
              </Link>
            )}
          </div>
        </div>
      </section>
      <section aria-labelledby="how-title" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="how-title" className="mb-8 text-center text-2xl font-semibold">
          {t('landing.howTitle')}
        </h2>
        <div className="grid gap-6 md:grid-cols-2">
          <Steps id="how-buyers" title={t('landing.howBuyersTitle')} steps={buyerSteps} />
          <Steps id="how-suppliers" title={t('landing.howSuppliersTitle')} steps={supplierSteps} />
        </div>
      </section>
      <section aria-labelledby="trust-title" className="border-y border-border bg-muted/40">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="trust-title" className="mb-8 text-center text-2xl font-semibold">
            {t('landing.trustTitle')}
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {trustPoints.map(({ icon, title, body }) => (
              <li key={title} className="flex flex-col gap-2">
                <SpriteIcon name={icon} className="size-6 text-primary" />
                <h3 className="font-semibold">{title}</h3>
                <p className="text-sm text-muted-foreground">{body}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section aria-labelledby="cta-title" className="mx-auto flex max-w-4xl flex-col items-center gap-4 px-4 py-16 text-center">
        <h2 id="cta-title" className="text-2xl font-semibold">
          {t('landing.ctaBandTitle')}
        </h2>
        <p className="text-muted-foreground">{t('landing.ctaBandBody')}</p>
        {primaryCta}
      </section>
    </>
  )
}
