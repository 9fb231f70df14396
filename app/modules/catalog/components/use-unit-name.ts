import { useTranslation } from '../../../platform/i18n/react'
import { productUnitFrom } from '../product-units'

/**
 * A unit's name for `count` of it, by the locale's plural rules (`1 piece`, `100 pieces`, `100 件`). Free-text
 * units that name one of ours (`pcs`) read as it; any other stays as written.
 */
export function useUnitName(): (unit: string, count: number) => string {
  const { t } = useTranslation('common')
  return (unit, count) => {
    const known = productUnitFrom(unit)
    return known ? t(`unitNames.${known}`, { count }) : unit
  }
}
