import { Link } from 'react-router'
import { AppPage } from '../../../components/layouts/app-page'
import { buttonClasses } from '../../../components/ui/button'
import { requireActor } from '../../../modules/companies/index.server'
import { RfqList, RfqListQuery } from '../../../modules/sourcing/index'
import { listRfqs } from '../../../modules/sourcing/index.server'
import { withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/publish'
import { PAGE_MESSAGES } from '../../page-messages'

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const url = new URL(request.url)
  const query = RfqListQuery.parse({
    visibility: 'public',
    status: url.searchParams.get('status') ?? undefined,
    q: url.searchParams.get('q') ?? undefined,
    offset: url.searchParams.get('offset') ?? undefined,
  })
  const page = await withRouteErrors(() => listRfqs(ctx, query))
  return {
    ...pageData(ctx.locale, 'rfqs', 'publish.metaTitle', PAGE_MESSAGES.buyingRequest),
    filters: { status: query.status ?? '', q: query.q ?? '' },
    page,
    offset: query.offset,
    limit: query.limit,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function PublishPage({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation('rfqs')
  const { locale } = useRootData()
  const newLink = (
    <Link to={localizePath(locale, '/app/orders/edit-publish')} className={buttonClasses('primary')}>
      {t('publish.new')}
    </Link>
  )
  return (
    <AppPage title={t('publish.title')} description={t('publish.description')} actions={newLink}>
      <RfqList
        locale={locale}
        basePath="/app/orders/publish"
        filters={data.filters}
        rows={data.page.items}
        total={data.page.total}
        offset={data.offset}
        limit={data.limit}
        hrefOf={(row) => `/app/orders/publish/${row.id}`}
        emptyAction={newLink}
      />
    </AppPage>
  )
}
