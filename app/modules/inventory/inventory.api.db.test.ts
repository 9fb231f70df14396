import { beforeAll, describe, expect, it } from 'vitest'
import { addMember, createMember } from '../../../db/factories/companies'
import { contextOf } from '../../../db/factories/context'
import { createUser } from '../../../db/factories/users'
import { database } from '../../platform/db/index.server'
import { call, type CookieJar, signInWithCookies, testApp } from '../../../tests/support/http'
import { postReceipt } from './stock.service.server'

let app: ReturnType<typeof testApp>
let owner: CookieJar
let member: CookieJar
let stranger: CookieJar
let ownerCtx: ReturnType<typeof contextOf>

type Level = { id: string; on_hand: number; available: number; low: boolean; low_stock_threshold: number | null }
type Warehouse = { id: string; code: string; archived_at: string | null; item_count: number; stock_value: Array<{ currency: string; total: string }> }
type Fields = { code: string; details: { fields: Record<string, string[]> } }

beforeAll(async () => {
  app = testApp()
  const a = await createMember({ role: 'owner' })
  const colleague = await createUser()
  await addMember(a.company.id, colleague.id, 'member')
  const b = await createMember({ role: 'owner' })
  ownerCtx = contextOf(a.user.id, a.company.id, 'owner')
  owner = await signInWithCookies(app, a.user)
  member = await signInWithCookies(app, colleague)
  stranger = await signInWithCookies(app, b.user)
})

async function warehouseWithStock(code: string, quantity: number) {
  const created = await call(app, '/api/v1/warehouses', { jar: owner, body: { code, name: `Warehouse ${code}` } })
  expect(created.status, created.text).toBe(201)
  const warehouse = created.json as unknown as Warehouse
  await database().transaction((tx) =>
    postReceipt(tx, ownerCtx, {
      warehouseId: warehouse.id,
      reference: { type: 'shipment', id: 'sh', label: 'SH-2026-00009' },
      lines: [{ productId: null, sku: 'LAMP-1', description: 'Desk lamp', unit: 'piece', quantity, unitCost: '12.5', currency: 'EUR' }],
    }),
  )
  const stock = await call(app, `/api/v1/warehouses/${warehouse.id}/stock`, { jar: member })
  expect(stock.json).toMatchObject({ total: 1, total_is_capped: false, low_count: 0, limit: 25, offset: 0 })
  return { warehouse, level: (stock.json as unknown as { items: Level[] }).items[0]! }
}

describe('warehouses API', () => {
  it('creates, lists, edits, archives and restores; a taken code is 422 with a translated message; members may not manage', async () => {
    const { warehouse } = await warehouseWithStock('API-1', 4)
    const duplicate = await call(app, '/api/v1/warehouses', { jar: owner, body: { code: 'api-1', name: 'Again' }, headers: { 'accept-language': 'en' } })
    expect(duplicate.status).toBe(422)
    expect((duplicate.json as unknown as Fields).details.fields.code).toEqual(['Another warehouse of your company already uses this code.'])
    expect((await call(app, '/api/v1/warehouses', { jar: member, body: { code: 'M-1', name: 'Mine' } })).status).toBe(403)

    const listed = await call(app, '/api/v1/warehouses', { jar: member })
    expect(listed.status).toBe(200)
    expect((listed.json as unknown as { items: Warehouse[] }).items.find((item) => item.id === warehouse.id)).toMatchObject({
      code: 'API-1',
      item_count: 1,
      stock_value: [{ currency: 'EUR', total: '50.00' }],
    })
    const patched = await call(app, `/api/v1/warehouses/${warehouse.id}`, { jar: owner, method: 'PATCH', body: { code: 'API-1B', name: 'Renamed' } })
    expect(patched.status, patched.text).toBe(200)
    expect((patched.json as unknown as Warehouse).code).toBe('API-1B')
    const archived = await call(app, `/api/v1/warehouses/${warehouse.id}/archive`, { jar: owner, method: 'POST' })
    expect((archived.json as unknown as Warehouse).archived_at).not.toBeNull()
    const restored = await call(app, `/api/v1/warehouses/${warehouse.id}/restore`, { jar: owner, method: 'POST' })
    expect((restored.json as unknown as Warehouse).archived_at).toBeNull()
  })

  it('publishes a warehouse’s availability only when asked: off by default, true or false, anything else a translated 422', async () => {
    const quiet = await call(app, '/api/v1/warehouses', { jar: owner, body: { code: 'PUB-0', name: 'Back store' } })
    expect(quiet.status, quiet.text).toBe(201)
    expect(quiet.json.publish_availability).toBe(false)

    const shown = await call(app, '/api/v1/warehouses', { jar: owner, body: { code: 'PUB-1', name: 'Showroom', publish_availability: true } })
    expect(shown.status, shown.text).toBe(201)
    const id = (shown.json as unknown as Warehouse).id
    expect(shown.json.publish_availability).toBe(true)
    const listed = (await call(app, '/api/v1/warehouses', { jar: member })).json as unknown as { items: Array<Warehouse & { publish_availability: boolean }> }
    expect(listed.items.find((item) => item.id === id)?.publish_availability).toBe(true)

    for (const value of ['yes', 1, null, 'on']) {
      const refused = await call(app, `/api/v1/warehouses/${id}`, {
        jar: owner,
        method: 'PATCH',
        body: { code: 'PUB-1', name: 'Showroom', publish_availability: value },
        headers: { 'accept-language': 'en' },
      })
      expect(refused.status, JSON.stringify(value)).toBe(422)
      expect((refused.json as unknown as Fields).details.fields.publish_availability).toEqual([
        'Choose whether buyers see this warehouse’s stock: true or false.',
      ])
    }
    expect((await call(app, `/api/v1/warehouses/${id}`, { jar: member })).json.publish_availability).toBe(true)
    const forbidden = await call(app, `/api/v1/warehouses/${id}`, { jar: member, method: 'PATCH', body: { code: 'PUB-1', name: 'Showroom' } })
    expect(forbidden.status).toBe(403)

    // All fields, as on create: leaving it out stops publishing.
    const patched = await call(app, `/api/v1/warehouses/${id}`, { jar: owner, method: 'PATCH', body: { code: 'PUB-1', name: 'Showroom' } })
    expect(patched.status, patched.text).toBe(200)
    expect(patched.json.publish_availability).toBe(false)

    const doc = (await call(app, '/api/openapi.json')).json as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } }
    expect(doc.components.schemas.Warehouse?.properties.publish_availability).toMatchObject({ type: 'boolean' })
    expect(doc.components.schemas.WarehouseInput?.properties.publish_availability).toMatchObject({ type: 'boolean' })
  })

  it('answers 404 to another company for its warehouses, levels and ledger', async () => {
    const { warehouse, level } = await warehouseWithStock('API-2', 2)
    for (const path of [
      `/api/v1/warehouses/${warehouse.id}`,
      `/api/v1/warehouses/${warehouse.id}/stock`,
      `/api/v1/warehouses/${warehouse.id}/movements`,
      `/api/v1/warehouses/${warehouse.id}/movements.csv`,
    ])
      expect((await call(app, path, { jar: stranger })).status, path).toBe(404)
    expect((await call(app, `/api/v1/stock/${level.id}`, { jar: stranger, method: 'PATCH', body: { low_stock_threshold: 1 } })).status).toBe(404)
    expect((await call(app, '/api/v1/stock/issues', { jar: stranger, body: { level_id: level.id, quantity: 1 } })).status).toBe(404)
    expect((await call(app, `/api/v1/warehouses/${warehouse.id}/archive`, { jar: stranger, method: 'POST' })).status).toBe(404)
  })
})

