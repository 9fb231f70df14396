// The read model catalog publishes (issue 17, ADR 036): products others may join, filter and count in one statement
// (sourcing's supplier finder). Tables stay private; the view is the contract, created by migration 0019. PostgreSQL
// and PGlite inline it, so a query on it plans like one on products with the same conditions.
import { pgView, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * The products the marketplace shows: published, and not left out of sight by an unfinished import (visibleProduct(),
 * ADR 019). The company may be deleted: join public_company_cards for live ones.
 */
export const publishedProducts = pgView('published_products', {
  id: text('id').notNull(),
  companyId: text('company_id').notNull(),
  categoryId: text('category_id').notNull(),
  hsCode: text('hs_code'),
  /** Lower-case names, SKU, attributes and keywords in every language, for `like '%word%'` (trigram index). */
  searchDocument: text('search_document').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }),
}).existing()
