CREATE TABLE "company_plans" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"period" text DEFAULT 'monthly' NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"next_plan_id" text,
	"next_period" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_plans_period_check" CHECK ("company_plans"."period" in ('monthly', 'yearly')),
	CONSTRAINT "company_plans_next_period_check" CHECK ("company_plans"."next_period" is null or "company_plans"."next_period" in ('monthly', 'yearly')),
	CONSTRAINT "company_plans_dates_check" CHECK ("company_plans"."period_end" > "company_plans"."period_start")
);
--> statement-breakpoint
CREATE TABLE "plan_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sequence" bigserial NOT NULL,
	"organization_id" text NOT NULL,
	"kind" text NOT NULL,
	"from_plan_id" text,
	"to_plan_id" text NOT NULL,
	"period" text NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"changed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_changes_kind_check" CHECK ("plan_changes"."kind" in ('started', 'upgraded', 'downgrade_scheduled', 'downgraded', 'downgrade_cancelled', 'assigned'))
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"currency" text NOT NULL,
	"monthly_price_minor" bigint NOT NULL,
	"yearly_price_minor" bigint NOT NULL,
	"max_members" integer,
	"max_published_products" integer,
	"max_rfqs_per_month" integer,
	"max_assistant_requests_per_month" integer,
	"max_api_calls_per_day" integer,
	"max_storage_bytes" bigint,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_prices_check" CHECK ("plans"."monthly_price_minor" >= 0 and "plans"."yearly_price_minor" >= 0),
	CONSTRAINT "plans_limits_check" CHECK (coalesce("plans"."max_members", 1) >= 1 and coalesce("plans"."max_published_products", 0) >= 0 and coalesce("plans"."max_rfqs_per_month", 0) >= 0
          and coalesce("plans"."max_assistant_requests_per_month", 0) >= 0 and coalesce("plans"."max_api_calls_per_day", 0) >= 0 and coalesce("plans"."max_storage_bytes", 0) >= 0),
	CONSTRAINT "plans_default_in_use_check" CHECK (not ("plans"."is_default" and "plans"."retired_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "company_plans" ADD CONSTRAINT "company_plans_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_plans" ADD CONSTRAINT "company_plans_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_plans" ADD CONSTRAINT "company_plans_next_plan_id_plans_id_fk" FOREIGN KEY ("next_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_from_plan_id_plans_id_fk" FOREIGN KEY ("from_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_to_plan_id_plans_id_fk" FOREIGN KEY ("to_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_plans_plan_idx" ON "company_plans" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "company_plans_renewal_idx" ON "company_plans" USING btree ("period_end") WHERE "company_plans"."next_plan_id" is not null;--> statement-breakpoint
CREATE INDEX "plan_changes_company_idx" ON "plan_changes" USING btree ("organization_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_one_default_idx" ON "plans" USING btree ("is_default") WHERE "plans"."is_default";--> statement-breakpoint
CREATE INDEX "plans_position_idx" ON "plans" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "rfqs_published_idx" ON "rfqs" USING btree ("organization_id","published_at");--> statement-breakpoint
-- The plans a fresh installation offers (platform admins change them afterwards). Limits: null is "no limit".
INSERT INTO "plans" ("id", "name", "description", "currency", "monthly_price_minor", "yearly_price_minor", "max_members", "max_published_products", "max_rfqs_per_month", "max_assistant_requests_per_month", "max_api_calls_per_day", "max_storage_bytes", "features", "is_default", "position") VALUES
  ('free', '{"en": "Free", "zh-Hans": "免费版", "zh-Hant": "免費版"}', '{"en": "For a small team starting to buy or sell on Tradeport.", "zh-Hans": "适合刚开始在 Tradeport 采购或销售的小团队。", "zh-Hant": "適合剛開始在 Tradeport 採購或銷售的小團隊。"}', 'USD', 0, 0, 3, 25, 5, 50, 1000, 524288000, '{escrow_payments,price_lists,eping_alerts,trade_documents}', true, 0),
  ('business', '{"en": "Business", "zh-Hans": "商业版", "zh-Hant": "商業版"}', '{"en": "For companies that trade every week, with the assistant and the API.", "zh-Hans": "适合每周都有交易的企业，含采购助手和 API。", "zh-Hant": "適合每週都有交易的企業，含採購助理和 API。"}', 'USD', 4900, 49000, 15, 500, 100, 1000, 20000, 10737418240, '{escrow_payments,sourcing_assistant,price_lists,product_import,eping_alerts,api_access,trade_documents}', false, 1),
  ('enterprise', '{"en": "Enterprise", "zh-Hans": "企业版", "zh-Hant": "企業版"}', '{"en": "For large buying and selling teams: no limits on people, products or requests.", "zh-Hans": "适合大型采购和销售团队：人员、产品和请求均无上限。", "zh-Hant": "適合大型採購和銷售團隊：人員、產品和請求均無上限。"}', 'USD', 19900, 199000, NULL, NULL, NULL, NULL, NULL, NULL, '{escrow_payments,sourcing_assistant,price_lists,product_import,eping_alerts,api_access,trade_documents}', false, 2);
