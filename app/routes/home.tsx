import { useTranslation } from '../platform/i18n/react'
import { Link } from 'react-router'
import { MarketplaceSearch } from '../components/marketplace-search'
import { buttonClasses } from '../components/ui/button'
import { SpriteIcon } from '../components/ui/sprite-icon'
import type { SpriteIconName } from '../components/ui/sprite-icons'
import { localizePath } from '../platform/i18n/locales'
import { translator } from '../platform/i18n/translate.server'
import type { Route } from './+types/home'
import { routeLocale, useRootData } from './route-helpers'

export async function loader({ params }: Route.LoaderArgs) {
  const t = translator(routeLocale(params))
  return { title: t('home.metaTitle'), description: t('home.metaDescription') }
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
  const { t } = useTranslation('common')
  const { locale, session } = useRootData()
  const buyerSteps: Point[] = [
    { icon: 'file-search', title: t('home.buyerStep1Title'), body: t('home.buyerStep1Body') },
    { icon: 'handshake', title: t('home.buyerStep2Title'), body: t('home.buyerStep2Body') },
    { icon: 'scale', title: t('home.buyerStep3Title'), body: t('home.buyerStep3Body') },
    { icon: 'truck', title: t('home.buyerStep4Title'), body: t('home.buyerStep4Body') },
  ]
  const supplierSteps: Point[] = [
    { icon: 'badge-check', title: t('home.supplierStep1Title'), body: t('home.supplierStep1Body') },
    { icon: 'store', title: t('home.supplierStep2Title'), body: t('home.supplierStep2Body') },
    { icon: 'package-check', title: t('home.supplierStep3Title'), body: t('home.supplierStep3Body') },
    { icon: 'landmark', title: t('home.supplierStep4Title'), body: t('home.supplierStep4Body') },
  ]
  const trustPoints: Point[] = [
    { icon: 'badge-check', title: t('home.trustVerifiedTitle'), body: t('home.trustVerifiedBody') },
    { icon: 'landmark', title: t('home.trustEscrowTitle'), body: t('home.trustEscrowBody') },
    { icon: 'shield-check', title: t('home.trustSecurityTitle'), body: t('home.trustSecurityBody') },
    { icon: 'earth', title: t('home.trustLanguagesTitle'), body: t('home.trustLanguagesBody') },
  ]
  const primaryCta = session ? (
    <Link to={localizePath(locale, '/app/dashboard')} className={buttonClasses('primary', 'px-6 py-3 text-base')}>
      {t('home.ctaDashboard')}
    </Link>
  ) : (
    <Link to={`${localizePath(locale, '/login')}?mode=sign-up`} className={buttonClasses('primary', 'px-6 py-3 text-base')}>
      {t('home.ctaStart')}
    </Link>
  )
  return (
    <>
      <section className="border-b border-border bg-gradient-to-b from-accent to-background">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-16 text-center sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">{t('home.eyebrow')}</p>
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">{t('home.heroTitle')}</h1>
          <p className="max-w-2xl text-lg text-muted-foreground">{t('home.heroBody')}</p>
          <MarketplaceSearch locale={locale} size="large" />
          <div className="flex flex-wrap justify-center gap-3">
            {primaryCta}
            {session ? null : (
              <Link to={localizePath(locale, '/login')} className={buttonClasses('secondary', 'px-6 py-3 text-base')}>
                {t('home.ctaSignIn')}
              </Link>
            )}
          </div>
        </div>
      </section>
      <section aria-labelledby="how-title" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="how-title" className="mb-8 text-center text-2xl font-semibold">
          {t('home.howTitle')}
        </h2>
        <div className="grid gap-6 md:grid-cols-2">
          <Steps id="how-buyers" title={t('home.howBuyersTitle')} steps={buyerSteps} />
          <Steps id="how-suppliers" title={t('home.howSuppliersTitle')} steps={supplierSteps} />
        </div>
      </section>
      <section aria-labelledby="trust-title" className="border-y border-border bg-muted/40">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="trust-title" className="mb-8 text-center text-2xl font-semibold">
            {t('home.trustTitle')}
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
          {t('home.ctaBandTitle')}
        </h2>
        <p className="text-muted-foreground">{t('home.ctaBandBody')}</p>
        {primaryCta}
      </section>
    </>
  )
}
