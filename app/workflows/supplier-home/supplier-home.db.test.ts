import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { createMember } from '../../../db/factories/companies'
import { contextOf } from '../../../db/factories/context'
import { createUser } from '../../../db/factories/users'
import { readyForPayouts } from '../../../tests/factories/finance'
import { createOrderParties, orderRequest } from '../../../tests/factories/orders'
import { insertRfq } from '../../../tests/factories/sourcing'
import type { CompanyKind, ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { stockLevels, warehouses } from '../../modules/inventory/inventory.tables.server'
import { CreatePurchaseOrderInput, ServiceOfferingInput } from '../../modules/orders/index'
import { createPurchaseOrder, createServiceOffering } from '../../modules/orders/index.server'
import { loadSupplierHome } from './supplier-home.server'

const as = (ctx: ServiceContext, companyKind: CompanyKind): ServiceContext => ({ ...ctx, actor: { ...ctx.actor, companyKind } })
const selling = async (ctx: ServiceContext) => {
  const home = await loadSupplierHome(ctx)
  if (home.kind !== 'supplier') throw new Error(`expected a supplier home, got ${home.kind}`)
  return home
}

let parties: Awaited<ReturnType<typeof createOrderParties>>
let supplier: ServiceContext

beforeAll(async () => {
  parties = await createOrderParties()
  supplier = as(parties.supplier.ctx, 'supplier')
})

describe('the supplier home', () => {
  it('shows a person without a company and a company that only buys the way to selling, not a dead end', async () => {
    const user = await createUser()
    const lonely = contextOf(user.id, '')
    expect(await loadSupplierHome({ ...lonely, actor: { ...lonely.actor, companyId: null, memberRole: null } })).toEqual({ kind: 'noCompany' })
    expect(await loadSupplierHome(as(parties.buyer.ctx, 'buyer'))).toEqual({ kind: 'buyer' })
  })

  it('counts the catalogue by status with its price lists, and the services listed', async () => {
    const home = await selling(supplier)
    expect(home.verification).toBe('accept')
    expect(home.catalogue?.products).toMatchObject({ published: 2, draft: 1, archived: 0 })
    expect(home.catalogue?.priceLists).toBe(1)
    expect(home.catalogue?.activePriceList?.currency).toBe('USD')
    expect(home.services.total).toBe(0)
    await createServiceOffering(
      supplier,
      ServiceOfferingInput.parse({ serviceType: 'inspection', title: 'Lamp safety check', countries: 'CN', leadTimeDays: 4 }),
    )
    expect((await selling(supplier)).services).toMatchObject({ total: 1, byType: { inspection: 1 } })
  })

  it('counts orders to confirm and lists the open RFQs waiting for a quotation, nearest deadline first', async () => {
    await createPurchaseOrder(parties.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, { place: true })))
    const later = await insertRfq(parties.buyer.company.id, {
      title: 'Lamps for Hamburg',
      supplierIds: [parties.supplier.company.id],
      deadline: new Date(Date.now() + 6 * 86_400_000),
    })
    const soon = await insertRfq(parties.buyer.company.id, {
      title: 'Lamps for Oslo',
      supplierIds: [parties.supplier.company.id],
      deadline: new Date(Date.now() + 20 * 3_600_000),
    })
    const home = await selling(supplier)
    expect(home.orders).toMatchObject({ toConfirm: 1, toShip: 0, inTransit: 0 })
    expect(home.inbox?.count).toBe(2)
    expect(home.inbox?.items.map((item) => item.id)).toEqual([soon.id, later.id])
    expect(home.inbox?.items[0]?.href).toBe(`/app/supplier/portal/rfq/${soon.id}`)
    // An RFQ closing within two days comes before the order to confirm.
    const order = home.attention.map((task) => task.id)
    expect(order.indexOf('rfqsToQuote')).toBeLessThan(order.indexOf('ordersToConfirm'))
    // Nothing of the buyer's side leaks into the supplier's home, nor the other way round.
    expect(JSON.stringify(await loadSupplierHome(as(parties.stranger.ctx, 'both')))).not.toContain(soon.id)
  })

  it('asks for a payout bank account until the company has one, and tells of stock under its alert level', async () => {
    expect((await selling(supplier)).attention.map((task) => task.id)).toContain('addPayoutAccount')
    await readyForPayouts(parties.supplier.company.id)
    const warehouseId = randomUUID()
    await database()
      .insert(warehouses)
      .values({ id: warehouseId, organizationId: parties.supplier.company.id, code: `W-${warehouseId.slice(0, 6)}`, name: 'Ningbo' })
    await database()
      .insert(stockLevels)
      .values({
        id: randomUUID(),
        organizationId: parties.supplier.company.id,
        warehouseId,
        itemKey: `t:${randomUUID()}`,
        sku: 'LAMP',
        description: 'Brass desk lamp',
        unit: 'pcs',
        onHand: 3,
        lowStockThreshold: 10,
        belowThreshold: true,
      })
    const attention = (await selling(supplier)).attention
    expect(attention.map((task) => task.id)).not.toContain('addPayoutAccount')
    expect(attention.find((task) => task.id === 'lowStock')).toMatchObject({ count: 1, href: '/app/warehouse' })
  })

  it('gives an unverified service provider its services and verification to do, and no catalogue', async () => {
    const provider = await createMember({ role: 'owner', companyInput: { kind: 'service_provider', verificationStatus: 'unverified' } })
    const home = await selling(as(contextOf(provider.user.id, provider.company.id), 'service_provider'))
    expect(home).toMatchObject({ serviceProvider: true, verification: 'unverified', catalogue: null, services: { total: 0 } })
    expect(home.attention.map((task) => task.id)).toEqual(['supplierVerification', 'addPayoutAccount', 'listServices'])
  })
})
