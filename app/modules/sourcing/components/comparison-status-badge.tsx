import { Badge } from '../../../components/ui/badge'
import type { QuotationStatus } from '../sourcing.constants'

const VARIANTS = { submitted: 'pending', accepted: 'accept', rejected: 'reject' } as const

/** A compared quotation's decision: pending, accepted or rejected, in colour and in words. */
export function ComparisonStatusBadge({ status }: { status: QuotationStatus }) {
  const variant = status in VARIANTS ? VARIANTS[status as keyof typeof VARIANTS] : 'secondary'
  return <Badge variant={variant}>{variant === 'secondary' ? status : undefined}</Badge>
}
