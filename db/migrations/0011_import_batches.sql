CREATE TABLE "product_import_rows" (
	"import_id" text NOT NULL,
	"position" integer NOT NULL,
	"sku" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh_hans" text,
	"name_zh_hant" text,
	"description_en" text NOT NULL,
	"description_zh_hans" text,
	"description_zh_hant" text,
	"category_id" text NOT NULL,
	"hs_code" text,
	"origin_country" text NOT NULL,
	"unit" text NOT NULL,
	"moq" integer NOT NULL,
	"lead_time_days" integer,
	"attributes" jsonb NOT NULL,
	"search_document" text NOT NULL,
	"status" text,
	CONSTRAINT "product_import_rows_import_id_position_pk" PRIMARY KEY("import_id","position")
);
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "phase" text DEFAULT 'stage' NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "cursor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "import_id" text;--> statement-breakpoint
ALTER TABLE "product_import_rows" ADD CONSTRAINT "product_import_rows_import_id_import_jobs_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_import_rows" ADD CONSTRAINT "product_import_rows_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_import_rows" ADD CONSTRAINT "product_import_rows_hs_code_hs_codes_code_fk" FOREIGN KEY ("hs_code") REFERENCES "public"."hs_codes"("code") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_phase_check" CHECK ("import_jobs"."phase" in ('stage', 'insert', 'update'));