describe('stock API', () => {
  it('issues, adjusts and transfers; over available is 422, an archived warehouse 409; a retried key writes once', async () => {
    const { warehouse, level } = await warehouseWithStock('API-3', 10)
    const other = (await call(app, '/api/v1/warehouses', { jar: owner, body: { code: 'API-4', name: 'Other' } })).json as unknown as Warehouse

    const issue = { level_id: level.id, quantity: 2, note: 'Fair samples' }
    const first = await call(app, '/api/v1/stock/issues', { jar: member, body: issue, headers: { 'idempotency-key': 'issue-1' } })
    expect(first.status, first.text).toBe(201)
    const again = await call(app, '/api/v1/stock/issues', { jar: member, body: issue, headers: { 'idempotency-key': 'issue-1' } })
    expect(again.status).toBe(201)
    expect(again.json.movement_ids).toEqual(first.json.movement_ids)
    expect((again.json.level as Level).on_hand).toBe(8)

    const adjusted = await call(app, '/api/v1/stock/adjustments', { jar: member, body: { level_id: level.id, quantity: -1, reason: 'damage' } })
    expect((adjusted.json.level as Level).on_hand).toBe(7)
    const badReason = await call(app, '/api/v1/stock/adjustments', { jar: member, body: { level_id: level.id, quantity: 1, reason: 'magic' } })
    expect(badReason.status).toBe(422)

    const tooMany = await call(app, '/api/v1/stock/issues', { jar: member, body: { level_id: level.id, quantity: 8 } })
    expect(tooMany.status).toBe(422)
    expect((tooMany.json as unknown as Fields).details.fields.quantity).toEqual([
      'Not enough stock: you can take at most what is available (on hand minus reserved).',
    ])

    const moved = await call(app, '/api/v1/stock/transfers', { jar: member, body: { level_id: level.id, to_warehouse_id: other.id, quantity: 3 } })
    expect(moved.status, moved.text).toBe(201)
    expect(moved.json.movement_ids).toHaveLength(2)
    expect((moved.json.level as Level).on_hand).toBe(4)

    const threshold = await call(app, `/api/v1/stock/${level.id}`, { jar: member, method: 'PATCH', body: { low_stock_threshold: 5 } })
    expect(threshold.json).toMatchObject({ low_stock_threshold: 5, low: true })

    await call(app, `/api/v1/warehouses/${other.id}/archive`, { jar: owner, method: 'POST' })
    const archived = await call(app, '/api/v1/stock/transfers', { jar: member, body: { level_id: level.id, to_warehouse_id: other.id, quantity: 1 } })
    expect(archived.status).toBe(409)
    expect((archived.json as unknown as Fields).details.fields.to_warehouse_id).toEqual([
      'This warehouse is archived: it takes no stock movements. Restore it first.',
    ])

    const ledger = await call(app, `/api/v1/warehouses/${warehouse.id}/movements?kind=issue`, { jar: member })
    expect(ledger.status).toBe(200)
    expect(ledger.json).toMatchObject({ total: 1, total_is_capped: false, items: [{ kind: 'issue', quantity: -2, balance_after: 8, note: 'Fair samples' }] })
    expect((await call(app, `/api/v1/warehouses/${warehouse.id}/movements?from=yesterday`, { jar: member })).status).toBe(422)

    const csv = await call(app, `/api/v1/warehouses/${warehouse.id}/movements.csv?kind=transfer_out`, { jar: member })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const rows = csv.text.replace('\uFEFF', '').trimEnd().split('\r\n')
    expect(rows).toHaveLength(2)
    expect(rows[1]).toContain(',transfer_out,LAMP-1,Desk lamp,piece,-3,4,,API-4,,12.5000,EUR,')
  })
})
