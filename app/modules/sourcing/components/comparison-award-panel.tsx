import { Form, Link } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { FormField } from '../../../components/ui/field'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'

export type AwardedOrder = { id: string; number: string; supplierName: string; total: string; currency: string }

type AwardPanelProps = {
  formId: string
  /** Lines still open for award. */
  openLines: number
  fieldError: (field: string) => string[] | undefined
  busy: boolean
}

/**
 * The award form: the radios of the matrix (one per line, defaulting to the best offer) and its "award all" buttons
 * submit it; each supplier chosen gets one purchase order.
 */
export function ComparisonAwardPanel({ formId, openLines, fieldError, busy }: AwardPanelProps) {
  const { t } = useTranslation('comparison')
  if (openLines === 0) return <p className="text-sm text-muted-foreground">{t('award.allAwarded')}</p>
  return (
    <Form method="post" id={formId} className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="award" />
      <p className="text-sm text-muted-foreground">{t('award.explain')}</p>
      <FormField label={t('award.notes')} hint={t('award.notesHint')} errors={fieldError('notes')}>
        {(control) => <Textarea {...control} name="notes" rows={2} maxLength={2000} />}
      </FormField>
      {fieldError('lines')?.length ? (
        <p role="alert" className="text-sm text-destructive">
          {fieldError('lines')!.join(' ')}
        </p>
      ) : null}
      <Button type="submit" disabled={busy} className="self-start">
        {t('award.submit')}
      </Button>
    </Form>
  )
}

/** The purchase orders an award created, each linked to its page. */
export function AwardedOrders({ orders, locale }: { orders: AwardedOrder[]; locale: Locale }) {
  const { t } = useTranslation('comparison')
  const format = useFormatter()
  return (
    <Alert tone="success" title={t('award.done', { count: orders.length })}>
      <ul className="list-disc pl-5">
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
