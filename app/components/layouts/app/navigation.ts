import type { CompanyKind, PlatformRole } from '../../../platform/actor'
import type { SpriteIconName } from '../../ui/sprite-icons'

/** Who may see a page. */
type Audience = {
  /** Shown only to platform admins. */
  adminOnly?: boolean
  /** Shown only to people acting for a company. */
  needsCompany?: boolean
  /** Shown only when the active company is one of these kinds. */
  companyKinds?: CompanyKind[]
}

/** A page the sidebar does not list but the command palette finds. */
export type NavPage = Audience & {
  /** Locale-free path. */
  to: string
  /** Key in the common namespace. */
  labelKey: string
  /** More paths of this page (`:name` stands for any one segment), e.g. its detail pages. */
  also?: string[]
}

export type NavItem = NavPage & {
  icon: SpriteIconName
  /** A live count beside the label, or the getting-started progress under it. */
  badge?: 'unreadConversations' | 'guideProgress'
  /** A first-run step: it leaves the sidebar once done (the palette still finds it). */
  doneWhen?: 'contactVerified' | 'companyVerified' | 'guideClosed'
  /** Pages reached from this one: the palette finds them, and on them this item stays marked as the current one. */
  subpages?: NavPage[]
}

export type NavGroup = {
  id: string
  labelKey: string
  items: NavItem[]
  /** Pages of the area the top bar already leads to: found by the palette, left out of the sidebar. */
  pages?: NavPage[]
}

const BUYING: CompanyKind[] = ['buyer', 'both']
const SUPPLYING: CompanyKind[] = ['supplier', 'both', 'service_provider']

const HOME: NavGroup = {
  id: 'home',
  labelKey: 'nav.groups.home',
  items: [
    { to: '/app/dashboard', labelKey: 'nav.dashboard', icon: 'layout-dashboard' },
    { to: '/app/supplier', labelKey: 'nav.supplierHome', icon: 'handshake', companyKinds: SUPPLYING },
    { to: '/app/guide', labelKey: 'nav.guide', icon: 'compass', needsCompany: true, badge: 'guideProgress', doneWhen: 'guideClosed' },
    { to: '/b2b/market', labelKey: 'nav.marketplace', icon: 'store' },
    { to: '/app/infor/eping', labelKey: 'nav.regulatoryAlerts', icon: 'triangle-exclamation-point', needsCompany: true, also: ['/app/infor/eping/:id'] },
  ],
}

/** Buying: projects to RFQs and quotations. Supplying: the RFQs buyers sent. */
const SOURCING: NavGroup = {
  id: 'sourcing',
  labelKey: 'nav.groups.sourcing',
  items: [
    {
      to: '/app/sourcing/chat',
      labelKey: 'nav.assistant',
      icon: 'message-square-quote',
      needsCompany: true,
      also: ['/app/sourcing/chat/:id'],
      subpages: [{ to: '/app/agi/config', labelKey: 'nav.assistantSettings' }],
    },
    {
      to: '/app/purchase/projects',
      labelKey: 'nav.projects',
      icon: 'folder-kanban',
      companyKinds: BUYING,
      // The requirements of every project, and the projects as a board by sourcing stage.
      subpages: [
        { to: '/app/purchase/projects/requirements', labelKey: 'nav.requirements' },
        { to: '/app/sourcing/purchase', labelKey: 'nav.pipeline' },
      ],
    },
    { to: '/app/sourcing/find', labelKey: 'nav.findSuppliers', icon: 'search', companyKinds: BUYING },
    { to: '/app/sourcing/selected', labelKey: 'nav.shortlist', icon: 'star', companyKinds: BUYING },
    { to: '/app/supplier/management', labelKey: 'nav.approvedSuppliers', icon: 'user-check', companyKinds: BUYING },
    { to: '/app/sourcing/rfq', labelKey: 'nav.rfqs', icon: 'file-question-mark', companyKinds: BUYING },
    { to: '/app/sourcing/quotations', labelKey: 'nav.quotations', icon: 'scale', companyKinds: BUYING },
    { to: '/app/orders/publish', labelKey: 'nav.buyingRequests', icon: 'megaphone', companyKinds: BUYING, also: ['/app/orders/edit-publish'] },
    { to: '/app/sourcing/research', labelKey: 'nav.research', icon: 'chart-column', companyKinds: BUYING },
    {
      to: '/app/supplier/portal',
      labelKey: 'nav.rfqInbox',
      icon: 'inbox',
      companyKinds: SUPPLYING,
      subpages: [{ to: '/app/orders/reply', labelKey: 'nav.replies' }],
    },
  ],
}

