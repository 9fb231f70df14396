import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { useTranslation } from '../../../platform/i18n/react'
import type { FreightQuoteStatus, ServiceOrderStatus } from '../orders.constants'

const STATUS_BADGE: Record<ServiceOrderStatus, BadgeVariant> = {
  requested: 'pending',
  quoting: 'pending',
  accepted: 'default',
  declined: 'reject',
  in_progress: 'default',
  completed: 'accept',
  cancelled: 'outline',
  disputed: 'destructive',
}

const QUOTE_BADGE: Record<FreightQuoteStatus, BadgeVariant> = { pending: 'pending', accept: 'accept', reject: 'outline', withdrawn: 'secondary' }

/** A service or logistic order's status as text (texts from `services`); the colour only repeats it. */
export function ServiceStatusBadge({ status }: { status: ServiceOrderStatus }) {
  const { t } = useTranslation('services')
  return <Badge variant={STATUS_BADGE[status]}>{t(`status.${status}`)}</Badge>
}

/** A freight quote's status as text. */
export function FreightQuoteStatusBadge({ status }: { status: FreightQuoteStatus }) {
  const { t } = useTranslation('services')
  return <Badge variant={QUOTE_BADGE[status]}>{t(`quoteStatus.${status}`)}</Badge>
}
