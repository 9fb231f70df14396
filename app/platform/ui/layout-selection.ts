/** §2 layout names; `none` renders the page on its own. */
export const LAYOUT_NAMES = ['default', 'anno', 'admin-dashboard', 'admin-default', 'admin-onboarding', 'supplier', 'none'] as const
export type LayoutName = (typeof LAYOUT_NAMES)[number]

export function isLayoutName(value: unknown): value is LayoutName {
  return typeof value === 'string' && (LAYOUT_NAMES as readonly string[]).includes(value)
}

const startsWithSegment = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`)

/**
 * §2: a page's own layout wins (including "none"); otherwise /supplier… uses supplier, /app… uses
 * admin-dashboard, /login uses anno, and everything else uses default. `path` is locale-free.
 */
export function selectLayout(path: string, pageLayout?: LayoutName | null): LayoutName {
  if (pageLayout) return pageLayout
  if (startsWithSegment(path, '/supplier')) return 'supplier'
  if (startsWithSegment(path, '/app')) return 'admin-dashboard'
  if (startsWithSegment(path, '/login')) return 'anno'
  return 'default'
}
