// A year of trade behind the demo accounts, so the dashboard's charts, savings and rates show real figures: the demo
// buyer's orders with the demo supplier and two marketplace suppliers (USD, EUR, CNY), two more customers of the demo
// supplier, and four RFQs quoted in rounds and awarded — the requirements of one purchase project, so its page charts
// budget against quotes and awards, their lines classified (so price research on HS 6912 or on ceramics & glass has
// months of quotes). Everything goes through the services (real timelines, numbers, awards); only the
// dates are moved back afterwards, as if it had happened over the past months.
import { randomUUID } from 'node:crypto'
import { and, eq, gte, inArray, isNull, like, sql } from 'drizzle-orm'
import { products } from '../../app/modules/catalog/catalog.tables.server'
import { addresses, companyProfiles, organizations } from '../../app/modules/companies/companies.tables.server'
import { notifications } from '../../app/modules/kernel/kernel.tables.server'
import { users } from '../../app/modules/identity/identity.tables.server'
import { CreatePurchaseOrderInput } from '../../app/modules/orders/index'
import { createPurchaseOrder, getPurchaseOrder, transitionPurchaseOrder } from '../../app/modules/orders/index.server'
import { pastShipment } from '../factories/shipments'
import { purchaseOrderEvents, purchaseOrders } from '../../app/modules/orders/orders.tables.server'
import { CreateProjectInput, CreateRequirementInput, CreateRfqInput, RfqTransitionInput, SaveQuotationInput } from '../../app/modules/sourcing/index'
import {
  createProject,
  createRequirement,
  createRfq,
  reviseQuotation,
  saveQuotation,
  submitQuotation,
  transitionRfq,
} from '../../app/modules/sourcing/index.server'
import {
  projectEvents,
  purchaseProjects,
  quotationRevisions,
  quotations,
  rfqAwards,
  rfqInvitations,
  rfqs,
} from '../../app/modules/sourcing/sourcing.tables.server'
import type { ServiceContext } from '../../app/platform/actor'
import { database } from '../../app/platform/db/index.server'
import { logger } from '../../app/platform/logger.server'
import { awardQuotations } from '../../app/workflows/award-quotations.server'
import { addMember, createCompany } from '../factories/companies'
import { contextOf } from '../factories/context'
import { createUser } from '../factories/users'
import { DEMO_ACCOUNTS } from './demo-accounts'
import { demoMember } from './demo-orders.server'

const DAY_MS = 86_400_000
/** The RFQs this seed runs. */
const RFQ_TITLES = ['Spring menu tableware', 'Summer terrace glassware', 'Autumn gift sets', 'Staff canteen restock'] as const
const OTHER_CUSTOMERS = [
  { name: 'Nordlicht Interiors GmbH', country: 'DE', city: 'Hamburg', currency: 'EUR' },
  { name: 'Casa Verde Hospitality', country: 'ES', city: 'Valencia', currency: 'EUR' },
] as const

type Party = { userId: string; companyId: string; ctx: ServiceContext }
type Line = { productId: string; quantity: number } | { description: string; unit: string; unitPrice: string; quantity: number }

/** A deterministic sequence for quantities and delays, so every fresh demo looks the same. */
function sequence(seed: number) {
  let state = seed
  return (min: number, max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return min + (state % (max - min + 1))
  }
}

/** Moves an order and its timeline back: placed `daysAgo` days ago, each later step `step` days after the one before. */
async function backdateOrder(orderId: string, daysAgo: number, requestedInDays: number, deliveredInDays: number | null): Promise<void> {
  const placed = new Date(Date.now() - daysAgo * DAY_MS)
  const requested = new Date(placed.getTime() + requestedInDays * DAY_MS).toISOString().slice(0, 10)
  const delivered = deliveredInDays === null ? null : new Date(placed.getTime() + deliveredInDays * DAY_MS)
  const db = database()
  await db
    .update(purchaseOrders)
    .set({
      createdAt: placed,
      placedAt: placed,
      confirmedAt: sql`case when ${purchaseOrders.confirmedAt} is null then null else ${new Date(placed.getTime() + 2 * DAY_MS).toISOString()}::timestamptz end`,
      deliveredAt: delivered,
      closedAt: sql`case when ${purchaseOrders.closedAt} is null then null else ${new Date((delivered ?? placed).getTime() + 5 * DAY_MS).toISOString()}::timestamptz end`,
      updatedAt: delivered ?? placed,
      requestedDeliveryDate: requested,
    })
    .where(eq(purchaseOrders.id, orderId))
  // The timeline keeps its order: each event moves back by the same span, spread over the order's life.
  const events = await db
    .select({ id: purchaseOrderEvents.id })
    .from(purchaseOrderEvents)
    .where(eq(purchaseOrderEvents.orderId, orderId))
    .orderBy(purchaseOrderEvents.createdAt)
  const span = Math.max(1, (deliveredInDays ?? 10) + 5)
  for (const [index, event] of events.entries()) {
    const at = new Date(placed.getTime() + Math.round((index / Math.max(1, events.length - 1)) * span * DAY_MS))
    await db.update(purchaseOrderEvents).set({ createdAt: at }).where(eq(purchaseOrderEvents.id, event.id))
  }
}

