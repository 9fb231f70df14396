CREATE TABLE "shipment_eta_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"shipment_id" text NOT NULL,
	"previous_eta" date,
	"eta" date NOT NULL,
	"source" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"shipment_id" text NOT NULL,
	"position" integer NOT NULL,
	"order_id" text NOT NULL,
	"order_number" text NOT NULL,
	"order_line_id" text NOT NULL,
	"product_id" text,
	"sku" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"unit" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(18, 4) NOT NULL,
	"currency" text NOT NULL,
	"received_quantity" integer,
	"damaged_quantity" integer,
	"receipt_note" text DEFAULT '' NOT NULL,
	CONSTRAINT "shipment_lines_quantity_check" CHECK ("shipment_lines"."quantity" > 0 and coalesce("shipment_lines"."received_quantity", 0) >= 0 and coalesce("shipment_lines"."damaged_quantity", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"shipper_company_id" text,
	"buyer_company_id" text,
	"carrier_company_id" text,
	"shipper_name" text NOT NULL,
	"buyer_name" text NOT NULL,
	"carrier_company_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"status_reason" text DEFAULT '' NOT NULL,
	"mode" text NOT NULL,
	"carrier" text DEFAULT '' NOT NULL,
	"tracking_number" text DEFAULT '' NOT NULL,
	"bill_of_lading" text DEFAULT '' NOT NULL,
	"air_waybill" text DEFAULT '' NOT NULL,
	"container_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"origin_name" text NOT NULL,
	"origin_country" text NOT NULL,
	"origin_lat" double precision,
	"origin_lon" double precision,
	"destination_name" text NOT NULL,
	"destination_country" text NOT NULL,
	"destination_lat" double precision,
	"destination_lon" double precision,
	"destination_warehouse_id" text,
	"etd" date NOT NULL,
	"eta" date NOT NULL,
	"first_eta" date NOT NULL,
	"incoterm" text NOT NULL,
	"incoterm_place" text DEFAULT '' NOT NULL,
	"packages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"package_count" integer DEFAULT 0 NOT NULL,
	"gross_weight_kg" numeric(14, 3) DEFAULT '0' NOT NULL,
	"net_weight_kg" numeric(14, 3) DEFAULT '0' NOT NULL,
	"volume_m3" numeric(14, 4) DEFAULT '0' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"attachment_file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_location" text DEFAULT '' NOT NULL,
	"last_lat" double precision,
	"last_lon" double precision,
	"last_event_at" timestamp with time zone,
	"alerted_eta" date,
	"delivered_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_status_check" CHECK ("shipments"."status" in ('booked', 'picked_up', 'in_transit', 'at_customs', 'out_for_delivery', 'delivered', 'exception')),
	CONSTRAINT "shipments_mode_check" CHECK ("shipments"."mode" in ('sea_fcl', 'sea_lcl', 'air', 'road', 'rail', 'express')),
	CONSTRAINT "shipments_incoterm_check" CHECK ("shipments"."incoterm" in ('EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF')),
	CONSTRAINT "shipments_dates_check" CHECK ("shipments"."eta" >= "shipments"."etd")
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" text PRIMARY KEY NOT NULL,
	"shipment_id" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"utc_offset_minutes" smallint,
	"status" text,
	"location" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"description" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"eta" date,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_events_source_check" CHECK ("tracking_events"."source" in ('manual', 'csv', 'webhook', 'provider', 'system')),
	CONSTRAINT "tracking_events_status_check" CHECK ("tracking_events"."status" is null or "tracking_events"."status" in ('booked', 'picked_up', 'in_transit', 'at_customs', 'out_for_delivery', 'delivered', 'exception'))
);
--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"warehouse_id" text NOT NULL,
	"item_key" text NOT NULL,
	"product_id" text,
	"sku" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"unit" text NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"low_stock_threshold" integer,
	"below_threshold" boolean DEFAULT false NOT NULL,
	"unit_cost" numeric(18, 4),
	"currency" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_levels_quantities_check" CHECK ("stock_levels"."on_hand" >= 0 and "stock_levels"."reserved" >= 0 and "stock_levels"."reserved" <= "stock_levels"."on_hand")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"warehouse_id" text NOT NULL,
	"level_id" text NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reference_type" text DEFAULT '' NOT NULL,
	"reference_id" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"transfer_id" text,
	"unit_cost" numeric(18, 4),
	"currency" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_kind_check" CHECK ("stock_movements"."kind" in ('receipt', 'issue', 'adjustment', 'transfer_out', 'transfer_in')),
	CONSTRAINT "stock_movements_quantity_check" CHECK ("stock_movements"."quantity" <> 0 and "stock_movements"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"address_id" text,
	"manager_user_id" text,
	"notes" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipment_eta_changes" ADD CONSTRAINT "shipment_eta_changes_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_eta_changes" ADD CONSTRAINT "shipment_eta_changes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_shipper_company_id_organizations_id_fk" FOREIGN KEY ("shipper_company_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_buyer_company_id_organizations_id_fk" FOREIGN KEY ("buyer_company_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_carrier_company_id_organizations_id_fk" FOREIGN KEY ("carrier_company_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_level_id_stock_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."stock_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_manager_user_id_users_id_fk" FOREIGN KEY ("manager_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_eta_changes_shipment_idx" ON "shipment_eta_changes" USING btree ("shipment_id","created_at");--> statement-breakpoint
CREATE INDEX "shipment_lines_shipment_idx" ON "shipment_lines" USING btree ("shipment_id","position");--> statement-breakpoint
CREATE INDEX "shipment_lines_order_idx" ON "shipment_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_shipper_number_key" ON "shipments" USING btree ("shipper_company_id","number");--> statement-breakpoint
CREATE INDEX "shipments_shipper_created_idx" ON "shipments" USING btree ("shipper_company_id","created_at");--> statement-breakpoint
CREATE INDEX "shipments_buyer_created_idx" ON "shipments" USING btree ("buyer_company_id","created_at");--> statement-breakpoint
CREATE INDEX "shipments_carrier_created_idx" ON "shipments" USING btree ("carrier_company_id","created_at");--> statement-breakpoint
CREATE INDEX "shipments_shipper_status_idx" ON "shipments" USING btree ("shipper_company_id","status","eta");--> statement-breakpoint
CREATE INDEX "shipments_buyer_status_idx" ON "shipments" USING btree ("buyer_company_id","status","eta");--> statement-breakpoint
CREATE INDEX "shipments_carrier_status_idx" ON "shipments" USING btree ("carrier_company_id","status","eta");--> statement-breakpoint
CREATE INDEX "shipments_tracking_number_idx" ON "shipments" USING btree ("tracking_number") WHERE "shipments"."tracking_number" <> '';--> statement-breakpoint
CREATE INDEX "shipments_destination_warehouse_idx" ON "shipments" USING btree ("destination_warehouse_id") WHERE "shipments"."destination_warehouse_id" is not null and "shipments"."received_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_events_dedupe_key" ON "tracking_events" USING btree ("shipment_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "tracking_events_shipment_idx" ON "tracking_events" USING btree ("shipment_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_levels_warehouse_item_key" ON "stock_levels" USING btree ("warehouse_id","item_key");--> statement-breakpoint
CREATE INDEX "stock_levels_organization_item_idx" ON "stock_levels" USING btree ("organization_id","item_key");--> statement-breakpoint
CREATE INDEX "stock_levels_warehouse_description_idx" ON "stock_levels" USING btree ("warehouse_id","description");--> statement-breakpoint
CREATE INDEX "stock_movements_warehouse_created_idx" ON "stock_movements" USING btree ("warehouse_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_level_created_idx" ON "stock_movements" USING btree ("level_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_warehouse_kind_created_idx" ON "stock_movements" USING btree ("warehouse_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_reference_idx" ON "stock_movements" USING btree ("organization_id","reference_type","reference_id") WHERE "stock_movements"."reference_id" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_organization_code_key" ON "warehouses" USING btree ("organization_id",lower("code"));--> statement-breakpoint
CREATE INDEX "warehouses_organization_name_idx" ON "warehouses" USING btree ("organization_id","name");