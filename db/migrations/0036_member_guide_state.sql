-- The getting-started guide per membership: hidden from the sidebar by the member, or finished (issue 24).
ALTER TABLE "members" ADD COLUMN "guide_dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "guide_completed_at" timestamp with time zone;