import { Truck } from 'lucide-react'
import { data, Link } from 'react-router'
import { buttonClasses } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { Pagination } from '../../components/ui/pagination'
import { useFormatter } from '../../components/use-formatter'
import { clientSessionContext } from '../../modules/identity/index'
import { ORDERABLE_SERVICES, type OrderableService, PageQueryInput, ServiceProviderList } from '../../modules/orders/index'
import { listServiceProviders } from '../../modules/orders/index.server'
import { env } from '../../platform/env.server'
import { localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import { translator } from '../../platform/i18n/translate.server'
import { publicPageHeaders, seoMeta } from '../../platform/seo'
import { pageData } from '../page-data.server'
import { routeLocale, useRootData } from '../route-helpers'
import type { Route } from './+types/type'
import { PAGE_MESSAGES } from '../page-messages'

const PAGE_SIZE = 20
const isService = (value: string | undefined): value is OrderableService => (ORDERABLE_SERVICES as readonly string[]).includes(value ?? '')

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = routeLocale(params)
  const t = translator(locale, 'services')
  const url = new URL(request.url)
  // §5: an unknown service is a 404 naming the full requested path.
  if (!isService(params.type)) throw data(t('public.notFound', { path: `${url.pathname}${url.search}` }), { status: 404 })
  const type = params.type
  const parsed = PageQueryInput.safeParse(Object.fromEntries(url.searchParams))
  const offset = parsed.success ? parsed.data.offset : 0
  const page = await listServiceProviders(type, { limit: PAGE_SIZE, offset })
  const service = t(`types.${type}.name`)
  const path = `/services/${type}`
  return data(
    {
      ...pageData(locale, 'services', 'public.metaTitle', PAGE_MESSAGES.publicServices),
      title: t('public.typeMetaTitle', { service }),
      description: t('public.typeMetaDescription', { service, description: t(`types.${type}.description`) }),
      origin: env().PUBLIC_URL,
      canonicalPath: page.offset > 0 ? `${path}?offset=${page.offset}` : path,
      noindex: page.total === 0,
      type,
      page,
    },
    { headers: publicPageHeaders(context.get(clientSessionContext) !== null) },
  )
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = ({ loaderData, params }) =>
  loaderData
    ? seoMeta({
        origin: loaderData.origin,
        locale: routeLocale(params),
        path: loaderData.canonicalPath,
        title: loaderData.title,
        description: loaderData.description,
        noindex: loaderData.noindex,
      })
    : []

export default function ServiceProvidersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('services')
  const { locale } = useRootData()
  const format = useFormatter()
  const { type, page } = loaderData
  const base = localizePath(locale, `/services/${type}`)
  const service = t(`types.${type}.name`)
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <nav aria-label={t('public.otherServices')} className="text-sm">
        <Link to={localizePath(locale, '/service')} className="text-primary hover:underline">
          {t('public.allServices')}
        </Link>
      </nav>
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold sm:text-3xl">{t('public.typeTitle', { service })}</h1>
        <p className="max-w-3xl text-muted-foreground">{t(`types.${type}.description`)}</p>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {t('public.resultCount', { count: format.number(page.total) })}
        </p>
      </header>
      {page.items.length === 0 ? (
        <EmptyState
          icon={Truck}
          title={t('public.empty')}
          description={t('public.emptyDescription')}
          action={
            <Link to={localizePath(locale, '/service')} className={buttonClasses('secondary')}>
              {t('public.allServices')}
            </Link>
          }
        />
      ) : (
        <ServiceProviderList type={type} providers={page.items} locale={locale} />
      )}
      <Pagination total={page.total} offset={page.offset} limit={page.limit} hrefFor={(offset) => (offset > 0 ? `${base}?offset=${offset}` : base)} />
    </div>
  )
}
