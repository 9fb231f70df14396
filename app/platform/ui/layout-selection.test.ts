import { describe, expect, it } from 'vitest'
import { selectLayout } from './layout-selection'

describe('layout selection (§2)', () => {
  it('chooses by path when the page sets no layout', () => {
    expect(selectLayout('/supplier/portal')).toBe('supplier')
    expect(selectLayout('/supplier')).toBe('supplier')
    expect(selectLayout('/app/dashboard')).toBe('admin-dashboard')
    expect(selectLayout('/app')).toBe('admin-dashboard')
    expect(selectLayout('/login')).toBe('anno')
    expect(selectLayout('/')).toBe('default')
    expect(selectLayout('/b2b/market')).toBe('default')
  })

  it('matches whole path segments only', () => {
    expect(selectLayout('/suppliers')).toBe('default')
    expect(selectLayout('/application')).toBe('default')
    expect(selectLayout('/loginx')).toBe('default')
  })

  it("lets the page's own layout win, including none", () => {
    expect(selectLayout('/supplier/portal', 'none')).toBe('none')
    expect(selectLayout('/app/team/join', 'none')).toBe('none')
    expect(selectLayout('/confirm', 'anno')).toBe('anno')
    expect(selectLayout('/app/dashboard', 'admin-dashboard')).toBe('admin-dashboard')
    expect(selectLayout('/onboarding', 'none')).toBe('none')
  })
})
