import { useEffect, useRef } from 'react'
import { Form, Link } from 'react-router'
import { FormError, type FormErrorData } from '../../../components/form-error'
import { Alert } from '../../../components/ui/alert'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card, CardDescription, CardTitle } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { FormField } from '../../../components/ui/field'
import { Input } from '../../../components/ui/input'
import { NativeSelect } from '../../../components/ui/native-select'
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '../../../components/ui/table'
import { Stepper } from '../../../components/ui/stepper'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import { AddressLines } from '../../companies/index'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import { useUnitName } from '../../catalog/index'
import { INCOTERMS, PAYMENT_TERMS } from '../orders.constants'
import { ORDER_STEPS, orderProgress } from '../order-progress'
import { CHANGE_DECISIONS, CONFIRMED_ACTIONS, DIRECT_ACTIONS, type PurchaseOrderAction } from '../purchase-order.machine'
import type { ChangeRequest, OrderEvent, OrderLine, PurchaseOrderDetail } from '../purchase-order.types'
import { calendarDay } from './calendar-day'
import { OrderStatusBadge } from './order-status-badge'

/** The saves the order form redirects here with (`?saved=draft|placed`). */
export const ORDER_SAVES = ['draft', 'placed'] as const
export type OrderSave = (typeof ORDER_SAVES)[number]

/** What the page reports as done (`orders:done.*`): a step taken, a request sent or decided, or the form's save. */
export const ORDER_DONE = [...DIRECT_ACTIONS, 'change', 'cancelRequest', ...CHANGE_DECISIONS, ...ORDER_SAVES] as const
export type OrderDone = (typeof ORDER_DONE)[number]

/** The terms a change request may propose, as its before/after table lists them (`orders:detail.fields.*`). */
export const CHANGE_TERM_FIELDS = ['requestedDeliveryDate', 'incoterm', 'incotermPlace', 'paymentTerms', 'notes'] as const

/** What the order page's action answered: the step done, or the errors of one form. */
export type OrderActionResult =
  | { ok: true; intent: string; done: OrderDone }
  | { ok: false; intent?: string; action?: string; fieldErrors: Record<string, string[]>; formError?: FormErrorData }
  | undefined

type OrderDetailProps = {
  order: PurchaseOrderDetail
  locale: Locale
  result: OrderActionResult
  /** The list this page belongs to (the buyer's or the supplier's). */
  backHref: string
  /** Set right after the order form saved it. */
  saved?: OrderSave | null
}

const isConfirmed = (action: PurchaseOrderAction): action is (typeof CONFIRMED_ACTIONS)[number] => (CONFIRMED_ACTIONS as readonly string[]).includes(action)

/** Errors of the form that was submitted, translated from `orders` keys. */
function useFormErrors(result: OrderActionResult, formKey: string) {
  const { t } = useTranslation('orders')
  const mine = result && !result.ok && `${result.intent}:${result.action ?? ''}` === formKey ? result : undefined
  return {
    field: (name: string) => mine?.fieldErrors[name]?.map((key) => t(key)),
    all: mine
      ? Object.values(mine.fieldErrors)
          .flat()
          .map((key) => t(key))
      : [],
  }
}

