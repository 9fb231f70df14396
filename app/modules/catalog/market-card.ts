import { countryName } from '../../platform/countries'
import type { Locale } from '../../platform/i18n/locales'
import type { MarketProduct } from './search.service.server'

/** A search result as a product card shows it. Country names are resolved on the server: ICU data differs between Node and browsers. */
export type MarketCard = MarketProduct & { originName: string }

export function toMarketCard(product: MarketProduct, locale: Locale): MarketCard {
  return { ...product, originName: countryName(product.originCountry, locale) }
}
