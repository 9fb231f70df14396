import { KeyRound, LayoutDashboard, type LucideIcon, Mail, MailCheck, RotateCcw, ShieldCheck, SlidersHorizontal } from 'lucide-react'
import type { PlatformRole } from '../../../platform/actor'

export type NavItem = {
  /** Locale-free path. */
  to: string
  /** Key in the common namespace. */
  labelKey: string
  icon: LucideIcon
  /** Shown only to platform admins. */
  adminOnly?: boolean
}

export type NavGroup = { id: string; labelKey: string; items: NavItem[] }

const ACCOUNT: NavGroup = {
  id: 'account',
  labelKey: 'nav.groups.account',
  items: [
    { to: '/app/user/preference', labelKey: 'nav.preferences', icon: SlidersHorizontal },
    { to: '/app/user/change-password', labelKey: 'nav.changePassword', icon: KeyRound },
    { to: '/app/user/reset-password', labelKey: 'nav.resetPassword', icon: RotateCcw },
    { to: '/app/user/two-factor', labelKey: 'nav.twoFactor', icon: ShieldCheck },
    { to: '/app/user/verify', labelKey: 'nav.verify', icon: MailCheck },
  ],
}

/**
 * The signed-in app's sidebar, grouped by area. Only areas whose pages exist are listed; each module
 * adds its group when it lands.
 */
export const APP_NAVIGATION: NavGroup[] = [
  { id: 'overview', labelKey: 'nav.groups.overview', items: [{ to: '/app/dashboard', labelKey: 'nav.dashboard', icon: LayoutDashboard }] },
  ACCOUNT,
  { id: 'platform', labelKey: 'nav.groups.platform', items: [{ to: '/app/playground/mail', labelKey: 'nav.mailbox', icon: Mail, adminOnly: true }] },
]

/** The supplier area's sidebar; supplier pages add their items to it. */
export const SUPPLIER_NAVIGATION: NavGroup[] = [
  { id: 'overview', labelKey: 'nav.groups.overview', items: [{ to: '/app/dashboard', labelKey: 'nav.dashboard', icon: LayoutDashboard }] },
  ACCOUNT,
]

/** The groups a person may see: admin-only items need the admin role, and empty groups disappear. */
export function visibleGroups(groups: NavGroup[], role: PlatformRole): NavGroup[] {
  return groups.map((group) => ({ ...group, items: group.items.filter((item) => !item.adminOnly || role === 'admin') })).filter((group) => group.items.length > 0)
}
