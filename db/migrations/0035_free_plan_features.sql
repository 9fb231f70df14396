-- Every plan includes the sourcing assistant (Free within its 50 questions a month) and product import: plans differ by
-- their limits, and what the pricing page ticks is what the product lets each plan do (issue 24).
UPDATE "plans" SET "features" = '{escrow_payments,sourcing_assistant,price_lists,product_import,eping_alerts,trade_documents}' WHERE "id" = 'free';
--> statement-breakpoint
-- API keys come with the developer hub: until then Business is not sold on "the API".
UPDATE "plans" SET "description" = '{"en": "For companies that trade every week, with room for a growing team and catalogue.", "zh-Hans": "适合每周都有交易的企业，为不断壮大的团队和产品目录留足空间。", "zh-Hant": "適合每週都有交易的企業，為不斷壯大的團隊和產品目錄留足空間。"}' WHERE "id" = 'business';
