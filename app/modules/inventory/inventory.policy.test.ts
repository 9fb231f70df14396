import { describe, expect, it } from 'vitest'
import type { Actor, MemberRole } from '../../platform/actor'
import { canManageWarehouses, canMoveStock, inventoryPermissions } from './inventory.policy'

const actor = (memberRole: MemberRole | null): Actor => ({
  userId: 'u1',
  sessionId: 's1',
  companyId: memberRole ? 'c1' : null,
  memberRole,
  platformRole: 'user',
  companyKind: 'buyer',
  contactVerified: true,
  aal: 'aal1',
})

describe('inventory policy', () => {
  it('lets admins and owners manage warehouses, not members', () => {
    expect(canManageWarehouses(actor('owner'))).toBe(true)
    expect(canManageWarehouses(actor('admin'))).toBe(true)
    expect(canManageWarehouses(actor('member'))).toBe(false)
  })

  it('lets every member move stock, and nobody outside a company', () => {
    expect(canMoveStock(actor('member'))).toBe(true)
    expect(canMoveStock(actor('owner'))).toBe(true)
    expect(canMoveStock(actor(null))).toBe(false)
    expect(canManageWarehouses(actor(null))).toBe(false)
  })

  it('answers both permissions at once for the pages', () => {
    expect(inventoryPermissions(actor('member'))).toEqual({ manageWarehouses: false, moveStock: true })
    expect(inventoryPermissions(actor('admin'))).toEqual({ manageWarehouses: true, moveStock: true })
  })
})
