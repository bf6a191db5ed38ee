ALTER TABLE "deal_checklist" ADD COLUMN "scan_key" text;--> statement-breakpoint
ALTER TABLE "deal_checklist" ADD COLUMN "scan_type" text;