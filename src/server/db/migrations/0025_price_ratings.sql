ALTER TABLE "cars" ADD COLUMN "price_rating" text;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "price_rating_comparables" integer;