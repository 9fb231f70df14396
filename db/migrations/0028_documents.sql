CREATE TABLE "document_events" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"type" text NOT NULL,
	"version_number" integer,
	"actor_user_id" text,
	"actor_name" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_share_views" (
	"id" text PRIMARY KEY NOT NULL,
	"share_id" text NOT NULL,
	"visitor_digest" text DEFAULT '' NOT NULL,
	"version_number" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"token_sha256" text NOT NULL,
	"password_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"number" integer NOT NULL,
	"content" jsonb NOT NULL,
	"pdf_sha256" text,
	"issued_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"number" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" text NOT NULL,
	"source_number" text NOT NULL,
	"counterparty_company_id" text,
	"counterparty_name" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"first_issued_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by_name" text DEFAULT '' NOT NULL,
	"decision_reason" text DEFAULT '' NOT NULL,
	"decision_sha256" text,
	"void_reason" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "documents_type_check" CHECK ("documents"."type" in ('purchase_order', 'proforma_invoice', 'commercial_invoice', 'packing_list', 'quotation', 'sales_contract')),
	CONSTRAINT "documents_status_check" CHECK ("documents"."status" in ('draft', 'issued', 'accepted', 'rejected', 'void')),
	CONSTRAINT "documents_source_kind_check" CHECK ("documents"."source_kind" in ('purchase_order', 'shipment', 'quotation')),
	CONSTRAINT "documents_language_check" CHECK ("documents"."language" in ('en', 'zh-Hans', 'zh-Hant', 'en+zh-Hans', 'en+zh-Hant'))
);
--> statement-breakpoint
ALTER TABLE "document_events" ADD CONSTRAINT "document_events_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_events" ADD CONSTRAINT "document_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_share_views" ADD CONSTRAINT "document_share_views_share_id_document_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."document_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_shares" ADD CONSTRAINT "document_shares_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_shares" ADD CONSTRAINT "document_shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_counterparty_company_id_organizations_id_fk" FOREIGN KEY ("counterparty_company_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_events_document_created_idx" ON "document_events" USING btree ("document_id","created_at");--> statement-breakpoint
CREATE INDEX "document_share_views_share_idx" ON "document_share_views" USING btree ("share_id","viewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "document_shares_token_key" ON "document_shares" USING btree ("token_sha256");--> statement-breakpoint
CREATE INDEX "document_shares_document_idx" ON "document_shares" USING btree ("document_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "document_versions_document_number_key" ON "document_versions" USING btree ("document_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_organization_number_key" ON "documents" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "documents_organization_created_idx" ON "documents" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_organization_type_status_idx" ON "documents" USING btree ("organization_id","type","status","created_at");--> statement-breakpoint
CREATE INDEX "documents_counterparty_status_idx" ON "documents" USING btree ("counterparty_company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "documents_source_idx" ON "documents" USING btree ("source_kind","source_id");