import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { useTranslation } from '../../../platform/i18n/react'
import type { RfqInvitationStatus, RfqStatus } from '../sourcing.constants'

const STATUS_BADGE: Record<RfqStatus, BadgeVariant> = { draft: 'secondary', open: 'pending', closed: 'outline', awarded: 'accept', cancelled: 'reject' }
const INVITATION_BADGE: Record<RfqInvitationStatus, BadgeVariant> = { invited: 'secondary', viewed: 'default', declined: 'reject', quoted: 'accept' }

/** An RFQ's status as text (texts from `rfqs`); the colour only repeats it. */
export function RfqStatusBadge({ status }: { status: RfqStatus }) {
  const { t } = useTranslation('rfqs')
  return <Badge variant={STATUS_BADGE[status]}>{t(`status.${status}`)}</Badge>
}

/** A supplier's status on an RFQ as text: invited, viewed, declined or quoted. */
export function RfqInvitationBadge({ status }: { status: RfqInvitationStatus }) {
  const { t } = useTranslation('rfqs')
  return <Badge variant={INVITATION_BADGE[status]}>{t(`invitationStatus.${status}`)}</Badge>
}
