// The signed-in home: what waits on the person now and the key figures of their side of the trade, composed from the
// modules' figure services. Tasks are read live (one capped query per queue); period figures are converted to the
// viewer's currency at the platform's reference rates and kept a minute per company, period and currency.
import type { ServiceContext } from '../../platform/actor'
import { convertAmount, type RateTable } from '../../platform/fx/convert'
import { rateTable } from '../../platform/fx/fx.service.server'
import { compareDecimals, parseDecimal, roundToDecimals, subtractDecimals, sumDecimals } from '../../platform/format/decimal-text'
import { dateTimeFormat } from '../../platform/format/formatter'
import { currencyDigits, minorToDecimal } from '../../platform/format/money'
import { QUEUE_COUNT_CAP } from '../../platform/db/sql-text.server'
import { SharedCache } from '../../platform/shared-cache.server'
import { type CompanySetup, companySetup, platformCompanyFigures, verificationQueue } from '../../modules/companies/index.server'
import {
  buyerFinanceFigures,
  type CurrencyAmount,
  listBankAccounts,
  type MoneyInBucket,
  platformFinanceFigures,
  supplierFinanceFigures,
} from '../../modules/finance/index.server'
import { getPreferences } from '../../modules/identity/index.server'
import { lowStockQueue } from '../../modules/inventory/index.server'
import { type OnTime, type ShipmentFigures, shipmentFigures, type ShipmentsUnderway, type SupplierOnTime } from '../../modules/logistics/index.server'
import { unreadSummary } from '../../modules/messaging/index.server'
import {
  buyerOrderFigures,
  orderTasks,
  platformOrderFigures,
  serviceOfferingCounts,
  supplierOrderFigures,
  type Waiting,
} from '../../modules/orders/index.server'
import {
  buyerAwardSavings,
  buyerSourcingTasks,
  platformSourcingFigures,
  supplierQuoting,
  supplierSourcingTasks,
  type WaitingRfqs,
} from '../../modules/sourcing/index.server'
import { bucketsOf, type DashboardRange, dashboardRangeFrom } from './dashboard-range'
import type { Task, TaskId, TaskItem } from './dashboard-tasks'

export type DashboardView = 'buyer' | 'supplier' | 'platform'

export type { Task, TaskId, TaskItem } from './dashboard-tasks'

/** An amount in the viewer's currency, and the currencies left out because the platform has no rate for them. */
export type Converted = { amount: string; unconverted: string[] }
export type MoneyPoint = { bucket: string; amount: string; orders: number }
export type PartyShare = { companyId: string | null; name: string; amount: string; orders: number }

/** Money over the period in the viewer's currency, and how many movements (payments, releases, payouts) made it. */
export type FlowPoint = { bucket: string; amount: string; count: number }
/** A flow over the period: per bucket, its total, and the total in each currency it moved in. */
export type MoneyFlow = { points: FlowPoint[]; total: Converted; count: number; byCurrency: CurrencyAmount[] }

/** The buyer's money: what escrow holds of its payments, what its open orders still ask, what it paid in. */
export type BuyerMoney = {
  inEscrow: CurrencyAmount[]
  due: Array<CurrencyAmount & { instalments: number; orders: number }>
  dueMore: boolean
  paid: MoneyFlow
}

/** The supplier's money: held for it, available to pay out, released to it and paid out. */
export type SupplierMoney = { inEscrow: CurrencyAmount[]; available: CurrencyAmount[]; released: MoneyFlow; paidOut: MoneyFlow }

/** The platform's money: all escrow, released, paid out, fees, and what waits on admins. */
export type PlatformMoney = {
  inEscrow: CurrencyAmount[]
  released: MoneyFlow
  paidOut: MoneyFlow
  fees: MoneyFlow
  pendingPayouts: number
  unmatchedLines: number
}

