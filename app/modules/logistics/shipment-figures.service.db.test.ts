import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { createMember } from '../../../db/factories/companies'
import { contextOf } from '../../../db/factories/context'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { ON_TIME_SUPPLIERS, SHIPMENT_MENTIONS, shipmentFigures } from './index.server'
import type { ShipmentStatus } from './logistics.constants'
import { shipments } from './logistics.tables.server'

type Party = { ctx: ServiceContext; id: string; name: string }

async function party(name: string, kind: 'buyer' | 'supplier' | 'both'): Promise<Party> {
  const member = await createMember({ role: 'owner', companyInput: { name, kind } })
  return { ctx: contextOf(member.user.id, member.company.id), id: member.company.id, name }
}

const TODAY = '2027-03-10'
let sequence = 0

/** A shipment from `shipper` to `buyer` in `status`, expected on `eta` (first promised on `firstEta`, else the same day). */
async function shipment(
  shipper: Party,
  buyer: Party,
  status: ShipmentStatus,
  eta: string,
  more: { firstEta?: string; deliveredAt?: string } = {},
): Promise<string> {
  sequence += 1
  const id = randomUUID()
  await database()
    .insert(shipments)
    .values({
      id,
      number: `SH-FIG-${String(sequence).padStart(4, '0')}`,
      shipperCompanyId: shipper.id,
      buyerCompanyId: buyer.id,
      shipperName: shipper.name,
      buyerName: buyer.name,
      status,
      mode: 'sea_fcl',
      originName: 'Ningbo',
      originCountry: 'CN',
      destinationName: 'Rotterdam',
      destinationCountry: 'NL',
      etd: '2026-01-01',
      eta,
      firstEta: more.firstEta ?? eta,
      incoterm: 'FOB',
      deliveredAt: more.deliveredAt ? new Date(more.deliveredAt) : null,
    })
  return id
}

let lamps: Party
let textiles: Party
let retail: Party
let outsider: Party

beforeAll(async () => {
  lamps = await party('Ningbo Lamps', 'supplier')
  textiles = await party('Shaoxing Textiles', 'supplier')
  retail = await party('Rotterdam Retail', 'buyer')
  outsider = await party('Other Trading', 'both')
})

