import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { createMember } from '../../../db/factories/companies'
import { shipOrder } from '../../../db/factories/shipments'
import { contextOf } from '../../../db/factories/context'
import { createOrderParties, orderRequest } from '../../../tests/factories/orders'
import { platformAdmin } from '../../../tests/factories/finance'
import { insertQuotation, insertRfq } from '../../../tests/factories/sourcing'
import type { CompanyKind, ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { QUEUE_COUNT_CAP } from '../../platform/db/sql-text.server'
import { convertAmount } from '../../platform/fx/convert'
import { rateTable } from '../../platform/fx/fx.service.server'
import { CreatePurchaseOrderInput } from '../../modules/orders/index'
import { createPurchaseOrder, getPurchaseOrder, transitionPurchaseOrder } from '../../modules/orders/index.server'
import { quotationRevisions, rfqAwards } from '../../modules/sourcing/sourcing.tables.server'
import { StartPaymentInput } from '../../modules/finance/index'
import { holdPayment, moneyStep, startPayment } from '../../modules/finance/index.server'
import { payments } from '../../modules/finance/finance.tables.server'
import { convertAll, dashboardViews, loadDashboard } from './dashboard.server'

let parties: Awaited<ReturnType<typeof createOrderParties>>
const as = (ctx: ServiceContext, companyKind: CompanyKind, platformRole: 'user' | 'admin' = 'user'): ServiceContext => ({
  ...ctx,
  actor: { ...ctx.actor, companyKind, platformRole },
})
const params = (query = '') => new URLSearchParams(query)
const task = (dashboard: Awaited<ReturnType<typeof loadDashboard>>, id: string) => dashboard.tasks.find((entry) => entry.id === id)

beforeAll(async () => {
  parties = await createOrderParties()
})

async function placeOrder(overrides: Record<string, unknown> = {}) {
  return createPurchaseOrder(parties.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(parties, { place: true, ...overrides })))
}

