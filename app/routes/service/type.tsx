import { Truck } from 'lucide-react'
import { data, Form, Link } from 'react-router'
import { Button, buttonClasses } from '../../components/ui/button'
import { FormField } from '../../components/ui/field'
import { NativeSelect } from '../../components/ui/native-select'
import { EmptyState } from '../../components/ui/empty-state'
import { Pagination } from '../../components/ui/pagination'
import { useFormatter } from '../../components/use-formatter'
import { clientSessionContext } from '../../modules/identity/index'
import { ORDERABLE_SERVICES, type OrderableService, PageQueryInput, ServiceProviderList } from '../../modules/orders/index'
import { listServiceProviders } from '../../modules/orders/index.server'
import { countryOptions, isCountryCode } from '../../platform/countries'
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
  // Only providers that serve this country; an unknown code is no filter (the list as a whole).
  const requestedArea = url.searchParams.get('area')?.toUpperCase() ?? ''
  const area = isCountryCode(requestedArea) ? requestedArea : ''
  const page = await listServiceProviders(type, { limit: PAGE_SIZE, offset, area: area || undefined })
  const service = t(`types.${type}.name`)
  const path = `/services/${type}`
  return data(
    {
      ...pageData(locale, 'services', 'public.metaTitle', PAGE_MESSAGES.publicServices),
      title: t('public.typeMetaTitle', { service }),
      description: t('public.typeMetaDescription', { service, description: t(`types.${type}.description`) }),
      origin: env().PUBLIC_URL,
      canonicalPath: page.offset > 0 ? `${path}?offset=${page.offset}` : path,
      // A country's selection repeats the whole list's providers: not a page of its own for search engines.
      noindex: page.total === 0 || area !== '',
      type,
      area,
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
  const { t: tOfferings } = useTranslation('offerings')
  const { locale } = useRootData()
  const format = useFormatter()
  const { type, area, page } = loaderData
  const base = localizePath(locale, `/services/${type}`)
  const pageHref = (offset: number) => {
    const query = new URLSearchParams({ ...(area ? { area } : {}), ...(offset > 0 ? { offset: String(offset) } : {}) })
    return query.size > 0 ? `${base}?${query}` : base
  }
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
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <FormField label={tOfferings('public.areaFilter')}>
          {(control) => (
            <NativeSelect {...control} name="area" defaultValue={area}>
              <option value="">{tOfferings('public.anyArea')}</option>
              {countryOptions(locale).map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <Button type="submit" variant="secondary">
          {tOfferings('public.filter')}
        </Button>
      </Form>
      {page.items.length === 0 ? (
        <EmptyState
          icon={Truck}
          title={t('public.empty')}
          description={area ? tOfferings('public.emptyInArea') : t('public.emptyDescription')}
          action={
            <Link to={localizePath(locale, '/service')} className={buttonClasses('secondary')}>
              {t('public.allServices')}
            </Link>
          }
        />
      ) : (
        <ServiceProviderList type={type} providers={page.items} locale={locale} />
      )}
      <Pagination total={page.total} offset={page.offset} limit={page.limit} hrefFor={pageHref} />
    </div>
  )
}
