import { Link } from 'react-router'
import { FormError, type FormErrorData } from '../../../components/form-error'
import { Card, CardDescription, CardTitle } from '../../../components/ui/card'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { FormField } from '../../../components/ui/field'
import { Textarea } from '../../../components/ui/textarea'
import { buttonClasses } from '../../../components/ui/button'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import type { ShipmentClaim } from './shipment-detail'

type ShipmentClaimsProps = {
  locale: Locale
  claims: ShipmentClaim[]
  /** The reason's problems when the server refused the claim. */
  reasonErrors: string[] | undefined
  /** The order the refused claim was for. */
  failedOrderId: string | null
  /** Why the server refused it, when no field is to blame (the order changed meanwhile). */
  formError: FormErrorData | undefined
}

/**
 * After a receipt with damaged or short goods, the buyer's way to a claim: a delivered order is disputed from here with
 * the receipt's figures as the reason; an order still shipping can be disputed once its last goods arrive (texts from
 * `logistics`).
 */
export function ShipmentClaims({ locale, claims, reasonErrors, failedOrderId, formError }: ShipmentClaimsProps) {
  const { t } = useTranslation('logistics')
  return (
    <Card className="flex flex-col gap-4 border-warning/60 p-6">
      <div>
        <CardTitle>{t('claims.title')}</CardTitle>
        <CardDescription>{t('claims.hint')}</CardDescription>
      </div>
      {formError ? <FormError error={formError} /> : null}
      <ul className="flex flex-col gap-3">
        {claims.map((claim) => {
          const orderHref = localizePath(locale, `/app/orders/${claim.orderId}/view`)
          return (
            <li key={claim.orderId} className="flex flex-col gap-2 rounded-md border border-border p-4">
              <p className="text-sm">
                <Link to={orderHref} className="font-mono underline-offset-4 hover:underline">
                  {claim.orderNumber}
                </Link>
                {' · '}
                {claim.reason}
              </p>
              {claim.disputed ? (
                <p className="text-sm text-muted-foreground">{t('claims.disputed')}</p>
              ) : claim.canDispute ? (
                <div>
                  <ConfirmDialog
                    triggerLabel={t('claims.open')}
                    title={t('claims.confirmTitle', { number: claim.orderNumber })}
                    description={t('claims.confirmDescription')}
                    confirmLabel={t('claims.confirm')}
                    open={failedOrderId === claim.orderId && (reasonErrors?.length ?? 0) > 0}
                  >
                    <input type="hidden" name="intent" value="claim" />
                    <input type="hidden" name="orderId" value={claim.orderId} />
                    <input type="hidden" name="version" value={claim.orderVersion} />
                    <FormField label={t('claims.reason')} errors={failedOrderId === claim.orderId ? reasonErrors : undefined}>
                      {(control) => <Textarea name="reason" rows={4} maxLength={1000} required defaultValue={claim.reason} {...control} />}
                    </FormField>
                  </ConfirmDialog>
                </div>
              ) : (
                <p className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
                  {t('claims.later')}
                  <Link to={orderHref} className={buttonClasses('ghost')}>
                    {t('claims.openOrder')}
                  </Link>
                </p>
              )}
            </li>
          )
        })}
      </ul>
    </Card>
  )
}