describe('dashboard', () => {
  it('shows each side of the trade its own views', () => {
    expect(dashboardViews(as(parties.buyer.ctx, 'buyer'))).toEqual(['buyer'])
    expect(dashboardViews(as(parties.supplier.ctx, 'supplier'))).toEqual(['supplier'])
    expect(dashboardViews(as(parties.stranger.ctx, 'both'))).toEqual(['buyer', 'supplier'])
    const admin = as(contextOf('admin-user', 'none'), 'buyer', 'admin')
    expect(dashboardViews({ ...admin, actor: { ...admin.actor, companyId: null, companyKind: null } })).toEqual(['platform'])
  })

  it('counts what waits on the supplier and the buyer, with links to each order', async () => {
    const placed = await placeOrder()
    const supplier = await loadDashboard(as(parties.supplier.ctx, 'supplier'), params())
    const toConfirm = task(supplier, 'ordersToConfirm')
    expect(toConfirm?.count).toBeGreaterThanOrEqual(1)
    expect(toConfirm?.items.map((item) => item.href)).toContain(`/app/supplier/purchase/order/${placed.id}`)
    expect(toConfirm?.items.find((item) => item.id === placed.id)?.detail).toBe(placed.buyer.name)

    const stranger = await loadDashboard(as(parties.stranger.ctx, 'both'), params())
    expect(task(stranger, 'ordersToConfirm')?.count).toBe(0)
    expect(JSON.stringify(stranger)).not.toContain(placed.id)
  })

  it('counts a long queue to its cap and says it goes on, while the overdue figure stays exact', async () => {
    const pair = await createOrderParties()
    const late = QUEUE_COUNT_CAP + 5
    // Confirmed orders due last week: overdue shipments for the supplier, overdue deliveries for the buyer.
    await database().execute(sql`
      insert into purchase_orders (id, number, buyer_company_id, supplier_company_id, buyer_name, supplier_name, status, currency, incoterm,
        incoterm_place, payment_terms, requested_delivery_date, subtotal, total, line_count, placed_at, confirmed_at, created_at, updated_at)
      select gen_random_uuid()::text, 'LATE-' || ${pair.buyer.company.id} || '-' || g, ${pair.buyer.company.id}, ${pair.supplier.company.id}, 'Late buyer',
        'Late supplier', 'confirmed', 'USD', 'FOB', 'Ningbo', 'tt_30_70', current_date - 7 - g % 3, 100, 100, 1, now() - interval '30 days',
        now() - interval '29 days', now() - interval '30 days', now() - interval '30 days'
      from generate_series(1, ${late}) g`)

    const supplier = await loadDashboard(as(pair.supplier.ctx, 'supplier'), params())
    expect(task(supplier, 'overdueShipments')).toMatchObject({ count: QUEUE_COUNT_CAP, more: true })
    expect(task(supplier, 'overdueShipments')?.items).toHaveLength(3)
    expect(supplier.supplier?.overdue).toBe(late)
    const buyer = await loadDashboard(as(pair.buyer.ctx, 'buyer'), params())
    expect(task(buyer, 'overdueDeliveries')).toMatchObject({ count: QUEUE_COUNT_CAP, more: true })
    // The oldest due day first.
    const days = task(buyer, 'overdueDeliveries')?.items.map((item) => item.date) ?? []
    expect(days).toEqual([...days].sort())
    expect(task(buyer, 'changesToDecide')).toMatchObject({ count: 0, more: false, items: [] })
  })

  it('sums spend and revenue in the viewer’s currency, by period and by trading partner', async () => {
    const buyer = as(parties.buyer.ctx, 'buyer')
    const before = await loadDashboard(buyer, params('range=30d'))
    const order = await placeOrder()
    const { version } = await getPurchaseOrder(parties.supplier.ctx, order.id)
    await transitionPurchaseOrder(parties.supplier.ctx, order.id, { action: 'confirm', version, reason: '' } as never)
    // Figures are kept a minute per company and period: a new period reads afresh.
    const after = await loadDashboard(buyer, params('range=90d'))
    expect(after.currency).toBe('USD')
    expect(after.buyer?.orders).toBe((before.buyer?.orders ?? 0) + 1)
    const supplierShare = after.buyer?.bySupplier.find((party) => party.companyId === parties.supplier.company.id)
    expect(supplierShare?.orders).toBeGreaterThanOrEqual(1)
    const today = after.buyer?.spend.at(-1)
    expect(today?.orders).toBeGreaterThanOrEqual(1)

    const selling = await loadDashboard(as(parties.supplier.ctx, 'supplier'), params('range=90d'))
    expect(selling.supplier?.total.amount).toBe(after.buyer?.total.amount)
    expect(selling.supplier?.byCustomer[0]?.name).toBe(order.buyer.name)
    expect(selling.supplier?.open).toBeGreaterThanOrEqual(1)
  })

  it('converts each currency at the reference rates and names those it cannot convert', async () => {
    const rates = await rateTable()
    const eur = convertAmount(rates, '100', 'EUR', 'USD')
    expect(eur).not.toBeNull()
    const converted = convertAll(
      rates,
      [
        { currency: 'USD', amount: '10.50' },
        { currency: 'EUR', amount: '100' },
        { currency: 'XTS', amount: '5' },
      ],
      'USD',
    )
    expect(converted.unconverted).toEqual(['XTS'])
    expect(Number(converted.amount)).toBeCloseTo(10.5 + Number(eur), 2)
  })

  it('lists the buyer’s RFQs whose quotations wait for a decision, and measures savings against first quotes and targets', async () => {
    const buyer = as(parties.buyer.ctx, 'buyer')
    const rfq = await insertRfq(parties.buyer.company.id, {
      supplierIds: [parties.supplier.company.id],
      deadline: new Date(Date.now() - 3_600_000),
      requirements: [{ id: null as unknown as string, title: 'Desk lamp', quantity: 100, unit: 'pcs', targetUnitPrice: '12' }],
    })
    const line = rfq.lines[0]!
    const quotation = await insertQuotation(rfq.id, parties.supplier.company.id, [{ rfqLineId: line.id, unitPrice: '10' }])
    const dashboard = await loadDashboard(buyer, params('range=30d'))
    expect(task(dashboard, 'quotationsToDecide')?.items.map((item) => item.href)).toContain(`/app/sourcing/rfq/${rfq.id}`)
    expect(task(dashboard, 'quotationsToDecide')?.items.find((item) => item.id === rfq.id)?.quotations).toBe(1)

    // First round at 11, awarded at 10 on 100 pieces: 100 saved against the first quote, 200 against the target of 12.
    await database()
      .insert(quotationRevisions)
      .values({
        id: randomUUID(),
        quotationId: quotation.id,
        revision: 1,
        snapshot: { currency: 'USD', lines: [{ rfqLineId: line.id, unitPrice: '11.0000' }] },
      })
    await database().insert(rfqAwards).values({
      id: randomUUID(),
      rfqId: rfq.id,
      rfqLineId: line.id,
      quotationId: quotation.id,
      supplierCompanyId: parties.supplier.company.id,
      quantity: 100,
      unitPrice: '10',
      currency: 'USD',
    })
    const awarded = await loadDashboard(buyer, params('range=ytd'))
    expect(awarded.buyer?.savings).toMatchObject({ lines: 1, awarded: '1000', vsFirstQuote: '100', vsTarget: '200', targetLines: true })
  })

  it('shows each side its shipments on their way, kept a minute like the other figures', async () => {
    const pair = await createOrderParties()
    const confirmedOrder = async () => {
      const order = await createPurchaseOrder(pair.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(pair, { place: true })))
      await transitionPurchaseOrder(pair.supplier.ctx, order.id, { action: 'confirm', version: order.version, reason: '' })
      return getPurchaseOrder(pair.supplier.ctx, order.id)
    }
    const first = await confirmedOrder()
    const shipped = await shipOrder(pair.supplier.ctx, first.id, { [first.lines[0]!.id]: 10 })

    const buyer = await loadDashboard(as(pair.buyer.ctx, 'buyer'), params())
    expect(buyer.shipments?.supplier).toBeNull()
    expect(buyer.shipments?.buyer?.inTransit).toMatchObject({ count: 1, items: [{ id: shipped, counterpart: first.supplier.name, status: 'booked' }] })
    expect(buyer.shipments?.buyer).toMatchObject({ delayed: { count: 0 }, bySupplier: [], suppliers: 0 })
    const supplier = await loadDashboard(as(pair.supplier.ctx, 'supplier'), params())
    expect(supplier.shipments?.buyer).toBeNull()
    expect(supplier.shipments?.supplier).toMatchObject({ inTransit: { count: 1 }, onTime: { delivered: 0, rate: null } })
    expect(supplier.shipments?.week.from).toBe(supplier.range.to)

    // A second shipment shows within a minute, not at once: the figures are kept per company and day.
    const second = await confirmedOrder()
    await shipOrder(pair.supplier.ctx, second.id, { [second.lines[0]!.id]: 5 })
    expect((await loadDashboard(as(pair.buyer.ctx, 'buyer'), params('range=90d'))).shipments?.buyer?.inTransit.count).toBe(1)

    // A logistics provider ships nothing of its own; a person without a company has no shipments.
    const provider = await loadDashboard(as(pair.stranger.ctx, 'service_provider'), params())
    expect(provider.shipments).toBeNull()
  })

  it('tells a person without a company to set one up, and never a platform admin', async () => {
    const lone = await createMember({ role: 'owner' })
    const ctx = contextOf(lone.user.id, lone.company.id)
    const withoutCompany: ServiceContext = { ...ctx, actor: { ...ctx.actor, companyId: null, memberRole: null, companyKind: null } }
    expect((await loadDashboard(withoutCompany, params())).tasks.map((entry) => entry.id)).toEqual(['setUpCompany'])
    const admin = await loadDashboard({ ...withoutCompany, actor: { ...withoutCompany.actor, platformRole: 'admin' } }, params())
    expect(admin.tasks.map((entry) => entry.id)).not.toContain('setUpCompany')
    expect(admin.platform?.totals.companies).toBeGreaterThanOrEqual(3)
    expect(admin.platform?.growth.length).toBe(12)
  })

  it('joins each side’s money: due, held in escrow, then released and its fee, per currency and by period', async () => {
    const pair = await createOrderParties()
    const admin = await platformAdmin()
    const order = await createPurchaseOrder(pair.buyer.ctx, CreatePurchaseOrderInput.parse(orderRequest(pair, { place: true, paymentTerms: 'prepayment' })))
    const buyer = as(pair.buyer.ctx, 'buyer')
    const supplier = as(pair.supplier.ctx, 'supplier')
    // Placed on prepayment: the whole price is due, nothing is held yet.
    const owing = await loadDashboard(buyer, params('range=30d'))
    expect(owing.buyer?.money).toMatchObject({ inEscrow: [], due: [{ currency: 'USD', amount: '1611.20', instalments: 1, orders: 1 }], dueMore: false })

    // The bank confirms the payment: held in the buyer's escrow, for the supplier; nothing is due any more.
    const { id } = await startPayment(pair.buyer.ctx, StartPaymentInput.parse({ orderId: order.id, stage: 'full', provider: 'bank_transfer' }), {
      returnUrl: 'http://127.0.0.1/en/app/orders/x/view',
    })
    const [payment] = await database().select().from(payments).where(eq(payments.id, id))
    await moneyStep(async (tx, events) => events.push(...(await holdPayment(tx, id, { amountMinor: payment!.amountMinor, currency: 'USD' }, admin))))
    const held = await loadDashboard(buyer, params('range=90d'))
    expect(held.buyer?.money).toMatchObject({ inEscrow: [{ currency: 'USD', amount: '1611.20' }], due: [] })
    expect(held.buyer?.money.paid).toMatchObject({ count: 1, byCurrency: [{ currency: 'USD', amount: '1611.20' }] })
    expect(held.buyer?.money.paid.points.at(-1)).toMatchObject({ amount: '1611.2', count: 1 })
    const holding = await loadDashboard(supplier, params('range=30d'))
    expect(holding.supplier?.money).toMatchObject({ inEscrow: [{ currency: 'USD', amount: '1611.20' }], available: [], released: { count: 0 } })

    // Delivered and confirmed: released to the supplier less the 2 % fee, by this month.
    await transitionPurchaseOrder(pair.supplier.ctx, order.id, { action: 'confirm', version: order.version, reason: '' })
    const lines = (await getPurchaseOrder(pair.supplier.ctx, order.id)).lines
    await shipOrder(pair.supplier.ctx, order.id, Object.fromEntries(lines.map((line) => [line.id, line.quantity])))
    const shipped = await getPurchaseOrder(pair.buyer.ctx, order.id)
    await transitionPurchaseOrder(pair.buyer.ctx, order.id, { action: 'deliver', version: shipped.version, reason: '' })
    const delivered = await getPurchaseOrder(pair.buyer.ctx, order.id)
    await transitionPurchaseOrder(pair.buyer.ctx, order.id, { action: 'complete', version: delivered.version, reason: '' })

    const released = await loadDashboard(supplier, params('range=12m'))
    expect(released.supplier?.money).toMatchObject({
      inEscrow: [],
      available: [{ currency: 'USD', amount: '1578.98' }],
      released: { count: 1, byCurrency: [{ currency: 'USD', amount: '1578.98' }] },
      paidOut: { count: 0, byCurrency: [] },
    })
    expect(released.supplier?.money.released.points.at(-1)?.amount).toBe('1578.98')
    expect((await loadDashboard(buyer, params('range=12m'))).buyer?.money.inEscrow).toEqual([])

    // Platform figures are kept a minute for all admins: a period of its own reads afresh.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
    const platform = await loadDashboard(admin, params(`from=${day(-3)}&to=${day(1)}`))
    const usd = (rows: ReadonlyArray<{ currency: string; amount: string }> | undefined) => Number(rows?.find((row) => row.currency === 'USD')?.amount ?? 0)
    expect(usd(platform.platform?.money.released.byCurrency)).toBeGreaterThanOrEqual(1611.2)
    expect(usd(platform.platform?.money.fees.byCurrency)).toBeGreaterThanOrEqual(32.22)
    expect(platform.platform?.money.pendingPayouts).toBeGreaterThanOrEqual(0)
    expect(platform.platform?.money.unmatchedLines).toBeGreaterThanOrEqual(0)
  })
})
