import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { products } from '../../app/modules/catalog/catalog.tables.server'
import { addresses, members } from '../../app/modules/companies/companies.tables.server'
import { users } from '../../app/modules/identity/identity.tables.server'
import { CreatePurchaseOrderInput } from '../../app/modules/orders/index'
import { createPurchaseOrder, getPurchaseOrder, transitionPurchaseOrder } from '../../app/modules/orders/index.server'
import { pastShipment, shipOrder } from '../factories/shipments'
import { addTrackingEvent } from '../../app/modules/logistics/index.server'
import { purchaseOrders } from '../../app/modules/orders/orders.tables.server'
import type { ServiceContext } from '../../app/platform/actor'
import { database } from '../../app/platform/db/index.server'
import { logger } from '../../app/platform/logger.server'
import { contextOf } from '../factories/context'
import { DEMO_ACCOUNTS } from './demo-accounts'

export async function demoMember(email: string): Promise<{ userId: string; companyId: string } | null> {
  const [row] = await database()
    .select({ userId: users.id, companyId: members.organizationId })
    .from(users)
    .innerJoin(members, eq(members.userId, users.id))
    .where(eq(users.email, email))
    .limit(1)
  return row ?? null
}

/**
 * Gives the demo buyer three orders from the demo supplier's catalogue (demo-catalogue.server.ts) at different stages
 * (placed, in production with a partial shipment, completed), through the order service so timelines and
 * notifications are real. Runs once: skipped when the demo buyer has orders.
 */
export async function seedDemoOrders(): Promise<void> {
  const buyer = await demoMember(DEMO_ACCOUNTS[0].email)
  const supplier = await demoMember(DEMO_ACCOUNTS[1].email)
  if (!buyer || !supplier) return
  const [existing] = await database().select({ id: purchaseOrders.id }).from(purchaseOrders).where(eq(purchaseOrders.buyerCompanyId, buyer.companyId)).limit(1)
  if (existing) return
  const owned = await database().select({ id: products.id, sku: products.sku }).from(products).where(eq(products.organizationId, supplier.companyId))
  const ids: Record<string, string> = Object.fromEntries(owned.map((row) => [row.sku, row.id]))
  if (!ids['BKC-MUG-350'] || !ids['BKC-BOWL-15'] || !ids['BKC-VASE-30']) return
  const [address] = await database()
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.organizationId, buyer.companyId), eq(addresses.type, 'shipping')))
    .limit(1)
  const shipToAddressId = address?.id ?? randomUUID()
  if (!address)
    await database().insert(addresses).values({
      id: shipToAddressId,
      organizationId: buyer.companyId,
      type: 'shipping',
      label: 'Kwai Chung warehouse',
      recipient: 'Receiving',
      line1: '8 Container Port Road',
      city: 'Kwai Chung',
      region: 'New Territories',
      country: 'HK',
      isDefault: true,
    })

  const buyerCtx: ServiceContext = contextOf(buyer.userId, buyer.companyId)
  const supplierCtx: ServiceContext = contextOf(supplier.userId, supplier.companyId)
  const order = (lines: Array<{ productId: string; quantity: number }>, notes: string) =>
    createPurchaseOrder(
      buyerCtx,
      CreatePurchaseOrderInput.parse({
        supplierCompanyId: supplier.companyId,
        currency: 'USD',
        incoterm: 'FOB',
        incotermPlace: 'Shanghai',
        paymentTerms: 'tt_30_70',
        requestedDeliveryDate: '2027-02-15',
        shipToAddressId,
        notes,
        lines,
        place: true,
      }),
    )
  const step = async (ctx: ServiceContext, id: string, action: string, extra: Record<string, unknown> = {}) => {
    const current = await getPurchaseOrder(ctx, id)
    return transitionPurchaseOrder(ctx, id, { action: action as never, version: current.version, reason: '', ...extra })
  }
  await order([{ productId: ids['BKC-VASE-30']!, quantity: 120 }], 'Gift boxes with our logo, artwork to follow.')
  const running = await order(
    [
      { productId: ids['BKC-MUG-350']!, quantity: 1200 },
      { productId: ids['BKC-BOWL-15']!, quantity: 600 },
    ],
    '',
  )
  await step(supplierCtx, running.id, 'confirm')
  await step(supplierCtx, running.id, 'start_production')
  // Half the mugs are at sea, followed on both sides' tracking pages.
  const atSea = await shipOrder(
    supplierCtx,
    running.id,
    { [running.lines[0]!.id]: 600 },
    {
      trackingNumber: 'COSU6312457980',
      billOfLading: 'COSU6312457980',
      containerNumbers: ['CSNU6312457'],
      origin: { name: 'Shenzhen', country: 'CN' },
      destination: { name: 'Shanghai', country: 'CN' },
    },
  )
  await addTrackingEvent(supplierCtx, atSea, {
    // An hour ago, on the clock of Yantian (UTC+8).
    occurredAt: new Date(Date.now() - 3_600_000 + 480 * 60_000).toISOString().slice(0, 16),
    utcOffsetMinutes: 480,
    status: 'in_transit',
    location: 'Yantian',
    country: 'CN',
    description: 'Loaded on board COSCO PRIDE, vessel departed',
    reason: '',
  })
  const done = await order([{ productId: ids['BKC-MUG-350']!, quantity: 400 }], '')
  await step(supplierCtx, done.id, 'confirm')
  await pastShipment(supplierCtx, done, { [done.lines[0]!.id]: 400 }, { departedDaysAgo: 20, transitDays: 8 })
  await step(buyerCtx, done.id, 'deliver')
  await step(buyerCtx, done.id, 'complete')
  logger().info({ orders: 3 }, 'demo orders seeded')
}
