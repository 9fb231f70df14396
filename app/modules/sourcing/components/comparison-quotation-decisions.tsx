import { Form } from 'react-router'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { FormField } from '../../../components/ui/field'
import { Textarea } from '../../../components/ui/textarea'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import type { ComparisonSupplier } from '../comparison.service.server'
import { ComparisonStatusBadge } from './comparison-status-badge'

type DecisionsProps = {
  suppliers: ComparisonSupplier[]
  /** The quotation whose decision failed last, with its field errors. */
  failedQuotationId: string | null
  fieldError: (field: string) => string[] | undefined
  busy: boolean
}

/** Each compared quotation's terms and the buyer's decision: accept, or reject with a reason the supplier reads. */
export function ComparisonQuotationDecisions({ suppliers, failedQuotationId, fieldError, busy }: DecisionsProps) {
  const { t } = useTranslation('comparison')
  const format = useFormatter()
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {suppliers.map((supplier) => {
        const errors = failedQuotationId === supplier.quotationId ? fieldError('reason') : undefined
        return (
          <li key={supplier.quotationId} className="flex flex-col gap-3 rounded-md border p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">{supplier.supplierName}</h3>
              <ComparisonStatusBadge status={supplier.status} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">{t('decisions.revision')}</dt>
              <dd>{format.number(supplier.revision)}</dd>
              <dt className="text-muted-foreground">{t('decisions.terms')}</dt>
              <dd>{t('matrix.terms', { currency: supplier.currency, incoterm: supplier.incoterm, place: supplier.incotermPlace })}</dd>
              <dt className="text-muted-foreground">{t('decisions.freight')}</dt>
              <dd>{supplier.freightAmount ? format.money(supplier.freightAmount, supplier.currency) : t('decisions.notStated')}</dd>
              <dt className="text-muted-foreground">{t('decisions.insurance')}</dt>
              <dd>{supplier.insuranceAmount ? format.money(supplier.insuranceAmount, supplier.currency) : t('decisions.notStated')}</dd>
              <dt className="text-muted-foreground">{t('decisions.paymentTerms')}</dt>
              <dd>{t(`paymentTerms.${supplier.paymentTerms}`)}</dd>
              <dt className="text-muted-foreground">{t('decisions.validUntil')}</dt>
              <dd>{format.date(supplier.validUntil)}</dd>
              {supplier.notes ? (
                <>
                  <dt className="text-muted-foreground">{t('decisions.notes')}</dt>
                  <dd className="whitespace-pre-line">{supplier.notes}</dd>
                </>
              ) : null}
              {supplier.decisionReason ? (
                <>
                  <dt className="text-muted-foreground">{t('decisions.reason')}</dt>
                  <dd>{supplier.decisionReason}</dd>
                </>
              ) : null}
            </dl>
            {supplier.actions.accept || supplier.actions.reject ? (
              <div className="flex flex-col gap-3">
                {supplier.actions.accept ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="decide" />
                    <input type="hidden" name="quotationId" value={supplier.quotationId} />
                    <input type="hidden" name="version" value={supplier.version} />
                    <input type="hidden" name="decision" value="accept" />
                    {/* The label names the supplier: on a phone a long name wraps instead of widening the page. */}
                    <Button type="submit" disabled={busy} className="max-w-full whitespace-normal text-start">
                      {t('decisions.accept', { supplier: supplier.supplierName })}
                    </Button>
                  </Form>
                ) : null}
                {supplier.actions.reject ? (
                  <div>
                    <ConfirmDialog
                      triggerLabel={t('confirm.rejectTrigger')}
                      title={t('confirm.rejectTitle', { supplier: supplier.supplierName })}
                      description={t('confirm.rejectDescription', { supplier: supplier.supplierName })}
                      confirmLabel={t('decisions.reject', { supplier: supplier.supplierName })}
                      open={errors !== undefined}
                    >
                      <input type="hidden" name="intent" value="decide" />
                      <input type="hidden" name="quotationId" value={supplier.quotationId} />
                      <input type="hidden" name="version" value={supplier.version} />
                      <input type="hidden" name="decision" value="reject" />
                      <FormField label={t('decisions.rejectReason')} errors={errors}>
                        {(control) => <Textarea {...control} name="reason" rows={3} maxLength={1000} required />}
                      </FormField>
                    </ConfirmDialog>
                  </div>
                ) : null}
              </div>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
