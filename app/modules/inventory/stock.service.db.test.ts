import { and, asc, count, eq, sql, sum } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { addMember, createMember } from '../../../db/factories/companies'
import { contextOf } from '../../../db/factories/context'
import { createUser } from '../../../db/factories/users'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { stockItemKey } from '../../platform/stock-item'
import { notifications } from '../kernel/kernel.tables.server'
import { stockLevels, stockMovements } from './inventory.tables.server'
import { LIST_COUNT_CAP } from './list-reads.server'
import { exportMovementsCsv, listMovements } from './movement.service.server'
import { MovementQuery, StockLevelQuery } from './stock.inputs'
import { adjustStock, issueStock, listStockLevels, postReceipt, setLowStockThreshold, transferStock } from './stock.service.server'
import { WarehouseInput } from './warehouse.inputs'
import { archiveWarehouse, createWarehouse } from './warehouse.service.server'

let owner: ServiceContext
let member: ServiceContext
let memberId: string
let stranger: ServiceContext

beforeAll(async () => {
  const { user, company } = await createMember({ role: 'owner' })
  const colleague = await createUser()
  await addMember(company.id, colleague.id, 'member')
  owner = contextOf(user.id, company.id, 'owner')
  member = contextOf(colleague.id, company.id, 'member')
  memberId = colleague.id
  const other = await createMember({ role: 'owner' })
  stranger = contextOf(other.user.id, other.company.id, 'owner')
})

let codes = 0
const newWarehouse = () => createWarehouse(owner, WarehouseInput.parse({ code: `W-${(codes += 1)}`, name: `Warehouse ${codes}` }))

/** Receives `quantity` units of one free-text item into the warehouse and answers its level. */
async function receive(warehouseId: string, quantity: number, sku = 'CUP-1', unitCost: string | null = '2.5000') {
  await database().transaction((tx) =>
    postReceipt(tx, member, {
      warehouseId,
      reference: { type: 'shipment', id: 'shipment-1', label: 'SH-2026-00001' },
      lines: [{ productId: null, sku, description: `Item ${sku}`, unit: 'piece', quantity, unitCost, currency: unitCost ? 'USD' : null }],
    }),
  )
  const [level] = await database()
    .select()
    .from(stockLevels)
    .where(and(eq(stockLevels.warehouseId, warehouseId), eq(stockLevels.itemKey, stockItemKey({ productId: null, sku, description: `Item ${sku}` }))))
  return level!
}

const movementsOf = (levelId: string) => database().select().from(stockMovements).where(eq(stockMovements.levelId, levelId))
const levelOf = async (levelId: string) => (await database().select().from(stockLevels).where(eq(stockLevels.id, levelId)))[0]!

describe('receipts', () => {
  it('creates the level of a new item, adds to it on the next receipt, and records each with its reference', async () => {
    const warehouse = await newWarehouse()
    const level = await receive(warehouse.id, 10)
    expect(level).toMatchObject({ onHand: 10, sku: 'CUP-1', unit: 'piece', unitCost: '2.5000', currency: 'USD' })
    const again = await receive(warehouse.id, 5, 'CUP-1', '3')
    expect(again).toMatchObject({ id: level.id, onHand: 15, unitCost: '3.0000' })
    const movements = await movementsOf(level.id)
    expect(movements.map((row) => [row.kind, row.quantity, row.balanceAfter, row.reference, row.referenceType]).sort()).toEqual([
      ['receipt', 10, 10, 'SH-2026-00001', 'shipment'],
      ['receipt', 5, 15, 'SH-2026-00001', 'shipment'],
    ])
  })

  it('refuses an archived warehouse (409) and bad lines, writing nothing', async () => {
    const warehouse = await newWarehouse()
    await expect(receive(warehouse.id, 0)).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { 'lines.0.quantity': ['validation.quantity'] } },
    })
    await archiveWarehouse(owner, warehouse.id)
    await expect(receive(warehouse.id, 3)).rejects.toMatchObject({ code: 'conflict', details: { fields: { warehouseId: ['validation.warehouseArchived'] } } })
    const [levels] = await database().select({ n: count() }).from(stockLevels).where(eq(stockLevels.warehouseId, warehouse.id))
    expect(levels?.n).toBe(0)
  })
})

