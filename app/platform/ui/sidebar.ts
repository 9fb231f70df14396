/** Whether the desktop sidebar is collapsed, remembered so the server renders it the same way. */
export const SIDEBAR_COOKIE = 'sidebar_state'
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

export function sidebarCollapsedFromCookie(value: string | undefined): boolean {
  return value === 'collapsed'
}
