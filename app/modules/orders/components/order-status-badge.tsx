import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { useTranslation } from '../../../platform/i18n/react'
import type { PurchaseOrderStatus } from '../orders.constants'

const STATUS_BADGE: Record<PurchaseOrderStatus, BadgeVariant> = {
  draft: 'secondary',
  placed: 'pending',
  confirmed: 'default',
  declined: 'reject',
  in_production: 'default',
  shipped: 'default',
  delivered: 'accept',
  completed: 'accept',
  cancelled: 'outline',
  disputed: 'destructive',
}

/** A purchase order's status as text (texts from `orders`); the colour only repeats it. */
export function OrderStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  const { t } = useTranslation('orders')
  return <Badge variant={STATUS_BADGE[status]}>{t(`status.${status}`)}</Badge>
}
