import { cn } from '../../components/ui/cn'
import { SpriteIcon } from '../../components/ui/sprite-icon'
import { SHOWN_FEATURES, SHOWN_LIMITS } from '../../modules/billing/index'
import type { CataloguePlan } from '../../modules/billing/index.server'
import { useTranslation } from '../../platform/i18n/react'
import type { PlanTexts } from './pricing-texts'

/**
 * Every limit and feature of every plan in one table: plans as columns, the viewer's own marked. On a phone the
 * three plans still fit beside the labels; the table scrolls in its own box rather than widening the page if not.
 */
export function PlanComparison({ plans, texts, currentPlanId }: { plans: CataloguePlan[]; texts: Record<string, PlanTexts>; currentPlanId: string | null }) {
  const { t } = useTranslation('plans')
  const { t: tBilling } = useTranslation('billing')
  const columns = plans.length + 1
  const cell = (plan: CataloguePlan) => cn('px-2 py-3 text-center align-middle sm:px-4', plan.id === currentPlanId && 'bg-accent/60')
  return (
    <section aria-labelledby="compare-heading" className="flex flex-col gap-4">
      <h2 id="compare-heading" className="text-2xl font-semibold">
        {t('compare.heading')}
      </h2>
      <div role="region" aria-label={t('compare.region')} tabIndex={0} className="overflow-x-auto rounded-xl border border-border bg-card">
        <table className="w-full border-collapse text-xs sm:text-sm">
          <caption className="sr-only">{t('compare.caption')}</caption>
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="w-2/5 px-3 py-3 text-start font-medium text-muted-foreground sm:px-4">
                {t('compare.item')}
              </th>
              {plans.map((plan) => (
                <th key={plan.id} scope="col" className={cn(cell(plan), 'font-semibold')}>
                  {plan.name}
                  {plan.id === currentPlanId ? <span className="block text-xs font-normal text-muted-foreground">{t('compare.yours')}</span> : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="rowgroup" colSpan={columns} className="bg-muted px-3 py-2 text-start text-xs font-semibold tracking-wide uppercase sm:px-4">
                {t('compare.limits')}
              </th>
            </tr>
            {SHOWN_LIMITS.map((key) => (
              <tr key={key} className="border-t border-border">
                <th scope="row" className="px-3 py-3 text-start font-normal sm:px-4">
                  {tBilling(`limits.${key}`)}
                </th>
                {plans.map((plan) => (
                  <td key={plan.id} className={cn(cell(plan), 'tabular-nums')}>
                    {texts[plan.id]!.limits[key] ?? tBilling('unlimited')}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tbody>
            <tr className="border-t border-border">
              <th scope="rowgroup" colSpan={columns} className="bg-muted px-3 py-2 text-start text-xs font-semibold tracking-wide uppercase sm:px-4">
                {t('compare.features')}
              </th>
            </tr>
            {SHOWN_FEATURES.map((feature) => (
              <tr key={feature} className="border-t border-border">
                <th scope="row" className="px-3 py-3 text-start font-normal sm:px-4">
                  {tBilling(`features.${feature}`)}
                </th>
                {plans.map((plan) =>
                  plan.features.includes(feature) ? (
                    <td key={plan.id} className={cell(plan)}>
                      <SpriteIcon name="circle-check" className="mx-auto size-5 text-primary" />
                      <span className="sr-only">{t('compare.included')}</span>
                    </td>
                  ) : (
                    <td key={plan.id} className={cn(cell(plan), 'text-muted-foreground')}>
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">{t('compare.notIncluded')}</span>
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
