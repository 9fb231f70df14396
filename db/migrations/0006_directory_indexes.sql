CREATE INDEX "company_profiles_supplier_type_idx" ON "company_profiles" USING btree ("supplier_type");--> statement-breakpoint
CREATE INDEX "company_profiles_main_products_trgm_idx" ON "company_profiles" USING gin (lower("main_products"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organizations_name_trgm_idx" ON "organizations" USING gin (lower("name") gin_trgm_ops);