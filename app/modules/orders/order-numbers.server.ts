import { sql } from 'drizzle-orm'
import type { Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import type { OrderSeries } from './orders.constants'
import { orderNumberSequences } from './orders.tables.server'

/** `PO-2026-00042`: the series, the year and the company's running number in that year (five digits or more). */
export function formatOrderNumber(series: OrderSeries, year: number, value: number): string {
  return `${series}-${year}-${String(value).padStart(5, '0')}`
}

/**
 * The company's next number in the series for this year, taken in the caller's transaction: the counter row is locked
 * until it commits, so concurrent orders queue for numbers and a rolled-back order gives its number back.
 */
export async function nextOrderNumber(tx: Transaction, companyId: string, series: OrderSeries, now = new Date()): Promise<string> {
  const year = now.getUTCFullYear()
  const [row] = await tx
    .insert(orderNumberSequences)
    .values({ organizationId: companyId, series, year, lastValue: 1 })
    .onConflictDoUpdate({ target: [orderNumberSequences.organizationId, orderNumberSequences.series, orderNumberSequences.year], set: { lastValue: sql`${orderNumberSequences.lastValue} + 1` } })
    .returning({ value: orderNumberSequences.lastValue })
  if (!row) throw new AppError('internal', 'No order number')
  return formatOrderNumber(series, year, row.value)
}