describe('issues and adjustments', () => {
  it('issues and adjusts with the balance after each, and refuses more than is available, writing nothing', async () => {
    const warehouse = await newWarehouse()
    const level = await receive(warehouse.id, 10)
    expect((await issueStock(member, { levelId: level.id, quantity: 4, note: 'Samples' })).level).toMatchObject({ onHand: 6, available: 6 })
    expect((await adjustStock(member, { levelId: level.id, quantity: -1, reason: 'damage', note: '' })).level.onHand).toBe(5)
    expect((await adjustStock(member, { levelId: level.id, quantity: 2, reason: 'found', note: '' })).level.onHand).toBe(7)
    await expect(issueStock(member, { levelId: level.id, quantity: 8, note: '' })).rejects.toMatchObject({
      code: 'validation_failed',
      details: { fields: { quantity: ['validation.insufficientStock'] }, available: 7 },
    })
    await expect(adjustStock(member, { levelId: level.id, quantity: -8, reason: 'loss', note: '' })).rejects.toMatchObject({ code: 'validation_failed' })
    expect((await levelOf(level.id)).onHand).toBe(7)
    const movements = await movementsOf(level.id)
    expect(movements).toHaveLength(4)
    expect(movements.reduce((total, row) => total + row.quantity, 0)).toBe(7)
    expect(movements.find((row) => row.kind === 'adjustment' && row.quantity === -1)?.reason).toBe('damage')
  })

  it('keeps stock whole under 20 concurrent issues of one unit on a level of 10: exactly 10 succeed', async () => {
    const warehouse = await newWarehouse()
    const level = await receive(warehouse.id, 10)
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => issueStock(member, { levelId: level.id, quantity: 1, note: '' })))
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10)
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected')
    expect(refused.every((result) => (result.reason as { code?: string }).code === 'validation_failed')).toBe(true)
    expect((await levelOf(level.id)).onHand).toBe(0)
    const [total] = await database()
      .select({ quantity: sum(stockMovements.quantity) })
      .from(stockMovements)
      .where(eq(stockMovements.levelId, level.id))
    expect(Number(total?.quantity)).toBe(0)
    expect(new Set((await movementsOf(level.id)).map((row) => row.balanceAfter)).size).toBe(11)
  })

  it('answers not found for another company’s level, and refuses movements in an archived warehouse', async () => {
    const warehouse = await newWarehouse()
    const level = await receive(warehouse.id, 5)
    await expect(issueStock(stranger, { levelId: level.id, quantity: 1, note: '' })).rejects.toMatchObject({ code: 'not_found' })
    await expect(setLowStockThreshold(stranger, level.id, { lowStockThreshold: 1 })).rejects.toMatchObject({ code: 'not_found' })
    await expect(listStockLevels(stranger, warehouse.id, StockLevelQuery.parse({}))).rejects.toMatchObject({ code: 'not_found' })
    await expect(listMovements(stranger, warehouse.id, MovementQuery.parse({}))).rejects.toMatchObject({ code: 'not_found' })
    await archiveWarehouse(owner, warehouse.id)
    await expect(issueStock(member, { levelId: level.id, quantity: 1, note: '' })).rejects.toMatchObject({ code: 'conflict' })
    expect((await levelOf(level.id)).onHand).toBe(5)
  })
})

