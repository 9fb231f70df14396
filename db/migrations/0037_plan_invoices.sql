CREATE SEQUENCE "public"."plan_invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "plan_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"organization_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"period" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by" text,
	"payment_note" text DEFAULT '' NOT NULL,
	"voided_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "plan_invoices_status_check" CHECK ("plan_invoices"."status" in ('open', 'paid', 'void')),
	CONSTRAINT "plan_invoices_period_check" CHECK ("plan_invoices"."period" in ('monthly', 'yearly')),
	CONSTRAINT "plan_invoices_amount_check" CHECK ("plan_invoices"."amount_minor" > 0),
	CONSTRAINT "plan_invoices_paid_check" CHECK (("plan_invoices"."status" = 'paid') = ("plan_invoices"."paid_at" is not null)),
	CONSTRAINT "plan_invoices_void_check" CHECK (("plan_invoices"."status" = 'void') = ("plan_invoices"."voided_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "finance_accounts" DROP CONSTRAINT "finance_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "finance_accounts" DROP CONSTRAINT "finance_accounts_owner_check";--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_kind_check";--> statement-breakpoint
ALTER TABLE "plan_invoices" ADD CONSTRAINT "plan_invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_invoices" ADD CONSTRAINT "plan_invoices_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_invoices" ADD CONSTRAINT "plan_invoices_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_invoices_number_key" ON "plan_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_invoices_period_key" ON "plan_invoices" USING btree ("organization_id","period_start");--> statement-breakpoint
CREATE INDEX "plan_invoices_company_idx" ON "plan_invoices" USING btree ("organization_id","issued_at");--> statement-breakpoint
CREATE INDEX "plan_invoices_status_idx" ON "plan_invoices" USING btree ("status","issued_at");--> statement-breakpoint
CREATE INDEX "company_plans_period_end_idx" ON "company_plans" USING btree ("period_end");--> statement-breakpoint
ALTER TABLE "finance_accounts" ADD CONSTRAINT "finance_accounts_kind_check" CHECK ("finance_accounts"."kind" in ('available', 'escrow', 'pending_payout', 'fees', 'external_bank', 'escrow_clearing', 'plan_income'));--> statement-breakpoint
ALTER TABLE "finance_accounts" ADD CONSTRAINT "finance_accounts_owner_check" CHECK (("finance_accounts"."organization_id" is null) = ("finance_accounts"."kind" in ('external_bank', 'escrow_clearing', 'plan_income')));--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_kind_check" CHECK ("journal_entries"."kind" in ('payment_held', 'payment_released', 'fee_charged', 'refund_granted', 'refund_sent', 'payout_requested', 'payout_rejected', 'payout_paid', 'payout_failed', 'reversal', 'plan_paid'));