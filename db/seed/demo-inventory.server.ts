import { and, eq, inArray } from 'drizzle-orm'
import { products } from '../../app/modules/catalog/catalog.tables.server'
import { listAddresses } from '../../app/modules/companies/index.server'
import { StockLevelQuery, WarehouseInput } from '../../app/modules/inventory/index'
import { createWarehouse, issueStock, listStockLevels, postReceipt, setLowStockThreshold, transferStock } from '../../app/modules/inventory/index.server'
import { warehouses } from '../../app/modules/inventory/inventory.tables.server'
import { database } from '../../app/platform/db/index.server'
import { logger } from '../../app/platform/logger.server'
import { contextOf } from '../factories/context'
import { DEMO_ACCOUNTS } from './demo-accounts'
import { DEMO_CATALOGUE } from './demo-catalogue.server'
import { demoMember } from './demo-orders.server'

const OPENING_STOCK = [
  { sku: 'TC-200', description: 'Porcelain tea cup, 200 ml', unit: 'piece', quantity: 480, unitCost: '1.8500', currency: 'USD' },
  { sku: 'TP-800', description: 'Glazed teapot, 800 ml', unit: 'piece', quantity: 60, unitCost: '7.4000', currency: 'USD' },
  { sku: 'TR-30', description: 'Bamboo serving tray, 30 cm', unit: 'piece', quantity: 35, unitCost: '58.0000', currency: 'CNY' },
  { sku: 'NP-50', description: 'Linen napkin, natural', unit: 'piece', quantity: 200, unitCost: null, currency: null },
]

/**
 * The demo supplier's finished goods: what its published store holds (the teapot sold out, so "Out of stock" shows too)
 * and samples in a room it keeps private. Other catalogue products are made to order: their pages say nothing.
 */
const SUPPLIER_STOCK = {
  store: [
    { sku: 'BKC-MUG-350', quantity: 1200, unitCost: '1.6000', sold: 0 },
    { sku: 'BKC-BOWL-15', quantity: 2400, unitCost: '1.1000', sold: 0 },
    { sku: 'BKC-TPT-600', quantity: 80, unitCost: '4.2000', sold: 80 },
  ],
  samples: [{ sku: 'BKC-PLT-27', quantity: 40, unitCost: '0.9500', sold: 0 }],
}

/** Both demo companies' stock: the buyer's warehouses and the supplier's published store. */
export async function seedDemoInventory(): Promise<void> {
  await seedBuyerInventory()
  await seedSupplierInventory()
}

/**
 * Gives the demo buyer two warehouses with opening stock, a few movements and one item below its alert level, through
 * the inventory services, so /app/warehouse shows the feature alive. Runs once: skipped when the buyer has a warehouse.
 */
async function seedBuyerInventory(): Promise<void> {
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

/**
 * Gives the demo supplier a store whose availability it publishes (its catalogue pages and the buyer's order form show
 * "In stock") and a private sample room, through the inventory services. Runs once: skipped when the supplier has a
 * warehouse or lacks its catalogue.
 */
async function seedSupplierInventory(): Promise<void> {
  const supplier = await demoMember(DEMO_ACCOUNTS[1].email)
  if (!supplier) return
  const [existing] = await database().select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.organizationId, supplier.companyId)).limit(1)
  if (existing) return
  const skus = [...SUPPLIER_STOCK.store, ...SUPPLIER_STOCK.samples].map((line) => line.sku)
  const rows = await database()
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(and(eq(products.organizationId, supplier.companyId), inArray(products.sku, skus)))
  const ids = new Map(rows.map((row) => [row.sku, row.id]))
  if (skus.some((sku) => !ids.has(sku))) return
  const ctx = contextOf(supplier.userId, supplier.companyId)
  const [address] = await listAddresses(ctx)
  const store = await createWarehouse(
    ctx,
    WarehouseInput.parse({
      code: 'JDZ-01',
      name: 'Jingdezhen kiln store',
      addressId: address?.id ?? '',
      managerUserId: supplier.userId,
      notes: 'Finished goods, packed for export',
      publishAvailability: true,
    }),
  )
  const samples = await createWarehouse(ctx, WarehouseInput.parse({ code: 'JDZ-S', name: 'Sample room', notes: 'Samples for visiting buyers' }))
  for (const [warehouse, lines] of [
    [store, SUPPLIER_STOCK.store],
    [samples, SUPPLIER_STOCK.samples],
  ] as const) {
    await database().transaction((tx) =>
      postReceipt(tx, ctx, {
        warehouseId: warehouse.id,
        reference: { type: 'opening', id: 'opening', label: 'Opening stock' },
        lines: lines.map((line) => ({
          productId: ids.get(line.sku)!,
          sku: line.sku,
          description: DEMO_CATALOGUE.find((item) => item.sku === line.sku)!.name.en,
          unit: 'piece',
          quantity: line.quantity,
          unitCost: line.unitCost,
          currency: 'USD',
        })),
      }),
    )
  }
  const { items } = await listStockLevels(ctx, store.id, StockLevelQuery.parse({}))
  for (const line of SUPPLIER_STOCK.store.filter((entry) => entry.sold > 0)) {
    const level = items.find((item) => item.sku === line.sku)!
    await issueStock(ctx, { levelId: level.id, quantity: line.sold, note: 'Sold at the Canton Fair' })
  }
  logger().info('demo supplier stock seeded')
}
