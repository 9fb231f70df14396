import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { useTranslation } from '../../../platform/i18n/react'
import type { QuotationStatus, RfqInvitationStatus } from '../sourcing.constants'

const QUOTATION_BADGE: Record<QuotationStatus, BadgeVariant> = {
  draft: 'secondary',
  submitted: 'pending',
  accepted: 'accept',
  rejected: 'reject',
  withdrawn: 'outline',
  expired: 'outline',
}

const INVITATION_BADGE: Record<RfqInvitationStatus, BadgeVariant> = { invited: 'pending', viewed: 'secondary', declined: 'outline', quoted: 'accept' }

/** A quotation's status as text (submitted reads "Pending"); the colour only repeats it. */
export function QuotationStatusBadge({ status }: { status: QuotationStatus }) {
  const { t } = useTranslation('quotations')
  return <Badge variant={QUOTATION_BADGE[status]}>{t(`status.${status}`)}</Badge>
}

/** The supplier's own status on an RFQ: invited, viewed, declined or quoted. */
export function InvitationStatusBadge({ status }: { status: RfqInvitationStatus }) {
  const { t } = useTranslation('quotations')
  return <Badge variant={INVITATION_BADGE[status]}>{t(`invitation.${status}`)}</Badge>
}
