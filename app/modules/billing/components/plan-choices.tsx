import { Check } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '../../../components/ui/badge'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { cn } from '../../../components/ui/cn'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import { PLAN_PERIODS, type PlanLimit, type PlanPeriod, SHOWN_LIMITS } from '../billing.constants'
import { formatLimitValue } from '../limit-format'

/** A plan as the plan page offers it: its prices as billed, limits and rank. */
export type PlanChoice = {
  id: string
  name: string
  description: string
  prices: Record<PlanPeriod, { amount: string; currency: string }>
  limits: Record<PlanLimit, number | null>
  /** Ordered as the comparison table: a plan later in the list than the current one is an upgrade. */
  upgrade: boolean
}

type PlanChoicesProps = {
  plans: PlanChoice[]
  current: { id: string; name: string; period: PlanPeriod }
  periodEnd: string
  canChange: boolean
  /** The plan and period a link asked for (from the pricing page): its confirmation opens on arrival. */
  preselect: { planId: string; period: PlanPeriod } | null
}

/** The plans to move to, each with its price for the chosen period and a confirmation saying when the change applies. */
export function PlanChoices({ plans, current, periodEnd, canChange, preselect }: PlanChoicesProps) {
  const { t } = useTranslation('billing')
  const format = useFormatter()
  const [period, setPeriod] = useState<PlanPeriod>(preselect?.period ?? current.period)
  const price = (plan: PlanChoice, chosen: PlanPeriod) =>
    plan.prices[chosen].amount === '0.00' || Number(plan.prices[chosen].amount) === 0
      ? t('free')
      : t(`perPeriod.${chosen}`, { price: format.money(plan.prices[chosen].amount, plan.prices[chosen].currency) })
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">{t('current.heading')}</legend>
        {PLAN_PERIODS.map((value) => (
          <label
            key={value}
            className={cn(
              'cursor-pointer rounded-full border px-3 py-1 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              period === value ? 'border-primary bg-primary text-primary-foreground' : 'border-border',
            )}
          >
            <input type="radio" name="period-choice" value={value} checked={period === value} onChange={() => setPeriod(value)} className="sr-only" />
            {t(`periods.${value}`)}
          </label>
        ))}
      </fieldset>
      <ul className="grid gap-4 md:grid-cols-3">
        {plans.map((plan) => {
          const isCurrent = plan.id === current.id && period === current.period
          const upgrade = plan.upgrade || (plan.id === current.id && period === 'yearly' && current.period === 'monthly')
          return (
            <li key={plan.id} data-plan={plan.id} className={cn('flex flex-col gap-3 rounded-lg border p-4', isCurrent ? 'border-primary' : 'border-border')}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-base font-semibold">{plan.name}</h3>
                {plan.id === current.id ? <Badge variant="accept">{t('change.yourPlan')}</Badge> : null}
              </div>
              <p className="text-lg font-semibold tabular-nums">{price(plan, period)}</p>
              <p className="text-sm text-muted-foreground">{plan.description}</p>
              <ul className="flex flex-col gap-1 text-sm">
                {SHOWN_LIMITS.map((key) => {
                  const limit = plan.limits[key]
                  return (
                    <li key={key} className="flex gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-status-accept" aria-hidden />
                      <span>
                        {t('limitLine', { limit: t(`limits.${key}`), value: limit === null ? t('unlimited') : formatLimitValue(format, key, limit) })}
                      </span>
                    </li>
                  )
                })}
              </ul>
              {canChange && !isCurrent ? (
                <ConfirmDialog
                  className="mt-auto"
                  triggerLabel={t('change.choose', { plan: plan.name })}
                  triggerVariant={upgrade ? 'primary' : 'secondary'}
                  confirmVariant="primary"
                  open={preselect?.planId === plan.id && preselect.period === period}
                  title={upgrade ? t('change.upgradeTitle', { plan: plan.name }) : t('change.downgradeTitle', { plan: plan.name })}
                  description={
                    upgrade
                      ? t('change.upgradeBody', { plan: plan.name, period: t(`periods.${period}`), price: price(plan, period) })
                      : t('change.downgradeBody', { plan: plan.name, current: current.name, period: t(`periods.${period}`), date: format.date(periodEnd) })
                  }
                  confirmLabel={t('change.confirm')}
                >
                  <input type="hidden" name="intent" value="change" />
                  <input type="hidden" name="planId" value={plan.id} />
                  <input type="hidden" name="period" value={period} />
                </ConfirmDialog>
              ) : null}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
