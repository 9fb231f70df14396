import { sql } from 'drizzle-orm'
import type { Transaction } from '../../platform/db/index.server'
import { AppError } from '../../platform/errors'
import { resultRows } from '../../platform/db/result-rows'
import type { NumberSeries } from './kernel.constants'

/**
 * The company's next number in the series for this year (`PO-2026-00042`: the series, the year and the running number,
 * five digits or more), taken in the caller's transaction by `kernel_next_number` (ADR 059): the counter row is locked
 * until it commits, so concurrent orders queue for numbers and a rolled-back order gives its number back.
 */
export async function nextNumber(tx: Transaction, companyId: string, series: NumberSeries, now = new Date()): Promise<string> {
  const [row] = resultRows<{ number: string | null }>(
    await tx.execute(sql`select kernel_next_number(${companyId}, ${series}, ${now.getUTCFullYear()}) as number`),
  )
  if (!row?.number) throw new AppError('internal', 'No order number')
  return row.number
}
