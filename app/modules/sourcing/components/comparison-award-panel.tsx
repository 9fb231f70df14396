import { useId, useState } from 'react'
import { Form, Link } from 'react-router'
import { IdempotencyField } from '../../../platform/idempotency/idempotency-field'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '../../../components/ui/dialog'
import { FormField } from '../../../components/ui/field'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import { useHydrated } from '../../../components/use-hydrated'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import type { ComparisonLine } from '../comparison.service.server'
import type { AwardCheck } from '../rfq.policy'
import type { AwardSelectionState } from './use-award-selection'

export type AwardedOrder = { id: string; number: string; supplierName: string; total: string; currency: string }

type AwardPanelProps = {
  formId: string
  lines: readonly ComparisonLine[]
  supplierName: (quotationId: string) => string
  selection: AwardSelectionState
  /** Whether the RFQ may be awarded now, or why not. */
  awardCheck: AwardCheck
  quoteDeadline: Date | string
  fieldError: (field: string) => string[] | undefined
  busy: boolean
  /** Sent with the award so a repeated submit answers with the first award's orders; the page gives a new one after. */
  idempotencyKey: string
}

/**
 * The award form: the ticked lines of the matrix, each with its chosen offer, are summarised here, and the award (one
 * purchase order per supplier, irreversible) happens only after a confirmation that names every line and supplier.
 * When the RFQ cannot be awarded yet, the button is disabled and says why before anyone clicks.
 */
export function ComparisonAwardPanel({ formId, lines, supplierName, selection, awardCheck, quoteDeadline, fieldError, busy, idempotencyKey }: AwardPanelProps) {
  const { t } = useTranslation('comparison')
  const format = useFormatter()
  const hydrated = useHydrated()
  const [confirming, setConfirming] = useState(false)
  // The dialog stays open while the award is submitted, and closes when its answer arrives.
  const [wasBusy, setWasBusy] = useState(busy)
  if (busy !== wasBusy) {
    setWasBusy(busy)
    if (!busy) setConfirming(false)
  }
  const reasonId = useId()
  const open = lines.filter((line) => !line.award)
  if (open.length === 0) return <p className="text-sm text-muted-foreground">{t('award.allAwarded')}</p>
  const chosen = open.filter((line) => selection.included.has(line.id))
  const refusal = !awardCheck.ok
    ? t(`award.refused.${awardCheck.reason}`, { deadline: format.dateTime(quoteDeadline) })
    : chosen.length === 0
      ? t('award.nothingTicked')
      : null
  const summary = (
    <ul className="list-disc ps-5 text-sm">
      {chosen.map((line) => (
        <li key={line.id}>
          {selection.offers[line.id]
            ? t('award.summaryLine', { line: line.title, supplier: supplierName(selection.offers[line.id]!) })
            : t('award.summaryNoOffer', { line: line.title })}
        </li>
      ))}
    </ul>
  )
  const staying = open.length - chosen.length
  return (
    <Form method="post" id={formId} className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="award" />
      <IdempotencyField value={idempotencyKey} />
      <p className="text-sm text-muted-foreground">{t('award.explain')}</p>
      <section aria-labelledby={`${formId}-summary`} className="flex flex-col gap-1">
        <h3 id={`${formId}-summary`} className="text-sm font-semibold">
          {t('award.summaryTitle', { count: chosen.length, total: open.length })}
        </h3>
        {chosen.length > 0 ? summary : null}
        {staying > 0 ? <p className="text-xs text-muted-foreground">{t('award.staysOpen', { count: staying })}</p> : null}
      </section>
      <FormField label={t('award.notes')} hint={t('award.notesHint')} errors={fieldError('notes')}>
        {(control) => <Textarea {...control} name="notes" rows={2} maxLength={2000} />}
      </FormField>
      {fieldError('lines')?.length ? (
        <p role="alert" className="text-sm text-destructive">
          {fieldError('lines')!.join(' ')}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Dialog open={confirming} onOpenChange={setConfirming}>
          <DialogTrigger asChild>
            <Button type="button" disabled={busy || refusal !== null || !hydrated} aria-describedby={refusal ? reasonId : undefined}>
              {t('award.submit')}
            </Button>
          </DialogTrigger>
          <DialogContent title={t('award.confirmTitle', { count: chosen.length })} description={t('award.confirmBody')}>
            {summary}
            {staying > 0 ? <p className="text-sm text-muted-foreground">{t('award.staysOpen', { count: staying })}</p> : null}
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="secondary">
                  {t('award.cancel')}
                </Button>
              </DialogClose>
              <Button type="submit" form={formId} disabled={busy}>
                {t('award.confirm')}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
        {refusal ? (
          <p id={reasonId} className="text-sm text-muted-foreground">
            {refusal}
          </p>
        ) : null}
      </div>
    </Form>
  )
}

/** The purchase orders an award created, each linked to its page. */
export function AwardedOrders({ orders, locale }: { orders: AwardedOrder[]; locale: Locale }) {
  const { t } = useTranslation('comparison')
  const format = useFormatter()
  return (
    <Alert tone="success" title={t('award.done', { count: orders.length })}>
      <ul className="list-disc ps-5">
        {orders.map((order) => (
          <li key={order.id}>
            <Link to={localizePath(locale, `/app/orders/${order.id}/view`)} className="text-primary hover:underline">
              {t('award.order', { number: order.number, supplier: order.supplierName, total: format.money(order.total, order.currency) })}
            </Link>
          </li>
        ))}
      </ul>
    </Alert>
  )
}
