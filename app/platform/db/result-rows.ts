/**
 * The rows of `tx.execute(sql…)`: postgres.js answers a row list (an array), PGlite a result with `rows`; the shared
 * database type leaves it unknown. The caller names the row's shape, which its SQL fixes.
 */
export function resultRows<Row = Record<string, unknown>>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as Row[]
}
