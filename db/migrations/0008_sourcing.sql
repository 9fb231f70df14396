CREATE TABLE "fx_rates" (
	"currency" text NOT NULL,
	"as_of" date NOT NULL,
	"rate_per_eur" numeric(20, 10) NOT NULL,
	"source" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_rates_currency_as_of_pk" PRIMARY KEY("currency","as_of")
);
--> statement-breakpoint
CREATE TABLE "approved_suppliers" (
	"organization_id" text NOT NULL,
	"supplier_company_id" text NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"document_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approved_suppliers_organization_id_supplier_company_id_pk" PRIMARY KEY("organization_id","supplier_company_id"),
	CONSTRAINT "approved_suppliers_status_check" CHECK ("approved_suppliers"."status" in ('approved', 'trial', 'blocked'))
);
--> statement-breakpoint
CREATE TABLE "landed_cost_settings" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"assumptions" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_events" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"type" text NOT NULL,
	"actor_user_id" text,
	"note" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_projects" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"currency" text NOT NULL,
	"budget" numeric(18, 4),
	"deadline" date,
	"owner_user_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_projects_status_check" CHECK ("purchase_projects"."status" in ('draft', 'active', 'sourcing', 'awarded', 'closed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "quotation_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"quotation_id" text NOT NULL,
	"rfq_line_id" text NOT NULL,
	"unit_price" numeric(18, 4) NOT NULL,
	"moq" integer DEFAULT 1 NOT NULL,
	"lead_time_days" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"alternative_description" text,
	"alternative_unit_price" numeric(18, 4)
);
--> statement-breakpoint
CREATE TABLE "quotation_revisions" (
	"id" text PRIMARY KEY NOT NULL,
	"quotation_id" text NOT NULL,
	"revision" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"submitted_by" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"id" text PRIMARY KEY NOT NULL,
	"rfq_id" text NOT NULL,
	"supplier_company_id" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"incoterm" text NOT NULL,
	"incoterm_place" text NOT NULL,
	"freight_amount" numeric(18, 4),
	"insurance_amount" numeric(18, 4),
	"payment_terms" text NOT NULL,
	"valid_until" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"attachment_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decision_reason" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotations_status_check" CHECK ("quotations"."status" in ('draft', 'submitted', 'accepted', 'rejected', 'withdrawn', 'expired')),
	CONSTRAINT "quotations_incoterm_check" CHECK ("quotations"."incoterm" in ('EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF'))
);
--> statement-breakpoint
CREATE TABLE "requirements" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"project_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"specification" text DEFAULT '' NOT NULL,
	"category_id" text,
	"hs_code" text,
	"quantity" integer NOT NULL,
	"unit" text NOT NULL,
	"target_unit_price" numeric(18, 4),
	"target_currency" text,
	"required_by" date,
	"destination" text DEFAULT '' NOT NULL,
	"attachment_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requirements_status_check" CHECK ("requirements"."status" in ('open', 'rfq_sent', 'quoted', 'awarded', 'cancelled')),
	CONSTRAINT "requirements_quantity_check" CHECK ("requirements"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "rfq_awards" (
	"id" text PRIMARY KEY NOT NULL,
	"rfq_id" text NOT NULL,
	"rfq_line_id" text NOT NULL,
	"quotation_id" text NOT NULL,
	"supplier_company_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(18, 4) NOT NULL,
	"currency" text NOT NULL,
	"purchase_order_id" text,
	"awarded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rfq_invitations" (
	"rfq_id" text NOT NULL,
	"supplier_company_id" text NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"decline_reason" text DEFAULT '' NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"viewed_at" timestamp with time zone,
	"responded_at" timestamp with time zone,
	CONSTRAINT "rfq_invitations_rfq_id_supplier_company_id_pk" PRIMARY KEY("rfq_id","supplier_company_id"),
	CONSTRAINT "rfq_invitations_status_check" CHECK ("rfq_invitations"."status" in ('invited', 'viewed', 'declined', 'quoted'))
);
--> statement-breakpoint
CREATE TABLE "rfq_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"rfq_id" text NOT NULL,
	"requirement_id" text,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"specification" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit" text NOT NULL,
	"target_unit_price" numeric(18, 4),
	"hs_code" text,
	"category_id" text,
	"required_by" date,
	CONSTRAINT "rfq_lines_quantity_check" CHECK ("rfq_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "rfq_questions" (
	"id" text PRIMARY KEY NOT NULL,
	"rfq_id" text NOT NULL,
	"asked_by_company_id" text,
	"asked_by_user_id" text,
	"question" text NOT NULL,
	"answer" text,
	"answered_by_user_id" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rfqs" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"project_id" text,
	"number" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"visibility" text DEFAULT 'invited' NOT NULL,
	"sealed" boolean DEFAULT false NOT NULL,
	"quote_deadline" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"incoterm" text NOT NULL,
	"incoterm_place" text NOT NULL,
	"delivery_date" date,
	"destination" text DEFAULT '' NOT NULL,
	"category_id" text,
	"assumptions" jsonb,
	"attachment_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status_reason" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rfqs_status_check" CHECK ("rfqs"."status" in ('draft', 'open', 'closed', 'awarded', 'cancelled')),
	CONSTRAINT "rfqs_visibility_check" CHECK ("rfqs"."visibility" in ('invited', 'public')),
	CONSTRAINT "rfqs_incoterm_check" CHECK ("rfqs"."incoterm" in ('EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF'))
);
--> statement-breakpoint
CREATE TABLE "shortlist_entries" (
	"project_id" text NOT NULL,
	"supplier_company_id" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shortlist_entries_project_id_supplier_company_id_pk" PRIMARY KEY("project_id","supplier_company_id")
);
--> statement-breakpoint
ALTER TABLE "approved_suppliers" ADD CONSTRAINT "approved_suppliers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approved_suppliers" ADD CONSTRAINT "approved_suppliers_supplier_company_id_organizations_id_fk" FOREIGN KEY ("supplier_company_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approved_suppliers" ADD CONSTRAINT "approved_suppliers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landed_cost_settings" ADD CONSTRAINT "landed_cost_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landed_cost_settings" ADD CONSTRAINT "landed_cost_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_events" ADD CONSTRAINT "project_events_project_id_purchase_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."purchase_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_events" ADD CONSTRAINT "project_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_projects" ADD CONSTRAINT "purchase_projects_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_projects" ADD CONSTRAINT "purchase_projects_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_rfq_line_id_rfq_lines_id_fk" FOREIGN KEY ("rfq_line_id") REFERENCES "public"."rfq_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_revisions" ADD CONSTRAINT "quotation_revisions_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_revisions" ADD CONSTRAINT "quotation_revisions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_supplier_company_id_organizations_id_fk" FOREIGN KEY ("supplier_company_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_project_id_purchase_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."purchase_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_hs_code_hs_codes_code_fk" FOREIGN KEY ("hs_code") REFERENCES "public"."hs_codes"("code") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_awards" ADD CONSTRAINT "rfq_awards_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_awards" ADD CONSTRAINT "rfq_awards_rfq_line_id_rfq_lines_id_fk" FOREIGN KEY ("rfq_line_id") REFERENCES "public"."rfq_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_awards" ADD CONSTRAINT "rfq_awards_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_awards" ADD CONSTRAINT "rfq_awards_awarded_by_users_id_fk" FOREIGN KEY ("awarded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_invitations" ADD CONSTRAINT "rfq_invitations_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_invitations" ADD CONSTRAINT "rfq_invitations_supplier_company_id_organizations_id_fk" FOREIGN KEY ("supplier_company_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_lines" ADD CONSTRAINT "rfq_lines_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_lines" ADD CONSTRAINT "rfq_lines_requirement_id_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."requirements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_questions" ADD CONSTRAINT "rfq_questions_rfq_id_rfqs_id_fk" FOREIGN KEY ("rfq_id") REFERENCES "public"."rfqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_questions" ADD CONSTRAINT "rfq_questions_asked_by_company_id_organizations_id_fk" FOREIGN KEY ("asked_by_company_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_questions" ADD CONSTRAINT "rfq_questions_asked_by_user_id_users_id_fk" FOREIGN KEY ("asked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfq_questions" ADD CONSTRAINT "rfq_questions_answered_by_user_id_users_id_fk" FOREIGN KEY ("answered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_project_id_purchase_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."purchase_projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rfqs" ADD CONSTRAINT "rfqs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist_entries" ADD CONSTRAINT "shortlist_entries_project_id_purchase_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."purchase_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist_entries" ADD CONSTRAINT "shortlist_entries_supplier_company_id_organizations_id_fk" FOREIGN KEY ("supplier_company_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist_entries" ADD CONSTRAINT "shortlist_entries_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fx_rates_as_of_idx" ON "fx_rates" USING btree ("as_of");--> statement-breakpoint
CREATE INDEX "approved_suppliers_status_idx" ON "approved_suppliers" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "project_events_project_idx" ON "project_events" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_projects_number_key" ON "purchase_projects" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "purchase_projects_status_idx" ON "purchase_projects" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "purchase_projects_deadline_idx" ON "purchase_projects" USING btree ("organization_id","deadline");--> statement-breakpoint
CREATE INDEX "purchase_projects_name_trgm_idx" ON "purchase_projects" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_lines_line_key" ON "quotation_lines" USING btree ("quotation_id","rfq_line_id");--> statement-breakpoint
CREATE INDEX "quotation_lines_rfq_line_idx" ON "quotation_lines" USING btree ("rfq_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_revisions_round_key" ON "quotation_revisions" USING btree ("quotation_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_rfq_supplier_key" ON "quotations" USING btree ("rfq_id","supplier_company_id");--> statement-breakpoint
CREATE INDEX "quotations_supplier_idx" ON "quotations" USING btree ("supplier_company_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "quotations_rfq_status_idx" ON "quotations" USING btree ("rfq_id","status");--> statement-breakpoint
CREATE INDEX "requirements_project_idx" ON "requirements" USING btree ("project_id","position");--> statement-breakpoint
CREATE INDEX "requirements_status_idx" ON "requirements" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "requirements_category_idx" ON "requirements" USING btree ("organization_id","category_id");--> statement-breakpoint
CREATE INDEX "requirements_hs_code_idx" ON "requirements" USING btree ("organization_id","hs_code");--> statement-breakpoint
CREATE INDEX "requirements_title_trgm_idx" ON "requirements" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "rfq_awards_line_key" ON "rfq_awards" USING btree ("rfq_line_id");--> statement-breakpoint
CREATE INDEX "rfq_awards_rfq_idx" ON "rfq_awards" USING btree ("rfq_id");--> statement-breakpoint
CREATE INDEX "rfq_awards_quotation_idx" ON "rfq_awards" USING btree ("quotation_id");--> statement-breakpoint
CREATE INDEX "rfq_invitations_supplier_idx" ON "rfq_invitations" USING btree ("supplier_company_id","invited_at");--> statement-breakpoint
CREATE INDEX "rfq_lines_rfq_idx" ON "rfq_lines" USING btree ("rfq_id","position");--> statement-breakpoint
CREATE INDEX "rfq_lines_requirement_idx" ON "rfq_lines" USING btree ("requirement_id");--> statement-breakpoint
CREATE INDEX "rfq_questions_rfq_idx" ON "rfq_questions" USING btree ("rfq_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rfqs_number_key" ON "rfqs" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "rfqs_status_idx" ON "rfqs" USING btree ("organization_id","status","created_at");--> statement-breakpoint
CREATE INDEX "rfqs_project_idx" ON "rfqs" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "rfqs_public_open_idx" ON "rfqs" USING btree ("visibility","status","quote_deadline");--> statement-breakpoint
CREATE INDEX "rfqs_title_trgm_idx" ON "rfqs" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shortlist_entries_supplier_idx" ON "shortlist_entries" USING btree ("supplier_company_id");
--> statement-breakpoint
-- Indicative reference rates (units per 1 EUR) so landed-cost comparison works out of the box; the ECB importer or
-- an admin replaces them with current ones.
INSERT INTO "fx_rates" ("currency", "as_of", "rate_per_eur", "source") VALUES
  ('AED', '2026-11-20', 3.9700, 'seed'),
  ('AUD', '2026-11-20', 1.6500, 'seed'),
  ('BGN', '2026-11-20', 1.9558, 'seed'),
  ('BRL', '2026-11-20', 6.1000, 'seed'),
  ('CAD', '2026-11-20', 1.4900, 'seed'),
  ('CHF', '2026-11-20', 0.9400, 'seed'),
  ('CNY', '2026-11-20', 7.8000, 'seed'),
  ('CZK', '2026-11-20', 25.2000, 'seed'),
  ('DKK', '2026-11-20', 7.4600, 'seed'),
  ('GBP', '2026-11-20', 0.8500, 'seed'),
  ('HKD', '2026-11-20', 8.4200, 'seed'),
  ('HUF', '2026-11-20', 395.0000, 'seed'),
  ('IDR', '2026-11-20', 17100.0000, 'seed'),
  ('ILS', '2026-11-20', 4.0000, 'seed'),
  ('INR', '2026-11-20', 90.5000, 'seed'),
  ('JPY', '2026-11-20', 162.5000, 'seed'),
  ('KRW', '2026-11-20', 1480.0000, 'seed'),
  ('MXN', '2026-11-20', 19.8000, 'seed'),
  ('MYR', '2026-11-20', 4.8500, 'seed'),
  ('NOK', '2026-11-20', 11.7000, 'seed'),
  ('NZD', '2026-11-20', 1.8000, 'seed'),
  ('PHP', '2026-11-20', 62.5000, 'seed'),
  ('PLN', '2026-11-20', 4.3000, 'seed'),
  ('RON', '2026-11-20', 4.9700, 'seed'),
  ('SAR', '2026-11-20', 4.0500, 'seed'),
  ('SEK', '2026-11-20', 11.4000, 'seed'),
  ('SGD', '2026-11-20', 1.4500, 'seed'),
  ('THB', '2026-11-20', 38.3000, 'seed'),
  ('TRY', '2026-11-20', 37.5000, 'seed'),
  ('TWD', '2026-11-20', 34.9000, 'seed'),
  ('USD', '2026-11-20', 1.0800, 'seed'),
  ('VND', '2026-11-20', 27400.0000, 'seed'),
  ('ZAR', '2026-11-20', 19.6000, 'seed')
ON CONFLICT DO NOTHING;
