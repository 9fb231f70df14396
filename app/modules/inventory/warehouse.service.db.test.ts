import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { addMember, createMember } from '../../../db/factories/companies'
import { contextOf } from '../../../db/factories/context'
import { createUser } from '../../../db/factories/users'
import { database } from '../../platform/db/index.server'
import { CreateAddressInput } from '../companies/index'
import { createAddress } from '../companies/index.server'
import { auditEvents } from '../kernel/kernel.tables.server'
import { postReceipt } from './stock.service.server'
import { WarehouseInput } from './warehouse.inputs'
import {
  archiveWarehouse,
  createWarehouse,
  getWarehouse,
  listWarehouses,
  restoreWarehouse,
  updateWarehouse,
  warehouseOptions,
} from './warehouse.service.server'

async function company() {
  const { user, company } = await createMember({ role: 'owner' })
  const member = await createUser({ name: 'Mei Member' })
  await addMember(company.id, member.id, 'member')
  return { owner: contextOf(user.id, company.id, 'owner'), member: contextOf(member.id, company.id, 'member'), memberId: member.id, companyId: company.id }
}

const warehouseInput = (overrides: Partial<WarehouseInput> = {}) => WarehouseInput.parse({ code: 'SZ-01', name: 'Shenzhen main', ...overrides })

describe('warehouses', () => {
  it('opens, edits, archives and restores a warehouse, with an audit entry for each change', async () => {
    const { owner, memberId, companyId } = await company()
    const address = await createAddress(
      owner,
      CreateAddressInput.parse({ type: 'warehouse', label: 'Dock', line1: '1 Harbour Road', city: 'Shenzhen', country: 'CN', postalCode: '518000' }),
    )
    const created = await createWarehouse(owner, warehouseInput({ addressId: address.id, managerUserId: memberId, notes: 'Dock 3' }))
    expect(created).toMatchObject({ code: 'SZ-01', name: 'Shenzhen main', managerName: 'Mei Member', notes: 'Dock 3', archivedAt: null, itemCount: 0 })
    expect(created.address?.line1).toBe('1 Harbour Road')

    const edited = await updateWarehouse(owner, created.id, warehouseInput({ code: 'SZ-1', name: 'Shenzhen dock', addressId: null, managerUserId: null }))
    expect(edited).toMatchObject({ code: 'SZ-1', name: 'Shenzhen dock', address: null, managerName: null })

    expect((await archiveWarehouse(owner, created.id)).archivedAt).toBeInstanceOf(Date)
    expect(await warehouseOptions(owner)).toEqual([])
    expect((await restoreWarehouse(owner, created.id)).archivedAt).toBeNull()
    expect(await warehouseOptions(owner)).toEqual([{ id: created.id, code: 'SZ-1', name: 'Shenzhen dock' }])

    const audit = await database()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, companyId), eq(auditEvents.targetId, created.id)))
    expect(audit.map((entry) => entry.action).sort()).toEqual(['warehouse.archived', 'warehouse.created', 'warehouse.restored', 'warehouse.updated'])
  })

  it('keeps a warehouse’s stock private until an admin publishes it, and audits the change alone', async () => {
    const { owner, companyId } = await company()
    const created = await createWarehouse(owner, warehouseInput())
    expect(created.publishAvailability).toBe(false)
    const published = await updateWarehouse(owner, created.id, warehouseInput({ publishAvailability: true }))
    expect(published.publishAvailability).toBe(true)
    const [audit] = await database()
      .select({ before: auditEvents.before, after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, companyId), eq(auditEvents.targetId, created.id), eq(auditEvents.action, 'warehouse.updated')))
    expect(audit).toEqual({ before: { publishAvailability: false }, after: { publishAvailability: true } })
  })

  it('refuses a code another warehouse of the company uses, whatever its case, but not another company’s', async () => {
    const { owner } = await company()
    const first = await createWarehouse(owner, warehouseInput({ code: 'Main' }))
    await expect(createWarehouse(owner, warehouseInput({ code: 'MAIN' }))).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { code: ['validation.codeTaken'] } },
    })
    const second = await createWarehouse(owner, warehouseInput({ code: 'Second' }))
    await expect(updateWarehouse(owner, second.id, warehouseInput({ code: 'main' }))).rejects.toMatchObject({
      details: { fields: { code: ['validation.codeTaken'] } },
    })
    expect((await updateWarehouse(owner, first.id, warehouseInput({ code: 'MAIN' }))).code).toBe('MAIN')
    const other = await company()
    expect((await createWarehouse(other.owner, warehouseInput({ code: 'main' }))).code).toBe('main')
  })

  it('refuses an address or a manager that is not the company’s', async () => {
    const { owner } = await company()
    const other = await company()
    const foreignAddress = await createAddress(
      other.owner,
      CreateAddressInput.parse({ type: 'shipping', label: 'Theirs', line1: '2 Road', city: 'Ningbo', country: 'CN', postalCode: '315000' }),
    )
    await expect(createWarehouse(owner, warehouseInput({ addressId: foreignAddress.id, managerUserId: other.memberId }))).rejects.toMatchObject({
      details: { fields: { addressId: ['validation.address'], managerUserId: ['validation.manager'] } },
    })
  })

  it('lets only admins and owners manage warehouses, and answers not found for another company’s', async () => {
    const { owner, member } = await company()
    const warehouse = await createWarehouse(owner, warehouseInput())
    await expect(createWarehouse(member, warehouseInput({ code: 'X' }))).rejects.toMatchObject({ code: 'insufficient_role' })
    await expect(updateWarehouse(member, warehouse.id, warehouseInput({ name: 'Mine' }))).rejects.toMatchObject({ code: 'insufficient_role' })
    await expect(archiveWarehouse(member, warehouse.id)).rejects.toMatchObject({ code: 'insufficient_role' })
    expect((await listWarehouses(member)).map((item) => item.id)).toEqual([warehouse.id])

    const stranger = await company()
    await expect(getWarehouse(stranger.owner, warehouse.id)).rejects.toMatchObject({ code: 'not_found' })
    await expect(updateWarehouse(stranger.owner, warehouse.id, warehouseInput())).rejects.toMatchObject({ code: 'not_found' })
    await expect(archiveWarehouse(stranger.owner, warehouse.id)).rejects.toMatchObject({ code: 'not_found' })
    expect(await listWarehouses(stranger.owner)).toEqual([])
  })

  it('lists the items on hand and the stock value per currency', async () => {
    const { owner } = await company()
    const warehouse = await createWarehouse(owner, warehouseInput())
    await database().transaction((tx) =>
      postReceipt(tx, owner, {
        warehouseId: warehouse.id,
        reference: { type: 'shipment', id: 'sh-1', label: 'SH-2026-00001' },
        lines: [
          { productId: null, sku: 'CUP-1', description: 'Ceramic cup', unit: 'piece', quantity: 10, unitCost: '2.5000', currency: 'USD', note: '' },
          { productId: null, sku: 'CUP-2', description: 'Glass cup', unit: 'piece', quantity: 4, unitCost: '1.2500', currency: 'USD' },
          { productId: null, sku: 'POT-1', description: 'Teapot', unit: 'piece', quantity: 3, unitCost: '100', currency: 'CNY' },
          { productId: null, sku: 'LID-1', description: 'Lid', unit: 'piece', quantity: 7, unitCost: null, currency: null },
        ],
      }),
    )
    const [listed] = await listWarehouses(owner)
    expect(listed).toMatchObject({
      itemCount: 4,
      stockValue: [
        { currency: 'CNY', total: '300.00' },
        { currency: 'USD', total: '30.00' },
      ],
    })
  })
})
