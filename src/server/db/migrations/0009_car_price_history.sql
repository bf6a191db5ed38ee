CREATE TABLE "car_price_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"car_id" integer NOT NULL,
	"old_price" bigint NOT NULL,
	"new_price" bigint NOT NULL,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "price_drop_from" bigint;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "price_dropped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "car_price_changes" ADD CONSTRAINT "car_price_changes_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_price_changes_car_idx" ON "car_price_changes" USING btree ("car_id","changed_at");--> statement-breakpoint
CREATE INDEX "cars_visible_dropped_idx" ON "cars" USING btree ("price_dropped_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status in ('available', 'pending');