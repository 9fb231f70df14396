// The company's finance papers (issue 21): receipts for the payments it made or received, the platform's fee invoices
// and the statements of its available balance per month and currency, each a PDF to open or save. Filters by month and
// currency live in the URL; a malformed one is dropped and said so.
import { Download, FileText } from 'lucide-react'
import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'
import { AppPage } from '../../../components/layouts/app-page'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { NativeSelect } from '../../../components/ui/native-select'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { requireActor } from '../../../modules/companies/index.server'
import { FINANCE_PAGES, type FinancePaperKind, FinancePaperQuery } from '../../../modules/finance/index'
import { financePaperIndex } from '../../../modules/finance/index.server'
import { dateTimeFormat } from '../../../platform/format/formatter'
import { withRouteErrors } from '../../../platform/forms.server'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import { pageData } from '../../page-data.server'
import { PAGE_MESSAGES } from '../../page-messages'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/documents'

export const handle: RouteHandle = { width: 'wide' }

const FILTER_NAMES = ['month', 'currency'] as const
type Filters = Record<(typeof FILTER_NAMES)[number], string>

/** The filters from the URL: each valid one kept, an invalid one dropped (and said so) rather than refused. */
function queryFrom(params: URLSearchParams): { query: FinancePaperQuery; dropped: boolean } {
  const raw: Record<string, string> = {}
  let dropped = false
  for (const name of FILTER_NAMES) {
    const value = params.get(name)
    if (!value) continue
    if (FinancePaperQuery.shape[name].safeParse(value).success) raw[name] = value
    else dropped = true
  }
  return { query: FinancePaperQuery.parse(raw), dropped }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const { query, dropped } = queryFrom(new URL(request.url).searchParams)
  const index = await withRouteErrors(() => financePaperIndex(ctx, query))
  return {
    ...pageData(ctx.locale, 'financePapers', 'page.metaTitle', PAGE_MESSAGES.financePapers),
    dropped,
    filters: { month: query.month ?? '', currency: query.currency ?? '' } satisfies Filters,
    months: index.months,
    currencies: index.currencies,
    receipts: index.receipts.map((receipt) => ({ ...receipt, receivedAt: receipt.receivedAt.toISOString() })),
    moreReceipts: index.moreReceipts,
    feeInvoices: index.feeInvoices,
    statements: index.statements,
    thisMonth: new Date().toISOString().slice(0, 7),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

type Data = Route.ComponentProps['loaderData']

/** "2026-03" → "March 2026", "2026年3月". */
function monthLabel(locale: Locale) {
  const format = dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })
  return (month: string) => format.format(new Date(`${month}-01T00:00:00Z`))
}

const pdfPath = (kind: FinancePaperKind, key: string) => `${FINANCE_PAGES.documents}/${kind}/${encodeURIComponent(key)}/pdf`

export default function FinanceDocumentsPage({ loaderData: data }: Route.ComponentProps) {
  const { t } = useTranslation('financePapers')
  const { locale } = useRootData()
  const base = localizePath(locale, FINANCE_PAGES.documents)
  const filtered = data.filters.month !== '' || data.filters.currency !== ''
  const nothing = data.receipts.length === 0 && data.feeInvoices.length === 0 && data.statements.length === 0
  return (
    <AppPage title={t('page.title')} description={t('page.description')}>
      {data.dropped ? <Alert tone="warning">{t('page.invalidFilters')}</Alert> : null}
      {data.months.length > 0 || filtered ? <Filters data={data} base={base} filtered={filtered} /> : null}
      {nothing ? (
        <EmptyState
          icon={FileText}
          title={filtered ? t('page.emptyFiltered') : t('page.empty')}
          description={filtered ? undefined : t('page.emptyDescription')}
          action={
            filtered ? (
              <Link to={base} className={buttonClasses('secondary')}>
                {t('page.clear')}
              </Link>
            ) : undefined
          }
        />
      ) : (
        <>
          <Receipts data={data} />
          <PeriodPapers kind="fee_invoice" data={data} />
          <PeriodPapers kind="statement" data={data} />
        </>
      )}
    </AppPage>
  )
}

