// The company's payments (issue 21): those it paid as buyer and those it received as supplier, filtered in the URL.
// Platform admins also see every company's, the bank-transfer refunds to send back (marked sent with the bank's
// reference), and the bank statement lines no payment matched (upload a statement, match or set aside a line).
// The order pages' Pay forms post here (intent `pay`).
import { randomUUID } from 'node:crypto'
import { Form, Link, useNavigation } from 'react-router'
import { AppPage, ListResults } from '../../../components/layouts/app-page'
import { FormError } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Pagination } from '../../../components/ui/pagination'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { requireActor } from '../../../modules/companies/index.server'
import {
  FINANCE_PAGES,
  IgnoreStatementLineInput,
  MatchStatementLineInput,
  MoneyAmount,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  PaymentListQuery,
  PaymentStatusBadge,
  paymentSummaryView,
  RefundSentInput,
  StartPaymentInput,
  UploadStatementInput,
} from '../../../modules/finance/index'
import {
  decimalOf,
  getPayment,
  ignoreLine,
  listPayments,
  listStatementLines,
  markRefundSent,
  matchLineManually,
  pendingRefunds,
  startPayment,
  uploadStatement,
} from '../../../modules/finance/index.server'
import { env } from '../../../platform/env.server'
import { failure, failureFromError, parseForm, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { IdempotencyField } from '../../../platform/idempotency/idempotency-field'
import { idempotencyOfForm } from '../../../platform/idempotency/idempotency.server'
import { isPlatformAdmin } from '../../../platform/platform-admin'
import { useLiveRevalidate } from '../../../platform/realtime/hooks'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/payments'

export const handle: RouteHandle = { width: 'wide' }

const DEFAULT_LIMIT = 25
const FILTER_NAMES = ['direction', 'status', 'provider', 'q'] as const
type Filters = Record<(typeof FILTER_NAMES)[number], string>

function queryFrom(params: URLSearchParams): { query: PaymentListQuery; dropped: boolean } {
  const raw: Record<string, string> = {}
  let dropped = false
  for (const [name, value] of params) {
    if (!(name in PaymentListQuery.shape) || value === '') continue
    if (PaymentListQuery.shape[name as keyof typeof PaymentListQuery.shape].safeParse(value).success) raw[name] = value
    else dropped = true
  }
  return { query: PaymentListQuery.parse(raw), dropped }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const { query, dropped } = queryFrom(new URL(request.url).searchParams)
  const admin = isPlatformAdmin(ctx.actor)
  const page = await withRouteErrors(() => listPayments(ctx, query))
  const [refunds, lines, awaiting] = admin
    ? await withRouteErrors(() =>
        Promise.all([
          pendingRefunds(ctx),
          listStatementLines(ctx, { status: 'unmatched', limit: 50, offset: 0 }),
          listPayments(ctx, PaymentListQuery.parse({ direction: 'all', status: 'awaiting', provider: 'bank_transfer', limit: 100 })),
        ]),
      )
    : [[], { items: [], total: 0 }, { items: [] }]
  return {
    ...pageData(ctx.locale, 'finance', 'payments.metaTitle'),
    dropped,
    admin,
    /** The statement upload's key: a resent form stores and matches the file once. */
    uploadKey: admin ? randomUUID() : '',
    hasCompany: Boolean(ctx.actor.companyId),
    filters: { direction: page.direction, status: query.status ?? '', provider: query.provider ?? '', q: query.q ?? '' } satisfies Filters,
    rows: page.items.map(paymentSummaryView),
    total: page.total,
    offset: query.offset,
    limit: query.limit,
    refunds: refunds.map((refund) => ({
      id: refund.id,
      paymentNumber: refund.paymentNumber,
      orderNumber: refund.orderNumber,
      buyerName: refund.buyerName,
      amount: decimalOf(refund.amountMinor, refund.currency),
      currency: refund.currency,
      createdAt: refund.createdAt.toISOString(),
    })),
    lines: {
      total: lines.total,
      items: lines.items.map((line) => ({
        id: line.id,
        fileName: line.fileName,
        lineNumber: line.lineNumber,
        bookedOn: line.bookedOn,
        amount: decimalOf(line.amountMinor, line.currency),
        currency: line.currency,
        reference: line.reference,
        payer: line.payer,
        reason: line.reason,
      })),
    },
    awaiting: awaiting.items.map((payment) => ({
      id: payment.id,
      label: `${payment.number} · ${payment.orderNumber} · ${payment.buyerName} · ${decimalOf(payment.amountMinor, payment.currency)} ${payment.currency} · ${payment.reference}`,
    })),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const subject = { intent, lineId: String(form.get('lineId') ?? ''), refundId: String(form.get('refundId') ?? '') }
  try {
    if (intent === 'pay') {
      const parsed = parseForm(StartPaymentInput, form)
      if (!parsed.ok) return failure(parsed, 422, subject)
      const returnUrl = `${env().PUBLIC_URL}${localizePath(ctx.locale, `/app/orders/${encodeURIComponent(parsed.data.orderId)}/view`)}`
      const started = await startPayment(ctx, parsed.data, { ...idempotencyOfForm(form), returnUrl })
      const payment = await getPayment(ctx, started.id)
      return { ok: true as const, intent: 'pay' as const, paymentId: started.id, checkoutUrl: payment.checkoutUrl }
    }
    if (intent === 'refundSent') {
      const parsed = parseForm(RefundSentInput, form)
      if (!parsed.ok) return failure(parsed, 422, subject)
      await markRefundSent(ctx, subject.refundId, parsed.data)
      return { ok: true as const, intent, refundId: subject.refundId }
    }
    if (intent === 'upload') {
      const file = form.get('statement')
      const parsed = UploadStatementInput.safeParse(
        file instanceof File && file.size > 0 ? { fileName: file.name, csvText: await file.text() } : { fileName: '', csvText: '' },
      )
      if (!parsed.success) return failure({ ok: false, fieldErrors: { statement: ['validation.statementFile'] } }, 422, subject)
      const uploaded = await uploadStatement(ctx, parsed.data, idempotencyOfForm(form))
      return { ok: true as const, intent, uploaded }
    }
    if (intent === 'match') {
      const parsed = parseForm(MatchStatementLineInput, form)
      if (!parsed.ok) return failure(parsed, 422, subject)
      await matchLineManually(ctx, subject.lineId, parsed.data)
      return { ok: true as const, intent, lineId: subject.lineId }
    }
    if (intent === 'ignore') {
      const parsed = parseForm(IgnoreStatementLineInput, form)
      if (!parsed.ok) return failure(parsed, 422, subject)
      await ignoreLine(ctx, subject.lineId, parsed.data)
      return { ok: true as const, intent, lineId: subject.lineId }
    }
    return failure({ ok: false, fieldErrors: {} }, 400, subject)
  } catch (error) {
    return failureFromError(error, subject)
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

type Data = Route.ComponentProps['loaderData']
type Failed = {
  ok: false
  intent?: string
  lineId?: string
  refundId?: string
  fieldErrors: Record<string, string[]>
  formError?: { code: string; message: string }
}
type Uploaded = { lines: number; matched: number; unmatched: number; duplicates: number }
type Result = { ok: true; intent: string; uploaded?: Uploaded; paymentId?: string } | Failed | undefined

const searchOf = (filters: Filters, limit: number, offset: number, admin: boolean) => {
  const params = new URLSearchParams()
  for (const name of FILTER_NAMES)
    if (filters[name] && !(name === 'direction' && filters.direction === (admin ? 'all' : 'paid'))) params.set(name, filters[name])
  if (limit !== DEFAULT_LIMIT) params.set('limit', String(limit))
  if (offset > 0) params.set('offset', String(offset))
  const text = params.toString()
  return text ? `?${text}` : ''
}

export default function FinancePaymentsPage({ loaderData: data, actionData }: Route.ComponentProps) {
  useLiveRevalidate((change) => change.entity === 'purchase_order')
  const { t } = useTranslation('finance')
  const { locale } = useRootData()
  const format = useFormatter()
  const base = localizePath(locale, FINANCE_PAGES.payments)
  const filtered = Boolean(data.filters.status || data.filters.provider || data.filters.q)
  const directions = [...(data.hasCompany ? (['paid', 'received'] as const) : []), ...(data.admin ? (['all'] as const) : [])]
  const result = actionData as Result
  return (
    <AppPage
      title={t('payments.title')}
      description={t(data.admin && !data.hasCompany ? 'payments.platformDescription' : 'payments.description')}
      actions={
        data.hasCompany ? (
          <Link to={localizePath(locale, FINANCE_PAGES.account)} className={buttonClasses('secondary')}>
            {t('payments.toAccount')}
          </Link>
        ) : undefined
      }
    >
      <ActionOutcome result={result} />
      {data.dropped ? <Alert tone="warning">{t('payments.invalidFilters')}</Alert> : null}
      {directions.length > 1 ? (
        <nav aria-label={t('payments.directions')} className="flex flex-wrap gap-1 border-b border-border">
          {directions.map((direction) => (
            <Link
              key={direction}
              to={`${base}${searchOf({ ...data.filters, direction }, data.limit, 0, data.admin)}`}
              aria-current={data.filters.direction === direction ? 'page' : undefined}
              className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${data.filters.direction === direction ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground'}`}
            >
              {t(`payments.direction.${direction}`)}
            </Link>
          ))}
        </nav>
      ) : null}
      <Form method="get" action={base} role="search" aria-label={t('payments.filters.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
        <input type="hidden" name="direction" value={data.filters.direction} />
        <FormField label={t('payments.filters.q')}>
          {(control) => <Input type="search" name="q" defaultValue={data.filters.q} maxLength={100} placeholder={t('payments.filters.qHint')} {...control} />}
        </FormField>
        <FormField label={t('payments.filters.status')}>
          {(control) => (
            <NativeSelect name="status" defaultValue={data.filters.status} {...control}>
              <option value="">{t('payments.filters.anyStatus')}</option>
              {PAYMENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`paymentStatuses.${status}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('payments.filters.provider')}>
          {(control) => (
            <NativeSelect name="provider" defaultValue={data.filters.provider} {...control}>
              <option value="">{t('payments.filters.anyProvider')}</option>
              {PAYMENT_PROVIDERS.map((provider) => (
                <option key={provider} value={provider}>
                  {t(`providers.${provider}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="secondary">
            {t('payments.filters.apply')}
          </Button>
          {filtered ? (
            <Link
              to={`${base}${searchOf({ direction: data.filters.direction, status: '', provider: '', q: '' }, data.limit, 0, data.admin)}`}
              className={buttonClasses('ghost')}
            >
              {t('payments.filters.clear')}
            </Link>
          ) : null}
        </div>
      </Form>
      <ListResults
        id="payments-results-title"
        label={t('payments.tableLabel')}
        count={t('payments.resultCount', { count: format.number(data.total) })}
        pagination={
          <Pagination
            total={data.total}
            offset={data.offset}
            limit={data.limit}
            hrefFor={(offset) => `${base}${searchOf(data.filters, data.limit, offset, data.admin)}`}
          />
        }
      >
        {data.rows.length === 0 ? (
          <EmptyState
            icon="file-search"
            title={filtered ? t('payments.emptyFiltered') : t(`payments.empty.${data.filters.direction}`)}
            description={filtered ? undefined : t(`payments.emptyHelp.${data.filters.direction}`)}
            action={
              !filtered && data.filters.direction === 'paid' ? (
                <Link to={localizePath(locale, '/app/orders/buyer')} className={buttonClasses('primary')}>
                  {t('payments.toOrders')}
                </Link>
              ) : undefined
            }
          />
        ) : (
          <PaymentTable rows={data.rows} />
        )}
      </ListResults>
      {data.admin ? (
        <>
          <PendingRefunds refunds={data.refunds} result={result} />
          <UnmatchedLines data={data} result={result} />
        </>
      ) : null}
    </AppPage>
  )
}

/** What the last form did, said once (an error in its own form; the rest here). */
function ActionOutcome({ result }: { result: Result }) {
  const { t } = useTranslation('finance')
  if (!result) return null
  if (!result.ok) return result.intent === 'pay' || !result.intent ? <FormError error={result.formError} /> : null
  if (result.intent === 'pay') return <Alert tone="success">{t('payments.done.pay')}</Alert>
  if (result.intent === 'upload' && result.uploaded) return <Alert tone="success">{t('payments.done.upload', result.uploaded)}</Alert>
  return <Alert tone="success">{t(`payments.done.${result.intent}`)}</Alert>
}

function PaymentTable({ rows }: { rows: Data['rows'] }) {
  const { t } = useTranslation('finance')
  const { locale } = useRootData()
  const format = useFormatter()
  const orderHref = (row: Data['rows'][number]) =>
    localizePath(
      locale,
      row.side === 'supplier' ? `/app/supplier/purchase/order/${encodeURIComponent(row.orderId)}` : `/app/orders/${encodeURIComponent(row.orderId)}/view`,
    )
  return (
    <Table aria-label={t('payments.tableLabel')} stackOnPhone>
      <TableHeader>
        <TableRow>
          <TableHead>{t('payments.columns.number')}</TableHead>
          <TableHead>{t('payments.columns.order')}</TableHead>
          <TableHead>{t('payments.columns.counterpart')}</TableHead>
          <TableHead>{t('payments.columns.provider')}</TableHead>
          <TableHead>{t('payments.columns.status')}</TableHead>
          <TableHead>{t('payments.columns.created')}</TableHead>
          <TableHead className="text-end">{t('payments.columns.amount')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell className="font-mono text-xs font-medium">
              {row.number}
              <span className="block font-normal text-muted-foreground">{t(`stages.${row.stage}`)}</span>
            </TableCell>
            <TableCell label={t('payments.columns.order')}>
              {row.side === 'platform' ? (
                <span className="font-mono text-xs">{row.orderNumber}</span>
              ) : (
                <Link to={orderHref(row)} className="font-mono text-xs underline-offset-4 hover:underline">
                  {row.orderNumber}
                </Link>
              )}
            </TableCell>
            <TableCell label={t('payments.columns.counterpart')}>
              {row.side === 'buyer' ? row.supplierName : row.side === 'supplier' ? row.buyerName : `${row.buyerName} → ${row.supplierName}`}
            </TableCell>
            <TableCell label={t('payments.columns.provider')}>
              {t(`providers.${row.provider}`)}
              <span className="block font-mono text-xs break-all text-muted-foreground">{row.reference}</span>
            </TableCell>
            <TableCell label={t('payments.columns.status')}>
              <PaymentStatusBadge status={row.status} frozen={row.frozen} />
            </TableCell>
            <TableCell label={t('payments.columns.created')} className="whitespace-nowrap">
              {format.date(row.createdAt)}
            </TableCell>
            <TableCell label={t('payments.columns.amount')} className="text-end">
              <MoneyAmount amount={row.amount} currency={row.currency} className="font-medium" />
              {row.refunded !== '0' && Number(row.refunded) > 0 ? (
                <span className="block text-xs text-muted-foreground">{t('payments.refundedPart', { amount: format.money(row.refunded, row.currency) })}</span>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

/** Bank-transfer refunds granted and not yet sent: the admin transfers them, then records the bank's reference. */
function PendingRefunds({ refunds, result }: { refunds: Data['refunds']; result: Result }) {
  const { t } = useTranslation('finance')
  const format = useFormatter()
  const failedFor = (id: string) => (result && !result.ok && result.intent === 'refundSent' && result.refundId === id ? result : undefined)
  return (
    <Card as="section" aria-labelledby="refunds-title" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <CardTitle id="refunds-title">{t('refunds.title')}</CardTitle>
        <CardDescription>{t('refunds.description')}</CardDescription>
      </div>
      {refunds.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('refunds.empty')}</p>
      ) : (
        <Table aria-label={t('refunds.title')} stackOnPhone>
          <TableHeader>
            <TableRow>
              <TableHead>{t('refunds.columns.payment')}</TableHead>
              <TableHead>{t('refunds.columns.buyer')}</TableHead>
              <TableHead>{t('refunds.columns.granted')}</TableHead>
              <TableHead className="text-end">{t('refunds.columns.amount')}</TableHead>
              <TableHead>
                <span className="sr-only">{t('refunds.columns.actions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {refunds.map((refund) => {
              const failed = failedFor(refund.id)
              return (
                <TableRow key={refund.id}>
                  <TableCell className="font-mono text-xs">
                    {refund.paymentNumber}
                    <span className="block text-muted-foreground">{refund.orderNumber}</span>
                  </TableCell>
                  <TableCell label={t('refunds.columns.buyer')}>{refund.buyerName}</TableCell>
                  <TableCell label={t('refunds.columns.granted')}>{format.date(refund.createdAt)}</TableCell>
                  <TableCell label={t('refunds.columns.amount')} className="text-end">
                    <MoneyAmount amount={refund.amount} currency={refund.currency} />
                  </TableCell>
                  <TableCell>
                    <ConfirmDialog
                      triggerLabel={t('refunds.markSent')}
                      title={t('refunds.markSentTitle', { number: refund.paymentNumber })}
                      description={t('refunds.markSentHelp', { amount: format.money(refund.amount, refund.currency), buyer: refund.buyerName })}
                      confirmLabel={t('refunds.markSentConfirm')}
                      confirmVariant="primary"
                      open={Boolean(failed)}
                    >
                      <input type="hidden" name="intent" value="refundSent" />
                      <input type="hidden" name="refundId" value={refund.id} />
                      <FormField label={t('refunds.bankReference')} errors={failed?.fieldErrors.bankReference?.map((key) => t(key))}>
                        {(control) => <Input name="bankReference" required maxLength={200} autoComplete="off" {...control} />}
                      </FormField>
                      <FormError error={failed?.formError} />
                    </ConfirmDialog>
                  </TableCell>
                </TableRow>
              )
            })}
          </TableBody>
        </Table>
      )}
    </Card>
  )
}

/** The bank statement lines no payment matched, with the upload of a new statement; each line matched by hand or set aside. */
function UnmatchedLines({ data, result }: { data: Data; result: Result }) {
  const { t } = useTranslation('finance')
  const format = useFormatter()
  const navigation = useNavigation()
  const uploadFailed = result && !result.ok && result.intent === 'upload' ? result : undefined
  const failedFor = (id: string) => (result && !result.ok && result.lineId === id ? result : undefined)
  return (
    <Card as="section" aria-labelledby="lines-title" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <CardTitle id="lines-title">{t('lines.title')}</CardTitle>
        <CardDescription>{t('lines.description')}</CardDescription>
      </div>
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3 rounded-md border border-border p-4 sm:flex-row sm:items-end">
        <input type="hidden" name="intent" value="upload" />
        <IdempotencyField value={data.uploadKey} />
        <FormField
          label={t('lines.upload')}
          hint={t('lines.uploadHint')}
          errors={uploadFailed?.fieldErrors.statement?.map((key) => t(key))}
          className="min-w-0 flex-1"
        >
          {(control) => <input type="file" name="statement" accept=".csv,text/csv" required className="max-w-full text-sm" {...control} />}
        </FormField>
        <Button type="submit" variant="secondary" disabled={navigation.state === 'submitting'}>
          {t('lines.uploadSubmit')}
        </Button>
      </Form>
      {uploadFailed?.formError ? <FormError error={uploadFailed.formError} /> : null}
      {data.lines.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('lines.empty')}</p>
      ) : (
        <Table aria-label={t('lines.title')} stackOnPhone>
          <TableHeader>
            <TableRow>
              <TableHead>{t('lines.columns.booked')}</TableHead>
              <TableHead>{t('lines.columns.payer')}</TableHead>
              <TableHead>{t('lines.columns.reference')}</TableHead>
              <TableHead>{t('lines.columns.reason')}</TableHead>
              <TableHead className="text-end">{t('lines.columns.amount')}</TableHead>
              <TableHead>
                <span className="sr-only">{t('lines.columns.actions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.lines.items.map((line) => {
              const failed = failedFor(line.id)
              return (
                <TableRow key={line.id}>
                  <TableCell className="whitespace-nowrap">
                    {format.date(`${line.bookedOn}T12:00:00Z`)}
                    <span className="block text-xs text-muted-foreground">{t('lines.lineOf', { file: line.fileName, line: line.lineNumber })}</span>
                  </TableCell>
                  <TableCell label={t('lines.columns.payer')}>{line.payer}</TableCell>
                  <TableCell label={t('lines.columns.reference')} className="font-mono text-xs break-all">
                    {line.reference}
                  </TableCell>
                  <TableCell label={t('lines.columns.reason')}>{t(`statement.reasons.${line.reason}`, { defaultValue: line.reason })}</TableCell>
                  <TableCell label={t('lines.columns.amount')} className="text-end">
                    <MoneyAmount amount={line.amount} currency={line.currency} />
                  </TableCell>
                  <TableCell>
                    <div className="flex flex-wrap gap-2">
                      <ConfirmDialog
                        triggerLabel={t('lines.match')}
                        title={t('lines.matchTitle')}
                        description={t('lines.matchHelp', { amount: format.money(line.amount, line.currency) })}
                        confirmLabel={t('lines.matchConfirm')}
                        confirmVariant="primary"
                        open={Boolean(failed && failed.intent === 'match')}
                      >
                        <input type="hidden" name="intent" value="match" />
                        <input type="hidden" name="lineId" value={line.id} />
                        <FormField
                          label={t('lines.payment')}
                          errors={failed?.intent === 'match' ? failed.fieldErrors.paymentId?.map((key) => t(key)) : undefined}
                        >
                          {(control) => (
                            <NativeSelect name="paymentId" required {...control}>
                              <option value="">{t('lines.choosePayment')}</option>
                              {data.awaiting.map((payment) => (
                                <option key={payment.id} value={payment.id}>
                                  {payment.label}
                                </option>
                              ))}
                            </NativeSelect>
                          )}
                        </FormField>
                        {failed?.intent === 'match' ? <FormError error={failed.formError} /> : null}
                      </ConfirmDialog>
                      <ConfirmDialog
                        triggerLabel={t('lines.ignore')}
                        triggerVariant="ghost"
                        title={t('lines.ignoreTitle')}
                        description={t('lines.ignoreHelp')}
                        confirmLabel={t('lines.ignoreConfirm')}
                        open={Boolean(failed && failed.intent === 'ignore')}
                      >
                        <input type="hidden" name="intent" value="ignore" />
                        <input type="hidden" name="lineId" value={line.id} />
                        <FormField label={t('lines.note')} errors={failed?.intent === 'ignore' ? failed.fieldErrors.note?.map((key) => t(key)) : undefined}>
                          {(control) => <Input name="note" required maxLength={500} {...control} />}
                        </FormField>
                        {failed?.intent === 'ignore' ? <FormError error={failed.formError} /> : null}
                      </ConfirmDialog>
                    </div>
                  </TableCell>
                </TableRow>
              )
            })}
          </TableBody>
        </Table>
      )}
      {data.lines.total > data.lines.items.length ? (
        <p className="text-sm text-muted-foreground">{t('lines.more', { count: data.lines.total - data.lines.items.length })}</p>
      ) : null}
    </Card>
  )
}
