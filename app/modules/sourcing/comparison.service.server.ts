import DecimalBase from 'decimal.js'
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { rateTable } from '../../platform/fx/fx.service.server'
import type { Incoterm, PaymentTerms } from '../../platform/trade-terms'
import { requireCompany } from '../companies/index'
import { companyNames } from '../companies/index.server'
import { AWARDABLE_QUOTATION_STATUSES } from './award-plan'
import { type ComponentBasis, type CostComponent, landedCost } from './landed-cost'
import { canDecideQuotation } from './quotation.policy'
import { quotationTerms } from './quotation.types'
import { type AssumptionsSource, companyAssumptions } from './landed-cost-settings.service.server'
import { type AwardCheck, canAwardRfq, canSaveDefaultAssumptions, isSealed } from './rfq.policy'
import type { LandedCostAssumptions, QuotationStatus, RfqStatus } from './sourcing.constants'
import { quotationLines, quotations, rfqAwards, rfqLines, rfqs } from './sourcing.tables.server'

const Decimal = DecimalBase.clone({ precision: 40 })

/** The quotations a buyer compares: submitted (pending), accepted or rejected; never drafts or withdrawn ones. */
export const COMPARED_STATUSES = ['submitted', 'accepted', 'rejected'] as const satisfies readonly QuotationStatus[]

type RfqRow = typeof rfqs.$inferSelect

export type ComparisonRfq = {
  id: string
  number: string
  title: string
  status: RfqStatus
  sealed: boolean
  quoteDeadline: Date
  currency: string
  incoterm: Incoterm
  incotermPlace: string
  deliveryDate: string | null
}

/** One supplier's price for one line, normalised to the buyer's currency. */
export type ComparisonCell = {
  quotationId: string
  /** In the quotation's currency. */
  unitPrice: string
  moq: number
  leadTimeDays: number
  note: string
  alternative: { description: string; unitPrice: string | null } | null
  /** In the comparison's currency; null when a rate is missing. */
  landedUnit: string | null
  landedTotal: string | null
  goods: string | null
  components: Record<CostComponent, { amount: string; basis: ComponentBasis }> | null
  /** The supplier's MOQ is above the quantity asked. */
  moqWarning: boolean
  /** Ordered today, the goods would be ready after the line's required-by (or the RFQ's delivery) date. */
  leadTimeWarning: boolean
  /** The lowest landed unit cost of the line among the quotations that may win it. */
  best: boolean
}

export type ComparisonSupplier = {
  quotationId: string
  supplierCompanyId: string
  supplierName: string
  status: QuotationStatus
  revision: number
  currency: string
  incoterm: Incoterm
  incotermPlace: string
  freightAmount: string | null
  insuranceAmount: string | null
  paymentTerms: PaymentTerms
  validUntil: string
  notes: string
  decisionReason: string
  version: number
  /** A currency the rates table cannot convert (the quote is shown, not compared). */
  missingRate: string | null
  pricedLines: number
  /** The landed cost of the lines it priced, in the comparison's currency (null when a rate is missing). */
  total: string | null
  /** The buyer's decisions open on it now (`quotation.policy.ts`). */
  actions: { accept: boolean; reject: boolean }
}

export type ComparisonLine = {
  id: string
  position: number
  title: string
  specification: string
  quantity: number
  unit: string
  targetUnitPrice: string | null
  requiredBy: string | null
  /** The quotation of the best offer (ties: the first supplier in the table). */
  bestQuotationId: string | null
  award: { quotationId: string; supplierCompanyId: string; purchaseOrderId: string | null } | null
  /** By quotation id; a supplier that did not price the line has no cell. */
  cells: Record<string, ComparisonCell>
}

export type Comparison =
  | { sealed: true; rfq: ComparisonRfq; count: number; deadline: Date }
  | {
      sealed: false
      rfq: ComparisonRfq
      currency: string
      ratesAsOf: string | null
      assumptions: LandedCostAssumptions
      assumptionsSource: AssumptionsSource
      suppliers: ComparisonSupplier[]
      lines: ComparisonLine[]
      /** Whether an award may be made now, or why not (shown before anyone tries). */
      awardCheck: AwardCheck
      /** What else the actor may do on the comparison. */
      actions: { saveDefaultAssumptions: boolean }
    }

export type ComparisonOptions = { currency?: string; assumptions?: LandedCostAssumptions }

const DAY_MS = 86_400_000
const isoDay = (date: Date) => date.toISOString().slice(0, 10)
const addDays = (day: string, days: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS))

