// The company's money (issue 21): balance cards per currency, the statement of one account with its running balance
// (filters in the URL, paged newest first), its CSV, and the cash flow per month. A company whose money never moved is
// told what to do first.
import { Form, Link } from 'react-router'
import { AppPage } from '../../../components/layouts/app-page'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { useFormatter } from '../../../components/use-formatter'
import { requireActor } from '../../../modules/companies/index.server'
import {
  CashFlowChart,
  CashFlowQuery,
  COMPANY_ACCOUNT_KINDS,
  ENTRY_KINDS,
  FINANCE_PAGES,
  MoneyAmount,
  STATEMENT_DEFAULT_LIMIT,
  StatementQuery,
} from '../../../modules/finance/index'
import { balances, cashFlow, decimalOf, hasMoneyMovement, statement } from '../../../modules/finance/index.server'
import { withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { useLiveRevalidate } from '../../../platform/realtime/hooks'
import type { RouteHandle } from '../../../platform/ui/route-handle'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/account'

export const handle: RouteHandle = { width: 'wide' }

const FILTER_NAMES = ['currency', 'kind', 'entryKind', 'from', 'to'] as const
type Filters = Record<(typeof FILTER_NAMES)[number], string>

/** The statement's query from the URL: each valid parameter kept, an invalid one dropped (and said so). */
function queryFrom(params: URLSearchParams): { query: StatementQuery; dropped: boolean } {
  const raw: Record<string, string> = {}
  let dropped = false
  for (const [name, value] of params) {
    if (!(name in StatementQuery.shape) || value === '') continue
    if (StatementQuery.shape[name as keyof typeof StatementQuery.shape].safeParse(value).success) raw[name] = value
    else dropped = true
  }
  return { query: StatementQuery.parse(raw), dropped }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const { query, dropped } = queryFrom(new URL(request.url).searchParams)
  const [cards, page, moved] = await withRouteErrors(() => Promise.all([balances(ctx), statement(ctx, query), hasMoneyMovement(ctx)]))
  const flow = page.currency ? await withRouteErrors(() => cashFlow(ctx, CashFlowQuery.parse({ currency: page.currency }))) : null
  const currency = page.currency
  return {
    ...pageData(ctx.locale, 'finance', 'account.metaTitle'),
    dropped,
    moved,
    supplier: ctx.actor.companyKind === 'supplier' || ctx.actor.companyKind === 'both',
    filters: {
      currency: currency ?? '',
      kind: query.kind,
      entryKind: query.entryKind ?? '',
      from: query.from ?? '',
      to: query.to ?? '',
    } satisfies Filters,
    paged: Boolean(query.cursor),
    limit: query.limit,
    currencies: page.currencies,
    balances: cards.map((card) => ({
      currency: card.currency,
      available: decimalOf(card.available, card.currency),
      escrow: decimalOf(card.escrow, card.currency),
      pendingPayout: decimalOf(card.pendingPayout, card.currency),
      fees: decimalOf(card.fees, card.currency),
      incomingEscrow: decimalOf(card.incomingEscrow, card.currency),
    })),
    rows: page.rows.map((row) => ({
      sequence: row.sequence,
      date: row.date.toISOString(),
      entryKind: row.entryKind,
      reference: row.reference,
      orderId: row.orderId,
      orderNumber: row.orderNumber,
      amount: decimalOf(row.amountMinor, row.currency),
      balance: decimalOf(row.balanceAfterMinor, row.currency),
    })),
    nextCursor: page.nextCursor,
    flow: flow?.currency
      ? {
          currency: flow.currency,
          months: flow.months.map((month) => ({
            month: month.month,
            moneyIn: decimalOf(month.moneyIn, flow.currency!),
            moneyOut: decimalOf(month.moneyOut, flow.currency!),
            held: decimalOf(month.held, flow.currency!),
            refunded: decimalOf(month.refunded, flow.currency!),
          })),
        }
      : null,
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

type Data = Route.ComponentProps['loaderData']

const searchOf = (filters: Filters, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams()
  for (const name of FILTER_NAMES) if (filters[name] && !(name === 'kind' && filters.kind === 'available')) params.set(name, filters[name])
  for (const [name, value] of Object.entries(extra)) params.set(name, value)
  const text = params.toString()
  return text ? `?${text}` : ''
}

export default function FinanceAccountPage({ loaderData: data }: Route.ComponentProps) {
  useLiveRevalidate((change) => change.entity === 'purchase_order')
  const { t } = useTranslation('finance')
  const { locale } = useRootData()
  const base = localizePath(locale, FINANCE_PAGES.account)
  const actions = (
    <div className="flex flex-wrap gap-2">
      <Link to={localizePath(locale, FINANCE_PAGES.payments)} className={buttonClasses('secondary')}>
        {t('account.toPayments')}
      </Link>
      <Link to={localizePath(locale, FINANCE_PAGES.payouts)} className={buttonClasses('secondary')}>
        {t('account.toPayouts')}
      </Link>
    </div>
  )
  if (!data.moved && data.balances.length === 0)
    return (
      <AppPage title={t('account.title')} description={t('account.description')} actions={actions}>
        <NoMoneyYet supplier={data.supplier} />
      </AppPage>
    )
  return (
    <AppPage title={t('account.title')} description={t('account.description')} actions={actions}>
      {data.dropped ? <Alert tone="warning">{t('statement.invalidFilters')}</Alert> : null}
      <BalanceCards data={data} base={base} />
      {data.flow ? <CashFlowChart flow={data.flow} /> : null}
      <Statement data={data} base={base} />
    </AppPage>
  )
}

/** No money has moved yet: what to do first, as a buyer and as a supplier. */
function NoMoneyYet({ supplier }: { supplier: boolean }) {
  const { t } = useTranslation('finance')
  const { locale } = useRootData()
  return (
    <EmptyState
      icon="file-search"
      title={t('account.empty.title')}
      description={
        <span className="flex flex-col gap-1">
          <span>{t('account.empty.buyer')}</span>
          {supplier ? <span>{t('account.empty.supplier')}</span> : null}
        </span>
      }
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Link to={localizePath(locale, '/app/orders/buyer')} className={buttonClasses(supplier ? 'secondary' : 'primary')}>
            {t('account.empty.orders')}
          </Link>
          {supplier ? (
            <>
              <Link to={localizePath(locale, FINANCE_PAGES.onboarding)} className={buttonClasses('primary')}>
                {t('account.empty.onboarding')}
              </Link>
              <Link to={localizePath(locale, FINANCE_PAGES.settings)} className={buttonClasses('secondary')}>
                {t('account.empty.bankAccounts')}
              </Link>
            </>
          ) : null}
        </div>
      }
    />
  )
}

function BalanceCards({ data, base }: { data: Data; base: string }) {
  const { t } = useTranslation('finance')
  const shown = data.balances.filter((card) => card.currency === data.filters.currency)
  return (
    <section aria-labelledby="balances-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="balances-title" className="text-lg font-semibold">
          {t('account.balances')}
        </h2>
        {data.balances.length > 1 ? (
          <nav aria-label={t('account.currencies')} className="flex flex-wrap gap-1">
            {data.balances.map((card) => (
              <Link
                key={card.currency}
                to={`${base}${searchOf({ ...data.filters, currency: card.currency, entryKind: '', from: '', to: '' })}`}
                aria-current={card.currency === data.filters.currency ? 'page' : undefined}
                className={buttonClasses(card.currency === data.filters.currency ? 'primary' : 'ghost', undefined, 'sm')}
              >
                {card.currency}
              </Link>
            ))}
          </nav>
        ) : null}
      </div>
      {(shown.length > 0 ? shown : data.balances).slice(0, 1).map((card) => (
        <div key={card.currency} className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
          <BalanceCard title={t('accountKinds.available')} help={t('account.help.available')} amount={card.available} currency={card.currency} />
          <BalanceCard
            title={t('accountKinds.escrow')}
            help={t('account.help.escrow')}
            amount={card.escrow}
            currency={card.currency}
            extra={data.supplier ? { label: t('account.incomingEscrow'), amount: card.incomingEscrow } : undefined}
          />
          <BalanceCard title={t('accountKinds.pending_payout')} help={t('account.help.pending_payout')} amount={card.pendingPayout} currency={card.currency} />
          <BalanceCard title={t('accountKinds.fees')} help={t('account.help.fees')} amount={card.fees} currency={card.currency} />
        </div>
      ))}
    </section>
  )
}

function BalanceCard({
  title,
  help,
  amount,
  currency,
  extra,
}: {
  title: string
  help: string
  amount: string
  currency: string
  extra?: { label: string; amount: string }
}) {
  return (
    <Card className="flex flex-col gap-1">
      <CardTitle as="h3" className="text-sm font-medium text-muted-foreground">
        {title}
      </CardTitle>
      <MoneyAmount amount={amount} currency={currency} className="text-2xl font-semibold" />
      <CardDescription>{help}</CardDescription>
      {extra ? (
        <p className="text-sm">
          {extra.label}: <MoneyAmount amount={extra.amount} currency={currency} className="font-medium" />
        </p>
      ) : null}
    </Card>
  )
}

function Statement({ data, base }: { data: Data; base: string }) {
  const { t } = useTranslation('finance')
  const { locale } = useRootData()
  const format = useFormatter()
  const filters = data.filters
  const filtered = Boolean(filters.entryKind || filters.from || filters.to)
  const csvHref = `${localizePath(locale, '/app/finance/statement.csv')}${searchOf(filters)}`
  const currency = filters.currency
  return (
    <section aria-labelledby="statement-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="statement-title" className="text-lg font-semibold">
          {t('statement.title', { account: t(`accountKinds.${filters.kind}`), currency })}
        </h2>
        <a href={csvHref} className={buttonClasses('secondary', undefined, 'sm')} download>
          {t('statement.csv')}
        </a>
      </div>
      <Form
        method="get"
        action={base}
        role="search"
        aria-label={t('statement.filters.label')}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      >
        <input type="hidden" name="currency" value={currency} />
        <FormField label={t('statement.filters.kind')}>
          {(control) => (
            <NativeSelect name="kind" defaultValue={filters.kind} {...control}>
              {COMPANY_ACCOUNT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`accountKinds.${kind}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('statement.filters.entryKind')}>
          {(control) => (
            <NativeSelect name="entryKind" defaultValue={filters.entryKind} {...control}>
              <option value="">{t('statement.filters.anyEntry')}</option>
              {ENTRY_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`entries.${kind}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('statement.filters.from')}>{(control) => <Input type="date" name="from" defaultValue={filters.from} {...control} />}</FormField>
        <FormField label={t('statement.filters.to')}>{(control) => <Input type="date" name="to" defaultValue={filters.to} {...control} />}</FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="secondary">
            {t('statement.filters.apply')}
          </Button>
          {filtered ? (
            <Link to={`${base}${searchOf({ ...filters, entryKind: '', from: '', to: '' })}`} className={buttonClasses('ghost')}>
              {t('statement.filters.clear')}
            </Link>
          ) : null}
        </div>
      </Form>
      {data.rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          {filtered || data.paged ? t('statement.emptyFiltered') : t('statement.empty')}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <Table aria-label={t('statement.tableLabel')} stackOnPhone>
            <TableHeader>
              <TableRow>
                <TableHead>{t('statement.columns.date')}</TableHead>
                <TableHead>{t('statement.columns.entry')}</TableHead>
                <TableHead>{t('statement.columns.reference')}</TableHead>
                <TableHead className="text-end">{t('statement.columns.amount')}</TableHead>
                <TableHead className="text-end">{t('statement.columns.balance')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.rows.map((row) => (
                <TableRow key={row.sequence}>
                  <TableCell className="whitespace-nowrap">{format.dateTime(row.date)}</TableCell>
                  <TableCell label={t('statement.columns.entry')}>{t(`entries.${row.entryKind}`)}</TableCell>
                  <TableCell label={t('statement.columns.reference')}>
                    <span className="font-mono text-xs break-all">{row.reference}</span>
                    {row.orderNumber && row.orderId ? (
                      <span className="block text-xs text-muted-foreground">
                        {t('statement.order')}{' '}
                        <Link
                          to={localizePath(locale, `/app/orders/${encodeURIComponent(row.orderId)}/view`)}
                          className="font-mono underline-offset-4 hover:underline"
                        >
                          {row.orderNumber}
                        </Link>
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell label={t('statement.columns.amount')} className="text-end">
                    <MoneyAmount amount={row.amount} currency={currency} />
                  </TableCell>
                  <TableCell label={t('statement.columns.balance')} className="text-end">
                    <MoneyAmount amount={row.balance} currency={currency} className="font-medium" />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {data.paged || data.nextCursor ? (
        <nav aria-label={t('statement.pages')} className="flex flex-wrap justify-between gap-2">
          {data.paged ? (
            <Link
              to={`${base}${searchOf(filters, data.limit !== STATEMENT_DEFAULT_LIMIT ? { limit: String(data.limit) } : {})}`}
              className={buttonClasses('secondary')}
            >
              {t('statement.newest')}
            </Link>
          ) : (
            <span />
          )}
          {data.nextCursor ? (
            <Link to={`${base}${searchOf(filters, { cursor: String(data.nextCursor) })}`} className={buttonClasses('secondary')} rel="next">
              {t('statement.older')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  )
}
