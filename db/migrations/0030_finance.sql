CREATE TABLE "bank_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"holder_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"scheme" text NOT NULL,
	"account_number" text NOT NULL,
	"bic" text DEFAULT '' NOT NULL,
	"routing_code" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"review_note" text DEFAULT '' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"is_default" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "bank_accounts_scheme_check" CHECK ("bank_accounts"."scheme" in ('iban', 'us_aba', 'cn_cnaps', 'swift')),
	CONSTRAINT "bank_accounts_status_check" CHECK ("bank_accounts"."status" in ('pending', 'verified', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"statement_id" text NOT NULL,
	"line_number" integer NOT NULL,
	"transaction_key" text NOT NULL,
	"booked_on" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"payer" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"payment_id" text,
	"matched_by" text,
	"matched_at" timestamp with time zone,
	CONSTRAINT "bank_statement_lines_status_check" CHECK ("bank_statement_lines"."status" in ('matched', 'unmatched', 'ignored'))
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"matched_count" integer DEFAULT 0 NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" text,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"posting_count" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_accounts_kind_check" CHECK ("finance_accounts"."kind" in ('available', 'escrow', 'pending_payout', 'fees', 'external_bank', 'escrow_clearing')),
	CONSTRAINT "finance_accounts_balance_check" CHECK ("finance_accounts"."balance_minor" >= 0),
	CONSTRAINT "finance_accounts_owner_check" CHECK (("finance_accounts"."organization_id" is null) = ("finance_accounts"."kind" in ('external_bank', 'escrow_clearing')))
);
--> statement-breakpoint
CREATE TABLE "finance_settings" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"default_currency" text DEFAULT 'USD' NOT NULL,
	"payout_schedule" text DEFAULT 'manual' NOT NULL,
	"require_two_factor" boolean DEFAULT false NOT NULL,
	"invoice_legal_name" text DEFAULT '' NOT NULL,
	"invoice_tax_id" text DEFAULT '' NOT NULL,
	"invoice_address" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "finance_settings_payout_schedule_check" CHECK ("finance_settings"."payout_schedule" in ('manual', 'weekly', 'monthly'))
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"payment_id" text,
	"refund_id" text,
	"payout_id" text,
	"order_id" text,
	"reference" text DEFAULT '' NOT NULL,
	"reverses_entry_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_kind_check" CHECK ("journal_entries"."kind" in ('payment_held', 'payment_released', 'fee_charged', 'refund_granted', 'refund_sent', 'payout_requested', 'payout_rejected', 'payout_paid', 'payout_failed', 'reversal'))
);
--> statement-breakpoint
CREATE TABLE "kyc_profiles" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"registration_number" text DEFAULT '' NOT NULL,
	"registration_country" text DEFAULT '' NOT NULL,
	"registered_address" text DEFAULT '' NOT NULL,
	"director_name" text DEFAULT '' NOT NULL,
	"beneficial_owners" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"review_reason" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "kyc_profiles_status_check" CHECK ("kyc_profiles"."status" in ('draft', 'pending', 'accept', 'reject'))
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_ref" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_amount_check" CHECK ("payment_refunds"."amount_minor" > 0),
	CONSTRAINT "payment_refunds_status_check" CHECK ("payment_refunds"."status" in ('pending', 'sent'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"order_id" text NOT NULL,
	"order_number" text NOT NULL,
	"buyer_organization_id" text NOT NULL,
	"supplier_organization_id" text NOT NULL,
	"buyer_name" text NOT NULL,
	"supplier_name" text NOT NULL,
	"stage" text NOT NULL,
	"order_currency" text NOT NULL,
	"order_amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fx_rate" text,
	"fx_rate_day" text,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"provider_ref" text,
	"checkout_url" text,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"held_minor" bigint DEFAULT 0 NOT NULL,
	"released_minor" bigint DEFAULT 0 NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"held_at" timestamp with time zone,
	"release_after" timestamp with time zone,
	"frozen" boolean DEFAULT false NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "payments_stage_check" CHECK ("payments"."stage" in ('deposit', 'balance', 'full')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('awaiting', 'held', 'released', 'refunded', 'settled', 'cancelled')),
	CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" in ('bank_transfer', 'stripe')),
	CONSTRAINT "payments_amounts_check" CHECK ("payments"."amount_minor" > 0 and "payments"."released_minor" + "payments"."refunded_minor" <= "payments"."held_minor" and "payments"."held_minor" <= "payments"."amount_minor")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"organization_id" text NOT NULL,
	"bank_account_id" text,
	"bank_account_label" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"bank_reference" text DEFAULT '' NOT NULL,
	"requested_by" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('pending', 'accepted', 'rejected', 'paid', 'failed')),
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_minor" > 0 and "payouts"."fee_minor" >= 0 and "payouts"."fee_minor" < "payouts"."amount_minor")
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"id" text PRIMARY KEY NOT NULL,
	"entry_id" text NOT NULL,
	"account_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"balance_after_minor" bigint,
	"sequence" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "postings_amount_check" CHECK ("postings"."amount_minor" <> 0)
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_matched_by_users_id_fk" FOREIGN KEY ("matched_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_settings" ADD CONSTRAINT "finance_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_profiles" ADD CONSTRAINT "kyc_profiles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_profiles" ADD CONSTRAINT "kyc_profiles_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_account_id_finance_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."finance_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_organization_idx" ON "bank_accounts" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "bank_accounts_status_idx" ON "bank_accounts" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_transaction_key" ON "bank_statement_lines" USING btree ("transaction_key");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_statement_idx" ON "bank_statement_lines" USING btree ("statement_id","line_number");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_status_idx" ON "bank_statement_lines" USING btree ("status","booked_on");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_accounts_owner_kind_currency_key" ON "finance_accounts" USING btree (coalesce("organization_id", ''),"kind","currency");--> statement-breakpoint
CREATE INDEX "finance_accounts_organization_idx" ON "finance_accounts" USING btree ("organization_id","currency");--> statement-breakpoint
CREATE INDEX "journal_entries_payment_idx" ON "journal_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "journal_entries_payout_idx" ON "journal_entries" USING btree ("payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_reverses_key" ON "journal_entries" USING btree ("reverses_entry_id");--> statement-breakpoint
CREATE INDEX "kyc_profiles_status_idx" ON "kyc_profiles" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_status_idx" ON "payment_refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_buyer_number_key" ON "payments" USING btree ("buyer_organization_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_key" ON "payments" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_key" ON "payments" USING btree ("provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_stage_key" ON "payments" USING btree ("order_id","stage") WHERE "payments"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "payments_buyer_created_idx" ON "payments" USING btree ("buyer_organization_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_supplier_created_idx" ON "payments" USING btree ("supplier_organization_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payments_release_after_idx" ON "payments" USING btree ("release_after") WHERE "payments"."status" = 'held' and not "payments"."frozen";--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_organization_number_key" ON "payouts" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "payouts_organization_created_idx" ON "payouts" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_status_created_idx" ON "payouts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "postings_entry_idx" ON "postings" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "postings_account_sequence_key" ON "postings" USING btree ("account_id","sequence");--> statement-breakpoint
CREATE INDEX "postings_account_created_idx" ON "postings" USING btree ("account_id","created_at");--> statement-breakpoint
-- The ledger is append-only: a correction is a reversing entry, never an edit (ADR 048).
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'check_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "journal_entries_append_only" BEFORE UPDATE OR DELETE ON "journal_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "postings_append_only" BEFORE UPDATE OR DELETE ON "postings" FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();--> statement-breakpoint
-- Every entry sums to zero, checked once per entry when its transaction commits (a partial entry never commits).
CREATE FUNCTION "ledger_entry_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
  postings_count integer;
BEGIN
  SELECT coalesce(sum(amount_minor), 0), count(*) INTO total, postings_count FROM postings WHERE entry_id = NEW.id;
  IF total <> 0 OR postings_count < 2 THEN
    RAISE EXCEPTION 'journal entry % does not balance (sum %, % postings)', NEW.id, total, postings_count USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_entries_balance" AFTER INSERT ON "journal_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_entry_balances"();
