import { useState } from 'react'
import { useLocation } from 'react-router'
import { splitLocalePath } from '../../../platform/i18n/locales'
import { collapsedGroupsCookieValue, NAV_GROUPS_COOKIE, SIDEBAR_COOKIE_MAX_AGE_SECONDS } from '../../../platform/ui/sidebar'
import { DEFAULT_COLLAPSED_GROUPS, locate, type NavGroup, type NavLocation } from './navigation'

/** A layout preference the server reads to render the sidebar the same way (so it cannot be HttpOnly). */
function rememberCollapsedGroups(ids: string[]): void {
  document.cookie = `${NAV_GROUPS_COOKIE}=${collapsedGroupsCookieValue(ids)}; Path=/; Max-Age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`
}

export type NavGroupsState = {
  /** Where the current page sits in the navigation. */
  here: NavLocation
  isOpen: (groupId: string) => boolean
  toggle: (groupId: string) => void
}

/**
 * Which navigation groups are open: all but those someone collapsed (remembered in a cookie), and always the group of
 * the current page when one arrives on it — collapsing that group then holds until the next page.
 */
export function useNavGroups(groups: NavGroup[], initialCollapsed: string[] | null): NavGroupsState {
  const path = splitLocalePath(useLocation().pathname).rest
  const here = locate(groups, path)
  const [collapsed, setCollapsed] = useState<string[]>(() => initialCollapsed ?? [...DEFAULT_COLLAPSED_GROUPS])
  const [closedHere, setClosedHere] = useState<{ path: string; ids: string[] }>({ path, ids: [] })
  const closedOnThisPage = closedHere.path === path ? closedHere.ids : []
  const isOpen = (id: string) => !collapsed.includes(id) || (id === here.groupId && !closedOnThisPage.includes(id))
  const toggle = (id: string) => {
    const closing = isOpen(id)
    const next = closing ? [...collapsed.filter((other) => other !== id), id] : collapsed.filter((other) => other !== id)
    rememberCollapsedGroups(next)
    setCollapsed(next)
    setClosedHere({ path, ids: closing ? [...closedOnThisPage, id] : closedOnThisPage.filter((other) => other !== id) })
  }
  return { here, isOpen, toggle }
}
