import { useFormatter } from '../../../components/use-formatter'
import { countryName } from '../../../platform/countries'
import type { Locale } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import type { OfferingPriceBasis } from '../orders.constants'

/** Countries named in a summary before "+N more". */
const COUNTRIES_SHOWN = 6

type Areas = { worldwide: boolean; countries: readonly string[] }
type Price = { price: string | null; currency: string | null; priceBasis: OfferingPriceBasis | null }

/** "Worldwide", or the first countries served by name and how many more (texts from `offerings`). */
export function offeringAreasText(t: (key: string, values?: Record<string, unknown>) => string, locale: Locale, areas: Areas): string {
  if (areas.worldwide) return t('terms.worldwide')
  const named = areas.countries.slice(0, COUNTRIES_SHOWN).map((code) => countryName(code, locale))
  const more = areas.countries.length - named.length
  return more > 0 ? `${named.join(', ')} ${t('terms.moreCountries', { count: more })}` : named.join(', ')
}

/** Where an offering is served. */
export function OfferingAreas({ locale, areas }: { locale: Locale; areas: Areas }) {
  const { t } = useTranslation('offerings')
  return <>{offeringAreasText(t, locale, areas)}</>
}

/** The price with what it is per ("USD 280.00 per day"), or "Price on request". */
export function OfferingPrice({ offering }: { offering: Price }) {
  const { t } = useTranslation('offerings')
  const format = useFormatter()
  if (offering.price === null || offering.currency === null || offering.priceBasis === null) return <>{t('terms.onRequest')}</>
  return <>{t('terms.price', { price: format.unitPrice(offering.price, offering.currency), basis: t(`bases.${offering.priceBasis}`) })}</>
}

/** The lead time in days. */
export function OfferingLeadTime({ days }: { days: number }) {
  const { t } = useTranslation('offerings')
  return <>{t('terms.leadTime', { count: days })}</>
}
