import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { useTranslation } from '../../../platform/i18n/react'
import type { PaymentStatus, PayoutStatus } from '../finance.constants'

const PAYMENT_BADGES: Readonly<Record<PaymentStatus, BadgeVariant>> = {
  awaiting: 'pending',
  held: 'outline',
  released: 'accept',
  refunded: 'secondary',
  settled: 'secondary',
  cancelled: 'reject',
}

const PAYOUT_BADGES: Readonly<Record<PayoutStatus, BadgeVariant>> = {
  pending: 'pending',
  accepted: 'outline',
  rejected: 'reject',
  paid: 'accept',
  failed: 'reject',
}

/** A payment's status, translated (`finance:paymentStatuses.<status>`); a frozen (disputed) payment says so. */
export function PaymentStatusBadge({ status, frozen = false }: { status: PaymentStatus; frozen?: boolean }) {
  const { t } = useTranslation('finance')
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge variant={PAYMENT_BADGES[status]}>{t(`paymentStatuses.${status}`)}</Badge>
      {frozen ? <Badge variant="reject">{t('paymentStatuses.frozen')}</Badge> : null}
    </span>
  )
}

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const { t } = useTranslation('finance')
  return <Badge variant={PAYOUT_BADGES[status]}>{t(`payoutStatuses.${status}`)}</Badge>
}
