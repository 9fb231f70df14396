// How many WTO ePing notifications of some members concern some HS codes: the route check's compliance line.
import { and, count, gte, inArray, sql } from 'drizzle-orm'
import { database } from '../../platform/db/index.server'
import { epingNotifications } from './compliance.tables.server'

/**
 * Notifications distributed since `since` (an ISO day) by one of `members` (ISO codes, EU) whose HS codes overlap one
 * of `hsCodes`: a notified heading covers the codes under it, and a notified subheading concerns its heading.
 */
export async function epingNoticeCount(input: { hsCodes: readonly string[]; members: readonly string[]; since: string }): Promise<number> {
  if (input.hsCodes.length === 0 || input.members.length === 0) return 0
  const codes = sql.join(
    input.hsCodes.map((code) => sql`${code}`),
    sql`, `,
  )
  const overlaps = sql`exists (select 1 from unnest(${epingNotifications.hsCodes}) notified, unnest(array[${codes}]::text[]) asked
    where asked like notified || '%' or notified like asked || '%')`
  const [row] = await database()
    .select({ n: count() })
    .from(epingNotifications)
    .where(and(inArray(epingNotifications.memberCode, [...input.members]), gte(epingNotifications.distributedOn, input.since), overlaps))
  return row?.n ?? 0
}
