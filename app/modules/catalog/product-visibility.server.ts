import { and, eq, exists, gt, notExists, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { database } from '../../platform/db/index.server'
import { SharedCache } from '../../platform/shared-cache.server'
import { importJobs, productImportRows, products } from './catalog.tables.server'

/**
 * The condition every read of products carries: a product an import inserted stays out of sight until that import has
 * completed, so users see all of an import's new products or none (ADR 019). Unfinished imports are few: one hashed lookup.
 */
export const visibleProduct = () =>
  sql`(${products.importId} is null or ${products.importId} not in (select ${importJobs.id} from ${importJobs} where ${importJobs.status} in ('running', 'failed')))`

/**
 * The companies below, kept until an import starts or completes (dropped on every instance, ADR 028); the TTL bounds what
 * a lost message leaves behind.
 */
let cache: SharedCache<ReadonlySet<string>> | undefined
const IMPORTING_KEY = 'importing'

function importing(): SharedCache<ReadonlySet<string>> {
  if (!cache) {
    cache = new SharedCache<ReadonlySet<string>>('tradeport:product-imports-changed', 30_000)
    cache.listen()
  }
  return cache
}

/** Stops listening for other instances' changes (server shutdown). */
export async function closeProductVisibility(): Promise<void> {
  await cache?.close()
  cache = undefined
}

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

/**
 * visibleProduct() for reads of one company's products, in a form the planner can answer from the partial indexes that leave
 * every imported product out (products_organization_*_shown_idx) while that company's first import runs: its lists then never
 * meet the import's unseen rows, however many (ADR 028); otherwise the general condition. Knowing late is safe both ways: a
 * company still taken for importing has its new products shown a moment later, all at once; one not yet taken for importing
 * gets the general form, which is always right.
 */
export async function visibleProductOf(companyId: string): Promise<SQL> {
  const companies = await importing().read(IMPORTING_KEY, readImporting)
  return companies.has(companyId) ? sql`${products.importId} is null` : visibleProduct()
}

/** An import started or completed: every instance reads the importing companies again at its next read. */
export function importsChanged(): void {
  importing().changed([IMPORTING_KEY])
}