export type BuyerFigures = {
  money: BuyerMoney
  spend: MoneyPoint[]
  total: Converted
  orders: number
  bySupplier: PartyShare[]
  savings: { lines: number; awarded: string; vsFirstQuote: string; vsTarget: string; targetLines: boolean; unconverted: string[] }
  punctuality: { delivered: number; onTime: number }
}

export type SupplierFigures = {
  money: SupplierMoney
  revenue: MoneyPoint[]
  total: Converted
  orders: number
  byCustomer: PartyShare[]
  quoting: { decided: number; won: number; medianResponseHours: number | null; responses: number }
  punctuality: { delivered: number; onTime: number }
  open: number
  overdue: number
}

export type PlatformFigures = {
  money: PlatformMoney
  growth: Array<{ bucket: string; companies: number; users: number }>
  totals: { companies: number; users: number }
  activity: Array<{ bucket: string; rfqs: number; quotations: number; orders: number }>
  gmv: Array<{ currency: string; amount: string; orders: number }>
  gmvTotal: Converted
}

/** What is on its way on each side the person sees (null for a side they do not), read for the viewer's day. */
export type DashboardShipments = {
  week: ShipmentFigures['week']
  buyer: (ShipmentsUnderway & { bySupplier: SupplierOnTime[]; suppliers: number }) | null
  supplier: (ShipmentsUnderway & { onTime: OnTime }) | null
}

export type Dashboard = {
  range: DashboardRange
  views: DashboardView[]
  currency: string
  tasks: Task[]
  buyer: BuyerFigures | null
  supplier: SupplierFigures | null
  platform: PlatformFigures | null
  shipments: DashboardShipments | null
}

const FIGURES_TTL_MS = 60_000
const TOP_PARTIES = 6
const figureCache = new SharedCache<unknown>('dashboard-figures', FIGURES_TTL_MS)

/** Which sides of the trade the actor sees: a company's kind decides buyer and supplier, the platform role adds admin figures. */
export function dashboardViews(ctx: ServiceContext): DashboardView[] {
  const views: DashboardView[] = []
  const kind = ctx.actor.companyId ? ctx.actor.companyKind : null
  if (kind === 'buyer' || kind === 'both') views.push('buyer')
  if (kind === 'supplier' || kind === 'both' || kind === 'service_provider') views.push('supplier')
  if (ctx.actor.platformRole === 'admin') views.push('platform')
  return views
}

type Period = { from: string; to: string; bucket: 'day' | 'month'; timeZone: string }

/**
 * A side's figures, kept a minute per company (platform: for all admins), period, currency and day of the rates: the
 * queries and the conversions are made once a minute, not on every visit.
 */
function cachedFigures<T>(view: DashboardView, ctx: ServiceContext, period: Period, currency: string, rates: RateTable, load: () => Promise<T>): Promise<T> {
  const owner = view === 'platform' ? '' : ctx.actor.companyId
  const key = [view, owner, period.from, period.to, period.bucket, period.timeZone, currency, rates.asOf ?? ''].join('|')
  return figureCache.read(key, load) as Promise<T>
}

/**
 * The company's shipments on the viewer's day, kept a minute per company and day like the period figures (they do not
 * depend on the period or the currency). A logistics provider ships nothing of its own: its supplier view has none.
 */
async function dashboardShipments(ctx: ServiceContext, views: DashboardView[], today: string): Promise<DashboardShipments | null> {
  const buying = views.includes('buyer')
  const shipping = views.includes('supplier') && ctx.actor.companyKind !== 'service_provider'
  if (!ctx.actor.companyId || !(buying || shipping)) return null
  const key = ['shipments', ctx.actor.companyId, today].join('|')
  const figures = (await figureCache.read(key, () => shipmentFigures(ctx, today))) as ShipmentFigures
  return { week: figures.week, buyer: buying ? figures.buyer : null, supplier: shipping ? figures.shipper : null }
}

