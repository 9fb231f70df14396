// The plans as the public pricing page shows them (issue 24): the plans on offer in the visitor's language, their limits
// and features, and each price as billed and in the currency the visitor reads prices in. Read-only.
import { convertAmount, type RateTable } from '../../platform/fx/convert'
import { roundToDecimals } from '../../platform/format/decimal-text'
import { currencyDigits, type DecimalString, minorToDecimal, toDecimalString } from '../../platform/format/money'
import type { Locale } from '../../platform/i18n/locales'
import { PLAN_PERIODS, type PlanFeature, type PlanLimit, type PlanPeriod, SHOWN_FEATURES } from './billing.constants'
import { limitsOf } from './plan-limits'
import { listPlans, type Plan } from './plan.service.server'

/** An exact amount in one currency. */
export type PriceAmount = { amount: DecimalString; currency: string }

/**
 * A plan's price for one period: what is invoiced (`billed`, the plan's own currency), and the same price in the
 * visitor's currency — exact when that is the billed currency or the price is nothing, approximate when converted at
 * the reference rates (rounded to the currency's minor unit), null when no rate to it is known.
 */
export type CataloguePrice = { billed: PriceAmount; shown: (PriceAmount & { approximate: boolean }) | null }

/**
 * A plan on offer, ready for the comparison table. Limits are null for "no limit" (storage in bytes; the page shows
 * those of `SHOWN_LIMITS`); features are those of `SHOWN_FEATURES` the plan includes.
 */
export type CataloguePlan = {
  id: string
  name: string
  description: string
  isDefault: boolean
  limits: Record<PlanLimit, number | null>
  features: PlanFeature[]
  prices: Record<PlanPeriod, CataloguePrice>
  /** How much less a year costs than twelve months, in whole percent; null when it costs no less. */
  yearlySavingPercent: number | null
}

/** The currency prices are shown in, and the reference rates that convert them. */
export type PriceDisplay = { currency: string; rates: RateTable }

/** `minor` units of `currency` as billed and as shown in `display.currency`. */
export function cataloguePrice(minor: bigint, currency: string, display: PriceDisplay): CataloguePrice {
  const billed = { amount: minorToDecimal({ minor, currency }), currency }
  if (display.currency === currency) return { billed, shown: { ...billed, approximate: false } }
  // Nothing is nothing in every currency: a free plan needs no rate.
  if (minor === 0n) return { billed, shown: { amount: toDecimalString('0'), currency: display.currency, approximate: false } }
  const converted = convertAmount(display.rates, billed.amount, currency, display.currency)
  if (converted === null) return { billed, shown: null }
  const amount = toDecimalString(roundToDecimals(converted, currencyDigits(display.currency)))
  return { billed, shown: { amount, currency: display.currency, approximate: true } }
}

/** What paying yearly saves against twelve monthly payments, in whole percent (null: nothing saved). */
export function yearlySavingPercent(monthlyMinor: bigint, yearlyMinor: bigint): number | null {
  const twelveMonths = monthlyMinor * 12n
  if (twelveMonths === 0n || yearlyMinor >= twelveMonths) return null
  return Math.round((Number(twelveMonths - yearlyMinor) / Number(twelveMonths)) * 100)
}

/** One plan row as the pricing page shows it in `locale`. */
export function cataloguePlan(plan: Plan, locale: Locale, display: PriceDisplay): CataloguePlan {
  const minorOf: Record<PlanPeriod, bigint> = { monthly: plan.monthlyPriceMinor, yearly: plan.yearlyPriceMinor }
  return {
    id: plan.id,
    name: plan.name[locale],
    description: plan.description[locale],
    isDefault: plan.isDefault,
    limits: limitsOf(plan),
    // The features the page shows, in the list's order whatever order the row keeps them in.
    features: SHOWN_FEATURES.filter((feature) => plan.features.includes(feature)),
    prices: Object.fromEntries(PLAN_PERIODS.map((period) => [period, cataloguePrice(minorOf[period], plan.currency, display)])) as Record<
      PlanPeriod,
      CataloguePrice
    >,
    yearlySavingPercent: yearlySavingPercent(plan.monthlyPriceMinor, plan.yearlyPriceMinor),
  }
}

/** The plans on offer (retired ones left out), in their table order, for the public pricing page. */
export async function planCatalogue(locale: Locale, display: PriceDisplay): Promise<CataloguePlan[]> {
  return (await listPlans()).map((plan) => cataloguePlan(plan, locale, display))
}
