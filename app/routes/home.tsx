import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { PublicLayout } from '../components/layouts/public-layout'
import { buttonClasses } from '../components/ui/button'
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
]

const FEATURES = [
  ['featureBuyersTitle', 'featureBuyersBody'],
  ['featureSuppliersTitle', 'featureSuppliersBody'],
  ['featureTrustTitle', 'featureTrustBody'],
] as const

export default function Home() {
  const { t } = useTranslation('common')
  const { locale, session } = useRootData()
  return (
    <PublicLayout locale={locale} session={session}>
      <section className="bg-gradient-to-b from-brand-50 to-zinc-50">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-16 text-center sm:py-24">
          <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">{t('home.heroTitle')}</h1>
          <p className="max-w-2xl text-lg text-zinc-700">{t('home.heroBody')}</p>
          <div className="flex flex-wrap justify-center gap-3">
            {session ? (
              <Link to={localizePath(locale, '/app/dashboard')} className={buttonClasses('primary', 'px-6 py-3 text-base')}>
                {t('home.ctaDashboard')}
              </Link>
            ) : (
              <>
                <Link to={`${localizePath(locale, '/login')}?mode=sign-up`} className={buttonClasses('primary', 'px-6 py-3 text-base')}>
                  {t('home.ctaStart')}
                </Link>
                <Link to={localizePath(locale, '/login')} className={buttonClasses('secondary', 'px-6 py-3 text-base')}>
                  {t('home.ctaSignIn')}
                </Link>
              </>
            )}
          </div>
        </div>
      </section>
      <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="features-title" className="mb-8 text-center text-2xl font-semibold">
          {t('home.featuresTitle')}
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {FEATURES.map(([title, body]) => (
            <li key={title} className="rounded-lg border border-zinc-200 bg-white p-6 shadow-sm">
              <h3 className="mb-2 text-lg font-semibold">{t(`home.${title}`)}</h3>
              <p className="text-zinc-700">{t(`home.${body}`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </PublicLayout>
  )
}
