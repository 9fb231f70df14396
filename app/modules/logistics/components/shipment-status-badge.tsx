import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { useTranslation } from '../../../platform/i18n/react'
import type { ShipmentStatus } from '../logistics.constants'

const VARIANT: Record<ShipmentStatus, BadgeVariant> = {
  booked: 'secondary',
  picked_up: 'pending',
  in_transit: 'pending',
  at_customs: 'pending',
  out_for_delivery: 'pending',
  delivered: 'accept',
  exception: 'reject',
}

/** A shipment's status as a coloured badge (texts from `logistics`). */
export function ShipmentStatusBadge({ status }: { status: ShipmentStatus }) {
  const { t } = useTranslation('logistics')
  return <Badge variant={VARIANT[status]}>{t(`status.${status}`)}</Badge>
}
