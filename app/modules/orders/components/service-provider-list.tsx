import { Link } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { buttonClasses } from '../../../components/ui/button'
import { countryName } from '../../../platform/countries'
import { type Locale, localizePath } from '../../../platform/i18n/locales'
import { useTranslation } from '../../../platform/i18n/react'
import type { OfferingPriceBasis, OrderableService } from '../orders.constants'
import { OfferingAreas, OfferingLeadTime, OfferingPrice } from './offering-summary'

type ProviderOfferingItem = {
  id: string
  title: string
  worldwide: boolean
  countries: string[]
  price: string | null
  currency: string | null
  priceBasis: OfferingPriceBasis | null
  leadTimeDays: number
}

export type ServiceProviderItem = {
  id: string
  name: string
  country: string
  city: string
  verified: boolean
  offerings: ProviderOfferingItem[]
  offeringCount: number
}

/** A provider's offerings of the service: title, areas, price and lead time of each (texts from `offerings`). */
function ProviderOfferings({ provider, locale }: { provider: ServiceProviderItem; locale: Locale }) {
  const { t } = useTranslation('offerings')
  if (provider.offerings.length === 0) return <p className="text-sm text-muted-foreground">{t('public.noOfferings')}</p>
  const more = provider.offeringCount - provider.offerings.length
  return (
    <div className="flex flex-col gap-1">
      <ul aria-label={t('public.offerings')} className="flex flex-col gap-2">
        {provider.offerings.map((offering) => (
          <li key={offering.id} className="rounded-md bg-muted/60 px-3 py-2 text-sm">
            <p className="font-medium break-words">{offering.title}</p>
            <p className="break-words text-muted-foreground">
              <OfferingAreas locale={locale} areas={offering} />
              {' · '}
              <OfferingPrice offering={offering} />
              {' · '}
              <OfferingLeadTime days={offering.leadTimeDays} />
            </p>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="text-xs text-muted-foreground">{t('public.moreOfferings', { count: more })}</p> : null}
    </div>
  )
}

/** Where "Order this service" leads: the freight request form for logistics, the service order form otherwise. */
export function orderServiceHref(locale: Locale, type: OrderableService, providerId: string): string {
  if (type === 'logistics') return localizePath(locale, '/app/orders/logistic-order')
  return `${localizePath(locale, '/app/orders/service-order')}?${new URLSearchParams({ type, provider: providerId })}`
}

/** The providers of one service, each with its verification, profile link and an order button. */
export function ServiceProviderList({ type, providers, locale }: { type: OrderableService; providers: ServiceProviderItem[]; locale: Locale }) {
  const { t } = useTranslation('services')
  return (
    <ul className="flex flex-col gap-3" aria-label={t('public.listLabel')}>
      {providers.map((provider) => (
        <li key={provider.id} className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <h2 className="text-base font-semibold">
              <Link to={localizePath(locale, `/b2b/company/${encodeURIComponent(provider.id)}`)} className="hover:underline focus-visible:underline">
                {provider.name}
              </Link>
            </h2>
            <p className="text-sm text-muted-foreground">{[provider.city, countryName(provider.country, locale)].filter(Boolean).join(', ')}</p>
            <div>{provider.verified ? <Badge variant="accept">{t('public.verified')}</Badge> : <Badge variant="outline">{t('public.unverified')}</Badge>}</div>
            <ProviderOfferings provider={provider} locale={locale} />
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <Link to={localizePath(locale, `/b2b/company/${encodeURIComponent(provider.id)}`)} className={buttonClasses('ghost')}>
              {t('public.viewProfile')}
              <span className="sr-only">{`: ${provider.name}`}</span>
            </Link>
            <Link to={orderServiceHref(locale, type, provider.id)} className={buttonClasses('primary')}>
              {type === 'logistics' ? t('public.requestFreight') : t('public.orderService')}
              <span className="sr-only">{`: ${provider.name}`}</span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  )
}
