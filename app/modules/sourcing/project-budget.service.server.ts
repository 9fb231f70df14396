// A purchase project's budget against the market, per requirement: what it may cost (target × quantity), the best
// offer quoted and what was awarded, all in the project's currency — the figures behind the project page's chart.
import DecimalBase from 'decimal.js'
import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm'
import type { ServiceContext } from '../../platform/actor'
import { database } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { convertAmount, type RateTable } from '../../platform/fx/convert'
import { rateTable } from '../../platform/fx/fx.service.server'
import { requireCompany } from '../companies/index'
import { COMPARED_STATUSES } from './comparison.service.server'
import { isSealed } from './rfq.policy'
import type { RequirementStatus } from './sourcing.constants'
import { purchaseProjects, quotationLines, quotations, requirements, rfqAwards, rfqLines, rfqs } from './sourcing.tables.server'

/** An amount in the project's currency (decimal text, at most 4 places), nothing to show, or a currency no rate converts. */
export type BudgetFigure = { kind: 'amount'; amount: string } | { kind: 'none' } | { kind: 'no_rate'; currency: string }

export type RequirementBudget = {
  id: string
  title: string
  status: RequirementStatus
  /** Target unit price × quantity; `none` without a target price. */
  budget: BudgetFigure
  /** The lowest offer for it (see `projectBudget`); `none` before any. */
  quoted: BudgetFigure
  /** How many offers it has (those `quoted` is the lowest of). */
  quotes: number
  /** Awarded quantity × unit price, summed over its awarded RFQ lines; `none` before an award. */
  awarded: BudgetFigure
}

export type ProjectBudget = {
  currency: string
  /** The day of the reference rates; null when no figure needed converting. */
  ratesAsOf: string | null
  requirements: RequirementBudget[]
}

const Decimal = DecimalBase.clone({ precision: 40 })

/** Quantity × unit price in a currency, exactly. */
type Amount = { value: DecimalBase; currency: string }

const NONE: BudgetFigure = { kind: 'none' }
const amountOf = (value: DecimalBase): BudgetFigure => ({ kind: 'amount', amount: value.toDecimalPlaces(4).toFixed(4) })
const goods = (line: { quantity: number; unitPrice: string; currency: string }): Amount => ({
  value: new Decimal(line.unitPrice).times(line.quantity),
  currency: line.currency,
})

/** Amounts in `to`, or the first currency no rate converts (named rather than guessed). */
function convertAll(rates: RateTable, amounts: Amount[], to: string): DecimalBase[] | { missing: string } {
  const values: DecimalBase[] = []
  for (const amount of amounts) {
    const value = convertAmount(rates, amount.value.toFixed(), amount.currency, to)
    if (value === null) return { missing: amount.currency }
    values.push(new Decimal(value))
  }
  return values
}

/** The sum in `to`: `none` without amounts, `no_rate` when one cannot be converted (never a partial sum). */
function total(rates: RateTable, amounts: Amount[], to: string): BudgetFigure {
  const values = convertAll(rates, amounts, to)
  if ('missing' in values) return { kind: 'no_rate', currency: values.missing }
  return values.length === 0 ? NONE : amountOf(values.reduce((sum, value) => sum.plus(value), new Decimal(0)))
}

/** The lowest in `to` of the offers a rate converts; `no_rate` only when none can be. */
function lowest(rates: RateTable, offers: Amount[], to: string): BudgetFigure {
  const values = offers.flatMap((offer) => {
    const value = convertAmount(rates, offer.value.toFixed(), offer.currency, to)
    return value === null ? [] : [new Decimal(value)]
  })
  if (values.length > 0) return amountOf(Decimal.min(...values))
  return offers[0] ? { kind: 'no_rate', currency: offers[0].currency } : NONE
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const group = groups.get(key(item))
    if (group) group.push(item)
    else groups.set(key(item), [item])
  }
  return groups
}

