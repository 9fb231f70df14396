import { ClipboardList } from 'lucide-react'
import { Form, Link, useSearchParams } from 'react-router'
import { ListResults } from '../../../components/layouts/app-page'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { NativeSelect } from '../../../components/ui/native-select'
import { Pagination } from '../../../components/ui/pagination'
import { requireActor } from '../../../modules/companies/index.server'
import {
  FreightRequestTable,
  PageQueryInput,
  SERVICE_ORDER_KINDS,
  SERVICE_ORDER_ROLES,
  SERVICE_ORDER_STATUSES,
  ServiceOrderListQuery,
  ServiceOrderTable,
} from '../../../modules/orders/index'
import { listOpenFreightRequests, listServiceOrders } from '../../../modules/orders/index.server'
import { withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import { useLiveRevalidate } from '../../../platform/realtime/hooks'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/service'

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const search = Object.fromEntries(new URL(request.url).searchParams)
  const parsed = ServiceOrderListQuery.safeParse(search)
  const query = parsed.success ? parsed.data : ServiceOrderListQuery.parse({})
  const openPage = PageQueryInput.safeParse({ offset: search.open_offset })
  const openOffset = openPage.success ? openPage.data.offset : 0
  const [page, open] = await withRouteErrors(() =>
    Promise.all([listServiceOrders(ctx, query), listOpenFreightRequests(ctx, { limit: 10, offset: openOffset })]),
  )
  return {
    ...pageData(ctx.locale, 'services', 'list.metaTitle'),
    filters: { kind: query.kind ?? '', status: query.status ?? '', role: query.role },
    filtered: Boolean(query.kind || query.status || query.role !== 'all'),
    page: { ...page, limit: query.limit, offset: query.offset },
    open: { ...open, limit: 10, offset: openOffset },
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function ServiceOrdersPage({ loaderData }: Route.ComponentProps) {
  useLiveRevalidate((change) => change.entity === 'service_order')
  const { t } = useTranslation('services')
  const { locale } = useRootData()
  const [searchParams] = useSearchParams()
  const { filters, page, open } = loaderData
  const base = localizePath(locale, '/app/orders/service')
  const href = (changes: Record<string, number>) => {
    const search = new URLSearchParams()
    if (filters.kind) search.set('kind', filters.kind)
    if (filters.status) search.set('status', filters.status)
    if (filters.role !== 'all') search.set('role', filters.role)
    const offsets = { offset: page.offset, open_offset: open.offset, ...changes }
    for (const [key, value] of Object.entries(offsets)) if (value > 0) search.set(key, String(value))
    const query = search.toString()
    return query ? `${base}?${query}` : base
  }
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold">{t('list.title')}</h1>
          <p className="text-muted-foreground">{t('list.intro')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={localizePath(locale, '/app/orders/service-order')} className={buttonClasses('primary')}>
            {t('list.newService')}
          </Link>
          <Link to={localizePath(locale, '/app/orders/logistic-order')} className={buttonClasses('secondary')}>
            {t('list.newFreight')}
          </Link>
        </div>
      </header>

      {searchParams.get('created') ? <Alert tone="success">{t('detail.updated')}</Alert> : null}

      <Form
        method="get"
        action={base}
        role="search"
        aria-label={t('list.filtersLabel')}
        className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-4"
      >
        <FormField label={t('list.kind')}>
          {(control) => (
            <NativeSelect name="kind" defaultValue={filters.kind} {...control}>
              <option value="">{t('list.anyKind')}</option>
              {SERVICE_ORDER_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`kinds.${kind}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('list.status')}>
          {(control) => (
            <NativeSelect name="status" defaultValue={filters.status} {...control}>
              <option value="">{t('list.anyStatus')}</option>
              {SERVICE_ORDER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('list.role')}>
          {(control) => (
            <NativeSelect name="role" defaultValue={filters.role} {...control}>
              {SERVICE_ORDER_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`list.roles.${role}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <div className="flex items-end gap-2">
          <Button type="submit">{t('list.apply')}</Button>
          {loaderData.filtered ? (
            <Link to={base} className={buttonClasses('ghost')}>
              {t('list.clear')}
            </Link>
          ) : null}
        </div>
      </Form>

      <ListResults id="service-orders-title" label={t('list.tableLabel')}>
        {page.items.length === 0 ? (
          <EmptyState
            icon={ClipboardList}
            title={loaderData.filtered ? t('list.emptyFiltered') : t('list.empty')}
            description={loaderData.filtered ? t('list.emptyFilteredDescription') : t('list.emptyDescription')}
            action={
              loaderData.filtered ? (
                <Link to={base} className={buttonClasses('secondary')}>
                  {t('list.clear')}
                </Link>
              ) : (
                <Link to={localizePath(locale, '/app/orders/service-order')} className={buttonClasses('secondary')}>
                  {t('list.newService')}
                </Link>
              )
            }
          />
        ) : (
          <ServiceOrderTable rows={page.items} locale={locale} />
        )}
        <Pagination total={page.total} offset={page.offset} limit={page.limit} hrefFor={(offset) => href({ offset })} />
      </ListResults>

      {open.eligible ? (
        <section aria-labelledby="open-requests-title" className="flex flex-col gap-3">
          <div className="flex flex-col gap-1">
            <h2 id="open-requests-title" className="text-lg font-semibold">
              {t('list.openTitle')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('list.openIntro')}</p>
          </div>
          {open.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('list.openEmpty')}</p>
          ) : (
            <FreightRequestTable rows={open.items} locale={locale} />
          )}
          <Pagination total={open.total} offset={open.offset} limit={open.limit} hrefFor={(offset) => href({ open_offset: offset })} />
        </section>
      ) : null}
    </div>
  )
}
