import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { useTranslation } from '../../../platform/i18n/react'
import type { ApprovalStatus } from '../sourcing.constants'

const VARIANT: Record<ApprovalStatus, BadgeVariant> = { approved: 'accept', trial: 'pending', blocked: 'reject' }

/** The buyer's approved-list status of a supplier, as text (colour only repeats it). Nothing when not listed. */
export function ApprovedStatusBadge({ status }: { status: ApprovalStatus | null }) {
  const { t } = useTranslation('sourcing')
  if (!status) return null
  return <Badge variant={VARIANT[status]}>{t(`approval.${status}`)}</Badge>
}
