import type { Messages } from './i18n'

// The shared interface catalogue (issue 26): what the interface locale translates. The design system's namespace
// (`ui`) whole, and the parts of `common` that are the interface's own: the navigation chrome and command palette, the
// notification bell, error pages and validation messages, the colour-mode and language controls. Isomorphic.

export const INTERFACE_COMMON_SECTIONS = [
  'app',
  'nav',
  'palette',
  'search',
  'footer',
  'errors',
  'colorMode',
  'language',
  'notificationBell',
  'live',
  'chart',
] as const

/** One locale's interface catalogue, as its file holds it. */
export type InterfaceCatalogue = { ui: Messages; common: Messages }

/** The interface part of a locale's shared catalogs. */
export function interfaceCatalogueOf(shared: { ui: Messages; common: Messages }): InterfaceCatalogue {
  const common: Messages = {}
  for (const section of INTERFACE_COMMON_SECTIONS) {
    const value = shared.common[section]
    if (value !== undefined) common[section] = value
  }
  return { ui: shared.ui, common }
}
