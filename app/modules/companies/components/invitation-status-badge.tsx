import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { useTranslation } from '../../../platform/i18n/react'
import type { InvitationStatus } from '../companies.constants'

const STATUS_VARIANTS: Record<InvitationStatus, BadgeVariant> = {
  pending: 'pending',
  accepted: 'accept',
  declined: 'reject',
  revoked: 'outline',
  expired: 'secondary',
}

export function InvitationStatusBadge({ status }: { status: InvitationStatus }) {
  const { t } = useTranslation('team')
  return <Badge variant={STATUS_VARIANTS[status]}>{t(`statuses.${status}`)}</Badge>
}
