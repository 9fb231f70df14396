// What billing counts of sourcing (issue 24, ADR 051): the RFQs a company sent (published) since the start of the
// plan's window. Drafts are free; an RFQ counts once, when it is first published.
import { and, count, eq, gte, isNotNull, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { registerUsageCounter } from '../billing/index.server'
import { rfqs } from './sourcing.tables.server'

registerUsageCounter(
  'rfqs_per_month',
  (companyId, since) =>
    sql`${new QueryBuilder()
      .select({ sent: count() })
      .from(rfqs)
      .where(and(eq(rfqs.organizationId, companyId), since ? gte(rfqs.publishedAt, since) : isNotNull(rfqs.publishedAt)))}`,
)
