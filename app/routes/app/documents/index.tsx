import { Form, Link } from 'react-router'
import { AppPage, ListResults } from '../../../components/layouts/app-page'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Pagination } from '../../../components/ui/pagination'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { requireActor } from '../../../modules/companies/index.server'
import {
  DOCUMENT_LIST_DEFAULT_LIMIT,
  DOCUMENT_SOURCES,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  DocumentListQuery,
  DocumentStatusBadge,
  type DocumentSource,
} from '../../../modules/documents/index'
import { documentCounterparts, type DocumentSummary, listDocuments } from '../../../modules/documents/index.server'
import { findOrdersByNumber } from '../../../modules/orders/index.server'
import { getQuotation } from '../../../modules/sourcing/index.server'
import type { ServiceContext } from '../../../platform/actor'
import { withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { useLiveRevalidate } from '../../../platform/realtime/hooks'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import { pageData } from '../../page-data.server'
import { PAGE_MESSAGES } from '../../page-messages'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/index'

/** A data page: it uses the width of a large screen. */
export const handle: RouteHandle = { width: 'wide' }

const BASE_PATH = '/app/documents'
const FILTER_NAMES = ['q', 'direction', 'type', 'status', 'counterpart', 'sourceKind', 'from', 'to'] as const
type Filters = Record<(typeof FILTER_NAMES)[number], string>

/** The list's query from the URL: each valid parameter kept, an invalid one dropped (and said so) rather than refused. */
function listQueryFrom(params: URLSearchParams): { query: DocumentListQuery; dropped: boolean } {
  const raw: Record<string, string> = {}
  let dropped = false
  for (const [name, value] of params) {
    if (!(name in DocumentListQuery.shape) || value === '') continue
    if (DocumentListQuery.shape[name as keyof typeof DocumentListQuery.shape].safeParse(value).success) raw[name] = value
    else dropped = true
  }
  return { query: DocumentListQuery.parse(raw), dropped }
}

const filtersOf = (query: DocumentListQuery): Filters => ({
  q: query.q ?? '',
  direction: query.direction ?? '',
  type: query.type ?? '',
  status: query.status ?? '',
  counterpart: query.counterpart ?? '',
  sourceKind: query.sourceKind ?? '',
  from: query.from ?? '',
  to: query.to ?? '',
})

/**
 * Where the company opens each record of the page: its side's order page, the shipment, or the RFQ its quotation
 * answers (the supplier's answer page, the buyer's RFQ). A record it can no longer open gets no link.
 */
async function recordLinks(ctx: ServiceContext, items: DocumentSummary[]): Promise<Map<string, string | null>> {
  const records = new Map(items.map((item) => [item.source.id, item.source]))
  const linkOf = async (source: DocumentSummary['source']): Promise<string | null> => {
    if (source.kind === 'shipment') return `/app/shipments/tracking?id=${encodeURIComponent(source.id)}`
    if (source.kind === 'purchase_order') {
      const found = await findOrdersByNumber(ctx, { q: source.number, limit: 5 })
      return found.find((order) => order.id === source.id)?.href ?? null
    }
    const quotation = await getQuotation(ctx, source.id)
    return quotation.side === 'supplier' ? `/app/supplier/portal/rfq/${quotation.rfq.id}` : `/app/sourcing/rfq/${quotation.rfq.id}`
  }
  const links = await Promise.all([...records.values()].map((source) => linkOf(source).catch(() => null)))
  return new Map([...records.keys()].map((id, index) => [id, links[index] ?? null]))
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const { query, dropped } = listQueryFrom(new URL(request.url).searchParams)
  const [page, counterparts] = await withRouteErrors(() => Promise.all([listDocuments(ctx, query), documentCounterparts(ctx)]))
  const links = await recordLinks(ctx, page.items)
  return {
    ...pageData(ctx.locale, 'documents', 'list.metaTitle', PAGE_MESSAGES.documentList),
    filters: filtersOf(query),
    counterparts,
    dropped,
    rows: page.items.map((item) => ({
      id: item.id,
      number: item.number,
      type: item.type,
      status: item.status,
      side: item.side,
      source: { kind: item.source.kind, number: item.source.number, href: links.get(item.source.id) ?? null },
      counterpart: item.counterpart.name,
      version: item.currentVersion,
      createdAt: item.createdAt.toISOString(),
    })),
    total: page.total,
    offset: query.offset,
    limit: query.limit,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

type Row = Route.ComponentProps['loaderData']['rows'][number]

const searchOf = (filters: Filters, limit: number, offset: number) => {
  const params = new URLSearchParams()
  for (const name of FILTER_NAMES) if (filters[name]) params.set(name, filters[name])
  if (limit !== DOCUMENT_LIST_DEFAULT_LIMIT) params.set('limit', String(limit))
  if (offset > 0) params.set('offset', String(offset))
  const text = params.toString()
  return text ? `?${text}` : ''
}

export default function DocumentsPage({ loaderData: data }: Route.ComponentProps) {
  useLiveRevalidate((change) => change.entity === 'document')
  const { t } = useTranslation('documents')
  const { locale } = useRootData()
  const format = useFormatter()
  const base = localizePath(locale, BASE_PATH)
  const createHref = localizePath(locale, `${BASE_PATH}/create`)
  const filtered = FILTER_NAMES.some((name) => data.filters[name] !== '')
  return (
    <AppPage
      title={t('list.title')}
      description={t('list.description')}
      actions={
        <Link to={createHref} className={buttonClasses('primary')}>
          {t('list.create')}
        </Link>
      }
    >
      {data.dropped ? <Alert tone="warning">{t('list.invalidFilters')}</Alert> : null}
      <DocumentFilters base={base} filters={data.filters} filtered={filtered} counterparts={data.counterparts} />
      <ListResults
        id="documents-results-title"
        label={t('list.tableLabel')}
        count={t('list.resultCount', { count: format.number(data.total) })}
        pagination={
          <Pagination total={data.total} offset={data.offset} limit={data.limit} hrefFor={(offset) => `${base}${searchOf(data.filters, data.limit, offset)}`} />
        }
      >
        {data.rows.length === 0 ? (
          <EmptyState
            icon="file-search"
            title={filtered ? t('list.emptyFiltered') : t('list.empty')}
            description={filtered ? undefined : t('list.emptyDescription')}
            action={
              filtered ? (
                <Link to={base} className={buttonClasses('secondary')}>
                  {t('list.filters.clear')}
                </Link>
              ) : (
                <Link to={createHref} className={buttonClasses('primary')}>
                  {t('list.create')}
                </Link>
              )
            }
          />
        ) : (
          <DocumentTable rows={data.rows} />
        )}
      </ListResults>
    </AppPage>
  )
}

function DocumentFilters({
  base,
  filters,
  filtered,
  counterparts,
}: {
  base: string
  filters: Filters
  filtered: boolean
  counterparts: Array<{ id: string; name: string }>
}) {
  const { t } = useTranslation('documents')
  const select = (
    name: 'direction' | 'type' | 'status' | 'counterpart' | 'sourceKind',
    label: string,
    any: string,
    options: Array<{ value: string; label: string }>,
  ) => (
    <FormField label={label}>
      {(control) => (
        <NativeSelect name={name} defaultValue={filters[name]} {...control}>
          <option value="">{any}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  )
  return (
    <Form method="get" action={base} role="search" aria-label={t('list.filters.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
      <FormField label={t('list.filters.q')} className="sm:col-span-2">
        {(control) => <Input type="search" name="q" defaultValue={filters.q} maxLength={100} placeholder={t('list.filters.qHint')} {...control} />}
      </FormField>
      {select('direction', t('list.filters.direction'), t('list.filters.anyDirection'), [
        { value: 'sent', label: t('list.filters.sent') },
        { value: 'received', label: t('list.filters.received') },
      ])}
      {select(
        'type',
        t('list.filters.type'),
        t('list.filters.anyType'),
        DOCUMENT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) })),
      )}
      {select(
        'status',
        t('list.filters.status'),
        t('list.filters.anyStatus'),
        DOCUMENT_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
      )}
      {select(
        'counterpart',
        t('list.filters.counterpart'),
        t('list.filters.anyCounterpart'),
        counterparts.map((company) => ({ value: company.id, label: company.name })),
      )}
      {select(
        'sourceKind',
        t('list.filters.sourceKind'),
        t('list.filters.anySource'),
        DOCUMENT_SOURCES.map((kind) => ({ value: kind, label: t(`sources.${kind}`) })),
      )}
      <FormField label={t('list.filters.from')}>{(control) => <Input type="date" name="from" defaultValue={filters.from} {...control} />}</FormField>
      <FormField label={t('list.filters.to')}>{(control) => <Input type="date" name="to" defaultValue={filters.to} {...control} />}</FormField>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit" variant="secondary">
          {t('list.filters.apply')}
        </Button>
        {filtered ? (
          <Link to={base} className={buttonClasses('ghost')}>
            {t('list.filters.clear')}
          </Link>
        ) : null}
      </div>
    </Form>
  )
}

function DocumentTable({ rows }: { rows: Row[] }) {
  const { t } = useTranslation('documents')
  const { locale } = useRootData()
  const format = useFormatter()
  return (
    <Table aria-label={t('list.tableLabel')} stackOnPhone>
      <TableHeader>
        <TableRow>
          <TableHead>{t('list.columns.number')}</TableHead>
          <TableHead>{t('list.columns.type')}</TableHead>
          <TableHead>{t('list.columns.record')}</TableHead>
          <TableHead>{t('list.columns.counterpart')}</TableHead>
          <TableHead>{t('list.columns.direction')}</TableHead>
          <TableHead>{t('list.columns.status')}</TableHead>
          <TableHead>{t('list.columns.created')}</TableHead>
          <TableHead className="text-end">{t('list.columns.version')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell className="font-mono text-xs font-medium">
              <Link to={localizePath(locale, `${BASE_PATH}/edit/${encodeURIComponent(row.id)}`)} className="underline-offset-4 hover:underline">
                {row.number}
              </Link>
            </TableCell>
            <TableCell label={t('list.columns.type')}>{t(`types.${row.type}`)}</TableCell>
            <TableCell label={t('list.columns.record')}>
              <RecordCell kind={row.source.kind} number={row.source.number} href={row.source.href} />
            </TableCell>
            <TableCell label={t('list.columns.counterpart')}>{row.counterpart || t('list.unnamed')}</TableCell>
            <TableCell label={t('list.columns.direction')}>{t(`sides.${row.side}`)}</TableCell>
            <TableCell label={t('list.columns.status')}>
              <DocumentStatusBadge status={row.status} />
            </TableCell>
            <TableCell label={t('list.columns.created')} className="whitespace-nowrap">
              {format.date(row.createdAt)}
            </TableCell>
            <TableCell label={t('list.columns.version')} className="text-end tabular-nums">
              {t('list.version', { version: format.number(row.version) })}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

function RecordCell({ kind, number, href }: { kind: DocumentSource; number: string; href: string | null }) {
  const { t } = useTranslation('documents')
  const { locale } = useRootData()
  return (
    <span className="flex flex-col">
      <span className="text-xs text-muted-foreground">{t(`sources.${kind}`)}</span>
      {href ? (
        <Link to={localizePath(locale, href)} className="font-mono text-xs underline-offset-4 hover:underline">
          {number}
        </Link>
      ) : (
        <span className="font-mono text-xs">{number}</span>
      )}
    </span>
  )
}