/**
 * Budget, quoted and awarded per requirement of the actor's company's project (cancelled requirements left out), in
 * the project's currency at the reference rates. "Quoted" is the lowest goods total offered for the requirement —
 * unit price × the RFQ line's quantity, over every quotation of its RFQs the buyer compares (submitted, accepted or
 * rejected: the comparison's statuses; withdrawn and expired offers no longer stand; a sealed RFQ's before its
 * deadline stay unseen). Goods only, without the comparison's landed-cost estimates, so it compares like for like
 * with the budget (target × quantity) and the award (awarded price × quantity). Not found for other companies.
 */
export async function projectBudget(ctx: ServiceContext, projectId: string): Promise<ProjectBudget> {
  requireCompany(ctx.actor)
  const db = database()
  const [project] = await db
    .select({ id: purchaseProjects.id, currency: purchaseProjects.currency })
    .from(purchaseProjects)
    .where(and(eq(purchaseProjects.id, projectId), eq(purchaseProjects.organizationId, ctx.actor.companyId)))
  if (!project) throw new AppError('not_found', 'Project not found')
  const ofProject = and(eq(rfqs.projectId, project.id), eq(rfqs.organizationId, ctx.actor.companyId), isNotNull(rfqLines.requirementId))
  const [rows, offers, awards, rates] = await Promise.all([
    db
      .select({
        id: requirements.id,
        title: requirements.title,
        status: requirements.status,
        quantity: requirements.quantity,
        targetUnitPrice: requirements.targetUnitPrice,
        targetCurrency: requirements.targetCurrency,
      })
      .from(requirements)
      .where(and(eq(requirements.projectId, project.id), ne(requirements.status, 'cancelled')))
      .orderBy(asc(requirements.position), asc(requirements.createdAt)),
    db
      .select({
        requirementId: rfqLines.requirementId,
        quantity: rfqLines.quantity,
        unitPrice: quotationLines.unitPrice,
        currency: quotations.currency,
        sealed: rfqs.sealed,
        quoteDeadline: rfqs.quoteDeadline,
      })
      .from(quotationLines)
      .innerJoin(quotations, eq(quotations.id, quotationLines.quotationId))
      .innerJoin(rfqLines, eq(rfqLines.id, quotationLines.rfqLineId))
      .innerJoin(rfqs, eq(rfqs.id, rfqLines.rfqId))
      .where(and(ofProject, inArray(quotations.status, [...COMPARED_STATUSES]))),
    db
      .select({ requirementId: rfqLines.requirementId, quantity: rfqAwards.quantity, unitPrice: rfqAwards.unitPrice, currency: rfqAwards.currency })
      .from(rfqAwards)
      .innerJoin(rfqLines, eq(rfqLines.id, rfqAwards.rfqLineId))
      .innerJoin(rfqs, eq(rfqs.id, rfqAwards.rfqId))
      .where(ofProject),
    rateTable(),
  ])
  const now = new Date()
  const seen = offers.filter((offer) => !isSealed(offer, now))
  const offersOf = groupBy(seen, (offer) => offer.requirementId ?? '')
  const awardsOf = groupBy(awards, (award) => award.requirementId ?? '')
  const currencies = [
    ...rows.flatMap((row) => (row.targetUnitPrice === null ? [] : [row.targetCurrency ?? project.currency])),
    ...seen.map((offer) => offer.currency),
    ...awards.map((award) => award.currency),
  ]
  return {
    currency: project.currency,
    ratesAsOf: currencies.some((currency) => currency !== project.currency) ? rates.asOf : null,
    requirements: rows.map((row) => {
      const quoted = (offersOf.get(row.id) ?? []).map(goods)
      return {
        id: row.id,
        title: row.title,
        status: row.status,
        budget:
          row.targetUnitPrice === null
            ? NONE
            : total(
                rates,
                [goods({ quantity: row.quantity, unitPrice: row.targetUnitPrice, currency: row.targetCurrency ?? project.currency })],
                project.currency,
              ),
        quoted: lowest(rates, quoted, project.currency),
        quotes: quoted.length,
        awarded: total(rates, (awardsOf.get(row.id) ?? []).map(goods), project.currency),
      }
    }),
  }
}
