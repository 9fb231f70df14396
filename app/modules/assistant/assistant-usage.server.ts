// What billing counts of the assistant (issue 24, ADR 051): the questions a company's people asked in sourcing chats since
// the start of the month. An admin's playground is the platform's own and never counts.
import { and, count, eq, gte, ne, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { registerUsageCounter } from '../billing/index.server'
import { assistantMessages, assistantThreads } from './assistant.tables.server'

registerUsageCounter(
  'assistant_requests_per_month',
  (companyId, since) =>
    sql`${new QueryBuilder()
      .select({ asked: count() })
      .from(assistantMessages)
      .innerJoin(assistantThreads, eq(assistantThreads.id, assistantMessages.threadId))
      .where(
        and(
          eq(assistantThreads.companyId, companyId),
          ne(assistantThreads.kind, 'playground'),
          eq(assistantMessages.role, 'user'),
          since ? gte(assistantMessages.createdAt, since) : undefined,
        ),
      )}`,
)