async function step(ctx: ServiceContext, id: string, action: string, extra: Record<string, unknown> = {}) {
  const current = await getPurchaseOrder(ctx, id)
  return transitionPurchaseOrder(ctx, id, { action: action as never, version: current.version, reason: '', ...extra })
}

/** Places an order and takes it to delivery and completion (or leaves it confirmed), then moves it back in time. */
async function tradedOrder(
  buyer: Party,
  supplier: Party,
  input: { currency: string; place: string; lines: Line[]; daysAgo: number; late: boolean; finished: boolean; shipTo: string },
) {
  const order = await createPurchaseOrder(
    buyer.ctx,
    CreatePurchaseOrderInput.parse({
      supplierCompanyId: supplier.companyId,
      currency: input.currency,
      incoterm: 'FOB',
      incotermPlace: input.place,
      paymentTerms: 'tt_30_70',
      requestedDeliveryDate: '',
      shipToAddressId: input.shipTo,
      notes: '',
      lines: input.lines,
      place: true,
    }),
  )
  await step(supplier.ctx, order.id, 'confirm')
  if (input.finished) {
    const shipped = Object.fromEntries(order.lines.map((line) => [line.id, line.quantity]))
    await pastShipment(supplier.ctx, order, shipped, { departedDaysAgo: input.daysAgo - 30, transitDays: input.late ? 21 : 9 })
    await step(buyer.ctx, order.id, 'deliver')
    await step(buyer.ctx, order.id, 'complete')
  }
  await backdateOrder(order.id, input.daysAgo, 45, input.finished ? (input.late ? 52 : 40) : null)
  return order
}

const customerEmail = (name: string) => `purchasing@${name.toLowerCase().replace(/[^a-z]+/g, '-')}.example`

/** An owner for a marketplace company that has none, so it can quote and sell in the demo. */
async function ownerOf(companyId: string, slug: string): Promise<Party> {
  const user = await createUser({ name: `Sales desk ${slug}`, email: `sales@${slug}.example`, password: `${randomUUID()}Aa1!`, emailVerified: true })
  await addMember(companyId, user.id, 'owner')
  return { userId: user.id, companyId, ctx: contextOf(user.id, companyId) }
}

async function shippingAddress(companyId: string, label: string, country: string, city: string): Promise<string> {
  const [address] = await database()
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.organizationId, companyId), eq(addresses.type, 'shipping')))
    .limit(1)
  if (address) return address.id
  const id = randomUUID()
  await database()
    .insert(addresses)
    .values({ id, organizationId: companyId, type: 'shipping', label, recipient: 'Goods in', line1: '1 Harbour Street', city, country, isDefault: true })
  return id
}

/** Moves the project's timeline entries written since `since` back by `days` days (their order kept). */
async function backdateProjectEvents(projectId: string, since: Date, days: number): Promise<void> {
  await database()
    .update(projectEvents)
    .set({ createdAt: sql`${projectEvents.createdAt} - make_interval(days => ${days})` })
    .where(and(eq(projectEvents.projectId, projectId), gte(projectEvents.createdAt, since)))
}

type PastLine = { title: string; quantity: number; target: string; hsCode: string; categoryId: string; prices: [string, string, string]; awarded?: false }

/**
 * An RFQ the buyer ran `daysAgo` days ago for requirements of its project: two suppliers quote, the demo supplier
 * lowers its price in a second round, the best offer per line wins (lines marked `awarded: false` wait for samples).
 */
