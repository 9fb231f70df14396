import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { useTranslation } from '../../../platform/i18n/react'
import type { VerificationStatus } from '../companies.constants'

const VARIANT: Record<VerificationStatus, BadgeVariant> = { unverified: 'secondary', pending: 'pending', reject: 'reject', accept: 'accept' }

/** A company's verification status in the review colours (pending / reject / accept); unverified is neutral. */
export function VerificationStatusBadge({ status, className }: { status: VerificationStatus; className?: string }) {
  const { t } = useTranslation('common')
  return (
    <Badge variant={VARIANT[status]} className={className}>
      {t(`verification.status.${status}`)}
    </Badge>
  )
}
