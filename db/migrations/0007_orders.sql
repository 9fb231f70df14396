CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"organization_id" text,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"resource_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "customer_notes" (
	"supplier_company_id" text NOT NULL,
	"customer_company_id" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_notes_supplier_company_id_customer_company_id_pk" PRIMARY KEY("supplier_company_id","customer_company_id")
);
--> statement-breakpoint
CREATE TABLE "freight_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"provider_company_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"currency" text NOT NULL,
	"price" numeric(18, 4) NOT NULL,
	"transit_days" integer NOT NULL,
	"valid_until" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"includes_insurance" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "freight_quotes_status_check" CHECK ("freight_quotes"."status" in ('pending', 'accept', 'reject', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "order_number_sequences" (
	"organization_id" text NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_number_sequences_organization_id_series_year_pk" PRIMARY KEY("organization_id","series","year")
);
--> statement-breakpoint
CREATE TABLE "purchase_order_change_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by_company_id" text,
	"requested_by_user_id" text,
	"reason" text DEFAULT '' NOT NULL,
	"proposal" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"before" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"decided_by_user_id" text,
	"decision_note" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_order_change_requests_kind_check" CHECK ("purchase_order_change_requests"."kind" in ('change', 'cancel')),
	CONSTRAINT "purchase_order_change_requests_status_check" CHECK ("purchase_order_change_requests"."status" in ('pending', 'accept', 'reject', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "purchase_order_events" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"type" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"actor_user_id" text,
	"actor_company_id" text,
	"note" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"position" integer NOT NULL,
	"product_id" text,
	"sku" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"unit" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(18, 4) NOT NULL,
	"line_total" numeric(18, 4) NOT NULL,
	"shipped_quantity" integer DEFAULT 0 NOT NULL,
	"received_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_order_lines_quantities_check" CHECK ("purchase_order_lines"."quantity" > 0 and "purchase_order_lines"."shipped_quantity" between 0 and "purchase_order_lines"."quantity" and "purchase_order_lines"."received_quantity" between 0 and "purchase_order_lines"."shipped_quantity")
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"buyer_company_id" text,
	"supplier_company_id" text,
	"buyer_name" text NOT NULL,
	"supplier_name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"currency" text NOT NULL,
	"incoterm" text NOT NULL,
	"incoterm_place" text NOT NULL,
	"payment_terms" text NOT NULL,
	"requested_delivery_date" date,
	"ship_to_address_id" text,
	"ship_to" jsonb,
	"notes" text DEFAULT '' NOT NULL,
	"attachment_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subtotal" numeric(18, 4) DEFAULT '0' NOT NULL,
	"total" numeric(18, 4) DEFAULT '0' NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"status_reason" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"placed_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_status_check" CHECK ("purchase_orders"."status" in ('draft', 'placed', 'confirmed', 'declined', 'in_production', 'shipped', 'delivered', 'completed', 'cancelled', 'disputed')),
	CONSTRAINT "purchase_orders_incoterm_check" CHECK ("purchase_orders"."incoterm" in ('EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF')),
	CONSTRAINT "purchase_orders_payment_terms_check" CHECK ("purchase_orders"."payment_terms" in ('prepayment', 'tt_30_70', 'lc_at_sight', 'net_30', 'net_60', 'cash_against_documents')),
	CONSTRAINT "purchase_orders_parties_check" CHECK ("purchase_orders"."buyer_company_id" is null or "purchase_orders"."supplier_company_id" is null or "purchase_orders"."buyer_company_id" <> "purchase_orders"."supplier_company_id")
);
--> statement-breakpoint
CREATE TABLE "service_order_events" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"type" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"actor_user_id" text,
	"actor_company_id" text,
	"note" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"service_type" text NOT NULL,
	"buyer_company_id" text,
	"provider_company_id" text,
	"buyer_name" text NOT NULL,
	"provider_name" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"service_date" date,
	"linked_purchase_order_id" text,
	"freight" jsonb,
	"currency" text,
	"price" numeric(18, 4),
	"status_reason" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_orders_kind_check" CHECK ("service_orders"."kind" in ('service', 'logistic')),
	CONSTRAINT "service_orders_service_type_check" CHECK ("service_orders"."service_type" in ('logistics', 'inspection', 'customs', 'certification', 'sourcing_agent')),
	CONSTRAINT "service_orders_status_check" CHECK ("service_orders"."status" in ('requested', 'quoting', 'accepted', 'declined', 'in_progress', 'completed', 'cancelled', 'disputed'))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_supplier_company_id_organizations_id_fk" FOREIGN KEY ("supplier_company_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_company_id_organizations_id_fk" FOREIGN KEY ("customer_company_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_quotes" ADD CONSTRAINT "freight_quotes_order_id_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_quotes" ADD CONSTRAINT "freight_quotes_provider_company_id_organizations_id_fk" FOREIGN KEY ("provider_company_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freight_quotes" ADD CONSTRAINT "freight_quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_number_sequences" ADD CONSTRAINT "order_number_sequences_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_change_requests" ADD CONSTRAINT "purchase_order_change_requests_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_change_requests" ADD CONSTRAINT "purchase_order_change_requests_requested_by_company_id_organizations_id_fk" FOREIGN KEY ("requested_by_company_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_change_requests" ADD CONSTRAINT "purchase_order_change_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_change_requests" ADD CONSTRAINT "purchase_order_change_requests_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_events" ADD CONSTRAINT "purchase_order_events_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_events" ADD CONSTRAINT "purchase_order_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_events" ADD CONSTRAINT "purchase_order_events_actor_company_id_organizations_id_fk" FOREIGN KEY ("actor_company_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_buyer_company_id_organizations_id_fk" FOREIGN KEY ("buyer_company_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_supplier_company_id_organizations_id_fk" FOREIGN KEY ("supplier_company_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_ship_to_address_id_addresses_id_fk" FOREIGN KEY ("ship_to_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_events" ADD CONSTRAINT "service_order_events_order_id_service_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."service_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_events" ADD CONSTRAINT "service_order_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_order_events" ADD CONSTRAINT "service_order_events_actor_company_id_organizations_id_fk" FOREIGN KEY ("actor_company_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_buyer_company_id_organizations_id_fk" FOREIGN KEY ("buyer_company_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_provider_company_id_organizations_id_fk" FOREIGN KEY ("provider_company_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_linked_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("linked_purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "freight_quotes_order_idx" ON "freight_quotes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "freight_quotes_provider_idx" ON "freight_quotes" USING btree ("provider_company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "freight_quotes_one_pending_per_provider_key" ON "freight_quotes" USING btree ("order_id","provider_company_id") WHERE "freight_quotes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "purchase_order_change_requests_order_idx" ON "purchase_order_change_requests" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_change_requests_one_pending_key" ON "purchase_order_change_requests" USING btree ("order_id") WHERE "purchase_order_change_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "purchase_order_events_order_idx" ON "purchase_order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_order_idx" ON "purchase_order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_product_idx" ON "purchase_order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_buyer_number_key" ON "purchase_orders" USING btree ("buyer_company_id","number");--> statement-breakpoint
CREATE INDEX "purchase_orders_buyer_status_idx" ON "purchase_orders" USING btree ("buyer_company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "purchase_orders_buyer_created_idx" ON "purchase_orders" USING btree ("buyer_company_id","created_at");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_status_idx" ON "purchase_orders" USING btree ("supplier_company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_created_idx" ON "purchase_orders" USING btree ("supplier_company_id","created_at");--> statement-breakpoint
CREATE INDEX "purchase_orders_number_trgm_idx" ON "purchase_orders" USING gin (lower("number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_order_events_order_idx" ON "service_order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_orders_buyer_number_key" ON "service_orders" USING btree ("buyer_company_id","number");--> statement-breakpoint
CREATE INDEX "service_orders_buyer_status_idx" ON "service_orders" USING btree ("buyer_company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "service_orders_provider_status_idx" ON "service_orders" USING btree ("provider_company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "service_orders_open_requests_idx" ON "service_orders" USING btree ("kind","status","created_at") WHERE "service_orders"."provider_company_id" is null;