// What billing counts of stored files (issue 24, ADR 051): the bytes of the company's uploads (thumbnails are ours).
import { eq, sql } from 'drizzle-orm'
import { registerUsageCounter } from '../billing/index.server'
import { files } from './kernel.tables.server'

registerUsageCounter('storage_bytes', async (db, companyId) => {
  const [row] = await db
    .select({ bytes: sql<number>`coalesce(sum(${files.sizeBytes}), 0)::float8` })
    .from(files)
    .where(eq(files.organizationId, companyId))
  return Number(row?.bytes ?? 0)
})
