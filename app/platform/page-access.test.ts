import { describe, expect, it } from 'vitest'
import { mayOpenPage } from './page-access'

const admin = { platformAdmin: true, hasCompany: false }
const member = { platformAdmin: false, hasCompany: true }
const newcomer = { platformAdmin: false, hasCompany: false }

describe('mayOpenPage', () => {
  it('keeps the admin pages for platform admins', () => {
    for (const path of ['/app/users', '/app/verification/42', '/app/categories', '/app/fx-rates', '/app/jobs']) {
      expect(mayOpenPage(path, admin), path).toBe(true)
      expect(mayOpenPage(path, member), path).toBe(false)
    }
  })

  it('needs a company for the company areas, not for the personal pages', () => {
    expect(mayOpenPage('/app/products', admin)).toBe(false)
    expect(mayOpenPage('/supplier/purchase-order', newcomer)).toBe(false)
    expect(mayOpenPage('/app/products', member)).toBe(true)
    for (const path of ['/app/dashboard', '/app/user/preference', '/app/notifications', '/onboarding', '/supplier/portal', '/b2b/market'])
      expect(mayOpenPage(path, newcomer), path).toBe(true)
  })
})