/**
 * One list per side of an order: what the company buys and what it sells. The list of both sides (/app/orders) is
 * only worth finding for companies on both sides; for the others it is the same list as their one side.
 */
const ORDERS: NavGroup = {
  id: 'orders',
  labelKey: 'nav.groups.orders',
  items: [
    {
      to: '/app/orders/buyer',
      labelKey: 'nav.purchaseOrders',
      icon: 'shopping-cart',
      companyKinds: BUYING,
      also: ['/app/orders/:id/view', '/app/orders/new-order'],
    },
    {
      to: '/app/supplier/purchase-order',
      labelKey: 'nav.salesOrders',
      icon: 'clipboard-list',
      companyKinds: SUPPLYING,
      also: ['/app/supplier/purchase/order/:id'],
      subpages: [
        { to: '/app/orders/fulfillment', labelKey: 'nav.fulfilment' },
        { to: '/app/supplier/purchase/orderItem', labelKey: 'nav.openOrderLines' },
      ],
    },
    {
      to: '/app/orders/service',
      labelKey: 'nav.serviceOrders',
      icon: 'truck',
      needsCompany: true,
      also: ['/app/orders/service-order', '/app/orders/logistic-order'],
    },
    {
      to: '/app/shipments/tracking',
      labelKey: 'nav.shipments',
      icon: 'map-pin',
      needsCompany: true,
      subpages: [{ to: '/app/shipments/shipping', labelKey: 'nav.bookShipment', companyKinds: SUPPLYING }],
    },
    {
      to: '/app/documents',
      labelKey: 'nav.documents',
      icon: 'file-search',
      needsCompany: true,
      subpages: [{ to: '/app/documents/create', labelKey: 'nav.createDocument' }],
    },
    { to: '/app/customers', labelKey: 'nav.customers', icon: 'contact', companyKinds: SUPPLYING },
    { to: '/app/warehouse', labelKey: 'nav.warehouses', icon: 'warehouse', needsCompany: true, also: ['/app/warehouse/detail'] },
  ],
  pages: [{ to: '/app/orders', labelKey: 'nav.allOrders', companyKinds: ['both'] }],
}

/** A company's money: balances, payments, payouts, and the set-up that payouts wait for (KYC and bank accounts). */
const FINANCE: NavGroup = {
  id: 'finance',
  labelKey: 'nav.groups.finance',
  items: [
    { to: '/app/finance/account', labelKey: 'nav.financeAccount', icon: 'landmark', needsCompany: true },
    { to: '/app/finance/payments', labelKey: 'nav.payments', icon: 'banknote', needsCompany: true },
    { to: '/app/finance/payouts', labelKey: 'nav.payouts', icon: 'wallet', needsCompany: true },
    { to: '/app/finance/documents', labelKey: 'nav.financeDocuments', icon: 'file-search', needsCompany: true },
    { to: '/app/finance/settings', labelKey: 'nav.financeSettings', icon: 'sliders-horizontal', needsCompany: true },
    { to: '/app/finance/onboarding', labelKey: 'nav.financeOnboarding', icon: 'shield-check', needsCompany: true },
  ],
}

const CATALOGUE: NavGroup = {
  id: 'catalogue',
  labelKey: 'nav.groups.catalogue',
  items: [
    { to: '/app/products', labelKey: 'nav.products', icon: 'package', companyKinds: SUPPLYING },
    { to: '/app/price/new.list', labelKey: 'nav.priceLists', icon: 'tags', companyKinds: SUPPLYING, also: ['/app/price/:list'] },
    { to: '/app/supplier/service', labelKey: 'nav.services', icon: 'earth', companyKinds: SUPPLYING },
  ],
}

const CONVERSATIONS: NavGroup = {
  id: 'conversations',
  labelKey: 'nav.groups.conversations',
  items: [
    { to: '/app/inbox', labelKey: 'nav.inbox', icon: 'messages-square', needsCompany: true, badge: 'unreadConversations' },
    { to: '/app/channels', labelKey: 'nav.channels', icon: 'hash', needsCompany: true },
  ],
  // The bell in the top bar leads to them.
  pages: [
    { to: '/app/notifications', labelKey: 'nav.notifications' },
    { to: '/app/notifications/settings', labelKey: 'nav.notificationSettings' },
  ],
}

