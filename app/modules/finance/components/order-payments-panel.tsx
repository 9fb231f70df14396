// "Payment & escrow" on both order pages (issue 21): the order's instalments with their payments, what was paid, is held,
// released and refunded, the buyer's Pay button per payable instalment (provider and currency, confirmed first), the bank
// transfer instructions with the reference to quote, and the card checkout link. The supplier sees what escrow holds for it.
import { useEffect, useId, useRef } from 'react'
import { Link, useFetcher } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../../components/ui/card'
import { FormField } from '../../../components/ui/field'
import { NativeSelect } from '../../../components/ui/native-select'
import { toast } from '../../../components/ui/toast'
import { useFormatter } from '../../../components/use-formatter'
import { FormError, type FormErrorData } from '../../../components/form-error'
import { localizePath, type Locale } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { FINANCE_PAGES } from '../finance.constants'
import type { OrderPaymentsView, PaymentDetailView } from '../finance-views'
import { MoneyAmount } from './money-amount'
import { PaymentStatusBadge } from './payment-status-badge'

type Instalment = OrderPaymentsView['instalments'][number]

/** What the payments route answers to a Pay form. */
export type PayResult =
  | { ok: true; intent: 'pay'; paymentId: string; checkoutUrl: string | null }
  | { ok: false; intent?: string; fieldErrors: Record<string, string[]>; formError?: FormErrorData }
  | undefined

export function OrderPaymentsPanel({ locale, payments, idempotencyKey }: { locale: Locale; payments: OrderPaymentsView; idempotencyKey: string }) {
  const { t } = useTranslation('finance')
  const titleId = useId()
  return (
    <Card as="section" aria-labelledby={titleId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <CardTitle id={titleId}>{t('order.title')}</CardTitle>
        <CardDescription>{t(`order.description.${payments.side}`)}</CardDescription>
      </div>
      {payments.totals.map((row) => (
        <dl key={row.currency} className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t('order.totalsLabel', { currency: row.currency })}>
          <Figure label={t('order.totals.paid')} amount={row.paid} currency={row.currency} />
          <Figure label={payments.side === 'supplier' ? t('order.totals.heldForYou') : t('order.totals.held')} amount={row.held} currency={row.currency} />
          <Figure label={t('order.totals.released')} amount={row.released} currency={row.currency} />
          <Figure label={t('order.totals.refunded')} amount={row.refunded} currency={row.currency} />
        </dl>
      ))}
      <ol className="flex flex-col gap-3">
        {payments.instalments.map((instalment) => (
          <li key={instalment.stage}>
            <InstalmentRow locale={locale} payments={payments} instalment={instalment} idempotencyKey={`${idempotencyKey}-${instalment.stage}`} />
          </li>
        ))}
      </ol>
      {payments.needsMoneyRole ? <p className="text-sm text-muted-foreground">{t('order.needsRole')}</p> : null}
      <p className="text-sm">
        <Link to={localizePath(locale, FINANCE_PAGES.payments)} className="text-primary underline-offset-4 hover:underline">
          {t('order.allPayments')}
        </Link>
      </p>
    </Card>
  )
}

function Figure({ label, amount, currency }: { label: string; amount: string; currency: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 rounded-md border border-border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium">
        <MoneyAmount amount={amount} currency={currency} />
      </dd>
    </div>
  )
}

function InstalmentRow({
  locale,
  payments,
  instalment,
  idempotencyKey,
}: {
  locale: Locale
  payments: OrderPaymentsView
  instalment: Instalment
  idempotencyKey: string
}) {
  const { t } = useTranslation('finance')
  const format = useFormatter()
  const payment = instalment.payment
  return (
    <div className="flex flex-col gap-3 rounded-md border border-border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-0.5">
          <span className="font-medium">
            {t(`stages.${instalment.stage}`)} · {format.number(instalment.basisPoints / 100)} %
          </span>
          <span className="text-sm text-muted-foreground">{t(`due.${instalment.due}`, { days: instalment.days ?? 0 })}</span>
        </div>
        <div className="flex flex-col items-end gap-1">
          <MoneyAmount amount={instalment.amount} currency={payments.currency} className="font-semibold" />
          {payment && payment.status !== 'cancelled' ? (
            <PaymentStatusBadge status={payment.status} frozen={payment.frozen} />
          ) : (
            <PaymentStatusBadge status="awaiting" />
          )}
        </div>
      </div>
      {payment ? <PaymentFacts payment={payment} side={payments.side} /> : null}
      {instalment.payable ? <PayForm payments={payments} instalment={instalment} idempotencyKey={idempotencyKey} locale={locale} /> : null}
    </div>
  )
}

