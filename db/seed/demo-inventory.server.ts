import { eq } from 'drizzle-orm'
import { listAddresses } from '../../app/modules/companies/index.server'
import { StockLevelQuery, WarehouseInput } from '../../app/modules/inventory/index'
import { createWarehouse, issueStock, listStockLevels, postReceipt, setLowStockThreshold, transferStock } from '../../app/modules/inventory/index.server'
import { warehouses } from '../../app/modules/inventory/inventory.tables.server'
import { database } from '../../app/platform/db/index.server'
import { logger } from '../../app/platform/logger.server'
import { contextOf } from '../factories/context'
import { DEMO_ACCOUNTS } from './demo-accounts'
import { demoMember } from './demo-orders.server'

const OPENING_STOCK = [
  { sku: 'TC-200', description: 'Porcelain tea cup, 200 ml', unit: 'piece', quantity: 480, unitCost: '1.8500', currency: 'USD' },
  { sku: 'TP-800', description: 'Glazed teapot, 800 ml', unit: 'piece', quantity: 60, unitCost: '7.4000', currency: 'USD' },
  { sku: 'TR-30', description: 'Bamboo serving tray, 30 cm', unit: 'piece', quantity: 35, unitCost: '58.0000', currency: 'CNY' },
  { sku: 'NP-50', description: 'Linen napkin, natural', unit: 'piece', quantity: 200, unitCost: null, currency: null },
]

/**
 * Gives the demo buyer two warehouses with opening stock, a few movements and one item below its alert level, through
 * the inventory services, so /app/warehouse shows the feature alive. Runs once: skipped when the buyer has a warehouse.
 */
export async function seedDemoInventory(): Promise<void> {
  const buyer = await demoMember(DEMO_ACCOUNTS[0].email)
  if (!buyer) return
  const [existing] = await database().select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.organizationId, buyer.companyId)).limit(1)
  if (existing) return
  const ctx = contextOf(buyer.userId, buyer.companyId)
  const [address] = await listAddresses(ctx)
  const main = await createWarehouse(
    ctx,
    WarehouseInput.parse({ code: 'HK-01', name: 'Kwai Chung central', addressId: address?.id ?? '', managerUserId: buyer.userId, notes: 'Dock 2, 8:00–17:00' }),
  )
  const overflow = await createWarehouse(ctx, WarehouseInput.parse({ code: 'NB-02', name: 'Ningbo overflow' }))
  await database().transaction((tx) =>
    postReceipt(tx, ctx, {
      warehouseId: main.id,
      reference: { type: 'opening', id: 'opening', label: 'Opening stock' },
      lines: OPENING_STOCK.map((line) => ({ productId: null, ...line })),
    }),
  )
  const { items } = await listStockLevels(ctx, main.id, StockLevelQuery.parse({}))
  const level = (sku: string) => items.find((item) => item.sku === sku)!
  await setLowStockThreshold(ctx, level('TP-800').id, { lowStockThreshold: 40 })
  await issueStock(ctx, { levelId: level('TP-800').id, quantity: 24, note: 'Tea house opening display' })
  await transferStock(ctx, { levelId: level('TC-200').id, toWarehouseId: overflow.id, quantity: 120, note: 'Overflow for the second shop' })
  logger().info('demo inventory seeded')
}