const COMPANY: NavGroup = {
  id: 'company',
  labelKey: 'nav.groups.company',
  items: [
    { to: '/app/team', labelKey: 'nav.team', icon: 'users', needsCompany: true },
    { to: '/app/settings', labelKey: 'nav.companySettings', icon: 'building-complex', needsCompany: true },
    { to: '/dev', labelKey: 'nav.developers', icon: 'key-round', needsCompany: true, also: ['/dev/list', '/dev/edit'] },
    { to: '/app/supplier/setting', labelKey: 'nav.supplierProfile', icon: 'factory', companyKinds: SUPPLYING },
    {
      to: '/app/supplier/onboarding',
      labelKey: 'nav.supplierOnboarding',
      icon: 'badge-check',
      companyKinds: SUPPLYING,
      doneWhen: 'companyVerified',
      also: ['/app/supplier/supplier-type'],
    },
  ],
}

/** The account pages; the account menu of the top bar lists them too. */
export const ACCOUNT: NavGroup = {
  id: 'account',
  labelKey: 'nav.groups.account',
  items: [
    { to: '/app/user/preference', labelKey: 'nav.preferences', icon: 'sliders-horizontal' },
    // Resetting is the way out of the change form when the current password is forgotten.
    {
      to: '/app/user/change-password',
      labelKey: 'nav.changePassword',
      icon: 'key-round',
      subpages: [{ to: '/app/user/reset-password', labelKey: 'nav.resetPassword' }],
    },
    { to: '/app/user/two-factor', labelKey: 'nav.twoFactor', icon: 'shield-check' },
    { to: '/app/user/verify', labelKey: 'nav.verify', icon: 'mail-check', doneWhen: 'contactVerified' },
  ],
}

const PLATFORM: NavGroup = {
  id: 'platform',
  labelKey: 'nav.groups.platform',
  items: [
    { to: '/app/users', labelKey: 'nav.users', icon: 'user-cog', adminOnly: true },
    { to: '/app/verification', labelKey: 'nav.verification', icon: 'badge-check', adminOnly: true },
    { to: '/app/categories', labelKey: 'nav.categories', icon: 'folder-tree', adminOnly: true },
    { to: '/app/finance/reviews', labelKey: 'nav.financeReviews', icon: 'landmark', adminOnly: true },
    { to: '/app/finance/payments', labelKey: 'nav.platformPayments', icon: 'banknote', adminOnly: true },
    { to: '/app/finance/payouts', labelKey: 'nav.platformPayouts', icon: 'wallet', adminOnly: true },
    { to: '/app/plans', labelKey: 'nav.plans', icon: 'award', adminOnly: true },
    { to: '/app/fx-rates', labelKey: 'nav.fxRates', icon: 'coins', adminOnly: true },
    { to: '/app/jobs', labelKey: 'nav.jobs', icon: 'list-checks', adminOnly: true },
    {
      to: '/app/playground',
      labelKey: 'nav.playground',
      icon: 'message-square',
      adminOnly: true,
      also: ['/app/playground/chat', '/app/playground/chat/:id'],
      subpages: [{ to: '/app/agi/config', labelKey: 'nav.assistantConfig' }],
    },
    { to: '/app/playground/mail', labelKey: 'nav.mailbox', icon: 'mail', adminOnly: true },
  ],
  // A support tool reached from the command palette: whether a project's route can be served.
  pages: [{ to: '/app/purchase/projects/test-route', labelKey: 'nav.routeCheck', adminOnly: true }],
}

/** The signed-in app's sidebar, grouped by what people do; each person sees the groups their role and company need. */
export const APP_NAVIGATION: NavGroup[] = [HOME, SOURCING, ORDERS, FINANCE, CATALOGUE, CONVERSATIONS, COMPANY, ACCOUNT, PLATFORM]

/** The supplier area's sidebar: the same areas without the platform's. */
export const SUPPLIER_NAVIGATION: NavGroup[] = [HOME, SOURCING, ORDERS, FINANCE, CATALOGUE, CONVERSATIONS, COMPANY, ACCOUNT]

