import { useRouteLoaderData } from 'react-router'
import type { ClientCompanies } from '../modules/companies/index'
import type { ClientSession } from '../modules/identity/index'
import { NO_RATES, type RateTable } from '../platform/fx/rate-table'
import type { InterfaceLocale } from '../platform/i18n/interface-locales'
import { DEFAULT_LOCALE, type Locale } from '../platform/i18n/locales'
import type { ColorPreference } from '../platform/ui/color-mode'
import type { GuideProgress } from '../workflows/guide/guide-steps'

type RootData = {
  locale: Locale
  /** The chosen interface language (issue 26); null: the product locale's own. */
  interfaceLocale: InterfaceLocale | null
  session: ClientSession | null
  companies: ClientCompanies | null
  fx: RateTable
  colorPreference: ColorPreference
  sidebarCollapsed: boolean
  collapsedNavGroups: string[] | null
  /** The getting-started guide's progress for the sidebar; null once finished or dismissed (and on the guide page, which brings its own). */
  guide: GuideProgress | null
}

/** The locale, session, companies, reference FX rates, layout preferences and guide progress every page shares, from the root loader. */
export function useRootData(): RootData {
  const data = useRouteLoaderData('root') as RootData | undefined
  return {
    locale: data?.locale ?? DEFAULT_LOCALE,
    interfaceLocale: data?.interfaceLocale ?? null,
    session: data?.session ?? null,
    companies: data?.companies ?? null,
    fx: data?.fx ?? NO_RATES,
    colorPreference: data?.colorPreference ?? 'system',
    sidebarCollapsed: data?.sidebarCollapsed ?? false,
    collapsedNavGroups: data?.collapsedNavGroups ?? null,
    guide: data?.guide ?? null,
  }
}