/** One purchase order, as either party sees it, with the forms of the steps this actor may take (texts from `orders`). */
export function OrderDetail({ order, locale, result, backHref, saved = null }: OrderDetailProps) {
  const { t } = useTranslation('orders')
  const format = useFormatter()
  const unitName = useUnitName()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const statusRef = useRef<HTMLDivElement>(null)
  const conflict = result && !result.ok && ['stale_version', 'change_pending', 'invalid_transition', 'not_your_turn'].includes(result.formError?.code ?? '')

  // After every step, move focus to what changed: the announcement (success or refusal) or the heading.
  useEffect(() => {
    if (!result) return
    ;(statusRef.current ?? headingRef.current)?.focus()
  }, [result])

  const money = (amount: string) => format.money(amount, order.currency)
  const day = (date: string | null | undefined) => (date ? format.date(calendarDay(date)) : t('detail.notSet'))
  const otherParty = order.side === 'buyer' ? order.supplier : order.buyer

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold outline-none">
              {t('detail.title', { number: order.number })}
            </h1>
            <OrderStatusBadge status={order.status} />
          </div>
          <p className="text-sm text-muted-foreground">
            {t(`side.${order.side}`)} · {otherParty.name} · {t('detail.version', { version: order.version })}
          </p>
          {order.statusReason ? <p className="text-sm">{t('detail.statusReason', { reason: order.statusReason })}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {order.actions.editDraft ? (
            <Link to={localizePath(locale, `/app/orders/new-order?draft=${encodeURIComponent(order.id)}`)} className={buttonClasses('secondary')}>
              {t('detail.editDraft')}
            </Link>
          ) : null}
          <Link to={localizePath(locale, backHref)} className={buttonClasses('ghost')}>
            {t('detail.backToList')}
          </Link>
        </div>
      </div>

      <div ref={statusRef} tabIndex={-1} className="outline-none empty:hidden">
        {saved && !result ? <Alert tone="success">{t(`done.${saved}`)}</Alert> : null}
        {result?.ok ? <Alert tone="success">{t(`done.${result.done}`)}</Alert> : null}
        {conflict ? (
          <Alert tone="error" title={result.formError?.message}>
            {t('detail.conflict')}
          </Alert>
        ) : null}
        {result && !result.ok && !conflict ? <FormError error={result.formError ?? { code: 'validation_failed', message: t('detail.actionFailed') }} /> : null}
      </div>

      <OrderProgressCard order={order} />
      {order.actions.steps.length > 0 || order.pendingChange ? <ActionsCard order={order} result={result} locale={locale} /> : null}
      {order.pendingChange ? <PendingChange order={order} request={order.pendingChange} result={result} /> : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="flex flex-col gap-3 p-6">
          <CardTitle>{t('detail.parties')}</CardTitle>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">{t('detail.buyer')}</dt>
            <dd>
              {order.buyer.name} {order.side === 'buyer' ? <span className="text-muted-foreground">{t('detail.you')}</span> : null}
            </dd>
            <dt className="text-muted-foreground">{t('detail.supplier')}</dt>
            <dd>
              {order.supplier.name} {order.side === 'supplier' ? <span className="text-muted-foreground">{t('detail.you')}</span> : null}
            </dd>
            <dt className="text-muted-foreground">{t('detail.placedAt')}</dt>
            <dd>{order.placedAt ? format.dateTime(order.placedAt) : t('detail.notSet')}</dd>
            {order.confirmedAt ? (
              <>
                <dt className="text-muted-foreground">{t('detail.confirmedAt')}</dt>
                <dd>{format.dateTime(order.confirmedAt)}</dd>
              </>
            ) : null}
            {order.deliveredAt ? (
              <>
                <dt className="text-muted-foreground">{t('detail.deliveredAt')}</dt>
                <dd>{format.dateTime(order.deliveredAt)}</dd>
              </>
            ) : null}
            {order.closedAt ? (
              <>
                <dt className="text-muted-foreground">{t('detail.closedAt')}</dt>
                <dd>{format.dateTime(order.closedAt)}</dd>
              </>
            ) : null}
          </dl>
        </Card>
        <Card className="flex flex-col gap-3 p-6">
          <CardTitle>{t('detail.terms')}</CardTitle>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">{t('detail.currency')}</dt>
            <dd>{order.currency}</dd>
            <dt className="text-muted-foreground">{t('detail.incoterm')}</dt>
            <dd>{t('detail.incotermWithPlace', { incoterm: order.incoterm, place: order.incotermPlace })}</dd>
            <dt className="text-muted-foreground">{t('detail.paymentTerms')}</dt>
            <dd>{t(`paymentTerms.${order.paymentTerms}`)}</dd>
            <dt className="text-muted-foreground">{t('detail.requestedDelivery')}</dt>
            <dd>{day(order.requestedDeliveryDate)}</dd>
            <dt className="text-muted-foreground">{t('detail.shipTo')}</dt>
            <dd>{order.shipTo ? <AddressLines address={order.shipTo} locale={locale} /> : t('detail.notSet')}</dd>
          </dl>
        </Card>
      </div>

      <Card className="flex flex-col gap-3 p-6">
        <CardTitle>{t('detail.lines')}</CardTitle>
        <Table aria-label={t('detail.linesLabel')} stackOnPhone>
          <TableHeader>
            <TableRow>
              <TableHead>{t('detail.columns.position')}</TableHead>
              <TableHead>{t('detail.columns.sku')}</TableHead>
              <TableHead>{t('detail.columns.description')}</TableHead>
              <TableHead>{t('detail.columns.unit')}</TableHead>
              <TableHead className="text-end">{t('detail.columns.ordered')}</TableHead>
              <TableHead className="text-end">{t('detail.columns.shipped')}</TableHead>
              <TableHead className="text-end">{t('detail.columns.received')}</TableHead>
              <TableHead className="text-end">{t('detail.columns.unitPrice')}</TableHead>
              <TableHead className="text-end">{t('detail.columns.lineTotal')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {order.lines.map((line) => (
              <TableRow key={line.id}>
                <TableCell label={t('detail.columns.position')}>{format.number(line.position + 1)}</TableCell>
                <TableCell label={t('detail.columns.sku')} className="font-mono text-xs">
                  {line.sku || '—'}
                </TableCell>
                <TableCell className="font-medium sm:font-normal">{line.description}</TableCell>
                <TableCell label={t('detail.columns.unit')}>{unitName(line.unit, line.quantity)}</TableCell>
                <TableCell label={t('detail.columns.ordered')} className="text-end">
                  {format.number(line.quantity)}
                </TableCell>
                <TableCell label={t('detail.columns.shipped')} className="text-end">
                  {format.number(line.shippedQuantity)}
                </TableCell>
                <TableCell label={t('detail.columns.received')} className="text-end">
                  {format.number(line.receivedQuantity)}
                </TableCell>
                <TableCell label={t('detail.columns.unitPrice')} className="text-end whitespace-nowrap">
                  {money(line.unitPrice)}
                </TableCell>
                <TableCell label={t('detail.columns.lineTotal')} className="text-end whitespace-nowrap">
                  {money(line.lineTotal)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableHead scope="row" colSpan={8} className="text-end">
                {t('detail.subtotal')}
              </TableHead>
              <TableCell className="text-end whitespace-nowrap">{money(order.subtotal)}</TableCell>
            </TableRow>
            <TableRow>
              <TableHead scope="row" colSpan={8} className="text-end">
                {t('detail.total')}
              </TableHead>
              <TableCell className="text-end font-semibold whitespace-nowrap">{money(order.total)}</TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="flex flex-col gap-3 p-6">
          <CardTitle>{t('detail.notes')}</CardTitle>
          <p className="text-sm whitespace-pre-wrap">{order.notes || t('detail.noNotes')}</p>
        </Card>
        <Card className="flex flex-col gap-3 p-6">
          <CardTitle>{t('detail.attachments')}</CardTitle>
          {order.attachments.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('detail.noAttachments')}</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {order.attachments.map((file) => (
                <li key={file.id}>
                  <a href={`/api/v1/orders/${order.id}/attachments/${file.id}`} className="text-primary underline-offset-4 hover:underline">
                    {file.name}
                  </a>{' '}
                  <span className="text-muted-foreground">{t('detail.fileSize', { size: format.number(Math.ceil(file.sizeBytes / 1024)) })}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>

      {order.actions.requestChange || order.actions.requestCancellation ? <ProposeChange key={order.version} order={order} result={result} /> : null}
      <ChangeHistory order={order} />
      <Timeline events={order.events} lines={order.lines} />
    </div>
  )
}

function VersionField({ order }: { order: PurchaseOrderDetail }) {
  return <input type="hidden" name="version" value={order.version} />
}

function ReasonField({ name = 'reason', required, errors }: { name?: string; required: boolean; errors: string[] | undefined }) {
  const { t } = useTranslation('orders')
  return (
    <FormField label={required ? t('detail.reason') : t('detail.reasonOptional')} errors={errors}>
      {(control) => <Textarea name={name} rows={2} maxLength={1000} required={required} {...control} />}
    </FormField>
  )
}

/** Where the order stands: the lifecycle as steps, what happens next from this side, and this party's next step. */
function OrderProgressCard({ order }: { order: PurchaseOrderDetail }) {
  const { t } = useTranslation('orders')
  const format = useFormatter()
  const progress = orderProgress(order)
  const counterpart = order.side === 'buyer' ? order.supplier.name : order.buyer.name
  const date = order.requestedDeliveryDate ? format.date(calendarDay(order.requestedDeliveryDate)) : null
  // The first step the machine offers this party is the one that moves the order on (confirm before decline, ship before cancel).
  const next = order.actions.steps.find((action) => PROGRESSING_ACTIONS.includes(action))
  if (order.status === 'draft') return null
  return (
    <Card aria-labelledby="order-progress-title" className="flex flex-col gap-4 p-6" data-expectation={progress.expectation}>
      <CardTitle id="order-progress-title">{t('progress.title')}</CardTitle>
      <Stepper label={t('progress.label')} current={progress.current} steps={ORDER_STEPS.map((step) => ({ id: step, label: t(`progress.steps.${step}`) }))} />
      <p className={progress.stopped ? 'text-sm font-medium text-status-reject' : 'text-sm'}>
        {t(`progress.expect.${progress.expectation}`, {
          counterpart,
          shipped: format.number(progress.shipped),
          ordered: format.number(progress.ordered),
          rest: format.number(progress.ordered - progress.shipped),
        })}
        {date && !progress.stopped && progress.current < 4 ? ` ${t('progress.requested', { date })}` : null}
      </p>
      {next ? (
        <p className="text-sm">
          <span className="font-medium">{t('progress.nextStep')}</span>{' '}
          <a href="#order-actions" className="text-primary underline underline-offset-4">
            {t(`actions.${next}`)}
          </a>
        </p>
      ) : null}
    </Card>
  )
}

/** Actions that move an order along its path (the others end or contest it). */
const PROGRESSING_ACTIONS: readonly PurchaseOrderAction[] = ['place', 'confirm', 'start_production', 'ship', 'deliver', 'complete', 'resolve']

/** The lifecycle steps the state machine offers this actor now, one small form each. */
function ActionsCard({ order, result, locale }: { order: PurchaseOrderDetail; result: OrderActionResult; locale: Locale }) {
  const { t } = useTranslation('orders')
  return (
    <Card id="order-actions" className="flex flex-col gap-4 p-6">
      <CardTitle>{t('detail.actionsTitle')}</CardTitle>
      <div className="grid gap-4 md:grid-cols-2">
        {order.actions.steps.map((action) => (
          <ActionForm key={`${action}-${order.version}`} order={order} action={action} result={result} locale={locale} />
        ))}
      </div>
    </Card>
  )
}

function ActionForm({ order, action, result, locale }: { order: PurchaseOrderDetail; action: PurchaseOrderAction; result: OrderActionResult; locale: Locale }) {
  const { t } = useTranslation('orders')
  const errors = useFormErrors(result, `transition:${action}`)
  if (action === 'ship') {
    // Goods leave on a shipment: the booking form starts with everything that remains on this order.
    return (
      <div className="flex flex-col gap-3 rounded-md border border-border p-4">
        <p className="text-sm text-muted-foreground">{t('actionHelp.ship')}</p>
        <Link to={localizePath(locale, `/app/shipments/shipping?order=${encodeURIComponent(order.id)}`)} className={`${buttonClasses('primary')} self-start`}>
          {t('actions.bookShipment')}
        </Link>
      </div>
    )
  }
  if (isConfirmed(action)) {
    const reasonErrors = errors.field('reason')
    return (
      <div className="flex flex-col gap-3 rounded-md border border-border p-4">
        <p className="text-sm text-muted-foreground">{t(`actionHelp.${action}`)}</p>
        <div>
          <ConfirmDialog
            triggerLabel={t(`confirm.trigger.${action}`)}
            title={t(`confirm.title.${action}`, { number: order.number })}
            description={t(`actionHelp.${action}`)}
            confirmLabel={t(`actions.${action}`)}
            open={reasonErrors !== undefined && reasonErrors.length > 0}
          >
            <input type="hidden" name="intent" value="transition" />
            <input type="hidden" name="action" value={action} />
            <VersionField order={order} />
            <ReasonField required errors={reasonErrors} />
          </ConfirmDialog>
        </div>
      </div>
    )
  }
  const withQuantities = action === 'deliver'
  return (
    <Form method="post" className="flex flex-col gap-3 rounded-md border border-border p-4" aria-label={t(`actions.${action}`)}>
      <input type="hidden" name="intent" value="transition" />
      <input type="hidden" name="action" value={action} />
      <VersionField order={order} />
      <p className="text-sm text-muted-foreground">{t(`actionHelp.${action}`)}</p>
      {withQuantities ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t('detail.receivedNow')}</legend>
          {order.lines.map((line) => {
            const quantity = line.shippedQuantity
            return (
              <FormField
                key={line.id}
                label={t('detail.quantityFor', { description: line.description })}
                hint={t('detail.shippedCount', { count: line.shippedQuantity })}
                errors={errors.field(`quantities.${line.id}`)}
              >
                {(control) => (
                  <Input
                    type="number"
                    name={`quantities.${line.id}`}
                    min={0}
                    max={quantity}
                    step={1}
                    defaultValue={quantity}
                    inputMode="numeric"
                    {...control}
                  />
                )}
              </FormField>
            )
          })}
          {errors.field('quantities')?.length ? <p className="text-xs text-destructive">{errors.field('quantities')?.join(' ')}</p> : null}
        </fieldset>
      ) : null}
      <Button type="submit" variant={action === 'place' || action === 'confirm' ? 'primary' : 'secondary'} className="self-start">
        {t(`actions.${action}`)}
      </Button>
    </Form>
  )
}

/** The open change or cancellation request: the other party decides, its author may withdraw it. */
function PendingChange({ order, request, result }: { order: PurchaseOrderDetail; request: ChangeRequest; result: OrderActionResult }) {
  const { t } = useTranslation('orders')
  const format = useFormatter()
  const errors = useFormErrors(result, 'decide:')
  // Its author may take it back; the other party decides on it.
  const { withdrawChange, decideChange } = order.actions
  return (
    <Card className="flex flex-col gap-3 border-warning/60 p-6">
      <CardTitle>
        {t('detail.pendingRequest')}: {t(`detail.requestKind.${request.kind}`)}
      </CardTitle>
      <CardDescription>
        {t('detail.requestedBy', {
          name: request.requestedByName ?? t('detail.someone'),
          party: request.requestedBy ? t(`detail.${request.requestedBy}`) : '—',
          date: format.dateTime(request.createdAt),
        })}
      </CardDescription>
      {request.reason ? <p className="text-sm">{t('detail.requestReason', { reason: request.reason })}</p> : null}
      <ProposalTable order={order} request={request} />
      <div className="flex flex-wrap items-start gap-2">
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="decide" />
          <input type="hidden" name="changeId" value={request.id} />
          {withdrawChange ? (
            <Button type="submit" name="decision" value="withdraw" variant="secondary" className="w-fit">
              {t('detail.withdraw')}
            </Button>
          ) : null}
          {decideChange ? (
            <Button type="submit" name="decision" value="accept" className="w-fit">
              {t('detail.accept')}
            </Button>
          ) : null}
        </Form>
        {decideChange ? (
          // Turning the request down is final for this request: it asks first, with a note for the other party.
          <ConfirmDialog
            triggerLabel={t('confirm.trigger.rejectChange')}
            title={t('confirm.title.rejectChange', { number: order.number })}
            description={t('confirm.rejectChangeHelp')}
            confirmLabel={t('detail.reject')}
            open={(errors.field('note') ?? []).length > 0}
          >
            <input type="hidden" name="intent" value="decide" />
            <input type="hidden" name="changeId" value={request.id} />
            <input type="hidden" name="decision" value="reject" />
            <ReasonField name="note" required={false} errors={errors.field('note')} />
          </ConfirmDialog>
        ) : null}
      </div>
      {withdrawChange ? <p className="text-sm text-muted-foreground">{t('detail.waitingForOther')}</p> : null}
    </Card>
  )
}

type BeforeTerms = { lines?: Array<{ lineId: string; description: string; quantity: number; unitPrice: string }> } & Record<string, unknown>

/** What a request changes: each proposed value next to the value it replaces. */
function ProposalTable({ order, request }: { order: PurchaseOrderDetail; request: ChangeRequest }) {
  const { t } = useTranslation('orders')
  const format = useFormatter()
  const before = request.before as BeforeTerms
  const money = (amount: string) => format.money(amount, order.currency)
  const rows: Array<{ key: string; label: string; before: string; after: string }> = []
  for (const line of request.proposal.lines ?? []) {
    const old = before.lines?.find((candidate) => candidate.lineId === line.lineId)
    rows.push({
      key: line.lineId,
      label: old?.description ?? order.lines.find((candidate) => candidate.id === line.lineId)?.description ?? line.lineId,
      before: old ? t('detail.quantityAndPrice', { quantity: format.number(old.quantity), price: money(old.unitPrice) }) : '—',
      after: t('detail.quantityAndPrice', { quantity: format.number(line.quantity), price: money(line.unitPrice) }),
    })
  }
  const termValue = (field: string, value: unknown) => {
    if (value === null || value === undefined || value === '') return t('detail.notSet')
    if (field === 'paymentTerms') return t(`paymentTerms.${String(value)}`)
    if (field === 'requestedDeliveryDate') return format.date(calendarDay(String(value)))
    return String(value)
  }
  for (const field of CHANGE_TERM_FIELDS) {
    if (request.proposal[field] === undefined) continue
    rows.push({ key: field, label: t(`detail.fields.${field}`), before: termValue(field, before[field]), after: termValue(field, request.proposal[field]) })
  }
  if (rows.length === 0) return null
  return (
    <Table aria-label={t(`detail.requestKind.${request.kind}`)} stackOnPhone>
      <TableHeader>
        <TableRow>
          <TableHead>{t('detail.changeField')}</TableHead>
          <TableHead>{t('detail.before')}</TableHead>
          <TableHead>{t('detail.after')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            <TableHead scope="row">{row.label}</TableHead>
            <TableCell label={t('detail.before')}>{row.before}</TableCell>
            <TableCell label={t('detail.after')}>{row.after}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

/** The forms to propose a change of lines and terms, and to ask for a cancellation, as the order allows each. */
function ProposeChange({ order, result }: { order: PurchaseOrderDetail; result: OrderActionResult }) {
  const { t } = useTranslation('orders')
  const errors = useFormErrors(result, 'change:')
  const cancelErrors = useFormErrors(result, 'cancelRequest:')
  const open = errors.all.length > 0
  return (
    <Card className="flex flex-col gap-4 p-6">
      {order.actions.requestChange ? (
        <details open={open} className="flex flex-col gap-3">
          <summary className="cursor-pointer text-lg font-semibold">{t('detail.proposeChange')}</summary>
          <p className="mt-2 text-sm text-muted-foreground">{t('detail.proposeChangeHelp')}</p>
          <Form method="post" className="mt-3 flex flex-col gap-4">
            <input type="hidden" name="intent" value="change" />
            <VersionField order={order} />
            {errors.field('lines')?.length ? <Alert tone="error">{errors.field('lines')?.join(' ')}</Alert> : null}
            {order.lines.map((line) => (
              <fieldset key={line.id} className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-2">
                <legend className="px-1 text-sm font-medium">{line.description}</legend>
                <input type="hidden" name={`current.${line.id}`} value={`${line.quantity}|${line.unitPrice}`} />
                <FormField label={t('detail.newQuantity')} errors={errors.field(`lines.${line.id}.quantity`)}>
                  {(control) => (
                    <Input
                      type="number"
                      name={`quantity.${line.id}`}
                      min={Math.max(1, line.shippedQuantity)}
                      step={1}
                      defaultValue={line.quantity}
                      inputMode="numeric"
                      {...control}
                    />
                  )}
                </FormField>
                <FormField label={t('detail.newUnitPrice')} errors={errors.field(`lines.${line.id}.unitPrice`)}>
                  {(control) => <Input name={`unitPrice.${line.id}`} defaultValue={line.unitPrice} inputMode="decimal" {...control} />}
                </FormField>
              </fieldset>
            ))}
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField label={t('detail.fields.requestedDeliveryDate')} errors={errors.field('requestedDeliveryDate')}>
                {(control) => <Input type="date" name="requestedDeliveryDate" {...control} />}
              </FormField>
              <FormField label={t('detail.fields.incoterm')} errors={errors.field('incoterm')}>
                {(control) => (
                  <NativeSelect name="incoterm" defaultValue="" {...control}>
                    <option value="">{t('detail.unchanged')}</option>
                    {INCOTERMS.map((incoterm) => (
                      <option key={incoterm} value={incoterm}>
                        {t(`incoterms.${incoterm}`)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              <FormField label={t('detail.fields.incotermPlace')} errors={errors.field('incotermPlace')}>
                {(control) => <Input name="incotermPlace" maxLength={120} placeholder={t('detail.unchanged')} {...control} />}
              </FormField>
              <FormField label={t('detail.fields.paymentTerms')} errors={errors.field('paymentTerms')}>
                {(control) => (
                  <NativeSelect name="paymentTerms" defaultValue="" {...control}>
                    <option value="">{t('detail.unchanged')}</option>
                    {PAYMENT_TERMS.map((terms) => (
                      <option key={terms} value={terms}>
                        {t(`paymentTerms.${terms}`)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            </div>
            <FormField label={t('detail.fields.notes')} errors={errors.field('notes')}>
              {(control) => <Textarea name="notes" rows={3} maxLength={4000} placeholder={t('detail.unchanged')} {...control} />}
            </FormField>
            <ReasonField required={false} errors={errors.field('reason')} />
            <Button type="submit" className="self-start">
              {t('detail.sendProposal')}
            </Button>
          </Form>
        </details>
      ) : null}
      {order.actions.requestCancellation ? (
        <details open={cancelErrors.all.length > 0} className="flex flex-col gap-3 border-t border-border pt-4">
          <summary className="cursor-pointer text-lg font-semibold">{t('detail.requestCancellation')}</summary>
          <p className="mt-2 text-sm text-muted-foreground">{t('detail.requestCancellationHelp')}</p>
          <Form method="post" className="mt-3 flex flex-col gap-3">
            <input type="hidden" name="intent" value="cancelRequest" />
            <VersionField order={order} />
            <ReasonField required errors={cancelErrors.field('reason')} />
            <Button type="submit" variant="danger" className="self-start">
              {t('detail.sendCancellation')}
            </Button>
          </Form>
        </details>
      ) : null}
    </Card>
  )
}

/** Decided and withdrawn requests, newest first, with what they proposed. */
function ChangeHistory({ order }: { order: PurchaseOrderDetail }) {
  const { t } = useTranslation('orders')
  const format = useFormatter()
  const decided = order.changeRequests.filter((request) => request.status !== 'pending')
  if (decided.length === 0) return null
  return (
    <Card className="flex flex-col gap-4 p-6">
      <CardTitle>{t('detail.requestHistory')}</CardTitle>
      <ul className="flex flex-col gap-4">
        {decided.map((request) => (
          <li key={request.id} className="flex flex-col gap-2 rounded-md border border-border p-4">
            <p className="text-sm font-medium">
              {t(`detail.requestKind.${request.kind}`)} · {t(`detail.requestStatus.${request.status}`)}
            </p>
            <p className="text-sm text-muted-foreground">
              {t('detail.requestedBy', {
                name: request.requestedByName ?? t('detail.someone'),
                party: request.requestedBy ? t(`detail.${request.requestedBy}`) : '—',
                date: format.dateTime(request.createdAt),
              })}
              {request.decidedAt ? ` · ${t('detail.decidedAt', { date: format.dateTime(request.decidedAt) })}` : ''}
            </p>
            {request.reason ? <p className="text-sm">{t('detail.requestReason', { reason: request.reason })}</p> : null}
            {request.decisionNote ? <p className="text-sm">{t('detail.decisionNote', { note: request.decisionNote })}</p> : null}
            <ProposalTable order={order} request={request} />
          </li>
        ))}
      </ul>
    </Card>
  )
}

type EventLine = { lineId: string; description: string; quantity: number }
/** Every event of the order, oldest first: who, for which company, when, the status change, the note and quantities. */
function Timeline({ events, lines }: { events: OrderEvent[]; lines: OrderLine[] }) {
  const { t } = useTranslation('orders')
  const format = useFormatter()
  return (
    <Card className="flex flex-col gap-4 p-6">
      <CardTitle>{t('detail.timeline')}</CardTitle>
      <ol aria-label={t('detail.timelineLabel')} className="flex flex-col gap-4 border-s border-border ps-4">
        {events.map((event) => {
          const quantities = Array.isArray(event.data.lines) ? (event.data.lines as EventLine[]) : []
          return (
            <li key={event.id} className="flex flex-col gap-1 text-sm">
              <p className="font-medium">{t(`events.${event.type}`)}</p>
              <p className="text-muted-foreground">
                {event.actorName || event.actorCompanyName
                  ? t('detail.by', { name: event.actorName ?? t('detail.someone'), company: event.actorCompanyName ?? t('detail.platform') })
                  : t('detail.platform')}{' '}
                · <time dateTime={new Date(event.createdAt).toISOString()}>{format.dateTime(event.createdAt)}</time>
              </p>
              {event.fromStatus && event.toStatus && event.fromStatus !== event.toStatus ? (
                <p>{t('detail.statusChange', { from: t(`status.${event.fromStatus}`), to: t(`status.${event.toStatus}`) })}</p>
              ) : null}
              {event.note ? <p className="whitespace-pre-wrap">{event.note}</p> : null}
              {quantities.length > 0 ? (
                <div>
                  <p className="text-muted-foreground">{t('detail.shippedQuantities')}</p>
                  <ul className="list-disc ps-5">
                    {quantities.map((line) => (
                      <li key={line.lineId}>
                        {t('detail.shippedLine', {
                          description: line.description || lines.find((candidate) => candidate.id === line.lineId)?.description || '—',
                          quantity: format.number(line.quantity),
                        })}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </li>
          )
        })}
      </ol>
    </Card>
  )
}
