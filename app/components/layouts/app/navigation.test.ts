import { describe, expect, it } from 'vitest'
import routes from '../../../routes'
import { APP_NAVIGATION, locate, type NavGroup, type NavViewer, palettePages, SUPPLIER_NAVIGATION, visibleGroups } from './navigation'

const viewer = (overrides: Partial<NavViewer> = {}): NavViewer => ({
  role: 'user',
  companyKind: 'buyer',
  contactVerified: true,
  companyVerified: false,
  guideClosed: false,
  ...overrides,
})
const ids = (groups: NavGroup[]) => groups.map((group) => group.id)
const labels = (groups: NavGroup[]) => Object.fromEntries(groups.map((group) => [group.id, group.items.map((item) => item.labelKey.replace('nav.', ''))]))
const itemCount = (groups: NavGroup[]) => groups.reduce((sum, group) => sum + group.items.length, 0)

/** Every path of the route config, with `:lang` and the `app` prefix resolved (`:name` kept). */
function routePaths(): string[] {
  type Route = { path?: string; index?: boolean; children?: Route[] }
  const walk = (list: Route[], prefix: string): string[] =>
    list.flatMap((route) => {
      const path = route.path ? `${prefix}/${route.path}` : prefix
      return [...(route.index || route.path ? [path] : []), ...walk(route.children ?? [], path)]
    })
  // An optional segment (`chat/:id?`) is the page with and without it.
  const expand = (path: string): string[] =>
    /\/:\w+\?/.test(path) ? [...expand(path.replace(/\/:\w+\?/, '')), ...expand(path.replace(/(\/:\w+)\?/, '$1'))] : [path]
  return walk(routes as Route[], '')
    .flatMap(expand)
    .map((path) => path.replace(/^\/:lang/, '') || '/')
}

const matchesRoute = (path: string, route: string) => {
  const a = path.split('?')[0]!.split('/')
  const b = route.split('/')
  return a.length === b.length && b.every((part, index) => part.startsWith(':') || part === '*' || part === a[index])
}

describe('app navigation', () => {
  it('groups a buying company’s sidebar by what people do, with one entry for its orders', () => {
    const groups = visibleGroups(APP_NAVIGATION, viewer())
    expect(ids(groups)).toEqual(['home', 'sourcing', 'orders', 'finance', 'conversations', 'company', 'account'])
    expect(labels(groups).home).toEqual(['dashboard', 'guide', 'marketplace', 'regulatoryAlerts'])
    expect(labels(groups).orders).toEqual(['purchaseOrders', 'serviceOrders', 'shipments', 'documents', 'warehouses'])
    expect(labels(groups).account).toEqual(['preferences', 'changePassword', 'twoFactor'])
    // Before: 22 entries. Orders and purchases, change and reset password are one each; the bell leads to notifications;
    // the sourcing board is a view of the projects; the account group starts collapsed (the account menu has it too).
    // Finance adds its five pages, compliance its regulatory alerts, the assistant its chat.
    expect(labels(groups).finance).toEqual(['financeAccount', 'payments', 'payouts', 'financeDocuments', 'financeSettings', 'financeOnboarding'])
    expect(labels(groups).sourcing?.[0]).toBe('assistant')
    // The developer hub adds one (32).
    expect(itemCount(groups)).toBe(32)
  })

  it('gives a company that buys and supplies each side of its orders once, and its catalogue', () => {
    const groups = visibleGroups(APP_NAVIGATION, viewer({ companyKind: 'both', companyVerified: true }))
    expect(ids(groups)).toEqual(['home', 'sourcing', 'orders', 'finance', 'catalogue', 'conversations', 'company', 'account'])
    expect(labels(groups).orders).toEqual(['purchaseOrders', 'salesOrders', 'serviceOrders', 'shipments', 'documents', 'customers', 'warehouses'])
    expect(labels(groups).catalogue).toEqual(['products', 'priceLists', 'services'])
    expect(labels(groups).home).toEqual(['dashboard', 'supplierHome', 'guide', 'marketplace', 'regulatoryAlerts'])
    expect(labels(groups).sourcing).toContain('rfqInbox')
    // Before: 34 entries (without finance's five), 35 before the regulatory alerts, 36 before the assistant, 37 before
    // the supplier home and the services offered.
    expect(itemCount(groups)).toBe(40)
  })

  it('shows a supplying company the supplier side only', () => {
    const groups = visibleGroups(APP_NAVIGATION, viewer({ companyKind: 'supplier' }))
    expect(labels(groups).sourcing).toEqual(['assistant', 'rfqInbox'])
    expect(labels(groups).orders).toEqual(['salesOrders', 'serviceOrders', 'shipments', 'documents', 'customers', 'warehouses'])
    expect(labels(groups).company).toEqual(['team', 'companySettings', 'developers', 'supplierProfile', 'supplierOnboarding'])
    expect(labels(groups).home).toContain('supplierHome')
    expect(labels(visibleGroups(APP_NAVIGATION, viewer({ companyKind: 'service_provider' }))).catalogue).toContain('services')
  })

  it('hides steps already done: a verified contact, an accepted supplier verification', () => {
    expect(labels(visibleGroups(APP_NAVIGATION, viewer({ contactVerified: false }))).account).toContain('verify')
    expect(labels(visibleGroups(APP_NAVIGATION, viewer({ contactVerified: true }))).account).not.toContain('verify')
    expect(labels(visibleGroups(APP_NAVIGATION, viewer({ companyKind: 'supplier', companyVerified: true }))).company).not.toContain('supplierOnboarding')
  })

  it('still lets the palette find a step already done', () => {
    const pages = palettePages(APP_NAVIGATION, viewer({ contactVerified: true })).map((page) => page.to)
    expect(pages).toContain('/app/user/verify')
  })

  it('shows the getting-started guide with its progress until it is finished or dismissed, then the palette still finds it', () => {
    const guide = visibleGroups(APP_NAVIGATION, viewer())
      .find((group) => group.id === 'home')
      ?.items.find((item) => item.to === '/app/guide')
    expect(guide?.badge).toBe('guideProgress')
    expect(labels(visibleGroups(APP_NAVIGATION, viewer({ guideClosed: true }))).home).not.toContain('guide')
    expect(palettePages(APP_NAVIGATION, viewer({ guideClosed: true })).map((page) => page.to)).toContain('/app/guide')
  })

  it('shows platform admins without a company the platform area and nothing that needs a company', () => {
    const groups = visibleGroups(APP_NAVIGATION, viewer({ role: 'admin', companyKind: null }))
    expect(ids(groups)).toEqual(['home', 'account', 'platform'])
    expect(labels(groups).platform).toEqual([
      'users',
      'verification',
      'categories',
      'financeReviews',
      'platformPayments',
      'platformPayouts',
      'plans',
      'fxRates',
      'jobs',
      'playground',
      'mailbox',
    ])
    const paths = palettePages(APP_NAVIGATION, viewer({ role: 'admin', companyKind: null })).map((page) => page.to)
    expect(paths).not.toContain('/onboarding')
    expect(paths.filter((path) => path.startsWith('/app/orders'))).toEqual([])
  })

  it('hides admin-only items and the groups they leave empty from members', () => {
    expect(ids(visibleGroups(APP_NAVIGATION, viewer()))).not.toContain('platform')
    expect(palettePages(APP_NAVIGATION, viewer()).map((page) => page.to)).not.toContain('/app/users')
  })

  it('lets the palette find subpages and the pages the top bar leads to', () => {
    const buyer = palettePages(APP_NAVIGATION, viewer()).map((page) => page.to)
    expect(buyer).toEqual(expect.arrayContaining(['/app/purchase/projects/requirements', '/app/user/reset-password', '/app/notifications']))
    expect(buyer).not.toContain('/app/orders')
    expect(palettePages(APP_NAVIGATION, viewer({ companyKind: 'both' })).map((page) => page.to)).toContain('/app/orders')
    const supplier = palettePages(APP_NAVIGATION, viewer({ companyKind: 'supplier' }))
    expect(supplier.find((page) => page.to === '/app/orders/fulfillment')).toEqual({
      to: '/app/orders/fulfillment',
      labelKey: 'nav.fulfilment',
      groupLabelKey: 'nav.groups.orders',
    })
  })

  it('lists only pages that exist', () => {
    const known = routePaths()
    const paths = [...APP_NAVIGATION, ...SUPPLIER_NAVIGATION].flatMap((group) => [
      ...group.items.flatMap((item) => [item.to, ...(item.also ?? []), ...(item.subpages ?? []).flatMap((page) => [page.to, ...(page.also ?? [])])]),
      ...(group.pages ?? []).map((page) => page.to),
    ])
    expect(paths.filter((path) => !known.some((route) => matchesRoute(path, route)))).toEqual([])
  })
})

