import { Form, Link } from 'react-router'
import { AppPage } from '../../../components/layouts/app-page'
import { Button, buttonClasses } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { NativeSelect } from '../../../components/ui/native-select'
import { requireActor } from '../../../modules/companies/index.server'
import { MyQuotationsQuery, QUOTATION_STATUSES, QuotationTable } from '../../../modules/sourcing/index'
import { listMyQuotations } from '../../../modules/sourcing/index.server'
import { withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/reply'

const PAGE_SIZE = 25

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const url = new URL(request.url)
  const parsed = MyQuotationsQuery.safeParse({
    status: url.searchParams.get('status') ?? undefined,
    publicOnly: true,
    limit: PAGE_SIZE,
    offset: url.searchParams.get('offset') ?? undefined,
  })
  const query = parsed.success ? parsed.data : MyQuotationsQuery.parse({ publicOnly: true, limit: PAGE_SIZE })
  const page = await withRouteErrors(() => listMyQuotations(ctx, query))
  return { ...pageData(ctx.locale, 'quotations', 'reply.metaTitle'), page, status: query.status ?? '', offset: query.offset }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function RepliesPage({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation('quotations')
  const { locale } = useRootData()
  const pageHref = (offset: number) =>
    `${localizePath(locale, '/app/orders/reply')}?${new URLSearchParams({ ...(data.status ? { status: data.status } : {}), offset: String(offset) })}`
  return (
    <AppPage
      title={t('reply.title')}
      description={t('reply.description')}
      actions={
        <Link to={localizePath(locale, '/orders')} className={buttonClasses('secondary')}>
          {t('reply.browse')}
        </Link>
      }
    >
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <FormField label={t('reply.filterLabel')}>
          {(control) => (
            <NativeSelect {...control} name="status" defaultValue={data.status}>
              <option value="">{t('reply.allStatuses')}</option>
              {QUOTATION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <Button type="submit" variant="secondary">
          {t('reply.apply')}
        </Button>
      </Form>
      {data.page.items.length === 0 ? (
        <EmptyState title={t('reply.empty')} description={t('reply.emptyHint')} />
      ) : (
        <QuotationTable rows={data.page.items} caption={t('reply.caption')} locale={locale} />
      )}
      {data.page.total > PAGE_SIZE ? (
        <nav className="flex gap-2" aria-label={t('reply.caption')}>
          {data.offset > 0 ? (
            <Link to={pageHref(Math.max(0, data.offset - PAGE_SIZE))} className={buttonClasses('secondary', undefined, 'sm')}>
              {t('portal.previous')}
            </Link>
          ) : null}
          {data.offset + PAGE_SIZE < data.page.total ? (
            <Link to={pageHref(data.offset + PAGE_SIZE)} className={buttonClasses('secondary', undefined, 'sm')}>
              {t('portal.next')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </AppPage>
  )
}
