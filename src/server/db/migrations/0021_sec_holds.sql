CREATE TABLE "lead_traps" (
	"id" integer PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"reference" text NOT NULL,
	"client_request_id" uuid NOT NULL,
	"request_hash" text NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"car_id" integer,
	"car_label" text,
	"preferred_date" date,
	"time_slot" text,
	"licence_plate" text,
	"make" text,
	"model" text,
	"year" integer,
	"service_type" text,
	"source_ip" text,
	"move_day" text,
	"move_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "source_ip" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "claimed_paid_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_traps_request_idx" ON "lead_traps" USING btree ("client_request_id");--> statement-breakpoint
CREATE INDEX "lead_traps_ip_idx" ON "lead_traps" USING btree ("source_ip","type","preferred_date");--> statement-breakpoint
CREATE INDEX "lead_traps_created_idx" ON "lead_traps" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reservations_phone_idx" ON "reservations" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "reservations_email_idx" ON "reservations" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "reservations_ip_idx" ON "reservations" USING btree ("source_ip","created_at");