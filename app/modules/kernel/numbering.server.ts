import { sql } from 'drizzle-orm'
import type { Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import type { NumberSeries } from './kernel.constants'
import { numberSequences } from './kernel.tables.server'

/** `PO-2026-00042`, `RFQ-2026-00007`: the series, the year and the company's running number in that year (five digits or more). */
export function formatNumber(series: NumberSeries, year: number, value: number): string {
  return `${series}-${year}-${String(value).padStart(5, '0')}`
}

/**
 * The company's next number in the series for this year, taken in the caller's transaction: the counter row is locked
 * until it commits, so concurrent orders queue for numbers and a rolled-back order gives its number back.
 */
export async function nextNumber(tx: Transaction, companyId: string, series: NumberSeries, now = new Date()): Promise<string> {
  const year = now.getUTCFullYear()
  const [row] = await tx
    .insert(numberSequences)
    .values({ organizationId: companyId, series, year, lastValue: 1 })
    .onConflictDoUpdate({
      target: [numberSequences.organizationId, numberSequences.series, numberSequences.year],
      set: { lastValue: sql`${numberSequences.lastValue} + 1` },
    })
    .returning({ value: numberSequences.lastValue })
  if (!row) throw new AppError('internal', 'No order number')
  return formatNumber(series, year, row.value)
}
