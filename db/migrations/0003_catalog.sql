CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"position" integer DEFAULT 0 NOT NULL,
	"name_en" text NOT NULL,
	"name_zh_hans" text NOT NULL,
	"name_zh_hant" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hs_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"parent_code" text,
	"level" integer NOT NULL,
	"section" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"created_by" text,
	"file_id" text,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_jobs_status_check" CHECK ("import_jobs"."status" in ('uploaded', 'running', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "price_list_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"price_list_id" text NOT NULL,
	"product_id" text NOT NULL,
	"min_quantity" integer NOT NULL,
	"unit_price" numeric(18, 4) NOT NULL,
	CONSTRAINT "price_list_lines_min_quantity_check" CHECK ("price_list_lines"."min_quantity" >= 1),
	CONSTRAINT "price_list_lines_unit_price_check" CHECK ("price_list_lines"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_lists_window_check" CHECK ("price_lists"."valid_from" is null or "price_lists"."valid_to" is null or "price_lists"."valid_from" <= "price_lists"."valid_to")
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"file_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"alt" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"sku" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh_hans" text,
	"name_zh_hant" text,
	"description_en" text DEFAULT '' NOT NULL,
	"description_zh_hans" text,
	"description_zh_hant" text,
	"category_id" text NOT NULL,
	"hs_code" text,
	"origin_country" text NOT NULL,
	"unit" text NOT NULL,
	"moq" integer DEFAULT 1 NOT NULL,
	"lead_time_days" integer,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"search_document" text DEFAULT '' NOT NULL,
	"from_price" numeric(18, 4),
	"from_price_currency" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_status_check" CHECK ("products"."status" in ('draft', 'published', 'archived')),
	CONSTRAINT "products_moq_check" CHECK ("products"."moq" >= 1),
	CONSTRAINT "products_lead_time_check" CHECK ("products"."lead_time_days" is null or "products"."lead_time_days" >= 0)
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_lines" ADD CONSTRAINT "price_list_lines_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_lines" ADD CONSTRAINT "price_list_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hs_code_hs_codes_code_fk" FOREIGN KEY ("hs_code") REFERENCES "public"."hs_codes"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_parent_position_idx" ON "categories" USING btree ("parent_id","position");--> statement-breakpoint
CREATE INDEX "hs_codes_parent_idx" ON "hs_codes" USING btree ("parent_code");--> statement-breakpoint
CREATE INDEX "hs_codes_description_trgm_idx" ON "hs_codes" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "import_jobs_organization_created_idx" ON "import_jobs" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "import_jobs_status_idx" ON "import_jobs" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_lines_break_key" ON "price_list_lines" USING btree ("price_list_id","product_id","min_quantity");--> statement-breakpoint
CREATE INDEX "price_list_lines_product_idx" ON "price_list_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "price_lists_organization_idx" ON "price_lists" USING btree ("organization_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "price_lists_one_active_key" ON "price_lists" USING btree ("organization_id") WHERE "price_lists"."is_active";--> statement-breakpoint
CREATE INDEX "product_images_product_position_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "products_organization_sku_key" ON "products" USING btree ("organization_id","sku");--> statement-breakpoint
CREATE INDEX "products_organization_status_idx" ON "products" USING btree ("organization_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "products_status_category_idx" ON "products" USING btree ("status","category_id");--> statement-breakpoint
CREATE INDEX "products_status_origin_idx" ON "products" USING btree ("status","origin_country");--> statement-breakpoint
CREATE INDEX "products_status_hs_idx" ON "products" USING btree ("status","hs_code");--> statement-breakpoint
CREATE INDEX "products_status_published_idx" ON "products" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "products_status_from_price_idx" ON "products" USING btree ("status","from_price");--> statement-breakpoint
CREATE INDEX "products_status_moq_idx" ON "products" USING btree ("status","moq");--> statement-breakpoint
CREATE INDEX "products_search_fts_idx" ON "products" USING gin (to_tsvector('simple', "search_document"));--> statement-breakpoint
CREATE INDEX "products_name_en_trgm_idx" ON "products" USING gin (lower("name_en") gin_trgm_ops);