/** Sums amounts of several currencies in `to`; currencies without a rate are named, not guessed. */
export function convertAll(rates: RateTable, amounts: ReadonlyArray<{ currency: string; amount: string }>, to: string): Converted {
  const converted: string[] = []
  const unconverted = new Set<string>()
  for (const { currency, amount } of amounts) {
    const value = convertAmount(rates, amount, currency, to)
    if (value === null) unconverted.add(currency)
    else converted.push(value)
  }
  return { amount: roundToDecimals(sumDecimals(converted), currencyDigits(to)), unconverted: [...unconverted].sort() }
}

function moneySeries(
  rates: RateTable,
  buckets: string[],
  rows: ReadonlyArray<{ bucket: string; currency: string; amount: string; orders: number }>,
  to: string,
): MoneyPoint[] {
  return buckets.map((bucket) => {
    const inBucket = rows.filter((row) => row.bucket === bucket)
    return { bucket, amount: convertAll(rates, inBucket, to).amount, orders: inBucket.reduce((total, row) => total + row.orders, 0) }
  })
}

/** Amounts of one currency (each with its minor digits, as finance writes them) added up exactly: "1611.20", never "1611.2". */
function exactSum(amounts: readonly string[], currency: string): string {
  const digits = currencyDigits(currency)
  const minor = amounts.reduce((total, amount) => {
    const { units, scale } = parseDecimal(roundToDecimals(amount, digits))
    return total + units * 10n ** BigInt(digits - scale)
  }, 0n)
  return minorToDecimal({ minor, currency })
}

/** A finance series over the period's buckets in the viewer's currency, with its totals (converted and per currency). */
function moneyFlow(rates: RateTable, buckets: string[], rows: readonly MoneyInBucket[], to: string): MoneyFlow {
  const points = buckets.map((bucket) => {
    const inBucket = rows.filter((row) => row.bucket === bucket)
    return { bucket, amount: convertAll(rates, inBucket, to).amount, count: inBucket.reduce((total, row) => total + row.count, 0) }
  })
  const currencies = [...new Set(rows.map((row) => row.currency))].sort()
  return {
    points,
    total: convertAll(rates, rows, to),
    count: rows.reduce((total, row) => total + row.count, 0),
    byCurrency: currencies.map((currency) => {
      const of = rows.filter((row) => row.currency === currency)
      return {
        currency,
        amount: exactSum(
          of.map((row) => row.amount),
          currency,
        ),
      }
    }),
  }
}

function partyShares(
  rates: RateTable,
  rows: ReadonlyArray<{ companyId: string | null; name: string; currency: string; amount: string; orders: number }>,
  to: string,
): PartyShare[] {
  const byParty = new Map<string, PartyShare & { parts: Array<{ currency: string; amount: string }> }>()
  for (const row of rows) {
    const key = row.companyId ?? `name:${row.name}`
    const party = byParty.get(key) ?? { companyId: row.companyId, name: row.name, amount: '0', orders: 0, parts: [] }
    party.parts.push({ currency: row.currency, amount: row.amount })
    party.orders += row.orders
    byParty.set(key, party)
  }
  return [...byParty.values()]
    .map(({ parts, ...party }) => ({ ...party, amount: convertAll(rates, parts, to).amount }))
    .sort((a, b) => compareDecimals(b.amount, a.amount) || a.name.localeCompare(b.name))
    .slice(0, TOP_PARTIES)
}

const orderItem =
  (href: (id: string) => string) =>
  (mention: Waiting['items'][number]): TaskItem => ({
    id: mention.id,
    href: href(mention.id),
    title: mention.number,
    detail: mention.counterpart,
    date: mention.date,
  })
const rfqItem =
  (href: (id: string) => string) =>
  (mention: WaitingRfqs['items'][number]): TaskItem => ({
    id: mention.id,
    href: href(mention.id),
    title: `${mention.number} · ${mention.title}`,
    detail: mention.counterpart,
    date: mention.deadline,
    quotations: mention.quotations,
  })