describe('shipmentFigures', () => {
  it('counts live shipments in transit, delayed and arriving this week, with the next few of each, on both sides', async () => {
    const passed = await shipment(lamps, retail, 'at_customs', '2027-03-08')
    const today = await shipment(lamps, retail, 'in_transit', TODAY)
    const soon = await shipment(lamps, retail, 'in_transit', '2027-03-12')
    const weekEnd = await shipment(lamps, retail, 'exception', '2027-03-16')
    await shipment(lamps, retail, 'out_for_delivery', '2027-03-17')
    const moved = await shipment(lamps, retail, 'booked', '2027-03-20', { firstEta: '2027-03-15' })
    await shipment(lamps, retail, 'delivered', '2027-03-11', { deliveredAt: '2027-03-09T10:00:00Z' })

    const buyer = (await shipmentFigures(retail.ctx, TODAY)).buyer
    expect(buyer.inTransit.count).toBe(6)
    expect(buyer.inTransit.items.map((item) => item.id)).toEqual([passed, today, soon])
    expect(buyer.inTransit.items[0]).toEqual({ id: passed, number: expect.any(String), counterpart: 'Ningbo Lamps', eta: '2027-03-08', status: 'at_customs' })
    expect(buyer.delayed).toMatchObject({ count: 2 })
    expect(buyer.delayed.items.map((item) => item.id)).toEqual([passed, moved])
    expect(buyer.arrivingThisWeek).toMatchObject({ count: 3 })
    expect(buyer.arrivingThisWeek.items.map((item) => item.id)).toEqual([today, soon, weekEnd])

    const shipper = await shipmentFigures(lamps.ctx, TODAY)
    expect(shipper.week).toEqual({ from: TODAY, to: '2027-03-16' })
    expect(shipper.shipper.inTransit.count).toBe(6)
    expect(shipper.shipper.delayed.items.map((item) => item.counterpart)).toEqual(['Rotterdam Retail', 'Rotterdam Retail'])
    // The supplier buys nothing: its buyer side is empty.
    expect(shipper.buyer).toMatchObject({ inTransit: { count: 0, items: [] }, delayed: { count: 0 }, bySupplier: [], suppliers: 0 })

    const stranger = await shipmentFigures(outsider.ctx, TODAY)
    expect(stranger.buyer.inTransit.count + stranger.shipper.inTransit.count).toBe(0)
    expect(JSON.stringify(stranger)).not.toContain(passed)
  })

  it('lists only the first few of a long figure and still counts all of it', async () => {
    const buyer = await party('Hamburg Imports', 'buyer')
    for (let day = 1; day <= SHIPMENT_MENTIONS + 4; day += 1) await shipment(textiles, buyer, 'in_transit', `2027-02-${String(day).padStart(2, '0')}`)
    const figures = (await shipmentFigures(buyer.ctx, TODAY)).buyer
    expect(figures.delayed.count).toBe(SHIPMENT_MENTIONS + 4)
    expect(figures.delayed.items.map((item) => item.eta)).toEqual(['2027-02-01', '2027-02-02', '2027-02-03'])
    expect(figures.arrivingThisWeek).toEqual({ count: 0, items: [] })
  })

  it('rates on-time delivery per supplier over twelve months, by the first promised ETA, and a shipper’s own', async () => {
    const buyer = await party('Antwerp Goods', 'buyer')
    // Delivered late on the first ETA's day in UTC counts as on time; the day after does not.
    await shipment(lamps, buyer, 'delivered', '2027-01-05', { deliveredAt: '2027-01-05T23:30:00Z' })
    await shipment(lamps, buyer, 'delivered', '2027-01-07', { firstEta: '2027-01-05', deliveredAt: '2027-01-06T00:30:00Z' })
    await shipment(lamps, buyer, 'delivered', '2026-10-01', { deliveredAt: '2026-09-28T08:00:00Z' })
    await shipment(textiles, buyer, 'delivered', '2026-12-01', { deliveredAt: '2026-12-01T08:00:00Z' })
    // More than twelve months ago: not counted.
    await shipment(textiles, buyer, 'delivered', '2026-03-01', { deliveredAt: '2026-03-09T08:00:00Z' })
    // Still on its way: not a delivery.
    await shipment(textiles, buyer, 'in_transit', '2027-03-01')

    const figures = await shipmentFigures(buyer.ctx, TODAY)
    expect(figures.since).toBe('2026-03-10')
    expect(figures.buyer.suppliers).toBe(2)
    expect(figures.buyer.bySupplier).toEqual([
      { companyId: lamps.id, name: 'Ningbo Lamps', delivered: 3, onTime: 2, rate: 2 / 3 },
      { companyId: textiles.id, name: 'Shaoxing Textiles', delivered: 1, onTime: 1, rate: 1 },
    ])
    expect(figures.shipper.onTime).toEqual({ delivered: 0, onTime: 0, rate: null })

    // The supplier's own rate counts every buyer it delivered to (the first test delivered one to Rotterdam Retail).
    const shipper = await shipmentFigures(lamps.ctx, TODAY)
    expect(shipper.shipper.onTime).toEqual({ delivered: 4, onTime: 3, rate: 0.75 })
  })

  it('lists the suppliers with most deliveries first, up to the limit, and counts the rest', async () => {
    const buyer = await party('Lyon Sourcing', 'buyer')
    const suppliers = await Promise.all(
      Array.from({ length: ON_TIME_SUPPLIERS + 2 }, (_, index) => party(`Supplier ${String(index).padStart(2, '0')}`, 'supplier')),
    )
    for (const supplier of suppliers) await shipment(supplier, buyer, 'delivered', '2027-02-01', { deliveredAt: '2027-02-01T08:00:00Z' })
    await shipment(suppliers[5]!, buyer, 'delivered', '2027-02-01', { deliveredAt: '2027-02-03T08:00:00Z' })

    const figures = (await shipmentFigures(buyer.ctx, TODAY)).buyer
    expect(figures.suppliers).toBe(ON_TIME_SUPPLIERS + 2)
    expect(figures.bySupplier).toHaveLength(ON_TIME_SUPPLIERS)
    expect(figures.bySupplier[0]).toMatchObject({ name: 'Supplier 05', delivered: 2, onTime: 1, rate: 0.5 })
    expect(figures.bySupplier[1]?.name).toBe('Supplier 00')
  })

  it('needs a company', async () => {
    const ctx = contextOf('no-company-user', 'none')
    await expect(shipmentFigures({ ...ctx, actor: { ...ctx.actor, companyId: null, memberRole: null } }, TODAY)).rejects.toMatchObject({
      code: 'company_required',
    })
  })
})
