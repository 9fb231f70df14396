import { describe, expect, it } from 'vitest'
import { APP_NAVIGATION, visibleGroups } from './navigation'

describe('app navigation', () => {
  it('hides admin-only items and the groups they leave empty from members', () => {
    const member = visibleGroups(APP_NAVIGATION, 'user').map((g) => g.id)
    expect(member).toEqual(['overview', 'account'])
    const admin = visibleGroups(APP_NAVIGATION, 'admin').map((g) => g.id)
    expect(admin).toEqual(['overview', 'account', 'platform'])
  })

  it('lists only pages that exist', () => {
    const paths = APP_NAVIGATION.flatMap((g) => g.items.map((i) => i.to))
    expect(paths).toEqual(['/app/dashboard', '/app/user/preference', '/app/user/change-password', '/app/user/reset-password', '/app/user/two-factor', '/app/user/verify', '/app/playground/mail'])
  })
})
