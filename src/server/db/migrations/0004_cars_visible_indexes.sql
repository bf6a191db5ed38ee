DROP INDEX "cars_status_price_idx";--> statement-breakpoint
DROP INDEX "cars_status_odo_idx";--> statement-breakpoint
DROP INDEX "cars_status_year_idx";--> statement-breakpoint
CREATE INDEX "cars_visible_created_idx" ON "cars" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status in ('available', 'pending');--> statement-breakpoint
CREATE INDEX "cars_visible_price_idx" ON "cars" USING btree ("sell_price","id") WHERE status in ('available', 'pending');--> statement-breakpoint
CREATE INDEX "cars_visible_odo_idx" ON "cars" USING btree ("odo","id") WHERE status in ('available', 'pending');--> statement-breakpoint
CREATE INDEX "cars_visible_year_idx" ON "cars" USING btree ("year" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status in ('available', 'pending');