/** A queue as a task: its length (to the cap), the list behind it and its first items. */
function queueTask<M>(id: TaskId, href: string, queue: { count: number; more: boolean; items: M[] }, toItem: (mention: M) => TaskItem): Task {
  return { id, count: queue.count, more: queue.more, href, items: queue.items.map(toItem) }
}

async function buyerTasks(ctx: ServiceContext, timeZone: string): Promise<Task[]> {
  const [orders, sourcing] = await Promise.all([orderTasks(ctx, 'buyer', timeZone), buyerSourcingTasks(ctx)])
  const orderHref = (id: string) => `/app/orders/${id}/view`
  const rfqHref = (id: string) => `/app/sourcing/rfq/${id}`
  return [
    queueTask('quotationsToDecide', '/app/sourcing/quotations', sourcing.toDecide, rfqItem(rfqHref)),
    queueTask('changesToDecide', '/app/orders/buyer', orders.changes, orderItem(orderHref)),
    queueTask('overdueDeliveries', '/app/orders/buyer', orders.overdue, orderItem(orderHref)),
    queueTask('rfqsClosing', '/app/sourcing/rfq?status=open', sourcing.closingSoon, rfqItem(rfqHref)),
  ]
}

/**
 * What waits on a supplying company: orders to confirm, RFQs to quote, changes to decide, overdue shipments, items low
 * on stock, and the set-up steps selling needs (verification, a payout account, a service provider's services). The
 * supplier home lists the same tasks, in its own order.
 */
export async function supplierTasks(ctx: ServiceContext, timeZone: string, setup: CompanySetup): Promise<Task[]> {
  const provider = ctx.actor.companyKind === 'service_provider'
  const [orders, sourcing, lowStock, accounts, offerings] = await Promise.all([
    orderTasks(ctx, 'supplier', timeZone),
    supplierSourcingTasks(ctx),
    lowStockQueue(ctx),
    listBankAccounts(ctx),
    provider ? serviceOfferingCounts(ctx) : Promise.resolve(null),
  ])
  const orderHref = (id: string) => `/app/supplier/purchase/order/${id}`
  const tasks: Task[] = [
    queueTask('ordersToConfirm', '/app/supplier/purchase-order?status=placed', orders.toConfirm, orderItem(orderHref)),
    queueTask(
      'rfqsToQuote',
      '/app/supplier/portal',
      sourcing.toQuote,
      rfqItem((id) => `/app/supplier/portal/rfq/${id}`),
    ),
    queueTask('changesToDecide', '/app/supplier/purchase-order', orders.changes, orderItem(orderHref)),
    queueTask('overdueShipments', '/app/supplier/purchase/orderItem', orders.overdue, orderItem(orderHref)),
    { id: 'lowStock', count: lowStock.count, more: lowStock.more, href: '/app/warehouse', items: [] },
  ]
  if (setup.verificationStatus !== 'accept') tasks.unshift({ id: 'supplierVerification', count: 1, href: '/app/supplier/onboarding', items: [] })
  // Released money waits for an account under review or verified; a rejected one needs another.
  if (!accounts.some((account) => account.status !== 'rejected')) tasks.push({ id: 'addPayoutAccount', count: 1, href: '/app/finance/settings', items: [] })
  if (offerings?.total === 0) tasks.push({ id: 'listServices', count: 1, href: '/app/supplier/service', items: [] })
  return tasks
}

async function companyTasks(ctx: ServiceContext, setup: CompanySetup): Promise<Task[]> {
  const unread = await unreadSummary(ctx)
  const tasks: Task[] = [{ id: 'unreadThreads', count: unread.conversations, href: '/app/inbox', items: [] }]
  if (!setup.hasAddress) tasks.push({ id: 'addAddress', count: 1, href: '/app/settings/address', items: [] })
  return tasks
}

