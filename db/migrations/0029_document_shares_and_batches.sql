CREATE TABLE "document_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" text NOT NULL,
	"source_number" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"size_bytes" integer,
	"error" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "document_batches_status_check" CHECK ("document_batches"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "document_shares" ADD COLUMN "label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "document_shares" ADD COLUMN "can_decide" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "order_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "verify_code" text;--> statement-breakpoint
UPDATE "documents" SET "verify_code" = md5("id" || random()::text);--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "verify_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "document_batches" ADD CONSTRAINT "document_batches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_batches" ADD CONSTRAINT "document_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_batches_organization_source_idx" ON "document_batches" USING btree ("organization_id","source_kind","source_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_verify_code_key" ON "documents" USING btree ("verify_code");