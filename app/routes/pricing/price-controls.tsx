import { Form, Link, useLocation, useSearchParams } from 'react-router'
import { Button } from '../../components/ui/button'
import { cn } from '../../components/ui/cn'
import { Label } from '../../components/ui/label'
import { NativeSelect } from '../../components/ui/native-select'
import { PLAN_PERIODS, type PlanPeriod } from '../../modules/billing/index'
import type { CataloguePlan } from '../../modules/billing/index.server'
import type { CurrencyChoice } from '../../modules/catalog/index'
import { useTranslation } from '../../platform/i18n/react'
import type { PricingTexts } from './pricing-texts'

type PriceControlsProps = {
  period: PlanPeriod
  plans: CataloguePlan[]
  currency: string
  currencies: CurrencyChoice[]
  billedIn: string[]
  /** The figures as the loader wrote them (the best yearly saving, the day of the rate prices were converted at). */
  texts: PricingTexts
}

/** Which sentence explains the prices: in the billed currency, approximate after conversion, or unconverted for want of a rate. */
function conversionOf(plans: CataloguePlan[]): 'exact' | 'approximate' | 'noRate' {
  const shown = plans.map((plan) => plan.prices.monthly.shown)
  if (shown.some((price) => price === null)) return 'noRate'
  return shown.some((price) => price?.approximate) ? 'approximate' : 'exact'
}

/**
 * The monthly / yearly switch (links, so it works without JavaScript; with it the page switches without a reload) and
 * the currency the prices are shown in (a GET form), with what that currency means for the bill.
 */
export function PriceControls({ period, plans, currency, currencies, billedIn, texts }: PriceControlsProps) {
  const { t } = useTranslation('plans')
  const { pathname } = useLocation()
  const [search] = useSearchParams()
  const periodLink = (next: PlanPeriod) => {
    const query = new URLSearchParams(search)
    if (next === 'yearly') query.set('period', 'yearly')
    else query.delete('period')
    return { pathname, search: query.size > 0 ? `?${query}` : '' }
  }
  const billed = billedIn.join(', ')
  const conversion = conversionOf(plans)
  const note =
    conversion === 'exact'
      ? t('currency.exact', { currency })
      : conversion === 'noRate'
        ? t('currency.noRate', { currency, billed })
        : texts.rateDay
          ? t('currency.approximate', { currency, billed, date: texts.rateDay })
          : t('currency.approximateUndated', { currency, billed })
  return (
    <div className="flex flex-col items-center gap-4">
      <div className="flex w-full flex-col items-center gap-4 sm:flex-row sm:justify-between">
        <div role="group" aria-label={t('period.label')} className="inline-flex rounded-lg border border-border bg-muted p-1">
          {PLAN_PERIODS.map((option) => (
            <Link
              key={option}
              to={periodLink(option)}
              replace
              preventScrollReset
              aria-current={option === period ? 'true' : undefined}
              className={cn(
                'rounded-md px-4 py-1.5 text-sm font-medium transition-colors',
                option === period ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {t(`period.${option}`)}
              {option === 'yearly' && texts.bestSaving ? (
                <span className="ms-1 text-xs">({t('period.yearlySaving', { percent: texts.bestSaving })})</span>
              ) : null}
            </Link>
          ))}
        </div>
        <Form method="get" preventScrollReset className="flex items-end gap-2">
          {period === 'yearly' ? <input type="hidden" name="period" value="yearly" /> : null}
          <div className="flex flex-col gap-1">
            <Label htmlFor="pricing-currency">{t('currency.label')}</Label>
            <NativeSelect key={currency} id="pricing-currency" name="currency" defaultValue={currency} className="w-56 max-w-full">
              {currencies.map((choice) => (
                <option key={choice.code} value={choice.code}>
                  {choice.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" variant="secondary">
            {t('currency.submit')}
          </Button>
        </Form>
      </div>
      <p className="max-w-3xl text-center text-sm text-muted-foreground">{note}</p>
    </div>
  )
}
