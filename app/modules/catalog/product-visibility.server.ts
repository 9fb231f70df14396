import { sql } from 'drizzle-orm'
import { importJobs, products } from './catalog.tables.server'

/**
 * The condition every read of products carries: a product an import inserted stays out of sight until that import has
 * completed, so users see all of an import's new products or none (ADR 019). Unfinished imports are few: one hashed lookup.
 */
export const visibleProduct = () => sql`(${products.importId} is null or ${products.importId} not in (select ${importJobs.id} from ${importJobs} where ${importJobs.status} in ('running', 'failed')))`