function Filters({ data, base, filtered }: { data: Data; base: string; filtered: boolean }) {
  const { t } = useTranslation('financePapers')
  const { locale } = useRootData()
  const month = monthLabel(locale)
  // A month or currency chosen in the URL stays selectable even when nothing exists for it.
  const months = [...new Set([data.filters.month, ...data.months].filter(Boolean))]
  const currencies = [...new Set([data.filters.currency, ...data.currencies].filter(Boolean))]
  return (
    <Form method="get" action={base} role="search" aria-label={t('page.filtersLabel')} className="flex flex-wrap items-end gap-3">
      <FormField label={t('page.month')} className="w-48">
        {(control) => (
          <NativeSelect name="month" defaultValue={data.filters.month} {...control}>
            <option value="">{t('page.anyMonth')}</option>
            {months.map((value) => (
              <option key={value} value={value}>
                {month(value)}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label={t('page.currency')} className="w-40">
        {(control) => (
          <NativeSelect name="currency" defaultValue={data.filters.currency} {...control}>
            <option value="">{t('page.anyCurrency')}</option>
            {currencies.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" variant="secondary">
          {t('page.apply')}
        </Button>
        {filtered ? (
          <Link to={base} className={buttonClasses('ghost')}>
            {t('page.clear')}
          </Link>
        ) : null}
      </div>
    </Form>
  )
}

function Section({ id, title, hint, children }: { id: string; title: string; hint: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div>
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{hint}</p>
      </div>
      {children}
    </section>
  )
}

/** Open (a new tab) and save links of one paper. */
function PdfLinks({ kind, paperKey, number }: { kind: FinancePaperKind; paperKey: string; number: string }) {
  const { t } = useTranslation('financePapers')
  const { locale } = useRootData()
  const href = localizePath(locale, pdfPath(kind, paperKey))
  const name = t(`kinds.${kind}`)
  return (
    <span className="flex flex-wrap justify-end gap-2">
      <a href={href} target="_blank" rel="noreferrer" className="text-primary underline-offset-4 hover:underline">
        {t('page.open')}
      </a>
      <a
        href={`${href}?download=1`}
        download
        aria-label={t('page.downloadLabel', { kind: name, number })}
        className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
      >
        <Download className="size-4" aria-hidden />
        {t('page.download')}
      </a>
    </span>
  )
}

function Receipts({ data }: { data: Data }) {
  const { t } = useTranslation('financePapers')
  const format = useFormatter()
  return (
    <Section id="receipts-title" title={t('sections.receipts')} hint={t('sections.receiptsHint')}>
      {data.receipts.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('sections.noReceipts')}</p>
      ) : (
        <Table aria-labelledby="receipts-title" stackOnPhone>
          <TableHeader>
            <TableRow>
              <TableHead>{t('columns.number')}</TableHead>
              <TableHead>{t('columns.date')}</TableHead>
              <TableHead>{t('columns.order')}</TableHead>
              <TableHead>{t('columns.counterparty')}</TableHead>
              <TableHead>{t('columns.side')}</TableHead>
              <TableHead>{t('columns.status')}</TableHead>
              <TableHead className="text-end">{t('columns.amount')}</TableHead>
              <TableHead className="text-end">{t('columns.document')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.receipts.map((receipt) => (
              <TableRow key={receipt.paymentId}>
                <TableCell className="font-mono text-xs font-medium">{receipt.number}</TableCell>
                <TableCell label={t('columns.date')} className="whitespace-nowrap">
                  {format.date(receipt.receivedAt)}
                </TableCell>
                <TableCell label={t('columns.order')} className="font-mono text-xs">
                  {receipt.orderNumber}
                </TableCell>
                <TableCell label={t('columns.counterparty')}>{receipt.counterparty}</TableCell>
                <TableCell label={t('columns.side')}>{t(`sides.${receipt.side}`)}</TableCell>
                <TableCell label={t('columns.status')}>{t(`statuses.${receipt.status}`)}</TableCell>
                <TableCell label={t('columns.amount')} className="text-end tabular-nums">
                  {format.money(receipt.amount, receipt.currency)}
                </TableCell>
                <TableCell label={t('columns.document')} className="text-end">
                  <PdfLinks kind="receipt" paperKey={receipt.paymentId} number={receipt.number} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {data.moreReceipts ? <p className="text-sm text-muted-foreground">{t('sections.moreReceipts', { count: data.receipts.length })}</p> : null}
    </Section>
  )
}

function PeriodPapers({ kind, data }: { kind: 'fee_invoice' | 'statement'; data: Data }) {
  const { t } = useTranslation('financePapers')
  const { locale } = useRootData()
  const format = useFormatter()
  const month = monthLabel(locale)
  const rows = kind === 'fee_invoice' ? data.feeInvoices : data.statements
  const id = kind === 'fee_invoice' ? 'fee-invoices-title' : 'statements-title'
  return (
    <Section
      id={id}
      title={t(kind === 'fee_invoice' ? 'sections.feeInvoices' : 'sections.statements')}
      hint={t(kind === 'fee_invoice' ? 'sections.feeInvoicesHint' : 'sections.statementsHint')}
    >
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t(kind === 'fee_invoice' ? 'sections.noFeeInvoices' : 'sections.noStatements')}</p>
      ) : (
        <Table aria-labelledby={id} stackOnPhone>
          <TableHeader>
            <TableRow>
              <TableHead>{t('columns.number')}</TableHead>
              <TableHead>{t('columns.month')}</TableHead>
              <TableHead>{t('columns.currency')}</TableHead>
              <TableHead className="text-end">{t('columns.lines')}</TableHead>
              <TableHead className="text-end">{t(kind === 'fee_invoice' ? 'columns.total' : 'columns.closing')}</TableHead>
              <TableHead className="text-end">{t('columns.document')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key}>
                <TableCell className="font-mono text-xs font-medium">{row.number}</TableCell>
                <TableCell label={t('columns.month')}>
                  {month(row.month)}
                  {row.month === data.thisMonth ? <span className="ms-2 text-xs text-status-pending">{t('page.provisional')}</span> : null}
                </TableCell>
                <TableCell label={t('columns.currency')}>{row.currency}</TableCell>
                <TableCell label={t('columns.lines')} className="text-end tabular-nums">
                  {format.number(row.lines)}
                </TableCell>
                <TableCell label={t(kind === 'fee_invoice' ? 'columns.total' : 'columns.closing')} className="text-end tabular-nums">
                  {format.money(row.amount, row.currency)}
                </TableCell>
                <TableCell label={t('columns.document')} className="text-end">
                  <PdfLinks kind={kind} paperKey={row.key} number={row.number} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  )
}
