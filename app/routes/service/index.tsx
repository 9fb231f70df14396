import { Link, data } from 'react-router'
import { buttonClasses } from '../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../components/ui/card'
import { useFormatter } from '../../components/use-formatter'
import { ORDERABLE_SERVICES } from '../../modules/orders/index'
import { verifiedProviderCounts } from '../../modules/orders/index.server'
import { clientSessionContext } from '../../modules/identity/index'
import { env } from '../../platform/env.server'
import { localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import { translator } from '../../platform/i18n/translate.server'
import { publicPageHeaders, seoMeta } from '../../platform/seo'
import { pageData } from '../page-data.server'
import { routeLocale, useRootData } from '../route-helpers'
import type { Route } from './+types/index'
import { PAGE_MESSAGES } from '../page-messages'

const PATH = '/service'

export async function loader({ params, context }: Route.LoaderArgs) {
  const locale = routeLocale(params)
  const counts = await verifiedProviderCounts()
  return data(
    {
      ...pageData(locale, 'services', 'public.metaTitle', PAGE_MESSAGES.publicServices),
      description: translator(locale, 'services')('public.metaDescription'),
      origin: env().PUBLIC_URL,
      services: ORDERABLE_SERVICES.map((type) => ({ type, verified: counts[type] })),
    },
    { headers: publicPageHeaders(context.get(clientSessionContext) !== null) },
  )
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = ({ loaderData, params }) =>
  loaderData
    ? seoMeta({ origin: loaderData.origin, locale: routeLocale(params), path: PATH, title: loaderData.title, description: loaderData.description })
    : []

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('services')
  const { locale } = useRootData()
  const format = useFormatter()
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold sm:text-3xl">{t('public.title')}</h1>
        <p className="max-w-3xl text-muted-foreground">{t('public.intro')}</p>
      </header>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.services.map(({ type, verified }) => (
          <li key={type}>
            <Card className="flex h-full flex-col gap-3 p-5">
              <CardTitle>{t(`types.${type}.name`)}</CardTitle>
              <CardDescription>{t(`types.${type}.description`)}</CardDescription>
              <p className="text-sm text-muted-foreground">{t('public.verifiedCount', { count: format.number(verified) })}</p>
              <Link to={localizePath(locale, `/services/${type}`)} className={buttonClasses('secondary', 'mt-auto self-start')}>
                {t('public.browse')}
                <span className="sr-only">{`: ${t(`types.${type}.name`)}`}</span>
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  )
}
