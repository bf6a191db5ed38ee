CREATE TABLE "recon_cars" (
	"car_id" integer PRIMARY KEY NOT NULL,
	"stage" text NOT NULL,
	"stage_entered_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone,
	"late_alerted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recon_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"car_id" integer NOT NULL,
	"title" text NOT NULL,
	"group" text NOT NULL,
	"estimate_parts" bigint DEFAULT 0 NOT NULL,
	"estimate_labour" bigint DEFAULT 0 NOT NULL,
	"vendor" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"actual_cost" bigint,
	"inspection_item_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recon_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"min_listing_photos" integer DEFAULT 6 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recon_stages" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"max_hours" integer NOT NULL,
	"owner_id" integer
);
--> statement-breakpoint
ALTER TABLE "recon_cars" ADD CONSTRAINT "recon_cars_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_items" ADD CONSTRAINT "recon_items_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recon_stages" ADD CONSTRAINT "recon_stages_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recon_items_car_idx" ON "recon_items" USING btree ("car_id","status");--> statement-breakpoint
INSERT INTO "recon_stages" ("key", "name", "position", "max_hours") VALUES
	('RECEIVED', 'Nhận xe', 1, 4),
	('INSPECTION', 'Kiểm tra', 2, 8),
	('QUOTE', 'Báo giá sửa chữa', 3, 8),
	('APPROVAL', 'Chờ duyệt', 4, 4),
	('REPAIR', 'Sửa chữa', 5, 24),
	('DETAILING', 'Làm đẹp', 6, 8),
	('PHOTOS', 'Chụp ảnh', 7, 4),
	('READY', 'Sẵn sàng bán', 8, 8);--> statement-breakpoint
INSERT INTO "recon_settings" ("id", "min_listing_photos") VALUES (1, 6);
