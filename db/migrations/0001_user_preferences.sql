CREATE TABLE "user_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"currency" text NOT NULL,
	"timezone" text,
	"date_format" text NOT NULL,
	"time_format" text NOT NULL,
	"hour_cycle" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_preferences_date_format_check" CHECK ("user_preferences"."date_format" in ('short', 'medium', 'long', 'full')),
	CONSTRAINT "user_preferences_time_format_check" CHECK ("user_preferences"."time_format" in ('short', 'medium', 'long', 'full')),
	CONSTRAINT "user_preferences_hour_cycle_check" CHECK ("user_preferences"."hour_cycle" in ('h11', 'h12', 'h23', 'h24'))
);
--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;