import { Badge } from '../../../components/ui/badge'
import { SpriteIcon } from '../../../components/ui/sprite-icon'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import { useUnitName } from './use-unit-name'

type AvailabilityBadgeProps = {
  /** The units the supplier publishes as available; null when it publishes none for this product (nothing is shown). */
  available: number | null
  /** The product's unit, named by the locale's plural rules. */
  unit: string
  className?: string
}

/** "In stock · 1,200 pieces" or "Out of stock" from a supplier's published stock (texts from `marketplace`). */
export function AvailabilityBadge({ available, unit, className }: AvailabilityBadgeProps) {
  const { t } = useTranslation('marketplace')
  const format = useFormatter()
  const unitName = useUnitName()
  if (available === null) return null
  if (available <= 0)
    return (
      <Badge variant="secondary" className={className}>
        <SpriteIcon name="package" />
        {t('availability.outOfStock')}
      </Badge>
    )
  return (
    <Badge variant="accept" className={className}>
      <SpriteIcon name="package-check" />
      {t('availability.inStock', { quantity: format.number(available), unit: unitName(unit, available) })}
    </Badge>
  )
}
