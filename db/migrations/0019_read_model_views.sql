-- Read models (issue 17, ADR 036): the columns a module publishes for others to join, filter and sort on; its tables
-- stay private. Simple views: PostgreSQL and PGlite inline them, and drop a left join whose columns a query does not use.
-- Declared in app/modules/companies/companies.views.server.ts and app/modules/identity/identity.views.server.ts.
CREATE VIEW "public_company_cards" AS
SELECT
  o."id",
  o."name",
  logo."id" AS "logo_file_id",
  banner."id" AS "banner_file_id",
  p."kind",
  p."services",
  p."country",
  p."city",
  p."website",
  p."size",
  p."year_founded",
  p."main_products",
  p."main_markets",
  p."description",
  p."supplier_type",
  p."capabilities",
  p."export_markets",
  p."factory_photo_file_ids",
  p."verification_status",
  p."verified_at",
  o."created_at",
  greatest(o."updated_at", p."updated_at") AS "updated_at",
  o."deleted_at"
FROM "organizations" o
JOIN "company_profiles" p ON p."organization_id" = o."id"
LEFT JOIN "files" logo ON logo."id" = o."logo_file_id" AND logo."purpose" = 'logo'
LEFT JOIN "files" banner ON banner."id" = p."banner_file_id" AND banner."purpose" = 'banner';
--> statement-breakpoint
CREATE VIEW "company_memberships" AS
SELECT m."organization_id" AS "company_id", m."user_id", m."role", m."created_at"
FROM "members" m;
--> statement-breakpoint
CREATE VIEW "user_directory" AS
SELECT
  u."id",
  u."name",
  u."email",
  u."email_verified",
  u."email_is_placeholder",
  u."image",
  u."phone_number",
  u."phone_number_verified",
  u."two_factor_enabled",
  u."role",
  u."banned",
  u."ban_reason",
  u."ban_expires",
  pref."language",
  u."created_at",
  u."updated_at"
FROM "users" u
LEFT JOIN "user_preferences" pref ON pref."user_id" = u."id";
--> statement-breakpoint
-- The condition on import_id is visibleProduct() (app/modules/catalog/product-visibility.server.ts): keep them in step.
CREATE VIEW "published_products" AS
SELECT p."id", p."organization_id" AS "company_id", p."category_id", p."hs_code", p."search_document", p."published_at"
FROM "products" p
WHERE p."status" = 'published'
  AND (p."import_id" IS NULL OR p."import_id" NOT IN (SELECT j."id" FROM "import_jobs" j WHERE j."status" IN ('running', 'failed')));
--> statement-breakpoint
CREATE VIEW "rfq_subjects" AS
SELECT r."id", r."number", r."title", r."organization_id" AS "buyer_company_id", r."status"
FROM "rfqs" r;
--> statement-breakpoint
CREATE VIEW "quotation_subjects" AS
SELECT q."id", q."rfq_id", r."number", r."title", r."organization_id" AS "buyer_company_id", q."supplier_company_id", q."status"
FROM "quotations" q
JOIN "rfqs" r ON r."id" = q."rfq_id";
--> statement-breakpoint
CREATE VIEW "order_subjects" AS
SELECT o."id", o."number", o."buyer_company_id", o."supplier_company_id", o."status"
FROM "purchase_orders" o;
