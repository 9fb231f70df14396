import { rateTable } from '../../platform/fx/fx.service.server'
import type { Locale } from '../../platform/i18n/locales'
import type { CurrencyChoice } from './components/search-facets'

/**
 * The currencies a market price range can be entered in: those with a reference rate (EUR and every rated one) and the
 * chosen one, as "USD — US Dollar" in the page's language, in code order.
 */
export async function marketCurrencies(locale: Locale, chosen: string): Promise<CurrencyChoice[]> {
  const rates = await rateTable()
  const names = new Intl.DisplayNames([locale], { type: 'currency' })
  const codes = [...new Set(['EUR', ...Object.keys(rates.perEur), chosen])].sort()
  return codes.map((code) => ({ code, label: `${code} — ${names.of(code) ?? code}` }))
}
