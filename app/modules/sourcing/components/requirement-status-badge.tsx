import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { useTranslation } from '../../../platform/i18n/react'
import type { RequirementStatus } from '../sourcing.constants'

const STATUS_BADGE: Record<RequirementStatus, BadgeVariant> = {
  open: 'secondary',
  rfq_sent: 'pending',
  quoted: 'default',
  awarded: 'accept',
  cancelled: 'outline',
}

/** A requirement's status as text (texts from `projects`); the colour only repeats it. */
export function RequirementStatusBadge({ status }: { status: RequirementStatus }) {
  const { t } = useTranslation('projects')
  return <Badge variant={STATUS_BADGE[status]}>{t(`requirementStatus.${status}`)}</Badge>
}
