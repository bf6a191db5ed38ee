CREATE TABLE "inspection_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"group" text NOT NULL,
	"label" text NOT NULL,
	"position" integer NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	"pledges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_markers" (
	"car_id" integer NOT NULL,
	"number" integer NOT NULL,
	"x" real NOT NULL,
	"y" real NOT NULL,
	"label" text NOT NULL,
	"photo_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"car_id" integer NOT NULL,
	"key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_reports" (
	"car_id" integer PRIMARY KEY NOT NULL,
	"inspector_name" text NOT NULL,
	"inspected_on" date NOT NULL,
	"odometer_km" integer NOT NULL,
	"conclusion" text DEFAULT '' NOT NULL,
	"staff_note" text DEFAULT '' NOT NULL,
	"summary" jsonb NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_results" (
	"car_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"group" text NOT NULL,
	"label" text NOT NULL,
	"position" integer NOT NULL,
	"pledges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"result" text,
	"note" text DEFAULT '' NOT NULL,
	"photo_id" integer,
	CONSTRAINT "inspection_results_car_id_item_id_pk" PRIMARY KEY("car_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "inspection" jsonb;--> statement-breakpoint
ALTER TABLE "inspection_markers" ADD CONSTRAINT "inspection_markers_car_id_inspection_reports_car_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."inspection_reports"("car_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD CONSTRAINT "inspection_photos_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_results" ADD CONSTRAINT "inspection_results_car_id_inspection_reports_car_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."inspection_reports"("car_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_results" ADD CONSTRAINT "inspection_results_item_id_inspection_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inspection_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_items_group_idx" ON "inspection_items" USING btree ("group","position");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_markers_car_number_idx" ON "inspection_markers" USING btree ("car_id","number");--> statement-breakpoint
CREATE INDEX "inspection_photos_car_idx" ON "inspection_photos" USING btree ("car_id");