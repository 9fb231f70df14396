import { Link } from 'react-router'
import { FormError, type FormErrorData } from '../../../components/form-error'
import { Badge } from '../../../components/ui/badge'
import { buttonClasses } from '../../../components/ui/button'
import { cn } from '../../../components/ui/cn'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { SpriteIcon } from '../../../components/ui/sprite-icon'
import { useFormatter } from '../../../components/use-formatter'
import { useTranslation } from '../../../platform/i18n/react'
import type { Locale } from '../../../platform/i18n/locales'
import { PLAN_FEATURES, PLAN_LIMITS, type PlanFeature, type PlanLimit, type PlanText } from '../billing.constants'
import { formatLimitValue } from '../limit-format'

/** A plan as the admin's list shows it: prices as decimal text in the plan's currency, limits null for "no limit". */
export type PlanAdminRow = {
  id: string
  name: PlanText
  description: PlanText
  currency: string
  monthlyPrice: string
  yearlyPrice: string
  limits: Record<PlanLimit, number | null>
  features: PlanFeature[]
  position: number
  isDefault: boolean
  retiredAt: string | null
  version: number
  /** Companies whose subscription is on it. */
  companies: number
}

/** A refused retire or make-default: the plan it was for and why, shown in that plan's dialog. */
export type PlanActionFailure = { intent: 'retire' | 'makeDefault'; planId: string; error: FormErrorData }

type PlanAdminListProps = {
  plans: PlanAdminRow[]
  locale: Locale
  editHref: (planId: string) => string
  failure: PlanActionFailure | null
}

/**
 * Every plan as a card, in the pricing page's order and side by side on a wide screen so their terms compare: prices,
 * each limit, features and companies, with what the admin can do to it. Retired plans are marked and dimmed.
 */
export function PlanAdminList({ plans, locale, editHref, failure }: PlanAdminListProps) {
  const { t } = useTranslation('planAdmin')
  const defaultPlan = plans.find((plan) => plan.isDefault)
  return (
    <ul className="grid gap-4 lg:grid-cols-2 xl:grid-cols-3">
      {plans.map((plan) => (
        <li key={plan.id}>
          <PlanCard
            plan={plan}
            locale={locale}
            editHref={editHref(plan.id)}
            defaultName={defaultPlan?.name[locale] ?? ''}
            failure={failure?.planId === plan.id ? failure : null}
          />
        </li>
      ))}
      {plans.length === 0 ? <li className="text-sm text-muted-foreground">{t('list.empty')}</li> : null}
    </ul>
  )
}

type PlanCardProps = { plan: PlanAdminRow; locale: Locale; editHref: string; defaultName: string; failure: PlanActionFailure | null }

function PlanCard({ plan, locale, editHref, defaultName, failure }: PlanCardProps) {
  const { t } = useTranslation('planAdmin')
  const { t: tBilling } = useTranslation('billing')
  const format = useFormatter()
  const name = plan.name[locale]
  const titleId = `plan-${plan.id}-title`
  const price = (amount: string) => (/^0+(?:\.0+)?$/.test(amount) ? tBilling('free') : format.money(amount, plan.currency))
  const limit = (key: PlanLimit) => {
    const value = plan.limits[key]
    return value === null ? tBilling('unlimited') : formatLimitValue(format, key, value)
  }
  const row = (label: string, value: string) => (
    <div key={label} className="flex items-baseline justify-between gap-3 border-b border-border/60 py-1 last:border-b-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-end font-medium tabular-nums">{value}</dd>
    </div>
  )
  return (
    <article
      aria-labelledby={titleId}
      data-testid={`plan-${plan.id}`}
      className={cn(
        'flex h-full flex-col gap-4 rounded-lg border bg-card p-4 text-card-foreground',
        plan.retiredAt ? 'border-dashed border-border' : 'border-border shadow-sm',
      )}
    >
      <header className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className={cn('text-lg font-semibold', plan.retiredAt && 'text-muted-foreground')}>
            {name}
          </h3>
          {plan.isDefault ? <Badge variant="accept">{t('list.default')}</Badge> : null}
          {plan.retiredAt ? <Badge variant="secondary">{t('list.retiredOn', { date: format.date(plan.retiredAt) })}</Badge> : null}
        </div>
        <p className="font-mono text-xs text-muted-foreground">{plan.id}</p>
        <p className="text-sm text-muted-foreground">{plan.description[locale]}</p>
      </header>

      <dl className="text-sm">
        {row(t('list.monthlyPrice'), price(plan.monthlyPrice))}
        {row(t('list.yearlyPrice'), price(plan.yearlyPrice))}
        {PLAN_LIMITS.map((key) => row(tBilling(`limits.${key}`), limit(key)))}
        {row(t('list.companies'), format.number(plan.companies))}
      </dl>

      <div className="flex flex-col gap-1.5 text-sm">
        <h4 className="font-medium">{t('list.features')}</h4>
        {plan.features.length === 0 ? (
          <p className="text-muted-foreground">{t('list.noFeatures')}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {PLAN_FEATURES.filter((feature) => plan.features.includes(feature)).map((feature) => (
              <li key={feature} className="flex items-start gap-2">
                <SpriteIcon name="circle-check" className="mt-0.5 text-success" />
                <span>{tBilling(`features.${feature}`)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-border pt-3">
        <Link to={editHref} className={buttonClasses('secondary')} aria-label={t('list.editLabel', { plan: name })}>
          {t('list.edit')}
        </Link>
        {!plan.isDefault && !plan.retiredAt ? (
          <ConfirmDialog
            triggerLabel={t('makeDefault.trigger')}
            title={t('makeDefault.title', { plan: name })}
            description={t('makeDefault.description', { current: defaultName })}
            confirmLabel={t('makeDefault.confirm')}
            confirmVariant="primary"
            open={failure?.intent === 'makeDefault'}
          >
            <input type="hidden" name="intent" value="makeDefault" />
            <input type="hidden" name="planId" value={plan.id} />
            {failure?.intent === 'makeDefault' ? <FormError error={failure.error} /> : null}
          </ConfirmDialog>
        ) : null}
        {plan.retiredAt ? null : plan.isDefault && failure?.intent !== 'retire' ? (
          <p className="text-xs text-muted-foreground">{t('list.defaultNotRetirable')}</p>
        ) : (
          <ConfirmDialog
            triggerLabel={t('retire.trigger')}
            title={t('retire.title', { plan: name })}
            description={t('retire.description')}
            confirmLabel={t('retire.confirm')}
            open={failure?.intent === 'retire'}
          >
            <input type="hidden" name="intent" value="retire" />
            <input type="hidden" name="planId" value={plan.id} />
            {failure?.intent === 'retire' ? <FormError error={failure.error} /> : null}
          </ConfirmDialog>
        )}
      </div>
    </article>
  )
}
