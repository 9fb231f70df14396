import { and, eq, exists, gt, notExists, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { database } from '../../platform/db/index.server'
import { logger } from '../../platform/logger.server'
import { importJobs, productImportRows, products } from './catalog.tables.server'

/**
 * The condition every read of products carries: a product an import inserted stays out of sight until that import has
 * completed, so users see all of an import's new products or none (ADR 019). Unfinished imports are few: one hashed lookup.
 */
export const visibleProduct = () =>
  sql`(${products.importId} is null or ${products.importId} not in (select ${importJobs.id} from ${importJobs} where ${importJobs.status} in ('running', 'failed')))`

/** How long a read trusts what it knows of running imports, and how often that is read again while reads come (ms). */
const TRUST_MS = 5000
const REFRESH_MS = 1000

type Importing = { at: number; companies: ReadonlySet<string> }
let importing: Importing | undefined
let refreshing: Promise<void> | undefined

/**
 * Companies whose every imported product is unseen: an import of theirs is running (or failed and not yet cleared away) and
 * no import of theirs has ever completed with new products. For them "import_id is null" is exactly visibleProduct().
 */
async function readImporting(): Promise<ReadonlySet<string>> {
  const done = alias(importJobs, 'done')
  const rows = await database()
    .selectDistinct({ companyId: importJobs.organizationId })
    .from(importJobs)
    .where(
      and(
        or(
          eq(importJobs.status, 'running'),
          and(
            eq(importJobs.status, 'failed'),
            exists(
              database()
                .select({ one: sql`1` })
                .from(productImportRows)
                .where(eq(productImportRows.importId, importJobs.id)),
            ),
          ),
        ),
        notExists(
          database()
            .select({ one: sql`1` })
            .from(done)
            .where(and(eq(done.organizationId, importJobs.organizationId), eq(done.status, 'completed'), gt(done.createdCount, 0))),
        ),
      ),
    )
  return new Set(rows.map((row) => row.companyId))
}

/** Reads the companies again (one read at a time); a failed read leaves the old answer to age out. */
export function refreshImporting(): Promise<void> {
  refreshing ??= (async () => {
    const at = Date.now()
    try {
      importing = { at, companies: await readImporting() }
    } catch (error) {
      logger().warn({ err: error instanceof Error ? error.message : String(error) }, 'could not read the running product imports')
    } finally {
      refreshing = undefined
    }
  })()
  return refreshing
}

/**
 * visibleProduct() for reads of one company's products, in a form the planner can answer from the partial indexes that leave
 * every imported product out (products_organization_*_shown_idx) while that company's first import runs: its lists then never
 * meet the import's unseen rows, however many (ADR 028). Otherwise — and whenever what this server knows of running imports is
 * older than a few seconds — the general condition. Knowing a little late is safe both ways: a company still taken for
 * importing has its new products shown a moment later, all at once; one not yet taken for importing gets the general form.
 */
export function visibleProductOf(companyId: string): SQL {
  const now = Date.now()
  if (!importing || now - importing.at >= REFRESH_MS) void refreshImporting()
  if (importing && now - importing.at < TRUST_MS && importing.companies.has(companyId)) return sql`${products.importId} is null`
  return visibleProduct()
}

/** Forget what this server knows (an import of this server started, completed or failed): the next read asks again. */
export function importsChanged(): void {
  importing = undefined
}
