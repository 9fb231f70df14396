import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { useTranslation } from '../../../platform/i18n/react'
import type { ProjectStatus } from '../sourcing.constants'

const STATUS_BADGE: Record<ProjectStatus, BadgeVariant> = {
  draft: 'secondary',
  active: 'default',
  sourcing: 'pending',
  awarded: 'accept',
  closed: 'outline',
  cancelled: 'reject',
}

/** A project's status as text (texts from `projects`); the colour only repeats it. */
export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  const { t } = useTranslation('projects')
  return <Badge variant={STATUS_BADGE[status]}>{t(`status.${status}`)}</Badge>
}
