import { cn } from '../../../components/ui/cn'
import { useTranslation } from '../../../platform/i18n/react'
import type { VerificationStatus } from '../companies.constants'
import { SpriteIcon } from '../../../components/ui/sprite-icon'

/**
 * "Verified supplier" beside a company's name. Given a `status`, it shows only once the verification
 * was accepted. `compact` shows the icon alone, its text kept for screen readers. Texts live in
 * `common`, which every page has.
 */
export function VerifiedBadge({ status = 'accept', compact = false, className }: { status?: VerificationStatus; compact?: boolean; className?: string }) {
  const { t } = useTranslation('common')
  if (status !== 'accept') return null
  const label = t('verification.verified')
  return (
    <span
      className={cn(
        'inline-flex w-fit shrink-0 items-center gap-1 rounded-md text-xs font-medium text-status-accept',
        !compact && 'border border-status-accept/30 bg-status-accept-bg px-2 py-0.5',
        className,
      )}
      title={compact ? label : undefined}
    >
      <SpriteIcon name="badge-check" className="size-3.5" />
      <span className={compact ? 'sr-only' : undefined}>{label}</span>
    </span>
  )
}
