import { Form, Link, useNavigation, useSearchParams } from 'react-router'
import { FormError, useFieldErrors } from '../../../components/form-error'
import { Money } from '../../../components/money'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card, CardTitle } from '../../../components/ui/card'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import { requireActor } from '../../../modules/companies/index.server'
import {
  AcceptQuoteInput,
  FreightDetailsList,
  FreightQuoteInput,
  FreightQuoteStatusBadge,
  needsReason,
  serviceOrderMachine,
  ServiceOrderTimeline,
  ServiceOrderTransitionInput,
  ServiceStatusBadge,
} from '../../../modules/orders/index'
import { acceptFreightQuote, getServiceOrder, submitFreightQuote, transitionServiceOrder, withdrawFreightQuote } from '../../../modules/orders/index.server'
import { failure, failureFromError, formToObject, withRouteErrors } from '../../../platform/forms.server'
import { localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { useLiveRevalidate } from '../../../platform/realtime/hooks'
import { fieldErrorsOf } from '../../../platform/validation'
import type { z } from '../../../platform/zod'
import { pageData } from '../../page-data.server'
import { useRootData } from '../../route-helpers'
import type { Route } from './+types/service-detail'

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = requireActor(context, params)
  const order = await withRouteErrors(() => getServiceOrder(ctx, params.id))
  const page = pageData(ctx.locale, 'services', 'detail.metaTitle')
  return { ...page, title: `${order.number} · ${page.title}`, order }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

function parsed<S extends z.ZodType>(schema: S, raw: Record<string, unknown>, run: (input: z.infer<S>) => Promise<unknown>) {
  const result = schema.safeParse(raw)
  if (!result.success) return failure({ ok: false, fieldErrors: fieldErrorsOf(result.error) })
  return run(result.data).then(
    () => ({ ok: true as const }),
    (error: unknown) => failureFromError(error),
  )
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requireActor(context, params)
  const form = await request.formData()
  const raw = formToObject(form, form.get('intent') === 'quote' ? ['includesInsurance'] : [])
  switch (raw.intent) {
    case 'quote':
      return parsed(FreightQuoteInput, raw, (input) => submitFreightQuote(ctx, params.id, input))
    case 'withdraw':
      try {
        await withdrawFreightQuote(ctx, params.id, String(raw.quoteId ?? ''))
        return { ok: true as const }
      } catch (error) {
        return failureFromError(error)
      }
    case 'accept_quote':
      return parsed(AcceptQuoteInput, raw, (input) => acceptFreightQuote(ctx, params.id, input))
    default:
      return parsed(ServiceOrderTransitionInput, raw, (input) => transitionServiceOrder(ctx, params.id, input))
  }
}

/** A freight order under which the provider ships the linked order's goods. */
const CARRYING_STATUSES = new Set(['accepted', 'in_progress'])

export default function ServiceOrderDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  useLiveRevalidate((change) => change.entity === 'service_order' && change.id === loaderData.order.id)
  const { t } = useTranslation('services')
  const { locale } = useRootData()
  const format = useFormatter()
  const navigation = useNavigation()
  const [searchParams] = useSearchParams()
  const { order } = loaderData
  const busy = navigation.state === 'submitting'
  const fieldErrors = actionData && 'fieldErrors' in actionData ? actionData.fieldErrors : undefined
  const fieldError = useFieldErrors(fieldErrors, 'services')
  const formError = actionData && 'formError' in actionData ? actionData.formError : undefined
  const stale = formError?.code === 'stale_version'
  const succeeded = Boolean(actionData && 'ok' in actionData && actionData.ok)
  const reasonActions = order.actions.steps.filter((action) => needsReason(serviceOrderMachine, action))
  const plainActions = order.actions.steps.filter((action) => !needsReason(serviceOrderMachine, action))
  const priceOf = (price: string | null, currency: string | null) => (price && currency ? format.money(price, currency) : t('detail.notPriced'))

  const summary: Array<[string, string]> = [
    [t('detail.kind'), t(`kinds.${order.kind}`)],
    [t('detail.serviceType'), t(`types.${order.serviceType}.name`)],
    ...(order.viewer !== 'quoting' ? ([[t('detail.buyer'), order.buyer.name]] as Array<[string, string]>) : []),
    [t('detail.provider'), order.provider.name || t('detail.noProvider')],
    [t('detail.price'), priceOf(order.price, order.currency)],
    ...(order.kind === 'service'
      ? ([
          [t('detail.scope'), order.scope],
          [t('detail.location'), order.location],
          [t('detail.serviceDate'), order.serviceDate ? format.date(order.serviceDate) : ''],
        ] as Array<[string, string]>)
      : []),
    ...(order.statusReason ? ([[t('detail.reason'), order.statusReason]] as Array<[string, string]>) : []),
  ]

  return (
    <div className="flex flex-col gap-6">
      <nav aria-label={t('detail.backToList')} className="text-sm">
        <Link to={localizePath(locale, '/app/orders/service')} className="text-primary hover:underline">
          {t('detail.backToList')}
        </Link>
      </nav>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{order.number}</h1>
        <ServiceStatusBadge status={order.status} />
      </header>

      {order.viewer === 'quoting' ? <Alert tone="info">{t('detail.quotingNotice')}</Alert> : null}
      {stale ? <Alert tone="warning">{t('detail.staleVersion')}</Alert> : <FormError error={formError} />}
      {succeeded ? (
        <Alert tone="success">
          <span role="status">{t('detail.updated')}</span>
        </Alert>
      ) : searchParams.get('created') ? (
        <Alert tone="success">
          <span role="status">{t('list.savedNotice', { number: order.number })}</span>
        </Alert>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-6">
          <Card className="flex flex-col gap-3 p-5">
            <CardTitle>{t('detail.summaryTitle')}</CardTitle>
            <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
              {summary.map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="text-sm text-muted-foreground">{term}</dt>
                  <dd className="text-sm whitespace-pre-line">{value}</dd>
                </div>
              ))}
              {order.linkedPurchaseOrder ? (
                <div className="contents">
                  <dt className="text-sm text-muted-foreground">{t('detail.linkedPurchaseOrder')}</dt>
                  <dd className="flex flex-wrap items-center gap-3 text-sm">
                    {/* The provider is not a party to the purchase order: it books its goods, it does not open it. */}
                    {order.viewer === 'buyer' ? (
                      <Link to={localizePath(locale, `/app/orders/${order.linkedPurchaseOrder.id}/view`)} className="text-primary hover:underline">
                        {order.linkedPurchaseOrder.number}
                      </Link>
                    ) : (
                      <span className="font-mono">{order.linkedPurchaseOrder.number}</span>
                    )}
                    {order.viewer === 'provider' && order.serviceType === 'logistics' && CARRYING_STATUSES.has(order.status) ? (
                      <Link
                        to={localizePath(locale, `/app/shipments/shipping?order=${encodeURIComponent(order.linkedPurchaseOrder.id)}`)}
                        className={buttonClasses('secondary')}
                      >
                        {t('detail.bookShipment')}
                      </Link>
                    ) : null}
                  </dd>
                </div>
              ) : null}
            </dl>
          </Card>

          {order.freight ? (
            <Card className="flex flex-col gap-3 p-5">
              <CardTitle>{t('detail.freightTitle')}</CardTitle>
              <FreightDetailsList freight={order.freight} locale={locale} />
            </Card>
          ) : null}

          {order.kind === 'logistic' ? (
            <Card className="flex flex-col gap-3 p-5">
              <CardTitle>{order.viewer === 'buyer' ? t('detail.quotesTitle') : t('detail.yourQuoteTitle')}</CardTitle>
              {order.quotes.length === 0 ? (
                <p className="text-sm text-muted-foreground">{order.viewer === 'buyer' ? t('detail.noQuotes') : t('detail.quoteFormIntro')}</p>
              ) : (
                <Table aria-label={t('detail.quotesTableLabel')} stackOnPhone>
                  <TableHeader>
                    <TableRow>
                      <TableHead>{t('detail.quoteProvider')}</TableHead>
                      <TableHead className="text-end">{t('detail.quotePrice')}</TableHead>
                      <TableHead>{t('detail.quoteTransit')}</TableHead>
                      <TableHead>{t('detail.quoteValidUntil')}</TableHead>
                      <TableHead>{t('detail.quoteInsurance')}</TableHead>
                      <TableHead>{t('detail.quoteStatus')}</TableHead>
                      <TableHead>{t('detail.quoteActions')}</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {order.quotes.map((quote) => (
                      <TableRow key={quote.id}>
                        <TableCell>
                          <span className="flex flex-col">
                            <span>{quote.providerName}</span>
                            {quote.note ? <span className="text-xs text-muted-foreground">{quote.note}</span> : null}
                          </span>
                        </TableCell>
                        <TableCell label={t('detail.quotePrice')} className="text-end tabular-nums">
                          <Money amount={quote.price} currency={quote.currency} />
                        </TableCell>
                        <TableCell label={t('detail.quoteTransit')}>{t('detail.transitDays', { count: quote.transitDays })}</TableCell>
                        <TableCell label={t('detail.quoteValidUntil')}>{format.date(quote.validUntil)}</TableCell>
                        <TableCell label={t('detail.quoteInsurance')}>{quote.includesInsurance ? t('detail.yes') : t('detail.no')}</TableCell>
                        <TableCell label={t('detail.quoteStatus')}>
                          <FreightQuoteStatusBadge status={quote.status} />
                        </TableCell>
                        <TableCell>
                          {order.actions.acceptableQuoteIds.includes(quote.id) ? (
                            <Form method="post">
                              <input type="hidden" name="intent" value="accept_quote" />
                              <input type="hidden" name="quoteId" value={quote.id} />
                              <input type="hidden" name="version" value={order.version} />
                              <Button type="submit" size="sm" disabled={busy} aria-label={t('detail.acceptQuoteLabel', { provider: quote.providerName })}>
                                {t('detail.acceptQuote')}
                              </Button>
                            </Form>
                          ) : order.actions.withdrawableQuoteIds.includes(quote.id) ? (
                            <Form method="post">
                              <input type="hidden" name="intent" value="withdraw" />
                              <input type="hidden" name="quoteId" value={quote.id} />
                              <Button type="submit" size="sm" variant="secondary" disabled={busy} aria-label={t('detail.withdrawQuoteLabel')}>
                                {t('detail.withdrawQuote')}
                              </Button>
                            </Form>
                          ) : null}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </Card>
          ) : null}

          {order.actions.quote ? (
            <Card className="flex flex-col gap-3 p-5">
              <CardTitle>{t('detail.quoteFormTitle')}</CardTitle>
              <p className="text-sm text-muted-foreground">{t('detail.quoteFormIntro')}</p>
              <Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
                <input type="hidden" name="intent" value="quote" />
                <FormField label={t('detail.quotePriceLabel')} errors={fieldError('price')}>
                  {(control) => <Input name="price" inputMode="decimal" required {...control} />}
                </FormField>
                <FormField label={t('detail.currency')} errors={fieldError('currency')}>
                  {(control) => <Input name="currency" defaultValue="USD" maxLength={3} autoCapitalize="characters" required {...control} />}
                </FormField>
                <FormField label={t('detail.transitDaysLabel')} errors={fieldError('transitDays')}>
                  {(control) => <Input type="number" name="transitDays" min={1} max={365} step={1} required {...control} />}
                </FormField>
                <FormField label={t('detail.validUntilLabel')} errors={fieldError('validUntil')}>
                  {(control) => <Input type="date" name="validUntil" required {...control} />}
                </FormField>
                <FormField label={t('detail.noteLabel')} errors={fieldError('note')} className="sm:col-span-2">
                  {(control) => <Textarea name="note" rows={3} maxLength={2000} {...control} />}
                </FormField>
                <label className="flex items-center gap-2 text-sm sm:col-span-2">
                  <input type="checkbox" name="includesInsurance" value="true" className="size-4 accent-primary" />
                  {t('detail.includesInsurance')}
                </label>
                <div className="sm:col-span-2">
                  <Button type="submit" disabled={busy}>
                    {t('detail.submitQuote')}
                  </Button>
                </div>
              </Form>
            </Card>
          ) : null}
        </div>

        <div className="flex flex-col gap-6">
          {order.viewer !== 'quoting' ? (
            <Card className="flex flex-col gap-3 p-5">
              <CardTitle>{t('detail.actionsTitle')}</CardTitle>
              {order.actions.steps.length === 0 ? <p className="text-sm text-muted-foreground">{t('detail.noActions')}</p> : null}
              {plainActions.map((action) => (
                <Form key={action} method="post" className="flex flex-col gap-3">
                  <input type="hidden" name="intent" value="transition" />
                  <input type="hidden" name="action" value={action} />
                  <input type="hidden" name="version" value={order.version} />
                  {action === 'accept' ? (
                    <div className="grid grid-cols-2 gap-2">
                      <FormField label={t('detail.priceLabel')} errors={fieldError('price')}>
                        {(control) => <Input name="price" inputMode="decimal" {...control} />}
                      </FormField>
                      <FormField label={t('detail.currencyLabel')} errors={fieldError('currency')}>
                        {(control) => <Input name="currency" maxLength={3} autoCapitalize="characters" {...control} />}
                      </FormField>
                    </div>
                  ) : null}
                  <Button type="submit" disabled={busy}>
                    {t(`actions.${action}`)}
                  </Button>
                </Form>
              ))}
              {reasonActions.length > 0 ? (
                <Form method="post" className="flex flex-col gap-3 border-t border-border pt-3">
                  <input type="hidden" name="intent" value="transition" />
                  <input type="hidden" name="version" value={order.version} />
                  <FormField label={t('detail.reasonLabel')} hint={t('detail.reasonHint')} errors={fieldError('reason')}>
                    {(control) => <Textarea name="reason" rows={3} maxLength={1000} {...control} />}
                  </FormField>
                  <div className="flex flex-wrap gap-2">
                    {reasonActions.map((action) => (
                      <Button
                        key={action}
                        type="submit"
                        name="action"
                        value={action}
                        variant={action === 'dispute' || action === 'decline' || action === 'cancel' ? 'danger' : 'secondary'}
                        disabled={busy}
                      >
                        {t(`actions.${action}`)}
                      </Button>
                    ))}
                  </div>
                </Form>
              ) : null}
            </Card>
          ) : null}

          {order.viewer !== 'quoting' ? (
            <Card className="flex flex-col gap-3 p-5">
              <CardTitle>{t('detail.timelineTitle')}</CardTitle>
              <ServiceOrderTimeline events={order.events} />
            </Card>
          ) : null}
        </div>
      </div>
    </div>
  )
}