async function pastRfq(buyer: Party, suppliers: [Party, Party], projectId: string, title: string, daysAgo: number, lines: PastLine[]) {
  const started = new Date()
  const requirementIds: string[] = []
  for (const line of lines) {
    const requirement = await createRequirement(
      buyer.ctx,
      CreateRequirementInput.parse({
        projectId,
        title: line.title,
        specification: '',
        hsCode: line.hsCode,
        categoryId: line.categoryId,
        quantity: line.quantity,
        unit: 'pcs',
        targetUnitPrice: line.target,
        targetCurrency: 'USD',
        destination: 'Hong Kong',
      }),
    )
    requirementIds.push(requirement.id)
  }
  const draft = await createRfq(
    buyer.ctx,
    CreateRfqInput.parse({
      projectId,
      title,
      description: '',
      quoteDeadline: new Date(Date.now() + 7 * DAY_MS).toISOString().slice(0, 16),
      currency: 'USD',
      incoterm: 'FOB',
      incotermPlace: 'Shanghai',
      destination: 'Hong Kong',
      supplierIds: suppliers.map((supplier) => supplier.companyId),
      requirementIds,
    }),
  )
  const rfq = await transitionRfq(buyer.ctx, draft.id, RfqTransitionInput.parse({ action: 'publish', version: draft.version }))
  const terms = {
    currency: 'USD',
    incoterm: 'FOB',
    incotermPlace: 'Shanghai',
    paymentTerms: 'tt_30_70',
    validUntil: new Date(Date.now() + 60 * DAY_MS).toISOString().slice(0, 10),
  }
  const lineId = (index: number) => rfq.lines[index]!.id
  const quoted: string[] = []
  for (const [which, supplier] of suppliers.entries()) {
    const saved = await saveQuotation(
      supplier.ctx,
      rfq.id,
      SaveQuotationInput.parse({
        ...terms,
        lines: lines.map((line, index) => ({ rfqLineId: lineId(index), unitPrice: line.prices[which]!, leadTimeDays: 30 + which * 10 })),
      }),
    )
    const submitted = await submitQuotation(supplier.ctx, saved.id, { version: saved.version })
    quoted.push(submitted.id)
    if (which === 0)
      await reviseQuotation(supplier.ctx, submitted.id, {
        ...SaveQuotationInput.parse({
          ...terms,
          lines: lines.map((line, index) => ({ rfqLineId: lineId(index), unitPrice: line.prices[2], leadTimeDays: 30 })),
        }),
        version: submitted.version,
      })
  }
  const closed = await transitionRfq(buyer.ctx, rfq.id, RfqTransitionInput.parse({ action: 'close', version: rfq.version }))
  // Each line goes to the lower of the demo supplier's second round and the other supplier's price.
  const winner = (line: (typeof lines)[number]) => (Number(line.prices[1]) < Number(line.prices[2]) ? quoted[1]! : quoted[0]!)
  const result = await awardQuotations(buyer.ctx, closed.id, {
    lines: lines.flatMap((line, index) => (line.awarded === false ? [] : [{ rfqLineId: lineId(index), quotationId: winner(line) }])),
  })
  const at = (offsetDays: number) => new Date(Date.now() - (daysAgo - offsetDays) * DAY_MS)
  const db = database()
  await db
    .update(rfqs)
    .set({ createdAt: at(0), publishedAt: at(0), closedAt: at(8), updatedAt: at(9) })
    .where(eq(rfqs.id, rfq.id))
  await db
    .update(rfqInvitations)
    .set({ invitedAt: at(0) })
    .where(eq(rfqInvitations.rfqId, rfq.id))
  await db
    .update(quotationRevisions)
    .set({ submittedAt: sql`${at(1).toISOString()}::timestamptz + (${quotationRevisions.revision} - 1) * interval '3 days'` })
    .where(inArray(quotationRevisions.quotationId, quoted))
  await db
    .update(quotations)
    .set({ submittedAt: at(4), createdAt: at(1), updatedAt: at(9) })
    .where(inArray(quotations.id, quoted))
  await db
    .update(rfqAwards)
    .set({ createdAt: at(9) })
    .where(eq(rfqAwards.rfqId, rfq.id))
  await backdateProjectEvents(projectId, started, daysAgo)
  // The awarded orders ran their course: confirmed, shipped in full, delivered and completed.
  for (const awarded of result.purchaseOrders) {
    const order = await getPurchaseOrder(buyer.ctx, awarded.id)
    const seller = suppliers.find((party) => party.companyId === order.supplier.id) ?? suppliers[0]
    await step(seller.ctx, order.id, 'confirm')
    await pastShipment(seller.ctx, order, Object.fromEntries(order.lines.map((line) => [line.id, line.quantity])), {
      departedDaysAgo: daysAgo - 9 - 30,
      transitDays: 12,
    })
    await step(buyer.ctx, order.id, 'deliver')
    await step(buyer.ctx, order.id, 'complete')
    await backdateOrder(order.id, daysAgo - 9, 50, 44)
  }
}