async function buyerFigures(ctx: ServiceContext, period: Period, rates: RateTable, currency: string): Promise<BuyerFigures> {
  const [orders, savings, money] = await Promise.all([buyerOrderFigures(ctx, period), buyerAwardSavings(ctx, period), buyerFinanceFigures(ctx, period)])
  const awarded = convertAll(
    rates,
    savings.map((row) => ({ currency: row.currency, amount: row.awarded })),
    currency,
  )
  const firstQuoted = convertAll(
    rates,
    savings.map((row) => ({ currency: row.currency, amount: row.firstQuoted })),
    currency,
  )
  const target = convertAll(
    rates,
    savings.map((row) => ({ currency: row.rfqCurrency, amount: row.target })),
    currency,
  )
  const awardedAgainstTarget = convertAll(
    rates,
    savings.map((row) => ({ currency: row.currency, amount: row.awardedAgainstTarget })),
    currency,
  )
  return {
    money: { inEscrow: money.inEscrow, due: money.due, dueMore: money.dueMore, paid: moneyFlow(rates, bucketsOf(period), money.paid, currency) },
    spend: moneySeries(rates, bucketsOf(period), orders.spend, currency),
    total: convertAll(rates, orders.spend, currency),
    orders: orders.spend.reduce((total, row) => total + row.orders, 0),
    bySupplier: partyShares(rates, orders.bySupplier, currency),
    savings: {
      lines: savings.reduce((total, row) => total + row.lines, 0),
      awarded: awarded.amount,
      vsFirstQuote: subtractDecimals(firstQuoted.amount, awarded.amount),
      vsTarget: subtractDecimals(target.amount, awardedAgainstTarget.amount),
      targetLines: savings.some((row) => compareDecimals(row.target, '0') !== 0),
      unconverted: [...new Set([...awarded.unconverted, ...target.unconverted])].sort(),
    },
    punctuality: orders.punctuality,
  }
}

async function supplierFigures(ctx: ServiceContext, period: Period, rates: RateTable, currency: string): Promise<SupplierFigures> {
  const [orders, quoting, money] = await Promise.all([supplierOrderFigures(ctx, period), supplierQuoting(ctx, period), supplierFinanceFigures(ctx, period)])
  const buckets = bucketsOf(period)
  return {
    money: {
      inEscrow: money.inEscrow,
      available: money.available,
      released: moneyFlow(rates, buckets, money.released, currency),
      paidOut: moneyFlow(rates, buckets, money.paidOut, currency),
    },
    revenue: moneySeries(rates, bucketsOf(period), orders.revenue, currency),
    total: convertAll(rates, orders.revenue, currency),
    orders: orders.revenue.reduce((total, row) => total + row.orders, 0),
    byCustomer: partyShares(rates, orders.byCustomer, currency),
    quoting,
    punctuality: orders.punctuality,
    open: orders.open,
    overdue: orders.overdue,
  }
}

async function platformFigures(ctx: ServiceContext, period: Period, rates: RateTable, currency: string): Promise<PlatformFigures> {
  const [companies, sourcing, orders, money] = await Promise.all([
    platformCompanyFigures(ctx, period),
    platformSourcingFigures(ctx, period),
    platformOrderFigures(ctx, period),
    platformFinanceFigures(ctx, period),
  ])
  const countIn = (rows: ReadonlyArray<{ bucket: string; count: number }>, bucket: string) => rows.find((row) => row.bucket === bucket)?.count ?? 0
  const buckets = bucketsOf(period)
  return {
    money: {
      inEscrow: money.inEscrow,
      released: moneyFlow(rates, buckets, money.released, currency),
      paidOut: moneyFlow(rates, buckets, money.paidOut, currency),
      fees: moneyFlow(rates, buckets, money.fees, currency),
      pendingPayouts: money.pendingPayouts,
      unmatchedLines: money.unmatchedLines,
    },
    growth: buckets.map((bucket) => ({ bucket, companies: countIn(companies.companies, bucket), users: countIn(companies.users, bucket) })),
    totals: companies.totals,
    activity: buckets.map((bucket) => ({
      bucket,
      rfqs: countIn(sourcing.rfqs, bucket),
      quotations: countIn(sourcing.quotations, bucket),
      orders: countIn(orders.orders, bucket),
    })),
    gmv: [...orders.gmv].sort((a, b) => a.currency.localeCompare(b.currency)),
    gmvTotal: convertAll(rates, orders.gmv, currency),
  }
}

