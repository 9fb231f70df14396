import { Form, Link, useActionData } from 'react-router'
import { Badge } from '../../components/ui/badge'
import { Button, buttonClasses } from '../../components/ui/button'
import { cn } from '../../components/ui/cn'
import { useFormatter } from '../../components/use-formatter'
import type { PlanPeriod } from '../../modules/billing/index'
import type { CataloguePlan } from '../../modules/billing/index.server'
import { localizePath } from '../../platform/i18n/locales'
import { useTranslation } from '../../platform/i18n/react'
import { useRootData } from '../route-helpers'
import type { PlanTexts } from './pricing-texts'

/** Who is looking: a visitor, someone signed in without a company yet, or a member of a company on a plan. */
export type PricingViewer =
  | { kind: 'visitor' }
  | { kind: 'noCompany' }
  | { kind: 'member'; planId: string; period: PlanPeriod; retiredName: string | null; next: { name: string; on: string } | null }

function PlanPrice({ plan, texts, period }: { plan: CataloguePlan; texts: PlanTexts; period: PlanPeriod }) {
  const { t } = useTranslation('plans')
  const price = plan.prices[period]
  const approximate = price.shown?.approximate ?? false
  const free = /^0(\.0+)?$/.test(price.billed.amount)
  const billing = free
    ? t('price.noCharge')
    : approximate
      ? t(period === 'monthly' ? 'price.billedMonthly' : 'price.billedYearly', { price: texts.prices[period].billed })
      : t(`plan.billed.${period}`)
  return (
    <div className="flex flex-col gap-1">
      <p className="flex flex-wrap items-baseline gap-x-1.5">
        <span className="text-3xl font-bold tracking-tight">
          {approximate ? (
            <>
              <span aria-hidden="true">≈ </span>
              <span className="sr-only">{`${t('price.approximately')} `}</span>
            </>
          ) : null}
          {texts.prices[period].shown}
        </span>
        <span className="text-sm text-muted-foreground">{t(period === 'monthly' ? 'price.perMonth' : 'price.perYear')}</span>
      </p>
      <p className="text-sm text-muted-foreground">{billing}</p>
      {period === 'yearly' && texts.saving ? <p className="text-sm font-medium">{t('price.saving', { percent: texts.saving })}</p> : null}
    </div>
  )
}

/** What a viewer can do about a plan: sign up or in for it, set up a company first, or go and choose it in settings. */
function PlanAction({ plan, period, viewer, laterThanCurrent }: { plan: CataloguePlan; period: PlanPeriod; viewer: PricingViewer; laterThanCurrent: boolean }) {
  const { t } = useTranslation('plans')
  const { locale } = useRootData()
  const settings = localizePath(locale, '/app/settings/plan')
  if (viewer.kind === 'visitor') {
    return (
      <Form method="post" className="flex flex-col gap-2">
        <input type="hidden" name="planId" value={plan.id} />
        <input type="hidden" name="period" value={period} />
        <Button type="submit" name="intent" value="sign-up">
          {t('cta.signUp', { plan: plan.name })}
        </Button>
        <Button type="submit" name="intent" value="sign-in" variant="ghost">
          {t('cta.signIn')}
          <span className="sr-only">{`: ${t('cta.forPlan', { plan: plan.name })}`}</span>
        </Button>
      </Form>
    )
  }
  if (viewer.kind === 'noCompany') {
    return (
      <Link to={localizePath(locale, '/onboarding')} className={buttonClasses('secondary')}>
        {t('cta.setUpCompany')}
      </Link>
    )
  }
  const choice = `${settings}?${new URLSearchParams({ plan: plan.id, period })}`
  if (plan.id === viewer.planId && period === viewer.period) {
    return (
      <Link to={settings} className={buttonClasses('secondary')}>
        {t('cta.manage')}
      </Link>
    )
  }
  return (
    <Link to={choice} className={buttonClasses(laterThanCurrent ? 'primary' : 'secondary')}>
      {plan.id === viewer.planId ? t(`cta.switchPeriod.${period}`) : t('cta.choose', { plan: plan.name })}
    </Link>
  )
}

/** The plans side by side: name, description, price for the period, the viewer's own plan marked, and what to do next. */
export function PlanCards({
  plans,
  texts,
  period,
  viewer,
}: {
  plans: CataloguePlan[]
  texts: Record<string, PlanTexts>
  period: PlanPeriod
  viewer: PricingViewer
}) {
  const { t } = useTranslation('plans')
  const format = useFormatter()
  const failed = useActionData<{ fieldErrors?: Record<string, string[]> }>()?.fieldErrors
  const planError = failed?.planId ?? failed?.period ?? failed?.intent
  // Plans come in table order, dearer to the right: a move to the right is an upgrade.
  const currentIndex = viewer.kind === 'member' ? plans.findIndex((plan) => plan.id === viewer.planId) : -1
  return (
    <>
      {planError ? (
        <p role="alert" className="text-center text-sm text-destructive">
          {planError.map((key) => t(key)).join(' ')}
        </p>
      ) : null}
      <ul className="grid gap-6 md:grid-cols-3">
        {plans.map((plan, index) => {
          const yours = viewer.kind === 'member' && viewer.planId === plan.id ? viewer : null
          return (
            <li key={plan.id} className="flex">
              <article
                id={`plan-${plan.id}`}
                aria-labelledby={`plan-${plan.id}-name`}
                aria-current={yours ? 'true' : undefined}
                className={cn(
                  'flex w-full min-w-0 flex-col gap-4 rounded-xl border bg-card p-6 text-card-foreground shadow-sm',
                  yours ? 'border-primary ring-1 ring-primary' : 'border-border',
                )}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 id={`plan-${plan.id}-name`} className="text-xl font-semibold">
                    {plan.name}
                  </h3>
                  {yours ? <Badge>{t('plan.yours')}</Badge> : null}
                </div>
                <p className="text-sm text-muted-foreground">{plan.description}</p>
                <PlanPrice plan={plan} texts={texts[plan.id]!} period={period} />
                {yours && yours.period !== period ? <p className="text-sm">{t(`plan.youPay.${yours.period}`)}</p> : null}
                {yours?.next ? <p className="text-sm">{t('plan.next', { plan: yours.next.name, date: format.date(yours.next.on) })}</p> : null}
                <div className="mt-auto flex flex-col pt-2">
                  <PlanAction plan={plan} period={period} viewer={viewer} laterThanCurrent={index > currentIndex} />
                </div>
              </article>
            </li>
          )
        })}
      </ul>
    </>
  )
}
