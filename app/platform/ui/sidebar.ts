/** Whether the desktop sidebar is collapsed, remembered so the server renders it the same way. */
export const SIDEBAR_COOKIE = 'sidebar_state'
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

export function sidebarCollapsedFromCookie(value: string | undefined): boolean {
  return value === 'collapsed'
}

/** The navigation groups someone collapsed (ids joined by dots, `none` for none), so the server renders them collapsed too. */
export const NAV_GROUPS_COOKIE = 'nav_groups_collapsed'
const NO_GROUPS = 'none'
const GROUP_ID = /^[a-z][a-z-]{0,31}$/
const MAX_GROUPS = 20

/** The collapsed group ids the cookie names; null when there is no cookie (or it is not ours): the defaults apply. */
export function collapsedGroupsFromCookie(value: string | undefined): string[] | null {
  if (value === undefined) return null
  if (value === NO_GROUPS) return []
  const ids = value.split('.')
  if (ids.length > MAX_GROUPS || !ids.every((id) => GROUP_ID.test(id))) return null
  return [...new Set(ids)]
}

/** The cookie value naming these collapsed groups. */
export function collapsedGroupsCookieValue(ids: readonly string[]): string {
  const kept = [...new Set(ids)].filter((id) => GROUP_ID.test(id)).slice(0, MAX_GROUPS)
  return kept.length > 0 ? kept.join('.') : NO_GROUPS
}
