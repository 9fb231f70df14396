import { formatLimitValue, PLAN_PERIODS, type PlanLimit, type PlanPeriod, SHOWN_LIMITS } from '../../modules/billing/index'
import type { CataloguePlan, PriceAmount } from '../../modules/billing/index.server'
import type { Formatter } from '../../platform/format'

/** One plan's figures as the page writes them: prices as shown and as billed per period, the yearly saving, the limits. */
export type PlanTexts = {
  prices: Record<PlanPeriod, { shown: string; billed: string }>
  saving: string | null
  /** Null for no limit (the page says "Unlimited"). */
  limits: Partial<Record<PlanLimit, string | null>>
}

/** Every figure of the pricing page, written by its loader (`pageFormatter`): the page hydrates without building `Intl` formatters. */
export type PricingTexts = { plans: Record<string, PlanTexts>; bestSaving: string | null; rateDay: string | null }

/** A price as a pricing page writes it: "$49", "$49.50", "¥352.37". */
const priceText = (format: Formatter, price: PriceAmount) =>
  format.number(price.amount, { style: 'currency', currency: price.currency, trailingZeroDisplay: 'stripIfInteger' })

const savingText = (format: Formatter, percent: number | null) => (percent ? format.percent(percent / 100) : null)

export function pricingTexts(format: Formatter, plans: CataloguePlan[], rateDay: string | null): PricingTexts {
  const planTexts = (plan: CataloguePlan): PlanTexts => ({
    prices: Object.fromEntries(
      PLAN_PERIODS.map((period) => {
        const price = plan.prices[period]
        // Without a rate to the visitor's currency, the price as billed.
        return [period, { shown: priceText(format, price.shown ?? price.billed), billed: priceText(format, price.billed) }]
      }),
    ) as PlanTexts['prices'],
    saving: savingText(format, plan.yearlySavingPercent),
    limits: Object.fromEntries(SHOWN_LIMITS.map((key) => [key, plan.limits[key] === null ? null : formatLimitValue(format, key, plan.limits[key])])),
  })
  return {
    plans: Object.fromEntries(plans.map((plan) => [plan.id, planTexts(plan)])),
    bestSaving: savingText(format, Math.max(0, ...plans.map((plan) => plan.yearlySavingPercent ?? 0))),
    rateDay: rateDay ? format.date(`${rateDay}T12:00:00Z`) : null,
  }
}
