import type { ColorPreference } from './color-mode'
import type { LayoutName } from './layout-selection'

/** What a route module may declare about itself in `export const handle`. */
export type RouteHandle = {
  /** The page's own layout (§2); wins over the path-based choice, `none` included. */
  layout?: LayoutName
  /** Force a colour mode for this page (§1); forcing `system` is ignored. */
  colorMode?: ColorPreference
  /** `wide`: a data page (lists, tables, boards, comparisons) that uses the width of a large screen; forms and reading pages keep a readable measure. */
  width?: 'wide'
}

type Match = { handle?: unknown }

/** The deepest route's settings win. */
export function pageSettings(matches: readonly Match[]): RouteHandle {
  const settings: RouteHandle = {}
  for (const match of matches) {
    const handle = (match.handle ?? {}) as RouteHandle
    if (handle.layout) settings.layout = handle.layout
    if (handle.colorMode) settings.colorMode = handle.colorMode
    if (handle.width) settings.width = handle.width
  }
  return settings
}
