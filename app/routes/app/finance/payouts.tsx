// Payouts (issue 21): the company's available balances, a request into one of its verified bank accounts (minimum
// and fee shown, confirmed first, once per idempotency key), and its payouts' history. Without accepted KYC or a
// verified account the page says what is missing and links there. Platform admins decide and close every company's.
import { randomUUID } from 'node:crypto'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { AppPage } from '../../../components/layouts/app-page'
import { FormError } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { buttonClasses } from '../../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Pagination } from '../../../components/ui/pagination'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { requireActor } from '../../../modules/companies/index.server'
import {
  FINANCE_PAGES,
  MoneyAmount,
  PayoutDecisionInput,
  PayoutListQuery,
  PayoutOutcomeInput,
  PayoutStatusBadge,
  type PayoutView,
  payoutView,
  RequestPayoutInput,
} from '../../../modules/finance/index'
import { closePayout, decidePayout, decimalOf, listPayouts, payoutOptions, requestPayout } from '../../../modules/finance/index.server'
import { failure, failureFromError, parseForm, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { IdempotencyField } from '../../../platform/idempotency/idempotency-field'
import { idempotencyOfForm } from '../../../platform/idempotency/idempotency.server'
import { isPlatformAdmin } from '../../../platform/platform-admin'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/payouts'

export const handle: RouteHandle = { width: 'wide' }

const PAGE_SIZE = 25

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const admin = isPlatformAdmin(ctx.actor)
  const offsetParam = Number(new URL(request.url).searchParams.get('offset') ?? '0')
  const offset = Number.isSafeInteger(offsetParam) && offsetParam > 0 ? Math.min(offsetParam, 100_000) : 0
  // A platform admin without a company sees the queue only; anyone else needs a company (403 without one).
  const company =
    ctx.actor.companyId || !admin
      ? await withRouteErrors(() => Promise.all([payoutOptions(ctx), listPayouts(ctx, PayoutListQuery.parse({ limit: PAGE_SIZE, offset }))]))
      : null
  const queue = admin
    ? await withRouteErrors(() =>
        Promise.all([
          listPayouts(ctx, PayoutListQuery.parse({ scope: 'platform', status: 'pending', limit: 100 })),
          listPayouts(ctx, PayoutListQuery.parse({ scope: 'platform', status: 'accepted', limit: 100 })),
        ]),
      )
    : null
  const options = company?.[0]
  return {
    ...pageData(ctx.locale, 'finance', 'payouts.metaTitle'),
    idempotencyKey: randomUUID(),
    company: company
      ? {
          balances: options!.balances.map((balance) => ({
            currency: balance.currency,
            available: decimalOf(balance.availableMinor, balance.currency),
            minimum: decimalOf(balance.minimumMinor, balance.currency),
          })),
          feeBasisPoints: options!.feeBasisPoints,
          kycStatus: options!.kycStatus,
          bankAccounts: options!.bankAccounts,
          canRequest: options!.canRequest,
          history: company[1].items.map(payoutView),
          total: company[1].total,
          offset,
        }
      : null,
    queue: queue ? [...queue[0].items, ...queue[1].items].map(payoutView) : null,
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const payoutId = String(form.get('payoutId') ?? '')
  const subject = { intent, payoutId }
  try {
    if (intent === 'request') {
      const parsed = parseForm(RequestPayoutInput, form)
      if (!parsed.ok) return failure(parsed, 422, subject)
      await requestPayout(ctx, parsed.data, idempotencyOfForm(form))
      return { ok: true as const, intent, payoutId }
    }
    if (intent === 'decide') {
      const parsed = parseForm(PayoutDecisionInput, form)
      if (!parsed.ok) return failure(parsed, 422, { ...subject, decision: String(form.get('decision') ?? '') })
      await decidePayout(ctx, payoutId, parsed.data, idempotencyOfForm(form))
      return { ok: true as const, intent, payoutId, done: parsed.data.decision }
    }
    if (intent === 'close') {
      const parsed = parseForm(PayoutOutcomeInput, form)
      if (!parsed.ok) return failure(parsed, 422, { ...subject, outcome: String(form.get('outcome') ?? '') })
      await closePayout(ctx, payoutId, parsed.data, idempotencyOfForm(form))
      return { ok: true as const, intent, payoutId, done: parsed.data.outcome }
    }
    return failure({ ok: false, fieldErrors: {} }, 400, subject)
  } catch (error) {
    return failureFromError(error, { ...subject, decision: String(form.get('decision') ?? ''), outcome: String(form.get('outcome') ?? '') })
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

type Data = Route.ComponentProps['loaderData']
type Failed = {
  ok: false
  intent?: string
  payoutId?: string
  decision?: string
  outcome?: string
  fieldErrors: Record<string, string[]>
  formError?: { code: string; message: string }
}
type Result = { ok: true; intent: string; payoutId: string; done?: string } | Failed | undefined

export default function FinancePayoutsPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('finance')
  const { locale } = useRootData()
  const result = actionData as Result
  return (
    <AppPage
      title={t('payouts.title')}
      description={t('payouts.description')}
      actions={
        data.company ? (
          <Link to={localizePath(locale, FINANCE_PAGES.account)} className={buttonClasses('secondary')}>
            {t('payouts.toAccount')}
          </Link>
        ) : undefined
      }
    >
      {result?.ok ? <Alert tone="success">{t(`payouts.done.${result.intent === 'request' ? 'request' : (result.done ?? result.intent)}`)}</Alert> : null}
      {data.company ? <CompanyPayouts company={data.company} idempotencyKey={data.idempotencyKey} result={result} /> : null}
      {data.queue ? <AdminQueue queue={data.queue} idempotencyKey={data.idempotencyKey} result={result} /> : null}
    </AppPage>
  )
}

function CompanyPayouts({ company, idempotencyKey, result }: { company: NonNullable<Data['company']>; idempotencyKey: string; result: Result }) {
  const { t } = useTranslation('finance')
  const { locale } = useRootData()
  const format = useFormatter()
  const base = localizePath(locale, FINANCE_PAGES.payouts)
  const failed = result && !result.ok && result.intent === 'request' ? result : undefined
  const errors = (name: string) => failed?.fieldErrors[name]?.map((key) => t(key))
  const kycAccepted = company.kycStatus === 'accept'
  const hasAccount = company.bankAccounts.length > 0
  const payable = company.balances.filter((balance) => Number(balance.available) > 0)
  const ready = kycAccepted && hasAccount && company.canRequest && payable.length > 0
  const fee = format.number(company.feeBasisPoints / 100, { maximumFractionDigits: 2 })
  return (
    <>
      <section aria-labelledby="available-title" className="flex flex-col gap-3">
        <h2 id="available-title" className="text-lg font-semibold">
          {t('payouts.available')}
        </h2>
        {company.balances.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('payouts.noBalance')}</p>
        ) : (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
            {company.balances.map((balance) => (
              <Card key={balance.currency} className="flex flex-col gap-1">
                <CardTitle as="h3" className="text-sm font-medium text-muted-foreground">
                  {balance.currency}
                </CardTitle>
                <MoneyAmount amount={balance.available} currency={balance.currency} className="text-2xl font-semibold" />
                <CardDescription>{t('payouts.minimum', { amount: format.money(balance.minimum, balance.currency) })}</CardDescription>
              </Card>
            ))}
          </div>
        )}
      </section>
      <Card as="section" aria-labelledby="request-title" className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <CardTitle id="request-title">{t('payouts.request')}</CardTitle>
          <CardDescription>{t('payouts.requestHelp', { fee })}</CardDescription>
        </div>
        {!kycAccepted ? (
          <Alert tone="warning" title={t(`payouts.kyc.${company.kycStatus}`)}>
            <Link to={localizePath(locale, FINANCE_PAGES.onboarding)} className="font-medium underline underline-offset-4">
              {t('payouts.toOnboarding')}
            </Link>
          </Alert>
        ) : null}
        {!hasAccount ? (
          <Alert tone="warning" title={t('payouts.noAccount')}>
            <Link to={localizePath(locale, FINANCE_PAGES.settings)} className="font-medium underline underline-offset-4">
              {t('payouts.toSettings')}
            </Link>
          </Alert>
        ) : null}
        {!company.canRequest ? <p className="text-sm text-muted-foreground">{t('payouts.needsRole')}</p> : null}
        {kycAccepted && hasAccount && company.canRequest && payable.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('payouts.nothingAvailable')}</p>
        ) : null}
        {ready ? (
          <ConfirmDialog
            key={idempotencyKey}
            triggerLabel={t('payouts.requestOpen')}
            triggerVariant="primary"
            title={t('payouts.requestTitle')}
            description={t('payouts.requestConfirmHelp', { fee })}
            confirmLabel={t('payouts.requestConfirm')}
            confirmVariant="primary"
            open={Boolean(failed)}
          >
            <input type="hidden" name="intent" value="request" />
            <IdempotencyField value={idempotencyKey} />
            <FormError error={failed?.formError} />
            <FormField label={t('payouts.bankAccount')} errors={errors('bankAccountId')}>
              {(control) => (
                <NativeSelect name="bankAccountId" required defaultValue={company.bankAccounts[0]?.id} {...control}>
                  {company.bankAccounts.map((account) => (
                    <option key={account.id} value={account.id}>
                      {account.label} · {account.currency}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label={t('payouts.currency')} hint={t('payouts.currencyHint')} errors={errors('currency')}>
              {(control) => (
                <NativeSelect name="currency" required defaultValue={company.bankAccounts[0]?.currency ?? payable[0]?.currency} {...control}>
                  {payable.map((balance) => (
                    <option key={balance.currency} value={balance.currency}>
                      {t('payouts.currencyOption', { currency: balance.currency, amount: format.money(balance.available, balance.currency) })}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label={t('payouts.amount')} hint={t('payouts.amountHint')} errors={errors('amount')}>
              {(control) => <Input name="amount" required inputMode="decimal" autoComplete="off" pattern="\d{1,15}(\.\d{1,4})?" {...control} />}
            </FormField>
          </ConfirmDialog>
        ) : null}
      </Card>
      <section aria-labelledby="history-title" className="flex flex-col gap-3">
        <h2 id="history-title" className="text-lg font-semibold">
          {t('payouts.history')}
        </h2>
        {company.history.length === 0 ? (
          <p className="rounded-md border border-dashed border-border p-6 text-center text-sm text-muted-foreground">{t('payouts.empty')}</p>
        ) : (
          <PayoutTable rows={company.history} />
        )}
        <Pagination total={company.total} offset={company.offset} limit={PAGE_SIZE} hrefFor={(offset) => (offset > 0 ? `${base}?offset=${offset}` : base)} />
      </section>
    </>
  )
}

function PayoutTable({ rows, actions }: { rows: PayoutView[]; actions?: (row: PayoutView) => ReactNode }) {
  const { t } = useTranslation('finance')
  const format = useFormatter()
  return (
    <div className="overflow-x-auto">
      <Table aria-label={t('payouts.tableLabel')} stackOnPhone>
        <TableHeader>
          <TableRow>
            <TableHead>{t('payouts.columns.number')}</TableHead>
            {actions ? <TableHead>{t('payouts.columns.company')}</TableHead> : null}
            <TableHead>{t('payouts.columns.account')}</TableHead>
            <TableHead>{t('payouts.columns.status')}</TableHead>
            <TableHead>{t('payouts.columns.requested')}</TableHead>
            <TableHead className="text-end">{t('payouts.columns.amount')}</TableHead>
            {actions ? (
              <TableHead>
                <span className="sr-only">{t('payouts.columns.actions')}</span>
              </TableHead>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell className="font-mono text-xs font-medium">{row.number}</TableCell>
              {actions ? <TableCell label={t('payouts.columns.company')}>{row.companyName}</TableCell> : null}
              <TableCell label={t('payouts.columns.account')}>{row.bankAccountLabel}</TableCell>
              <TableCell label={t('payouts.columns.status')}>
                <PayoutStatusBadge status={row.status} />
                {row.reason ? <span className="block text-xs text-muted-foreground">{row.reason}</span> : null}
                {row.bankReference ? <span className="block font-mono text-xs text-muted-foreground">{row.bankReference}</span> : null}
              </TableCell>
              <TableCell label={t('payouts.columns.requested')} className="whitespace-nowrap">
                {format.date(row.createdAt)}
              </TableCell>
              <TableCell label={t('payouts.columns.amount')} className="text-end">
                <MoneyAmount amount={row.amount} currency={row.currency} className="font-medium" />
                <span className="block text-xs text-muted-foreground">
                  {t('payouts.net', { fee: format.money(row.fee, row.currency), net: format.money(row.net, row.currency) })}
                </span>
              </TableCell>
              {actions ? <TableCell>{actions(row)}</TableCell> : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}

/** A platform admin's queue: pending payouts to accept or reject, accepted ones to close as paid or failed. */
function AdminQueue({ queue, idempotencyKey, result }: { queue: PayoutView[]; idempotencyKey: string; result: Result }) {
  const { t } = useTranslation('finance')
  const format = useFormatter()
  const failedFor = (row: PayoutView, key: 'decision' | 'outcome', value: string) =>
    result && !result.ok && result.payoutId === row.id && result[key] === value ? result : undefined
  const field = (failed: Failed | undefined, name: string) => failed?.fieldErrors[name]?.map((key) => t(key))
  return (
    <Card as="section" aria-labelledby="queue-title" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <CardTitle id="queue-title">{t('payouts.queue.title')}</CardTitle>
        <CardDescription>{t('payouts.queue.description')}</CardDescription>
      </div>
      {queue.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('payouts.queue.empty')}</p>
      ) : (
        <PayoutTable
          rows={queue}
          actions={(row) => {
            const amount = format.money(row.amount, row.currency)
            const key = `${idempotencyKey}-${row.id}`
            if (row.status === 'pending') {
              const rejecting = failedFor(row, 'decision', 'reject')
              const accepting = failedFor(row, 'decision', 'accept')
              return (
                <div className="flex flex-wrap gap-2">
                  <ConfirmDialog
                    triggerLabel={t('payouts.queue.accept')}
                    title={t('payouts.queue.acceptTitle', { number: row.number })}
                    description={t('payouts.queue.acceptHelp', { amount, company: row.companyName, account: row.bankAccountLabel })}
                    confirmLabel={t('payouts.queue.acceptConfirm')}
                    confirmVariant="primary"
                    open={Boolean(accepting)}
                  >
                    <input type="hidden" name="intent" value="decide" />
                    <input type="hidden" name="decision" value="accept" />
                    <input type="hidden" name="payoutId" value={row.id} />
                    <IdempotencyField value={`${key}-accept`} />
                    <FormError error={accepting?.formError} />
                  </ConfirmDialog>
                  <ConfirmDialog
                    triggerLabel={t('payouts.queue.reject')}
                    triggerVariant="ghost"
                    title={t('payouts.queue.rejectTitle', { number: row.number })}
                    description={t('payouts.queue.rejectHelp', { amount })}
                    confirmLabel={t('payouts.queue.rejectConfirm')}
                    open={Boolean(rejecting)}
                  >
                    <input type="hidden" name="intent" value="decide" />
                    <input type="hidden" name="decision" value="reject" />
                    <input type="hidden" name="payoutId" value={row.id} />
                    <IdempotencyField value={`${key}-reject`} />
                    <FormField label={t('payouts.queue.reason')} errors={field(rejecting, 'reason')}>
                      {(control) => <Input name="reason" required maxLength={2000} {...control} />}
                    </FormField>
                    <FormError error={rejecting?.formError} />
                  </ConfirmDialog>
                </div>
              )
            }
            const paying = failedFor(row, 'outcome', 'paid')
            const failing = failedFor(row, 'outcome', 'failed')
            return (
              <div className="flex flex-wrap gap-2">
                <ConfirmDialog
                  triggerLabel={t('payouts.queue.markPaid')}
                  title={t('payouts.queue.paidTitle', { number: row.number })}
                  description={t('payouts.queue.paidHelp', { net: format.money(row.net, row.currency), account: row.bankAccountLabel })}
                  confirmLabel={t('payouts.queue.paidConfirm')}
                  confirmVariant="primary"
                  open={Boolean(paying)}
                >
                  <input type="hidden" name="intent" value="close" />
                  <input type="hidden" name="outcome" value="paid" />
                  <input type="hidden" name="payoutId" value={row.id} />
                  <IdempotencyField value={`${key}-paid`} />
                  <FormField label={t('payouts.queue.bankReference')} errors={field(paying, 'bankReference')}>
                    {(control) => <Input name="bankReference" required maxLength={200} autoComplete="off" {...control} />}
                  </FormField>
                  <FormError error={paying?.formError} />
                </ConfirmDialog>
                <ConfirmDialog
                  triggerLabel={t('payouts.queue.markFailed')}
                  triggerVariant="ghost"
                  title={t('payouts.queue.failedTitle', { number: row.number })}
                  description={t('payouts.queue.failedHelp', { amount })}
                  confirmLabel={t('payouts.queue.failedConfirm')}
                  open={Boolean(failing)}
                >
                  <input type="hidden" name="intent" value="close" />
                  <input type="hidden" name="outcome" value="failed" />
                  <input type="hidden" name="payoutId" value={row.id} />
                  <IdempotencyField value={`${key}-failed`} />
                  <FormField label={t('payouts.queue.reason')} errors={field(failing, 'reason')}>
                    {(control) => <Input name="reason" required maxLength={2000} {...control} />}
                  </FormField>
                  <FormError error={failing?.formError} />
                </ConfirmDialog>
              </div>
            )
          }}
        />
      )}
    </Card>
  )
}
