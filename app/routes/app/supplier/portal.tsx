import { Form, Link } from 'react-router'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { NativeSelect } from '../../../components/ui/native-select'
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { requireActor } from '../../../modules/companies/index.server'
import { INVITATION_STATUSES, InvitationStatusBadge, QUOTATION_STATUSES, QuotationTable, RfqInboxQuery } from '../../../modules/sourcing/index'
import { listMyQuotations, listRfqInbox } from '../../../modules/sourcing/index.server'
import { withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import { useLiveRevalidate } from '../../../platform/realtime/hooks'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import type { Route } from './+types/portal'

const PAGE_SIZE = 25

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const url = new URL(request.url)
  const parsed = RfqInboxQuery.safeParse({
    status: url.searchParams.get('status') ?? undefined,
    limit: PAGE_SIZE,
    offset: url.searchParams.get('offset') ?? undefined,
  })
  const query = parsed.success ? parsed.data : RfqInboxQuery.parse({ limit: PAGE_SIZE })
  const [inbox, mine] = await withRouteErrors(() =>
    Promise.all([
      listRfqInbox(ctx, { status: query.status, limit: PAGE_SIZE, offset: query.offset }),
      listMyQuotations(ctx, { publicOnly: false, limit: 10, offset: 0 }),
    ]),
  )
  return { ...pageData(ctx.locale, 'quotations', 'portal.metaTitle'), inbox, mine, status: query.status ?? '', offset: query.offset, now: new Date() }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function SupplierPortalPage({ loaderData: data }: Route.ComponentProps) {
  useLiveRevalidate((change) => change.entity === 'rfq' || change.entity === 'quotation')
  const { t } = useTranslation('quotations')
  const { locale } = useRootData()
  const format = useFormatter()
  const totalQuotes = Object.values(data.mine.counts).reduce((sum, n) => sum + n, 0)
  const pageHref = (offset: number) =>
    `${localizePath(locale, '/app/supplier/portal')}?${new URLSearchParams({ ...(data.status ? { status: data.status } : {}), offset: String(offset) })}`
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('portal.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('portal.description')}</p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>{t('portal.inboxTitle')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <FormField label={t('portal.filterLabel')}>
              {(control) => (
                <NativeSelect {...control} name="status" defaultValue={data.status}>
                  <option value="">{t('portal.allStatuses')}</option>
                  {INVITATION_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {t(`invitation.${status}`)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <Button type="submit" variant="secondary">
              {t('portal.apply')}
            </Button>
          </Form>
          {data.inbox.items.length === 0 ? (
            <EmptyState title={t('portal.inboxEmpty')} description={t('portal.inboxEmptyHint')} />
          ) : (
            <Table stackOnPhone>
              <TableCaption className="sr-only">{t('portal.inboxCaption')}</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('portal.rfq')}</TableHead>
                  <TableHead>{t('portal.buyer')}</TableHead>
                  <TableHead>{t('portal.deadline')}</TableHead>
                  <TableHead className="text-end">{t('portal.lines')}</TableHead>
                  <TableHead>{t('portal.invitationStatus')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.inbox.items.map((rfq) => (
                  <TableRow key={rfq.id}>
                    <TableCell>
                      <Link to={localizePath(locale, `/app/supplier/portal/rfq/${rfq.id}`)} className="font-medium underline-offset-4 hover:underline">
                        {rfq.number}
                      </Link>
                      <div className="text-xs text-muted-foreground">{rfq.title}</div>
                      {rfq.sealed ? <div className="text-xs">{t('portal.sealed')}</div> : null}
                    </TableCell>
                    <TableCell label={t('portal.buyer')}>{rfq.visibility === 'invited' ? rfq.buyerName : t('portal.publicRequest')}</TableCell>
                    <TableCell label={t('portal.deadline')}>
                      <div>{format.dateTime(rfq.quoteDeadline)}</div>
                      <div className="text-xs text-muted-foreground">
                        {rfq.quotingOpen ? t('portal.closesIn', { when: format.relativeTime(rfq.quoteDeadline, data.now) }) : t('portal.closed')}
                      </div>
                    </TableCell>
                    <TableCell label={t('portal.lines')} className="text-end tabular-nums">
                      {format.number(rfq.lineCount)}
                    </TableCell>
                    <TableCell label={t('portal.invitationStatus')}>
                      <InvitationStatusBadge status={rfq.invitationStatus} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {data.inbox.total > PAGE_SIZE ? (
            <nav className="flex gap-2" aria-label={t('portal.inboxTitle')}>
              {data.offset > 0 ? (
                <Link to={pageHref(Math.max(0, data.offset - PAGE_SIZE))} className={buttonClasses('secondary', undefined, 'sm')}>
                  {t('portal.previous')}
                </Link>
              ) : null}
              {data.offset + PAGE_SIZE < data.inbox.total ? (
                <Link to={pageHref(data.offset + PAGE_SIZE)} className={buttonClasses('secondary', undefined, 'sm')}>
                  {t('portal.next')}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('portal.myTitle')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p className="text-sm">{t('portal.total', { count: totalQuotes })}</p>
          <ul className="flex flex-wrap gap-3 text-sm" aria-label={t('portal.countsLabel')}>
            {QUOTATION_STATUSES.map((status) => (
              <li key={status} className="rounded-md border px-2 py-1">
                {t('portal.countLabel', { status: t(`status.${status}`), count: data.mine.counts[status] })}
              </li>
            ))}
          </ul>
          <QuotationTable rows={data.mine.items} caption={t('portal.myCaption')} locale={locale} />
          <div>
            <Link to={localizePath(locale, '/app/orders/reply')} className={buttonClasses('ghost', undefined, 'sm')}>
              {t('portal.viewAll')}
            </Link>
          </div>
        </CardContent>
      </Card>
    </div>
  )
}
