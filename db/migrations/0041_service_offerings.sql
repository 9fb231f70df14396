CREATE TABLE "service_offerings" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"service_type" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"worldwide" boolean DEFAULT false NOT NULL,
	"countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"currency" text,
	"price" numeric(18, 4),
	"price_basis" text,
	"lead_time_days" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_offerings_service_type_check" CHECK ("service_offerings"."service_type" in ('logistics', 'inspection', 'customs', 'certification', 'sourcing_agent')),
	CONSTRAINT "service_offerings_price_basis_check" CHECK ("service_offerings"."price_basis" is null or "service_offerings"."price_basis" in ('per_job', 'per_shipment', 'per_container', 'per_kg', 'per_cbm', 'per_day', 'per_hour')),
	CONSTRAINT "service_offerings_price_check" CHECK (("service_offerings"."price" is null) = ("service_offerings"."currency" is null) and ("service_offerings"."price" is null) = ("service_offerings"."price_basis" is null) and ("service_offerings"."price" is null or "service_offerings"."price" >= 0)),
	CONSTRAINT "service_offerings_area_check" CHECK ("service_offerings"."worldwide" or jsonb_array_length("service_offerings"."countries") > 0),
	CONSTRAINT "service_offerings_lead_time_check" CHECK ("service_offerings"."lead_time_days" between 1 and 365)
);
--> statement-breakpoint
ALTER TABLE "service_offerings" ADD CONSTRAINT "service_offerings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_offerings" ADD CONSTRAINT "service_offerings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_offerings_organization_idx" ON "service_offerings" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "service_offerings_type_idx" ON "service_offerings" USING btree ("service_type","organization_id");--> statement-breakpoint
CREATE INDEX "service_offerings_countries_idx" ON "service_offerings" USING gin ("countries");