describe('where a page sits in the navigation', () => {
  const groups = visibleGroups(APP_NAVIGATION, viewer({ companyKind: 'both' }))

  it('is the item of the page itself', () => {
    expect(locate(groups, '/app/dashboard')).toEqual({ groupId: 'home', itemTo: '/app/dashboard', exact: true })
    expect(locate(groups, '/app/orders/publish')).toEqual({ groupId: 'sourcing', itemTo: '/app/orders/publish', exact: true })
  })

  it('is the item a detail page or subpage belongs to', () => {
    expect(locate(groups, '/app/sourcing/rfq/0b6a')).toEqual({ groupId: 'sourcing', itemTo: '/app/sourcing/rfq', exact: false })
    expect(locate(groups, '/app/orders/0b6a/view')).toEqual({ groupId: 'orders', itemTo: '/app/orders/buyer', exact: false })
    expect(locate(groups, '/app/supplier/purchase/order/0b6a')).toEqual({ groupId: 'orders', itemTo: '/app/supplier/purchase-order', exact: false })
    expect(locate(groups, '/app/orders/fulfillment')).toEqual({ groupId: 'orders', itemTo: '/app/supplier/purchase-order', exact: false })
    expect(locate(groups, '/app/purchase/projects/requirements/view/9')).toEqual({ groupId: 'sourcing', itemTo: '/app/purchase/projects', exact: false })
    expect(locate(groups, '/app/price/new.list')).toEqual({ groupId: 'catalogue', itemTo: '/app/price/new.list', exact: true })
    expect(locate(groups, '/app/supplier')).toEqual({ groupId: 'home', itemTo: '/app/supplier', exact: true })
    expect(locate(groups, '/app/supplier/service')).toEqual({ groupId: 'catalogue', itemTo: '/app/supplier/service', exact: true })
    expect(locate(groups, '/app/supplier/portal/rfq/9')).toEqual({ groupId: 'sourcing', itemTo: '/app/supplier/portal', exact: false })
  })

  it('is only the group for a page the sidebar does not list', () => {
    expect(locate(groups, '/app/notifications')).toEqual({ groupId: 'conversations', itemTo: null, exact: false })
    expect(locate(groups, '/app/orders')).toEqual({ groupId: 'orders', itemTo: null, exact: false })
  })

  it('is nowhere for a page outside the navigation', () => {
    expect(locate(groups, '/app/switch-company')).toEqual({ groupId: null, itemTo: null, exact: false })
  })
})
