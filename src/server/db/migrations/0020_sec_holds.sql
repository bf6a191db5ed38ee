ALTER TABLE "leads" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "source_ip" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "claimed_paid_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "reservations_phone_idx" ON "reservations" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "reservations_email_idx" ON "reservations" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "reservations_ip_idx" ON "reservations" USING btree ("source_ip","created_at");