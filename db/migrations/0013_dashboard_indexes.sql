CREATE INDEX "purchase_orders_buyer_placed_idx" ON "purchase_orders" USING btree ("buyer_company_id","placed_at");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_placed_idx" ON "purchase_orders" USING btree ("supplier_company_id","placed_at");--> statement-breakpoint
CREATE INDEX "purchase_orders_placed_idx" ON "purchase_orders" USING btree ("placed_at");