/** Groups collapsed until someone opens them: the account pages are also in the account menu. */
export const DEFAULT_COLLAPSED_GROUPS: readonly string[] = ['account']

export type NavViewer = {
  role: PlatformRole
  companyKind: CompanyKind | null
  /** The person proved their email or phone number. */
  contactVerified: boolean
  /** The active company's supplier verification was accepted. */
  companyVerified: boolean
  /** The person finished or dismissed the getting-started guide of the active company. */
  guideClosed: boolean
}

function mayOpen(page: Audience, viewer: NavViewer): boolean {
  return (
    (!page.adminOnly || viewer.role === 'admin') &&
    (!page.needsCompany || viewer.companyKind !== null) &&
    (!page.companyKinds || (viewer.companyKind !== null && page.companyKinds.includes(viewer.companyKind)))
  )
}

const isDone = (item: NavItem, viewer: NavViewer) => item.doneWhen !== undefined && viewer[item.doneWhen]

/** The groups a person may open, with the subpages and pages they may open; empty groups disappear. */
function openableGroups(groups: NavGroup[], viewer: NavViewer): NavGroup[] {
  return groups
    .map((group) => ({
      ...group,
      items: group.items
        .filter((item) => mayOpen(item, viewer))
        .map((item) => (item.subpages ? { ...item, subpages: item.subpages.filter((page) => mayOpen(page, viewer)) } : item)),
      ...(group.pages ? { pages: group.pages.filter((page) => mayOpen(page, viewer)) } : {}),
    }))
    .filter((group) => group.items.length > 0)
}

/**
 * The sidebar of a person: admin-only items need the admin role, company items the right kind of company, and steps
 * already done leave; empty groups disappear.
 */
export function visibleGroups(groups: NavGroup[], viewer: NavViewer): NavGroup[] {
  return openableGroups(groups, viewer)
    .map((group) => ({ ...group, items: group.items.filter((item) => !isDone(item, viewer)) }))
    .filter((group) => group.items.length > 0)
}

/** A page as the command palette lists it: its label and the label of its group. */
export type PalettePage = { to: string; labelKey: string; groupLabelKey: string }

/** Every page a person may open from the navigation, sidebar items first, for the command palette. */
export function palettePages(groups: NavGroup[], viewer: NavViewer): PalettePage[] {
  return openableGroups(groups, viewer).flatMap((group) => {
    const page = ({ to, labelKey }: NavPage) => ({ to, labelKey, groupLabelKey: group.labelKey })
    return [...group.items.flatMap((item) => [page(item), ...(item.subpages ?? []).map(page)]), ...(group.pages ?? []).map(page)]
  })
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean)

/** How many segments of `path` the pattern covers when it is a prefix of it (`:name` matches any segment), else 0. */
function coveredSegments(pattern: string, path: string[]): number {
  const parts = segmentsOf(pattern)
  if (parts.length > path.length) return 0
  return parts.every((part, index) => part.startsWith(':') || part === path[index]) ? parts.length : 0
}

const pathsOf = (page: NavPage) => [page.to, ...(page.also ?? [])]

export type NavLocation = {
  /** The group holding the page: it is shown open. */
  groupId: string | null
  /** The sidebar item the page belongs to (itself, a subpage or a detail page of it). */
  itemTo: string | null
  /** The page is that item's own page. */
  exact: boolean
}

/** Where a locale-free path sits in the sidebar: the most specific item, subpage or page whose path starts it. */
export function locate(groups: NavGroup[], path: string): NavLocation {
  const segments = segmentsOf(path)
  let best: { groupId: string | null; itemTo: string | null; covered: number } = { groupId: null, itemTo: null, covered: 0 }
  const consider = (groupId: string, itemTo: string | null, page: NavPage) => {
    for (const pattern of pathsOf(page)) {
      const covered = coveredSegments(pattern, segments)
      if (covered > best.covered) best = { groupId, itemTo, covered }
    }
  }
  for (const group of groups) {
    for (const item of group.items) {
      consider(group.id, item.to, item)
      for (const subpage of item.subpages ?? []) consider(group.id, item.to, subpage)
    }
    for (const page of group.pages ?? []) consider(group.id, null, page)
  }
  return { groupId: best.groupId, itemTo: best.itemTo, exact: best.itemTo !== null && segmentsOf(best.itemTo).join('/') === segments.join('/') }
}
