ALTER TABLE "leads" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "request_hash" text;