// ADR 059: the database functions that carry a money movement refuse as the services do, by raising
// `tradeport:<code>` (SQLSTATE P0001) with the refusal's parameters as JSON in the detail.

export type RaisedRefusal = { code: string; params: Record<string, unknown> }

const PREFIX = 'tradeport:'

/** The refusal a database function raised, found through the errors that wrap it (drizzle's, the driver's); else null. */
export function raisedRefusal(error: unknown): RaisedRefusal | null {
  for (let cause: unknown = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    const { code, message, detail } = cause as { code?: string; message?: string; detail?: string }
    if (code !== 'P0001' || !message?.startsWith(PREFIX)) continue
    return { code: message.slice(PREFIX.length), params: parsedDetail(detail) }
  }
  return null
}

/** The refusal's parameters: the detail's JSON object, or none when there is no detail or it is not JSON. */
function parsedDetail(detail: string | undefined): Record<string, unknown> {
  if (!detail) return {}
  try {
    return JSON.parse(detail) as Record<string, unknown>
  } catch {
    return {}
  }
}
