CREATE TABLE "car_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"car_id" integer NOT NULL,
	"position" integer NOT NULL,
	"key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cars" (
	"id" serial PRIMARY KEY NOT NULL,
	"car_name" text NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"year" integer NOT NULL,
	"sell_price" bigint NOT NULL,
	"odo" integer NOT NULL,
	"body_type" text NOT NULL,
	"size" integer NOT NULL,
	"fuel" text NOT NULL,
	"transmission" text NOT NULL,
	"drivetrain" text,
	"engine" text DEFAULT '' NOT NULL,
	"exterior_color" text NOT NULL,
	"interior_color" text NOT NULL,
	"origin" text NOT NULL,
	"license_plate_region" text DEFAULT '' NOT NULL,
	"previous_owners" integer DEFAULT 1 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"brand_key" text NOT NULL,
	"exterior_color_key" text NOT NULL,
	"interior_color_key" text NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_compact" text DEFAULT '' NOT NULL,
	"cover_key" text,
	"cover_width" integer,
	"cover_height" integer,
	"photo_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"car_id" integer NOT NULL,
	"car_name" text NOT NULL,
	"brand" text NOT NULL,
	"list_price" bigint NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_phone" text NOT NULL,
	"buyer_email" text,
	"sale_price" bigint NOT NULL,
	"purchase_price" bigint,
	"sale_date" date NOT NULL,
	"payment_method" text NOT NULL,
	"salesperson_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancel_reason" text
);
--> statement-breakpoint
ALTER TABLE "car_photos" ADD CONSTRAINT "car_photos_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_salesperson_id_users_id_fk" FOREIGN KEY ("salesperson_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_photos_car_idx" ON "car_photos" USING btree ("car_id","position");--> statement-breakpoint
CREATE INDEX "cars_status_created_idx" ON "cars" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cars_status_price_idx" ON "cars" USING btree ("status","sell_price");--> statement-breakpoint
CREATE INDEX "cars_status_odo_idx" ON "cars" USING btree ("status","odo");--> statement-breakpoint
CREATE INDEX "cars_status_year_idx" ON "cars" USING btree ("status","year" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cars_brand_status_price_idx" ON "cars" USING btree ("brand_key","status","sell_price");--> statement-breakpoint
CREATE INDEX "cars_body_status_price_idx" ON "cars" USING btree ("body_type","status","sell_price");--> statement-breakpoint
CREATE INDEX "cars_ext_color_idx" ON "cars" USING btree ("exterior_color_key");--> statement-breakpoint
CREATE INDEX "cars_int_color_idx" ON "cars" USING btree ("interior_color_key");--> statement-breakpoint
CREATE INDEX "cars_year_idx" ON "cars" USING btree ("year");--> statement-breakpoint
CREATE INDEX "cars_size_idx" ON "cars" USING btree ("size");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_one_active_per_car" ON "sales" USING btree ("car_id") WHERE cancelled_at is null;--> statement-breakpoint
CREATE INDEX "sales_car_idx" ON "sales" USING btree ("car_id");--> statement-breakpoint
CREATE INDEX "sales_date_idx" ON "sales" USING btree ("sale_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sales_salesperson_idx" ON "sales" USING btree ("salesperson_id");