/** The project the past RFQs source for, opened before the first of them (each RFQ adds its requirements). */
async function restaurantProject(buyer: Party): Promise<string> {
  const started = new Date()
  const project = await createProject(
    buyer.ctx,
    CreateProjectInput.parse({
      name: 'Restaurant group tableware 2026',
      description: 'Tableware for the group’s three restaurants and the staff canteen.',
      currency: 'USD',
      budget: '12000',
      deadline: '',
    }),
  )
  const opened = new Date(Date.now() - 260 * DAY_MS)
  await database().update(purchaseProjects).set({ createdAt: opened, updatedAt: opened }).where(eq(purchaseProjects.id, project.id))
  await backdateProjectEvents(project.id, started, 260)
  return project.id
}

/** Seeds the history once, after the demo orders and sourcing; skipped when one of its RFQs exists. */
export async function seedDemoHistory(): Promise<void> {
  const buyerMember = await demoMember(DEMO_ACCOUNTS[0].email)
  const supplierMember = await demoMember(DEMO_ACCOUNTS[1].email)
  if (!buyerMember || !supplierMember) return
  const db = database()
  // The history's first write is its first customer's owner: present means it ran (whether or not the marketplace was
  // there to quote), so a restart never writes it twice.
  const [done] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, customerEmail(OTHER_CUSTOMERS[0].name)))
    .limit(1)
  if (done) return
  const buyer: Party = { ...buyerMember, ctx: contextOf(buyerMember.userId, buyerMember.companyId) }
  const supplier: Party = { ...supplierMember, ctx: contextOf(supplierMember.userId, supplierMember.companyId) }
  const catalogue = await db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(and(eq(products.organizationId, supplier.companyId), like(products.sku, 'BKC-%')))
  const sku = (code: string) => catalogue.find((row) => row.sku === code)?.id
  const mug = sku('BKC-MUG-350')
  const bowl = sku('BKC-BOWL-15')
  const vase = sku('BKC-VASE-30')
  if (!mug || !bowl || !vase) return

  const buyerShipTo = await shippingAddress(buyer.companyId, 'Kwai Chung warehouse', 'HK', 'Kwai Chung')
  const customers: Array<Party & { currency: string; shipTo: string }> = []
  for (const customer of OTHER_CUSTOMERS) {
    const owner = await createUser({
      name: `Purchasing ${customer.city}`,
      email: customerEmail(customer.name),
      password: `${randomUUID()}Aa1!`,
      emailVerified: true,
    })
    const company = await createCompany({ name: customer.name, kind: 'buyer', country: customer.country, city: customer.city })
    await addMember(company.id, owner.id, 'owner')
    customers.push({
      userId: owner.id,
      companyId: company.id,
      ctx: contextOf(owner.id, company.id),
      currency: customer.currency,
      shipTo: await shippingAddress(company.id, 'Main store', customer.country, customer.city),
    })
  }

  // Two verified marketplace suppliers (without members of their own) sell to the buyer too.
  const marketplace = await db
    .select({ id: organizations.id, slug: organizations.slug })
    .from(organizations)
    .innerJoin(companyProfiles, eq(companyProfiles.organizationId, organizations.id))
    .where(
      and(
        eq(companyProfiles.kind, 'supplier'),
        eq(companyProfiles.verificationStatus, 'accept'),
        isNull(organizations.deletedAt),
        sql`${organizations.id} <> ${supplier.companyId}`,
        sql`not exists (select 1 from members m where m.organization_id = ${organizations.id})`,
      ),
    )
    .orderBy(organizations.slug)
    .limit(2)
  const others = await Promise.all(marketplace.map((company) => ownerOf(company.id, company.slug.slice(0, 24))))
  const started = new Date()
  const next = sequence(20_261_126)
  let orders = 0
  for (let month = 11; month >= 1; month--) {
    const daysAgo = month * 30 + next(0, 12)
    // The buyer and the demo supplier, every month; a little more before the holidays.
    const lines: Line[] = [
      { productId: mug, quantity: 200 * next(2, 6 + (month <= 2 ? 4 : 0)) },
      { productId: bowl, quantity: 300 * next(1, 4) },
    ]
    if (month % 3 === 0) lines.push({ productId: vase, quantity: 50 * next(1, 3) })
    await tradedOrder(buyer, supplier, { currency: 'USD', place: 'Shanghai', lines, daysAgo, late: month % 4 === 1, finished: true, shipTo: buyerShipTo })
    orders += 1
    // The marketplace suppliers, every other month, in their own currencies.
    const other = others[(month >> 1) % 2]
    if (other && month % 2 === 1) {
      const currency = month % 4 === 1 ? 'EUR' : 'CNY'
      const unitPrice = currency === 'EUR' ? `${next(8, 16)}.5000` : `${next(40, 90)}.0000`
      await tradedOrder(buyer, other, {
        currency,
        place: 'Ningbo',
        lines: [{ description: 'Linen table runner, 180 cm', unit: 'pcs', unitPrice, quantity: 100 * next(2, 5) }],
        daysAgo: daysAgo - 5,
        late: month === 5,
        finished: true,
        shipTo: buyerShipTo,
      })
      orders += 1
    }
    // The demo supplier's other customers, in euros.
    const customer = customers[month % customers.length]
    if (customer && month % 3 !== 2) {
      await tradedOrder(customer, supplier, {
        currency: 'USD',
        place: 'Shanghai',
        lines: [
          { productId: vase, quantity: 50 * next(1, 4) },
          { productId: mug, quantity: 200 * next(1, 3) },
        ],
        daysAgo: daysAgo - 9,
        late: false,
        finished: month > 1,
        shipTo: customer.shipTo,
      })
      orders += 1
    }
  }

  const rival = others[0] ?? customers[0]
  if (rival && others[0]) {
    const project = await restaurantProject(buyer)
    const plans: Array<{ title: string; daysAgo: number; lines: PastLine[] }> = [
      {
        title: RFQ_TITLES[0],
        daysAgo: 250,
        lines: [
          { title: 'Stoneware side plate, 20 cm', quantity: 800, target: '2.40', hsCode: '691200', categoryId: 'tableware', prices: ['2.55', '2.70', '2.35'] },
        ],
      },
      {
        title: RFQ_TITLES[1],
        daysAgo: 170,
        lines: [
          { title: 'Tumbler glass, 300 ml', quantity: 1200, target: '1.10', hsCode: '701337', categoryId: 'glassware', prices: ['1.25', '1.18', '1.08'] },
        ],
      },
      {
        title: RFQ_TITLES[2],
        daysAgo: 95,
        lines: [{ title: 'Tea gift box, 4 cups', quantity: 300, target: '9.00', hsCode: '691200', categoryId: 'mugs-cups', prices: ['9.80', '9.20', '9.60'] }],
      },
      {
        title: RFQ_TITLES[3],
        daysAgo: 40,
        lines: [
          { title: 'Canteen bowl, 12 cm', quantity: 1500, target: '0.95', hsCode: '691200', categoryId: 'tableware', prices: ['1.05', '0.99', '0.97'] },
          {
            title: 'Stainless canteen tray',
            quantity: 600,
            target: '3.20',
            hsCode: '732393',
            categoryId: 'tableware',
            prices: ['3.40', '3.10', '3.25'],
            awarded: false,
          },
        ],
      },
    ]
    for (const plan of plans) await pastRfq(buyer, [supplier, others[0]], project, plan.title, plan.daysAgo, plan.lines)
    // Added lately and not priced yet: no target price, no RFQ.
    await createRequirement(
      buyer.ctx,
      CreateRequirementInput.parse({
        projectId: project,
        title: 'Table linen for the private rooms',
        specification: 'Fabric samples first',
        quantity: 120,
        unit: 'pcs',
        destination: 'Hong Kong',
      }),
    )
  }
  // What happened months ago is not news: its notices are read.
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(gte(notifications.createdAt, started), isNull(notifications.readAt)))
  logger().info({ orders, rfqs: RFQ_TITLES.length }, 'demo history seeded')
}
