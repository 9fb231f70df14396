import { CATALOGS } from '../../platform/i18n/catalog.server'
import type { Locale } from '../../platform/i18n/locales'
import type { Dashboard } from './dashboard.server'

type DashboardCatalog = (typeof CATALOGS)['en']['dashboard']

/** Sections a dashboard may leave out, each named by the figures that draw it. */
const SECTIONS = ['buyer', 'supplier', 'platform', 'shipments'] as const satisfies readonly (keyof DashboardCatalog & keyof Dashboard)[]

const cuts = new Map<string, Partial<DashboardCatalog>>()

/**
 * The dashboard catalog without the sections this dashboard has no figures for (issue 18): a buyer's page does not
 * carry the supplier's and the platform's texts. Whole groups only, as the browser merges catalogs by their groups'
 * names; each cut is made once per locale and reused.
 */
export function dashboardMessages(locale: Locale, dashboard: Pick<Dashboard, (typeof SECTIONS)[number]>): Partial<DashboardCatalog> {
  const absent = SECTIONS.filter((section) => dashboard[section] === null)
  const key = `${locale}|${absent.join(',')}`
  let cut = cuts.get(key)
  if (!cut) {
    const groups: Record<string, unknown> = { ...CATALOGS[locale].dashboard }
    for (const section of absent) delete groups[section]
    cuts.set(key, (cut = groups as Partial<DashboardCatalog>))
  }
  return cut
}