describe('transfers', () => {
  it('moves units out of one warehouse and into another as a pair sharing a transfer id', async () => {
    const from = await newWarehouse()
    const to = await newWarehouse()
    const level = await receive(from.id, 10)
    const result = await transferStock(member, { levelId: level.id, toWarehouseId: to.id, quantity: 4, note: 'Rebalance' })
    expect(result.level.onHand).toBe(6)
    expect(result.movementIds).toHaveLength(2)
    const pair = await database()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.transferId, (await movementsOf(level.id)).find((row) => row.transferId)!.transferId!))
    expect(pair.map((row) => [row.kind, row.quantity, row.warehouseId]).sort()).toEqual(
      [
        ['transfer_in', 4, to.id],
        ['transfer_out', -4, from.id],
      ].sort(),
    )
    const [target] = (await listStockLevels(owner, to.id, StockLevelQuery.parse({}))).items
    expect(target).toMatchObject({ sku: 'CUP-1', onHand: 4, unitCost: '2.5000', currency: 'USD' })
  })

  it('runs 20 concurrent transfers in both directions between two warehouses without a deadlock, each balance in ledger order', async () => {
    const east = await newWarehouse()
    const west = await newWarehouse()
    const eastLevel = await receive(east.id, 100)
    const westLevel = await receive(west.id, 100)
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0
          ? transferStock(member, { levelId: eastLevel.id, toWarehouseId: west.id, quantity: 1, note: '' })
          : transferStock(member, { levelId: westLevel.id, toWarehouseId: east.id, quantity: 1, note: '' }),
      ),
    )
    expect(results.filter((result) => result.status === 'rejected')).toEqual([])
    for (const levelId of [eastLevel.id, westLevel.id]) {
      // In SQL: the timestamps' microseconds order movements a millisecond apart.
      const ledger = await movementsOf(levelId).orderBy(asc(stockMovements.createdAt), asc(stockMovements.id))
      const running = ledger.map((_, index) => ledger.slice(0, index + 1).reduce((total, row) => total + row.quantity, 0))
      expect(ledger.map((row) => row.balanceAfter)).toEqual(running)
      expect((await levelOf(levelId)).onHand).toBe(100)
    }
  })

  it('refuses more than is available, the same warehouse and an archived target, writing nothing', async () => {
    const from = await newWarehouse()
    const to = await newWarehouse()
    const level = await receive(from.id, 3)
    await expect(transferStock(member, { levelId: level.id, toWarehouseId: to.id, quantity: 4, note: '' })).rejects.toMatchObject({
      details: { fields: { quantity: ['validation.insufficientStock'] } },
    })
    await expect(transferStock(member, { levelId: level.id, toWarehouseId: from.id, quantity: 1, note: '' })).rejects.toMatchObject({
      details: { fields: { toWarehouseId: ['validation.sameWarehouse'] } },
    })
    const foreign = await createWarehouse(stranger, WarehouseInput.parse({ code: 'THEIRS', name: 'Theirs' }))
    await expect(transferStock(member, { levelId: level.id, toWarehouseId: foreign.id, quantity: 1, note: '' })).rejects.toMatchObject({
      details: { fields: { toWarehouseId: ['validation.warehouse'] } },
    })
    await archiveWarehouse(owner, to.id)
    await expect(transferStock(member, { levelId: level.id, toWarehouseId: to.id, quantity: 1, note: '' })).rejects.toMatchObject({
      code: 'conflict',
      details: { fields: { toWarehouseId: ['validation.warehouseArchived'] } },
    })
    expect((await levelOf(level.id)).onHand).toBe(3)
    expect(await movementsOf(level.id)).toHaveLength(1)
    const [targetLevels] = await database().select({ n: count() }).from(stockLevels).where(eq(stockLevels.warehouseId, to.id))
    expect(targetLevels?.n).toBe(0)
  })
})

describe('low stock', () => {
  it('tells the members once when available stock crosses below the threshold, and again after it recovered', async () => {
    const warehouse = await newWarehouse()
    const level = await receive(warehouse.id, 10)
    await setLowStockThreshold(member, level.id, { lowStockThreshold: 5 })
    const notices = async () =>
      (
        await database()
          .select({ n: count() })
          .from(notifications)
          .where(and(eq(notifications.userId, memberId), eq(notifications.kind, 'stock.low')))
      )[0]!.n
    const before = await notices()
    await issueStock(owner, { levelId: level.id, quantity: 5, note: '' })
    expect(await notices()).toBe(before)
    await issueStock(owner, { levelId: level.id, quantity: 1, note: '' })
    expect(await notices()).toBe(before + 1)
    await issueStock(owner, { levelId: level.id, quantity: 1, note: '' })
    expect(await notices()).toBe(before + 1)
    await receive(warehouse.id, 10)
    expect((await levelOf(level.id)).belowThreshold).toBe(false)
    await issueStock(owner, { levelId: level.id, quantity: 10, note: '' })
    expect(await notices()).toBe(before + 2)
    const page = await listStockLevels(owner, warehouse.id, StockLevelQuery.parse({ low: 'on' }))
    expect(page).toMatchObject({ total: 1, lowCount: 1, items: [{ id: level.id, low: true, available: 3 }] })
  })
})

