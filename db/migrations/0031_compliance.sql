CREATE TABLE "eping_matches" (
	"organization_id" text NOT NULL,
	"notification_id" text NOT NULL,
	"product_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eping_matches_organization_id_notification_id_pk" PRIMARY KEY("organization_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "eping_notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"document_symbol" text NOT NULL,
	"area" text NOT NULL,
	"member_code" text NOT NULL,
	"member_name" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"products" text DEFAULT '' NOT NULL,
	"hs_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"objectives" text[] DEFAULT '{}'::text[] NOT NULL,
	"distributed_on" date NOT NULL,
	"comment_deadline" date,
	"adopted_on" date,
	"in_force_on" date,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eping_notifications_document_symbol_unique" UNIQUE("document_symbol"),
	CONSTRAINT "eping_notifications_area_check" CHECK ("eping_notifications"."area" in ('SPS', 'TBT')),
	CONSTRAINT "eping_notifications_source_check" CHECK ("eping_notifications"."source" in ('api', 'sample'))
);
--> statement-breakpoint
CREATE TABLE "eping_reviews" (
	"organization_id" text NOT NULL,
	"notification_id" text NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eping_reviews_organization_id_notification_id_pk" PRIMARY KEY("organization_id","notification_id"),
	CONSTRAINT "eping_reviews_status_check" CHECK ("eping_reviews"."status" in ('reviewed', 'relevant', 'not_relevant'))
);
--> statement-breakpoint
CREATE TABLE "eping_subscriptions" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"hs_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"member_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eping_sync_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"since" date,
	"status" text NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"stored" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "eping_sync_runs_status_check" CHECK ("eping_sync_runs"."status" in ('running', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "eping_matches" ADD CONSTRAINT "eping_matches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eping_matches" ADD CONSTRAINT "eping_matches_notification_id_eping_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."eping_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eping_reviews" ADD CONSTRAINT "eping_reviews_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eping_reviews" ADD CONSTRAINT "eping_reviews_notification_id_eping_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."eping_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eping_reviews" ADD CONSTRAINT "eping_reviews_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eping_subscriptions" ADD CONSTRAINT "eping_subscriptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eping_subscriptions" ADD CONSTRAINT "eping_subscriptions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "eping_matches_notification_idx" ON "eping_matches" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "eping_matches_products_idx" ON "eping_matches" USING gin ("product_ids");--> statement-breakpoint
CREATE INDEX "eping_matches_company_created_idx" ON "eping_matches" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "eping_notifications_distributed_idx" ON "eping_notifications" USING btree ("distributed_on","id");--> statement-breakpoint
CREATE INDEX "eping_notifications_member_idx" ON "eping_notifications" USING btree ("member_code","distributed_on");--> statement-breakpoint
CREATE INDEX "eping_notifications_deadline_idx" ON "eping_notifications" USING btree ("comment_deadline");--> statement-breakpoint
CREATE INDEX "eping_notifications_hs_idx" ON "eping_notifications" USING gin ("hs_codes");--> statement-breakpoint
CREATE INDEX "eping_notifications_search_trgm_idx" ON "eping_notifications" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "eping_reviews_company_status_idx" ON "eping_reviews" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "eping_sync_runs_started_idx" ON "eping_sync_runs" USING btree ("started_at");