/** The RFQ when the actor's company is its buyer; not found for anyone else (suppliers included). */
async function buyersRfq(companyId: string, rfqId: string): Promise<RfqRow> {
  const [rfq] = await database()
    .select()
    .from(rfqs)
    .where(and(eq(rfqs.id, rfqId), eq(rfqs.organizationId, companyId)))
  if (!rfq) throw new AppError('not_found', 'RFQ not found')
  return rfq
}

const rfqView = (rfq: RfqRow): ComparisonRfq => ({
  id: rfq.id,
  number: rfq.number,
  title: rfq.title,
  status: rfq.status,
  sealed: rfq.sealed,
  quoteDeadline: rfq.quoteDeadline,
  currency: rfq.currency,
  incoterm: rfq.incoterm,
  incotermPlace: rfq.incotermPlace,
  deliveryDate: rfq.deliveryDate,
})

/**
 * The comparison of an RFQ's quotations for its buyer: lines × suppliers, each price normalised to one landed cost in
 * `currency` (default the RFQ's) with the RFQ's assumptions (else the company's, else the defaults; `assumptions`
 * overrides them for a what-if), best offer per line, MOQ and lead-time warnings, totals per supplier. A sealed RFQ
 * before its deadline answers only how many quotes arrived. A fixed number of queries, whatever the size.
 */
