import {
  BadgeCheck,
  BarChart3,
  Bell,
  Building2,
  ClipboardList,
  Coins,
  Columns3,
  Contact,
  Factory,
  FileQuestion,
  FolderKanban,
  FolderTree,
  Hash,
  Inbox,
  KanbanSquare,
  KeyRound,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  Mail,
  MailCheck,
  Megaphone,
  MessagesSquare,
  NotebookPen,
  Package,
  Reply,
  RotateCcw,
  Scale,
  Search,
  ShieldCheck,
  ShoppingCart,
  SlidersHorizontal,
  Star,
  Tags,
  Truck,
  UserCheck,
  UserCog,
  Users,
} from 'lucide-react'
import type { CompanyKind, PlatformRole } from '../../../platform/actor'

export type NavItem = {
  /** Locale-free path. */
  to: string
  /** Key in the common namespace. */
  labelKey: string
  icon: LucideIcon
  /** Shown only to platform admins. */
  adminOnly?: boolean
  /** Shown only to people acting for a company. */
  needsCompany?: boolean
  /** Shown only when the active company is one of these kinds. */
  companyKinds?: CompanyKind[]
  /** A live count beside the label. */
  badge?: 'unreadConversations'
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
const SUPPLYING: CompanyKind[] = ['supplier', 'both', 'service_provider']

const COMPANY: NavGroup = {
  id: 'company',
  labelKey: 'nav.groups.company',
  items: [
    { to: '/app/team', labelKey: 'nav.team', icon: Users, needsCompany: true },
    { to: '/app/settings', labelKey: 'nav.companySettings', icon: Building2, needsCompany: true },
  ],
}

const BUYING: CompanyKind[] = ['buyer', 'both']

const SOURCING: NavGroup = {
  id: 'sourcing',
  labelKey: 'nav.groups.sourcing',
  items: [
    { to: '/app/purchase/projects', labelKey: 'nav.projects', icon: FolderKanban, companyKinds: BUYING },
    { to: '/app/purchase/projects/requirements', labelKey: 'nav.requirements', icon: NotebookPen, companyKinds: BUYING },
    { to: '/app/sourcing/find', labelKey: 'nav.findSuppliers', icon: Search, companyKinds: BUYING },
    { to: '/app/sourcing/selected', labelKey: 'nav.shortlist', icon: Star, companyKinds: BUYING },
    { to: '/app/sourcing/rfq', labelKey: 'nav.rfqs', icon: FileQuestion, companyKinds: BUYING },
    { to: '/app/sourcing/quotations', labelKey: 'nav.quotations', icon: Scale, companyKinds: BUYING },
    { to: '/app/orders/publish', labelKey: 'nav.buyingRequests', icon: Megaphone, companyKinds: BUYING },
    { to: '/app/supplier/management', labelKey: 'nav.approvedSuppliers', icon: UserCheck, companyKinds: BUYING },
    { to: '/app/sourcing/research', labelKey: 'nav.research', icon: BarChart3, companyKinds: BUYING },
    { to: '/app/sourcing/purchase', labelKey: 'nav.pipeline', icon: KanbanSquare, companyKinds: BUYING },
  ],
}

const ORDERS: NavGroup = {
  id: 'orders',
  labelKey: 'nav.groups.orders',
  items: [
    { to: '/app/orders', labelKey: 'nav.orders', icon: ClipboardList, needsCompany: true },
    { to: '/app/orders/buyer', labelKey: 'nav.purchases', icon: ShoppingCart, needsCompany: true },
    { to: '/app/orders/service', labelKey: 'nav.serviceOrders', icon: Truck, needsCompany: true },
  ],
}

const CONVERSATIONS: NavGroup = {
  id: 'conversations',
  labelKey: 'nav.groups.conversations',
  items: [
    { to: '/app/inbox', labelKey: 'nav.inbox', icon: MessagesSquare, needsCompany: true, badge: 'unreadConversations' },
    { to: '/app/channels', labelKey: 'nav.channels', icon: Hash, needsCompany: true },
    { to: '/app/notifications', labelKey: 'nav.notifications', icon: Bell },
  ],
}

const SUPPLIER: NavGroup = {
  id: 'supplier',
  labelKey: 'nav.groups.supplier',
  items: [
    { to: '/app/supplier/onboarding', labelKey: 'nav.supplierOnboarding', icon: BadgeCheck, companyKinds: SUPPLYING },
    { to: '/app/supplier/setting', labelKey: 'nav.supplierProfile', icon: Factory, companyKinds: SUPPLYING },
    { to: '/app/products', labelKey: 'nav.products', icon: Package, companyKinds: SUPPLYING },
    { to: '/app/price/new.list', labelKey: 'nav.priceLists', icon: Tags, companyKinds: SUPPLYING },
    { to: '/app/supplier/portal', labelKey: 'nav.rfqInbox', icon: Inbox, companyKinds: SUPPLYING },
    { to: '/app/orders/reply', labelKey: 'nav.replies', icon: Reply, companyKinds: SUPPLYING },
    { to: '/app/supplier/purchase-order', labelKey: 'nav.receivedOrders', icon: Inbox, companyKinds: SUPPLYING },
    { to: '/app/supplier/purchase/orderItem', labelKey: 'nav.openOrderLines', icon: ListChecks, companyKinds: SUPPLYING },
    { to: '/app/orders/fulfillment', labelKey: 'nav.fulfilment', icon: Columns3, companyKinds: SUPPLYING },
    { to: '/app/customers', labelKey: 'nav.customers', icon: Contact, companyKinds: SUPPLYING },
  ],
}

const PLATFORM: NavGroup = {
  id: 'platform',
  labelKey: 'nav.groups.platform',
  items: [
    { to: '/app/users', labelKey: 'nav.users', icon: UserCog, adminOnly: true },
    { to: '/app/verification', labelKey: 'nav.verification', icon: BadgeCheck, adminOnly: true },
    { to: '/app/categories', labelKey: 'nav.categories', icon: FolderTree, adminOnly: true },
    { to: '/app/fx-rates', labelKey: 'nav.fxRates', icon: Coins, adminOnly: true },
    { to: '/app/playground/mail', labelKey: 'nav.mailbox', icon: Mail, adminOnly: true },
  ],
}

/**
 * The signed-in app's sidebar, grouped by area. Only areas whose pages exist are listed; each module
 * adds its group when it lands.
 */
export const APP_NAVIGATION: NavGroup[] = [
  { id: 'overview', labelKey: 'nav.groups.overview', items: [{ to: '/app/dashboard', labelKey: 'nav.dashboard', icon: LayoutDashboard }] },
  CONVERSATIONS,
  SOURCING,
  ORDERS,
  COMPANY,
  SUPPLIER,
  ACCOUNT,
  PLATFORM,
]

/** The supplier area's sidebar; supplier pages add their items to it. */
export const SUPPLIER_NAVIGATION: NavGroup[] = [
  { id: 'overview', labelKey: 'nav.groups.overview', items: [{ to: '/app/dashboard', labelKey: 'nav.dashboard', icon: LayoutDashboard }] },
  CONVERSATIONS,
  SUPPLIER,
  ORDERS,
  COMPANY,
  ACCOUNT,
]

export type NavViewer = { role: PlatformRole; companyKind: CompanyKind | null }

/** The groups a person may see: admin-only items need the admin role, company items the right kind of company; empty groups disappear. */
export function visibleGroups(groups: NavGroup[], viewer: NavViewer): NavGroup[] {
  const visible = (item: NavItem) =>
    (!item.adminOnly || viewer.role === 'admin') &&
    (!item.needsCompany || viewer.companyKind !== null) &&
    (!item.companyKinds || (viewer.companyKind !== null && item.companyKinds.includes(viewer.companyKind)))
  return groups.map((group) => ({ ...group, items: group.items.filter(visible) })).filter((group) => group.items.length > 0)
}
