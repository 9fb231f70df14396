import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createMember } from '../../../db/factories/companies'
import { contextOf } from '../../../db/factories/context'
import { createProduct } from '../../../db/factories/products'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { publishedAvailability } from './availability.service.server'
import { stockLevels } from './inventory.tables.server'
import { issueStock, postReceipt } from './stock.service.server'
import { WarehouseInput } from './warehouse.inputs'
import { archiveWarehouse, createWarehouse, restoreWarehouse, updateWarehouse } from './warehouse.service.server'

let supplier: ServiceContext
let buyer: ServiceContext
let supplierId: string
let buyerId: string

beforeAll(async () => {
  const a = await createMember({ role: 'owner', companyInput: { kind: 'supplier', verificationStatus: 'accept' } })
  const b = await createMember({ role: 'owner', companyInput: { kind: 'buyer' } })
  supplierId = a.company.id
  buyerId = b.company.id
  supplier = contextOf(a.user.id, supplierId, 'owner')
  buyer = contextOf(b.user.id, buyerId, 'owner')
})

let codes = 0
const warehouseOf = (ctx: ServiceContext, publishAvailability: boolean) =>
  createWarehouse(ctx, WarehouseInput.parse({ code: `AV-${(codes += 1)}`, name: `Store ${codes}`, publishAvailability }))

const product = async () => (await createProduct({ companyId: supplierId, nameEn: 'Celadon mug' })).id

/** Receives units of catalogue products (or one free-text line) into a warehouse, as a shipment's receipt does. */
async function receive(ctx: ServiceContext, warehouseId: string, lines: Array<{ productId: string | null; sku?: string; quantity: number }>) {
  await database().transaction((tx) =>
    postReceipt(tx, ctx, {
      warehouseId,
      reference: { type: 'opening', id: 'opening', label: 'Opening stock' },
      lines: lines.map((line) => ({
        productId: line.productId,
        sku: line.sku ?? 'MUG-350',
        description: 'Celadon mug',
        unit: 'piece',
        quantity: line.quantity,
        unitCost: null,
        currency: null,
      })),
    }),
  )
}

const levelOf = async (warehouseId: string, productId: string) =>
  (
    await database()
      .select()
      .from(stockLevels)
      .where(and(eq(stockLevels.warehouseId, warehouseId), eq(stockLevels.productId, productId)))
  )[0]!

describe('publishedAvailability', () => {
  it('sums available units (on hand − reserved) over published, active warehouses only', async () => {
    const mug = await product()
    const [published, alsoPublished, unpublished, archived] = await Promise.all([
      warehouseOf(supplier, true),
      warehouseOf(supplier, true),
      warehouseOf(supplier, false),
      warehouseOf(supplier, true),
    ])
    await receive(supplier, published.id, [{ productId: mug, quantity: 100 }])
    await receive(supplier, alsoPublished.id, [{ productId: mug, quantity: 50 }])
    await receive(supplier, unpublished.id, [{ productId: mug, quantity: 1000 }])
    await receive(supplier, archived.id, [{ productId: mug, quantity: 500 }])
    await archiveWarehouse(supplier, archived.id)
    await database()
      .update(stockLevels)
      .set({ reserved: 30 })
      .where(eq(stockLevels.id, (await levelOf(published.id, mug)).id))

    expect(await publishedAvailability(supplierId, [mug])).toEqual(new Map([[mug, 120]]))

    await restoreWarehouse(supplier, archived.id)
    expect((await publishedAvailability(supplierId, [mug])).get(mug)).toBe(620)
  })

  it('leaves out a product no published warehouse stocks, and answers 0 for one stocked with nothing available', async () => {
    const [madeToOrder, privatelyKept, soldOut] = await Promise.all([product(), product(), product()])
    const [published, unpublished] = await Promise.all([warehouseOf(supplier, true), warehouseOf(supplier, false)])
    await receive(supplier, unpublished.id, [{ productId: privatelyKept, quantity: 40 }])
    await receive(supplier, published.id, [{ productId: soldOut, quantity: 10 }])
    await issueStock(supplier, { levelId: (await levelOf(published.id, soldOut)).id, quantity: 10, note: 'Sold at the fair' })

    const availability = await publishedAvailability(supplierId, [madeToOrder, privatelyKept, soldOut, soldOut])
    expect(availability).toEqual(new Map([[soldOut, 0]]))
    expect(await publishedAvailability(supplierId, [])).toEqual(new Map())
  })

  it('never counts another company’s stock of the same product, nor a free-text line with its SKU', async () => {
    const teapot = await product()
    const [own, buyersStore] = await Promise.all([warehouseOf(supplier, true), warehouseOf(buyer, true)])
    await receive(supplier, own.id, [
      { productId: teapot, quantity: 12 },
      { productId: null, sku: 'MUG-350', quantity: 700 },
    ])
    // The buyer received the supplier's product into a warehouse it publishes: that stock is the buyer's.
    await receive(buyer, buyersStore.id, [{ productId: teapot, quantity: 999 }])

    expect(await publishedAvailability(supplierId, [teapot])).toEqual(new Map([[teapot, 12]]))
    expect(await publishedAvailability(buyerId, [teapot])).toEqual(new Map([[teapot, 999]]))
  })

  it('stops counting a warehouse once the supplier stops publishing it', async () => {
    const vase = await product()
    const warehouse = await warehouseOf(supplier, true)
    await receive(supplier, warehouse.id, [{ productId: vase, quantity: 8 }])
    expect((await publishedAvailability(supplierId, [vase])).get(vase)).toBe(8)

    const edited = await updateWarehouse(
      supplier,
      warehouse.id,
      WarehouseInput.parse({ code: warehouse.code, name: warehouse.name, publishAvailability: false }),
    )
    expect(edited.publishAvailability).toBe(false)
    expect(await publishedAvailability(supplierId, [vase])).toEqual(new Map())
  })
})