describe('the ledger', () => {
  it('lists movements newest first, filtered by kind and item, and exports them as CSV', async () => {
    const warehouse = await newWarehouse()
    const cup = await receive(warehouse.id, 10, 'CUP-1')
    await receive(warehouse.id, 5, 'PLATE, "big"')
    await issueStock(member, { levelId: cup.id, quantity: 2, note: '=cmd' })
    const all = await listMovements(owner, warehouse.id, MovementQuery.parse({}))
    expect(all.total).toBe(3)
    expect(all.items[0]).toMatchObject({ kind: 'issue', quantity: -2, balanceAfter: 8, sku: 'CUP-1' })
    expect((await listMovements(owner, warehouse.id, MovementQuery.parse({ kind: 'receipt' }))).total).toBe(2)
    expect((await listMovements(owner, warehouse.id, MovementQuery.parse({ q: 'plate' }))).items.map((item) => item.sku)).toEqual(['PLATE, "big"'])
    expect((await listMovements(owner, warehouse.id, MovementQuery.parse({ to: '2000-01-01' }))).total).toBe(0)
    const today = new Date().toISOString().slice(0, 10)
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    expect((await listMovements(owner, warehouse.id, MovementQuery.parse({ from: today, to: today }))).total).toBe(3)
    expect((await listMovements(owner, warehouse.id, MovementQuery.parse({ from: tomorrow }))).total).toBe(0)
    expect((await listMovements(owner, warehouse.id, MovementQuery.parse({ kind: 'issue', q: 'cup', from: today }))).items).toMatchObject([{ quantity: -2 }])
    expect((await listMovements(owner, warehouse.id, MovementQuery.parse({ limit: '1', offset: '1' }))).items).toHaveLength(1)

    const csv = await exportMovementsCsv(owner, warehouse.id, { kind: undefined, q: undefined, from: undefined, to: undefined })
    const lines = csv.replace('\uFEFF', '').trimEnd().split('\r\n')
    expect(csv.startsWith('\uFEFF')).toBe(true)
    expect(lines[0]).toBe('created_at,kind,sku,description,unit,quantity,balance_after,reason,reference,note,unit_cost,currency,created_by')
    expect(lines).toHaveLength(4)
    expect(lines[1]).toMatch(/^[^,]+,issue,CUP-1,Item CUP-1,piece,-2,8,,,'=cmd,,,/)
    expect(lines.some((line) => line.includes('"PLATE, ""big""","Item PLATE, ""big""",piece,5,5,,SH-2026-00001,,2.5000,USD'))).toBe(true)
    const receiptsOnly = await exportMovementsCsv(owner, warehouse.id, { kind: 'receipt', q: undefined, from: undefined, to: undefined })
    expect(receiptsOnly.trimEnd().split('\r\n')).toHaveLength(3)
  })
})

/** `n` levels of free-text items written in one statement (through the services they would take minutes); low ones have a threshold above their stock. */
async function bulkLevels(warehouseId: string, n: number, { prefix, low }: { prefix: string; low: boolean }) {
  await database().execute(sql`
    insert into stock_levels (id, organization_id, warehouse_id, item_key, sku, description, unit, on_hand, low_stock_threshold, below_threshold)
    select gen_random_uuid()::text, ${owner.actor.companyId}, ${warehouseId}, 't:' || ${prefix} || '-' || i, ${prefix} || '-' || i, 'Bulk ' || ${prefix} || ' ' || i,
      'piece', 5, ${low ? 10 : null}::int, ${low}
    from generate_series(1, ${n}) as i`)
}

/** `n` adjustments of one unit on a level, written in one statement. */
async function bulkMovements(warehouseId: string, levelId: string, n: number) {
  await database().execute(sql`
    insert into stock_movements (id, organization_id, warehouse_id, level_id, kind, quantity, balance_after, reason, created_at)
    select gen_random_uuid()::text, ${owner.actor.companyId}, ${warehouseId}, ${levelId}, 'adjustment', 1, 10 + i, 'count', now() - i * interval '1 minute'
    from generate_series(1, ${n}) as i`)
}

describe('long lists', () => {
  it('counts a warehouse’s movements exactly up to the cap, then says more match, and counts on to the end of a deeper page', async () => {
    const warehouse = await newWarehouse()
    const cup = await receive(warehouse.id, 10)
    await bulkMovements(warehouse.id, cup.id, LIST_COUNT_CAP + 4)
    const first = await listMovements(owner, warehouse.id, MovementQuery.parse({}))
    expect(first).toMatchObject({ total: LIST_COUNT_CAP, totalIsCapped: true })
    expect(first.items).toHaveLength(25)
    expect(first.items[0]).toMatchObject({ kind: 'receipt', balanceAfter: 10 })
    const last = await listMovements(owner, warehouse.id, MovementQuery.parse({ offset: String(LIST_COUNT_CAP), limit: '25' }))
    expect(last).toMatchObject({ total: LIST_COUNT_CAP + 5, totalIsCapped: false })
    expect(last.items).toHaveLength(5)
    expect(await listMovements(owner, warehouse.id, MovementQuery.parse({ kind: 'receipt' }))).toMatchObject({ total: 1, totalIsCapped: false })
    expect(await listMovements(owner, warehouse.id, MovementQuery.parse({ q: 'cup-1' }))).toMatchObject({ total: LIST_COUNT_CAP, totalIsCapped: true })
    expect(await listMovements(owner, warehouse.id, MovementQuery.parse({ q: 'plate' }))).toMatchObject({ total: 0, totalIsCapped: false, items: [] })
  })

  it('counts a warehouse’s levels up to the cap and its low levels exactly, whatever the page shows', async () => {
    const warehouse = await newWarehouse()
    await bulkLevels(warehouse.id, LIST_COUNT_CAP - 2, { prefix: 'OK', low: false })
    await bulkLevels(warehouse.id, 3, { prefix: 'LOW', low: true })
    const first = await listStockLevels(owner, warehouse.id, StockLevelQuery.parse({}))
    expect(first).toMatchObject({ total: LIST_COUNT_CAP, totalIsCapped: true, lowCount: 3 })
    expect(first.items).toHaveLength(25)
    expect(first.items[0]).toMatchObject({ sku: 'LOW-1', onHand: 5, available: 5, low: true, updatedAt: expect.any(Date) })
    expect(first.items.map((item) => item.description)).toEqual([...first.items.map((item) => item.description)].sort())
    expect(await listStockLevels(owner, warehouse.id, StockLevelQuery.parse({ offset: '5000' }))).toMatchObject({ items: [], totalIsCapped: false })
    const last = await listStockLevels(owner, warehouse.id, StockLevelQuery.parse({ offset: String(LIST_COUNT_CAP), limit: '100' }))
    expect(last).toMatchObject({ total: LIST_COUNT_CAP + 1, totalIsCapped: false })
    expect(last.items).toHaveLength(1)
    const low = await listStockLevels(owner, warehouse.id, StockLevelQuery.parse({ low: '1' }))
    expect(low).toMatchObject({ total: 3, totalIsCapped: false, lowCount: 3 })
    expect(low.items.map((item) => item.sku)).toEqual(['LOW-1', 'LOW-2', 'LOW-3'])
    expect(await listStockLevels(owner, warehouse.id, StockLevelQuery.parse({ q: 'low-2' }))).toMatchObject({
      total: 1,
      lowCount: 3,
      items: [{ sku: 'LOW-2', low: true }],
    })
    await expect(listStockLevels(stranger, warehouse.id, StockLevelQuery.parse({}))).rejects.toMatchObject({ code: 'not_found' })
  })

  it('refuses a low flag that disagrees with the level’s figures: the low list and its count read the flag', async () => {
    const warehouse = await newWarehouse()
    const level = await receive(warehouse.id, 10)
    await expect(database().update(stockLevels).set({ belowThreshold: true }).where(eq(stockLevels.id, level.id))).rejects.toThrow()
    await setLowStockThreshold(member, level.id, { lowStockThreshold: 20 })
    await expect(database().update(stockLevels).set({ belowThreshold: false }).where(eq(stockLevels.id, level.id))).rejects.toThrow()
    await expect(database().update(stockLevels).set({ reserved: 0, onHand: 25 }).where(eq(stockLevels.id, level.id))).rejects.toThrow()
    expect(await listStockLevels(owner, warehouse.id, StockLevelQuery.parse({ low: '1' }))).toMatchObject({ total: 1, lowCount: 1 })
  })
})
