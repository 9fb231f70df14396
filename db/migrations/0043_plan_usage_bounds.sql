CREATE TABLE "plan_usage_bounds" (
	"organization_id" text NOT NULL,
	"limit_key" text NOT NULL,
	"window_start" timestamp with time zone,
	"used" bigint NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "plan_usage_bounds_organization_id_limit_key_pk" PRIMARY KEY("organization_id","limit_key"),
	CONSTRAINT "plan_usage_bounds_limit_key_check" CHECK ("plan_usage_bounds"."limit_key" in ('members', 'published_products', 'rfqs_per_month', 'assistant_requests_per_month', 'api_calls_per_day', 'storage_bytes'))
);
--> statement-breakpoint
ALTER TABLE "plan_usage_bounds" ADD CONSTRAINT "plan_usage_bounds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;