function PaymentFacts({ payment, side }: { payment: PaymentDetailView; side: OrderPaymentsView['side'] }) {
  const { t } = useTranslation('finance')
  const format = useFormatter()
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="text-muted-foreground">
        {t('order.paymentLine', { number: payment.number, provider: t(`providers.${payment.provider}`) })}
        {payment.fxRate ? ` · ${t('order.fx', { rate: payment.fxRate, from: payment.orderCurrency, to: payment.currency })}` : null}
      </p>
      {payment.status !== 'awaiting' && payment.status !== 'cancelled' ? (
        <p>
          {t('order.paymentMoney', {
            held: format.money(payment.held, payment.currency),
            released: format.money(payment.released, payment.currency),
            refunded: format.money(payment.refunded, payment.currency),
          })}
          {side === 'supplier' && payment.status === 'released' ? ` · ${t('order.feeCharged', { fee: format.money(payment.fee, payment.currency) })}` : null}
        </p>
      ) : null}
      {payment.status === 'held' && payment.releaseAfter && !payment.frozen ? (
        <p className="text-muted-foreground">{t('order.releaseAfter', { date: format.date(payment.releaseAfter) })}</p>
      ) : null}
      {payment.frozen ? <p className="text-status-reject">{t('order.frozen')}</p> : null}
      {payment.bankDetails ? <BankInstructions payment={payment} /> : null}
      {payment.checkoutUrl ? (
        <a href={payment.checkoutUrl} className={buttonClasses('primary', 'self-start')} rel="noreferrer">
          {t('order.continueToCard')}
        </a>
      ) : null}
      {payment.refunds.length > 0 ? (
        <ul className="flex flex-col gap-1 text-muted-foreground">
          {payment.refunds.map((refund) => (
            <li key={refund.id}>
              {t(refund.status === 'sent' ? 'order.refundSent' : 'order.refundPending', {
                amount: format.money(refund.amount, refund.currency),
                date: format.date(refund.sentAt ?? refund.createdAt),
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** Where and how to transfer: the platform's account, the exact amount, and the reference the bank statement must carry. */
function BankInstructions({ payment }: { payment: PaymentDetailView }) {
  const { t } = useTranslation('finance')
  const details = payment.bankDetails!
  const rows: Array<[string, string, boolean]> = [
    [t('bank.holder'), details.holder, false],
    [t('bank.bank'), details.bank, false],
    [t('bank.iban'), details.iban, true],
    [t('bank.bic'), details.bic, true],
    [t('bank.reference'), payment.reference, true],
  ]
  return (
    <Alert tone="info" title={t('bank.title')}>
      <p>{t('bank.help')}</p>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value, mono]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className={mono ? 'font-mono break-all' : 'break-words'}>{value}</dd>
          </div>
        ))}
        <dt className="text-muted-foreground">{t('bank.amount')}</dt>
        <dd>
          <MoneyAmount amount={payment.amount} currency={payment.currency} className="font-semibold" />
        </dd>
      </dl>
    </Alert>
  )
}

/**
 * The buyer pays one instalment: provider and currency, then a confirmation dialog (a native <dialog>), posted to the
 * payments page's action by a fetcher so the order page stays where it is (without scripts: a plain form post).
 */
function PayForm({
  locale,
  payments,
  instalment,
  idempotencyKey,
}: {
  locale: Locale
  payments: OrderPaymentsView
  instalment: Instalment
  idempotencyKey: string
}) {
  const { t } = useTranslation('finance')
  const format = useFormatter()
  const fetcher = useFetcher<PayResult>()
  const dialog = useRef<HTMLDialogElement>(null)
  const id = useId()
  const dialogId = `pay-${id.replace(/:/g, '')}`
  const result = fetcher.data
  const failed = result && !result.ok ? result : undefined
  const errors = (name: string) => failed?.fieldErrors[name]?.map((key) => t(key))

  useEffect(() => {
    if (fetcher.state !== 'idle' || !result) return
    if (result.ok) {
      dialog.current?.close()
      void toast.success(t('order.payStarted'))
      if (result.checkoutUrl) window.location.assign(result.checkoutUrl)
    }
  }, [fetcher.state, result, t])

  const amount = format.money(instalment.amount, payments.currency)
  return (
    <>
      <Button type="button" className="self-start" aria-haspopup="dialog" onClick={() => dialog.current?.showModal()}>
        {t('order.pay', { stage: t(`stages.${instalment.stage}`) })}
      </Button>
      <dialog
        ref={dialog}
        id={dialogId}
        aria-labelledby={`${dialogId}-title`}
        className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-lg border border-border bg-card p-6 text-card-foreground shadow-lg backdrop:bg-background/80 backdrop:backdrop-blur-sm"
      >
        <fetcher.Form method="post" action={localizePath(locale, FINANCE_PAGES.payments)} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="pay" />
          <input type="hidden" name="orderId" value={payments.orderId} />
          <input type="hidden" name="stage" value={instalment.stage} />
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <div className="flex flex-col gap-1.5">
            <h2 id={`${dialogId}-title`} className="text-lg leading-tight font-semibold">
              {t('order.payTitle', { stage: t(`stages.${instalment.stage}`), amount })}
            </h2>
            <p className="text-sm text-muted-foreground">{t('order.payHelp')}</p>
          </div>
          <FormError error={failed?.formError} />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t('order.provider')}</legend>
            {payments.providers.map((provider, index) => (
              <label key={provider} className="flex items-start gap-2 text-sm">
                <input type="radio" name="provider" value={provider} defaultChecked={index === 0} className="mt-0.5 size-4 accent-primary" />
                <span>
                  {t(`providers.${provider}`)}
                  <span className="block text-xs text-muted-foreground">{t(`providerHelp.${provider}`)}</span>
                </span>
              </label>
            ))}
            {errors('provider')?.map((message) => (
              <p key={message} className="text-sm text-destructive">
                {message}
              </p>
            ))}
          </fieldset>
          <FormField label={t('order.currency')} hint={t('order.currencyHint', { currency: payments.currency })} errors={errors('currency')}>
            {(control) => (
              <NativeSelect name="currency" defaultValue={payments.currency} {...control}>
                {payments.currencies.map((currency) => (
                  <option key={currency} value={currency}>
                    {currency}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={() => dialog.current?.close()}>
              {t('order.keep')}
            </Button>
            <Button type="submit" disabled={fetcher.state !== 'idle'}>
              {t('order.payConfirm', { amount })}
            </Button>
          </div>
        </fetcher.Form>
      </dialog>
    </>
  )
}
