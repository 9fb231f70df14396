import { describe, expect, it } from 'vitest'
import { APP_NAVIGATION, visibleGroups } from './navigation'

const ids = (...args: Parameters<typeof visibleGroups>) => visibleGroups(...args).map((g) => g.id)

describe('app navigation', () => {
  it('hides admin-only items and the groups they leave empty from members', () => {
    expect(ids(APP_NAVIGATION, { role: 'user', companyKind: 'buyer' })).toEqual(['overview', 'conversations', 'sourcing', 'orders', 'company', 'account'])
    expect(ids(APP_NAVIGATION, { role: 'admin', companyKind: null })).toEqual(['overview', 'conversations', 'account', 'platform'])
  })

  it('shows the supplier area to supplying companies only', () => {
    expect(ids(APP_NAVIGATION, { role: 'user', companyKind: 'supplier' })).toEqual(['overview', 'conversations', 'orders', 'company', 'supplier', 'account'])
    expect(ids(APP_NAVIGATION, { role: 'user', companyKind: 'both' })).toContain('supplier')
    expect(ids(APP_NAVIGATION, { role: 'user', companyKind: null })).toEqual(['overview', 'conversations', 'account'])
  })

  it('lists only pages that exist', () => {
    const paths = APP_NAVIGATION.flatMap((g) => g.items.map((i) => i.to))
    expect(paths).toEqual([
      '/app/dashboard',
      '/app/inbox',
      '/app/channels',
      '/app/notifications',
      '/app/purchase/projects',
      '/app/purchase/projects/requirements',
      '/app/sourcing/find',
      '/app/sourcing/selected',
      '/app/sourcing/rfq',
      '/app/sourcing/quotations',
      '/app/orders/publish',
      '/app/supplier/management',
      '/app/sourcing/research',
      '/app/sourcing/purchase',
      '/app/orders',
      '/app/orders/buyer',
      '/app/orders/service',
      '/app/team',
      '/app/settings',
      '/app/supplier/onboarding',
      '/app/supplier/setting',
      '/app/products',
      '/app/price/new.list',
      '/app/supplier/portal',
      '/app/orders/reply',
      '/app/supplier/purchase-order',
      '/app/supplier/purchase/orderItem',
      '/app/orders/fulfillment',
      '/app/customers',
      '/app/user/preference',
      '/app/user/change-password',
      '/app/user/reset-password',
      '/app/user/two-factor',
      '/app/user/verify',
      '/app/users',
      '/app/verification',
      '/app/categories',
      '/app/fx-rates',
      '/app/playground/mail',
    ])
  })
})
