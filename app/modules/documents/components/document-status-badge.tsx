import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { useTranslation } from '../../../platform/i18n/react'
import type { DocumentStatus } from '../documents.constants'

const STATUS_BADGE: Record<DocumentStatus, BadgeVariant> = {
  draft: 'secondary',
  issued: 'pending',
  accepted: 'accept',
  rejected: 'reject',
  void: 'outline',
}

/** A document's status as text (texts from `documents`); the colour only repeats it. */
export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  const { t } = useTranslation('documents')
  return <Badge variant={STATUS_BADGE[status]}>{t(`statuses.${status}`)}</Badge>
}
