CREATE TABLE "alert_digests" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"day" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"items" jsonb DEFAULT '{"searches":{},"drops":[],"sold":[]}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"filters" jsonb,
	"match_key" text NOT NULL,
	"car_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"last_car_id" integer DEFAULT 0 NOT NULL,
	"notified_price" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
ALTER TABLE "alert_subscriptions" ADD CONSTRAINT "alert_subscriptions_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_digests_email_day_idx" ON "alert_digests" USING btree ("email","day");--> statement-breakpoint
CREATE INDEX "alert_digests_day_idx" ON "alert_digests" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscriptions_live_idx" ON "alert_subscriptions" USING btree ("email","match_key") WHERE status in ('pending', 'active');--> statement-breakpoint
CREATE INDEX "alert_subscriptions_email_idx" ON "alert_subscriptions" USING btree ("email");--> statement-breakpoint
CREATE INDEX "alert_subscriptions_status_created_idx" ON "alert_subscriptions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "alert_subscriptions_car_idx" ON "alert_subscriptions" USING btree ("car_id");