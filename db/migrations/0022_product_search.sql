CREATE TABLE "product_search" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"category_id" text NOT NULL,
	"origin_country" text NOT NULL,
	"hs_code" text,
	"moq" integer NOT NULL,
	"from_price" numeric(18, 4),
	"from_price_currency" text,
	"published_at" timestamp with time zone,
	"import_id" text,
	"name_en" text NOT NULL,
	"name_zh_hans" text,
	"name_zh_hant" text,
	"search_document" text NOT NULL
) WITH (toast_tuple_target = 128);
--> statement-breakpoint
-- Every column but the document stays in the row (MAIN): with a target of 128 bytes PostgreSQL would otherwise move the
-- names and ids out of line too, and ranking or grouping would read them back value by value.
ALTER TABLE "product_search" ALTER COLUMN "id" SET STORAGE MAIN, ALTER COLUMN "organization_id" SET STORAGE MAIN,
	ALTER COLUMN "category_id" SET STORAGE MAIN, ALTER COLUMN "origin_country" SET STORAGE MAIN, ALTER COLUMN "hs_code" SET STORAGE MAIN,
	ALTER COLUMN "from_price" SET STORAGE MAIN, ALTER COLUMN "from_price_currency" SET STORAGE MAIN, ALTER COLUMN "import_id" SET STORAGE MAIN,
	ALTER COLUMN "name_en" SET STORAGE MAIN, ALTER COLUMN "name_zh_hans" SET STORAGE MAIN, ALTER COLUMN "name_zh_hant" SET STORAGE MAIN;
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_id_products_id_fk" FOREIGN KEY ("id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The search reads published products only; every write to products keeps product_search in step, in the same
-- transaction, one statement at a time (imports write thousands of rows per statement). A deleted product goes with
-- the foreign key's cascade. The document is padded past 2,100 characters: PostgreSQL moves a value out of line only
-- from a row of about 2 kB, and toast_tuple_target 128 then leaves a row of about 150 bytes.
CREATE FUNCTION "product_search_upsert_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "product_search" ("id", "organization_id", "category_id", "origin_country", "hs_code", "moq", "from_price", "from_price_currency", "published_at", "import_id", "name_en", "name_zh_hans", "name_zh_hant", "search_document")
	SELECT "id", "organization_id", "category_id", "origin_country", "hs_code", "moq", "from_price", "from_price_currency", "published_at", "import_id", "name_en", "name_zh_hans", "name_zh_hant", rpad("search_document", greatest(length("search_document"), 2100))
	FROM "changed" WHERE "status" = 'published'
	ON CONFLICT ("id") DO UPDATE SET
		"organization_id" = excluded."organization_id", "category_id" = excluded."category_id", "origin_country" = excluded."origin_country",
		"hs_code" = excluded."hs_code", "moq" = excluded."moq", "from_price" = excluded."from_price", "from_price_currency" = excluded."from_price_currency",
		"published_at" = excluded."published_at", "import_id" = excluded."import_id", "name_en" = excluded."name_en", "name_zh_hans" = excluded."name_zh_hans",
		"name_zh_hant" = excluded."name_zh_hant", "search_document" = excluded."search_document";
	IF TG_OP = 'UPDATE' THEN
		DELETE FROM "product_search" WHERE "id" IN (SELECT "id" FROM "changed" WHERE "status" <> 'published');
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_search_after_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "product_search_upsert_inserted"();--> statement-breakpoint
CREATE TRIGGER "products_search_after_update" AFTER UPDATE ON "products" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "product_search_upsert_inserted"();--> statement-breakpoint
INSERT INTO "product_search" ("id", "organization_id", "category_id", "origin_country", "hs_code", "moq", "from_price", "from_price_currency", "published_at", "import_id", "name_en", "name_zh_hans", "name_zh_hant", "search_document")
SELECT "id", "organization_id", "category_id", "origin_country", "hs_code", "moq", "from_price", "from_price_currency", "published_at", "import_id", "name_en", "name_zh_hans", "name_zh_hant", rpad("search_document", greatest(length("search_document"), 2100))
FROM "products" WHERE "status" = 'published';--> statement-breakpoint
DROP INDEX "products_search_idx";--> statement-breakpoint
DROP INDEX "products_name_en_trgm_idx";--> statement-breakpoint
CREATE INDEX "product_search_document_idx" ON "product_search" USING gin (to_tsvector('simple'::regconfig, "search_document")) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "product_search_name_en_trgm_idx" ON "product_search" USING gin (lower("name_en") gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "product_search_hs_prefix_idx" ON "product_search" USING btree ("hs_code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "product_search_published_idx" ON "product_search" USING btree ("published_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "product_search_category_idx" ON "product_search" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "product_search_origin_idx" ON "product_search" USING btree ("origin_country");