export async function comparisonFor(ctx: ServiceContext, rfqId: string, options: ComparisonOptions = {}): Promise<Comparison> {
  requireCompany(ctx.actor)
  const rfq = await buyersRfq(ctx.actor.companyId, rfqId)
  if (isSealed(rfq)) {
    const [row] = await database()
      .select({ n: count() })
      .from(quotations)
      .where(and(eq(quotations.rfqId, rfq.id), inArray(quotations.status, [...COMPARED_STATUSES])))
    return { sealed: true, rfq: rfqView(rfq), count: row?.n ?? 0, deadline: rfq.quoteDeadline }
  }

  const currency = options.currency ?? rfq.currency
  const [lines, quoted, prices, awards, rates, fallback] = await Promise.all([
    database().select().from(rfqLines).where(eq(rfqLines.rfqId, rfq.id)).orderBy(asc(rfqLines.position)),
    database()
      .select({ quotation: quotations })
      .from(quotations)
      .where(and(eq(quotations.rfqId, rfq.id), inArray(quotations.status, [...COMPARED_STATUSES])))
      .orderBy(asc(quotations.submittedAt), asc(quotations.id)),
    database()
      .select({ line: quotationLines })
      .from(quotationLines)
      .innerJoin(quotations, eq(quotations.id, quotationLines.quotationId))
      .where(and(eq(quotations.rfqId, rfq.id), inArray(quotations.status, [...COMPARED_STATUSES]))),
    database()
      .select({
        rfqLineId: rfqAwards.rfqLineId,
        quotationId: rfqAwards.quotationId,
        supplierCompanyId: rfqAwards.supplierCompanyId,
        purchaseOrderId: rfqAwards.purchaseOrderId,
      })
      .from(rfqAwards)
      .where(eq(rfqAwards.rfqId, rfq.id)),
    rateTable(),
    options.assumptions || rfq.assumptions ? null : companyAssumptions(rfq.organizationId),
  ])
  if (currency !== 'EUR' && !rates.perEur[currency])
    throw new AppError('validation_failed', 'No exchange rate for this currency', { fields: { currency: ['validation.currencyWithoutRate'] } })

  const assumptions = options.assumptions ?? rfq.assumptions ?? fallback!.assumptions
  const assumptionsSource: AssumptionsSource = options.assumptions || rfq.assumptions ? 'rfq' : fallback!.source
  const lineById = new Map(lines.map((line) => [line.id, line]))
  const pricesByQuote = new Map<string, Array<typeof quotationLines.$inferSelect>>()
  for (const { line } of prices)
    if (lineById.has(line.rfqLineId)) (pricesByQuote.get(line.quotationId) ?? pricesByQuote.set(line.quotationId, []).get(line.quotationId)!).push(line)

  const today = isoDay(new Date())
  const cellsByLine = new Map<string, Record<string, ComparisonCell>>(lines.map((line) => [line.id, {}]))
  const names = await companyNames(quoted.map(({ quotation }) => quotation.supplierCompanyId))
  const quotes = quoted.map(({ quotation }) => ({ quotation, supplierName: names.get(quotation.supplierCompanyId) ?? '' }))
  const suppliers: ComparisonSupplier[] = quotes.map(({ quotation, supplierName }) => {
    const priced = pricesByQuote.get(quotation.id) ?? []
    const landed = landedCost(
      priced.map((price) => ({ lineId: price.rfqLineId, quantity: lineById.get(price.rfqLineId)!.quantity, unitPrice: price.unitPrice })),
      { currency: quotation.currency, incoterm: quotation.incoterm, freightAmount: quotation.freightAmount, insuranceAmount: quotation.insuranceAmount },
      currency,
      rates,
      assumptions,
    )
    const landedLines = 'lines' in landed ? landed.lines : []
    priced.forEach((price, index) => {
      const line = lineById.get(price.rfqLineId)!
      const landedLine = landedLines[index]
      const needed = line.requiredBy ?? rfq.deliveryDate
      cellsByLine.get(line.id)![quotation.id] = {
        quotationId: quotation.id,
        unitPrice: price.unitPrice,
        moq: price.moq,
        leadTimeDays: price.leadTimeDays,
        note: price.note,
        alternative: price.alternativeDescription ? { description: price.alternativeDescription, unitPrice: price.alternativeUnitPrice } : null,
        landedUnit: landedLine?.landedUnit ?? null,
        landedTotal: landedLine?.landed ?? null,
        goods: landedLine?.goods ?? null,
        components: landedLine?.components ?? null,
        moqWarning: price.moq > line.quantity,
        leadTimeWarning: needed !== null && addDays(today, price.leadTimeDays) > needed,
        best: false,
      }
    })
    return {
      quotationId: quotation.id,
      supplierCompanyId: quotation.supplierCompanyId,
      supplierName,
      ...quotationTerms(quotation),
      version: quotation.version,
      missingRate: 'missingRate' in landed ? landed.missingRate : null,
      pricedLines: priced.length,
      total: 'landed' in landed ? landed.landed : null,
      actions: {
        accept: canDecideQuotation(quotation, 'accept', rfq, 'buyer'),
        reject: canDecideQuotation(quotation, 'reject', rfq, 'buyer'),
      },
    }
  })

  const awardable = new Set(suppliers.filter((supplier) => AWARDABLE_QUOTATION_STATUSES.includes(supplier.status)).map((supplier) => supplier.quotationId))
  const awardByLine = new Map(awards.map((award) => [award.rfqLineId, award]))
  const comparedLines: ComparisonLine[] = lines.map((line) => {
    const cells = cellsByLine.get(line.id)!
    const candidates = suppliers
      .map((supplier) => cells[supplier.quotationId])
      .filter((cell): cell is ComparisonCell => cell !== undefined && cell.landedUnit !== null && awardable.has(cell.quotationId))
    const lowest = candidates.reduce<DecimalBase | null>(
      (min, cell) => (min === null || new Decimal(cell.landedUnit!).lt(min) ? new Decimal(cell.landedUnit!) : min),
      null,
    )
    for (const cell of candidates) cell.best = lowest !== null && new Decimal(cell.landedUnit!).eq(lowest)
    const award = awardByLine.get(line.id)
    return {
      id: line.id,
      position: line.position,
      title: line.title,
      specification: line.specification,
      quantity: line.quantity,
      unit: line.unit,
      targetUnitPrice: line.targetUnitPrice,
      requiredBy: line.requiredBy,
      bestQuotationId: candidates.find((cell) => cell.best)?.quotationId ?? null,
      award: award ? { quotationId: award.quotationId, supplierCompanyId: award.supplierCompanyId, purchaseOrderId: award.purchaseOrderId } : null,
      cells,
    }
  })

  return {
    sealed: false,
    rfq: rfqView(rfq),
    currency,
    ratesAsOf: rates.asOf,
    assumptions,
    assumptionsSource,
    suppliers,
    lines: comparedLines,
    awardCheck: canAwardRfq(rfq, new Date()),
    actions: { saveDefaultAssumptions: canSaveDefaultAssumptions(ctx.actor) },
  }
}

export type ComparableRfq = {
  id: string
  number: string
  title: string
  status: RfqStatus
  sealed: boolean
  quoteDeadline: Date
  currency: string
  quoteCount: number
}

/** The buyer's RFQs that have quotations to compare, the most recent first (at most `limit`). */
export async function listComparableRfqs(ctx: ServiceContext, limit = 100): Promise<ComparableRfq[]> {
  requireCompany(ctx.actor)
  const quoteCount = sql<number>`count(${quotations.id})::int`
  return database()
    .select({
      id: rfqs.id,
      number: rfqs.number,
      title: rfqs.title,
      status: rfqs.status,
      sealed: rfqs.sealed,
      quoteDeadline: rfqs.quoteDeadline,
      currency: rfqs.currency,
      quoteCount,
    })
    .from(rfqs)
    .innerJoin(quotations, and(eq(quotations.rfqId, rfqs.id), inArray(quotations.status, [...COMPARED_STATUSES])))
    .where(eq(rfqs.organizationId, ctx.actor.companyId))
    .groupBy(rfqs.id)
    .orderBy(desc(rfqs.createdAt), desc(rfqs.id))
    .limit(limit)
}