async function platformTasks(ctx: ServiceContext): Promise<Task[]> {
  const queue = await verificationQueue(ctx)
  return [
    queueTask('verificationQueue', '/app/verification', queue, (item) => ({
      id: item.id,
      href: `/app/verification/${item.id}`,
      title: item.name,
      detail: null,
      date: item.submittedAt,
    })),
  ]
}

/** Today's date in a time zone, as an ISO day at midnight UTC (what the range presets count from). */
function todayIn(timeZone: string): Date {
  return new Date(`${dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())}T00:00:00Z`)
}

/** Everything the dashboard shows for the actor over the period the URL asks for, amounts in the person's preferred currency. */
export async function loadDashboard(ctx: ServiceContext, params: URLSearchParams): Promise<Dashboard> {
  const [preferences, rates] = await Promise.all([getPreferences(ctx), rateTable()])
  const currency = preferences.currency
  const timeZone = preferences.timezone ?? 'UTC'
  const today = todayIn(timeZone)
  const range = dashboardRangeFrom(params, today)
  const period: Period = { from: range.from, to: range.to, bucket: range.bucket, timeZone }
  const views = dashboardViews(ctx)
  const hasCompany = ctx.actor.companyId !== null
  // Read once: both the supplier's verification step and the company's address step come from it.
  const setup = hasCompany ? await companySetup(ctx) : null
  const [buyerWork, supplierWork, companyWork, platformWork] = await Promise.all([
    views.includes('buyer') ? buyerTasks(ctx, period.timeZone) : Promise.resolve([]),
    views.includes('supplier') && setup ? supplierTasks(ctx, period.timeZone, setup) : Promise.resolve([]),
    setup ? companyTasks(ctx, setup) : Promise.resolve([]),
    views.includes('platform') ? platformTasks(ctx) : Promise.resolve([]),
  ])
  const [buyer, supplier, platform, shipments] = await Promise.all([
    views.includes('buyer') ? cachedFigures('buyer', ctx, period, currency, rates, () => buyerFigures(ctx, period, rates, currency)) : Promise.resolve(null),
    views.includes('supplier')
      ? cachedFigures('supplier', ctx, period, currency, rates, () => supplierFigures(ctx, period, rates, currency))
      : Promise.resolve(null),
    views.includes('platform')
      ? cachedFigures('platform', ctx, period, currency, rates, () => platformFigures(ctx, period, rates, currency))
      : Promise.resolve(null),
    dashboardShipments(ctx, views, today.toISOString().slice(0, 10)),
  ])
  const setUp: Task[] = !hasCompany && ctx.actor.platformRole !== 'admin' ? [{ id: 'setUpCompany', count: 1, href: '/onboarding', items: [] }] : []
  const tasks = [...setUp, ...platformWork, ...supplierWork, ...buyerWork, ...companyWork]
  // Merge the two sides' change requests into one task when the company buys and supplies.
  return { range, views, currency, tasks: mergeTasks(tasks), buyer, supplier, platform, shipments }
}

function mergeTasks(tasks: Task[]): Task[] {
  const merged = new Map<TaskId, Task>()
  for (const task of tasks) {
    const seen = merged.get(task.id)
    if (!seen) {
      merged.set(task.id, task)
      continue
    }
    const count = seen.count + task.count
    const more = Boolean(seen.more || task.more) || count > QUEUE_COUNT_CAP
    merged.set(task.id, { ...seen, count: Math.min(count, QUEUE_COUNT_CAP), more, items: [...seen.items, ...task.items].slice(0, 3) })
  }
  return [...merged.values()]
}
