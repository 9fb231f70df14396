ALTER TABLE "rfq_awards" ADD COLUMN "award_id" text;--> statement-breakpoint
CREATE INDEX "rfq_awards_award_idx" ON "rfq_awards" USING btree ("award_id");