DROP INDEX "products_status_hs_idx";--> statement-breakpoint
CREATE INDEX "products_status_hs_prefix_idx" ON "products" USING btree ("status","hs_code" text_pattern_ops);