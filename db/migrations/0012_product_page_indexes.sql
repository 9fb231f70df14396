-- Issue 15: a company's product pages read from indexes in their own order.
CREATE INDEX "products_organization_updated_idx" ON "products" USING btree ("organization_id","updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "products_organization_published_idx" ON "products" USING btree ("organization_id","status","published_at" DESC NULLS FIRST,"id");--> statement-breakpoint
-- No query filters or sorts on these long texts: ANALYZE need not sample them (on PGlite it runs in the request thread).
ALTER TABLE "products" ALTER COLUMN "search_document" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "description_en" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "description_zh_hans" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "description_zh_hant" SET STATISTICS 0;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "attributes" SET STATISTICS 0;
