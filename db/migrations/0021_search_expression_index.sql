DROP INDEX "products_search_vector_idx";--> statement-breakpoint
ALTER INDEX "products_name_en_trgm_idx" SET (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin (to_tsvector('simple'::regconfig, "search_document")) WITH (gin_pending_list_limit=64);--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_vector";
