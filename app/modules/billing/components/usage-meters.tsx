import { cn } from '../../../components/ui/cn'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import { type PlanLimit, SHOWN_LIMITS } from '../billing.constants'
import { formatLimitValue, MONTHLY_LIMITS, nearLimit } from '../limit-format'

type UsageMetersProps = { limits: Record<PlanLimit, number | null>; usage: Partial<Record<PlanLimit, number>> }

/** The company's use of each limit of its plan: a meter per limit, amber when nearly used up, red when reached. */
export function UsageMeters({ limits, usage }: UsageMetersProps) {
  const { t } = useTranslation('billing')
  const format = useFormatter()
  return (
    <ul className="flex flex-col gap-4">
      {SHOWN_LIMITS.map((key) => {
        const used = usage[key]
        const limit = limits[key]
        const label = t(`limits.${key}`)
        const reached = used !== undefined && limit !== null && used >= limit
        const near = used !== undefined && !reached && nearLimit(used, limit)
        const usedText = used === undefined ? t('usage.notCounted') : formatLimitValue(format, key, used)
        return (
          <li key={key} className="flex flex-col gap-1.5" data-limit={key} data-state={reached ? 'reached' : near ? 'near' : 'ok'}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
              <span className="font-medium">{label}</span>
              <span className="tabular-nums text-muted-foreground">
                {used === undefined
                  ? usedText
                  : limit === null
                    ? t('usage.ofUnlimited', { used: usedText })
                    : t('usage.of', { used: usedText, limit: formatLimitValue(format, key, limit) })}
              </span>
            </div>
            {limit !== null && used !== undefined ? (
              <div
                role="meter"
                aria-valuemin={0}
                aria-valuemax={limit}
                aria-valuenow={Math.min(used, limit)}
                aria-label={t('usage.barLabel', { limit: label, used: usedText, max: formatLimitValue(format, key, limit) })}
                className="h-2 w-full overflow-hidden rounded-full bg-muted"
              >
                <div
                  className={cn('h-full rounded-full', reached ? 'bg-destructive' : near ? 'bg-warning' : 'bg-primary')}
                  style={{ width: `${limit === 0 ? 100 : Math.min(100, (used / limit) * 100)}%` }}
                />
              </div>
            ) : null}
            {reached || near || MONTHLY_LIMITS.includes(key) ? (
              <p className={cn('text-xs', reached ? 'text-destructive' : near ? 'text-warning' : 'text-muted-foreground')}>
                {[reached ? t('usage.reached') : near ? t('usage.near') : null, MONTHLY_LIMITS.includes(key) ? t('usage.resetsMonthly') : null]
                  .filter(Boolean)
                  .join(' ')}
              </p>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
