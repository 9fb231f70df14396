// What billing counts of stored files (issue 24, ADR 051): the bytes of the company's uploads (thumbnails are ours).
import { eq, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { registerUsageCounter } from '../billing/index.server'
import { files } from './kernel.tables.server'

registerUsageCounter(
  'storage_bytes',
  (companyId) =>
    sql`${new QueryBuilder()
      .select({ bytes: sql<number>`coalesce(sum(${files.sizeBytes}), 0)` })
      .from(files)
      .where(eq(files.organizationId, companyId))}`,
)
