CREATE TABLE "car_odometer_readings" (
	"id" serial PRIMARY KEY NOT NULL,
	"car_id" integer NOT NULL,
	"source" text NOT NULL,
	"source_id" integer,
	"read_on" date NOT NULL,
	"km" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "car_odometer_readings" ADD CONSTRAINT "car_odometer_readings_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_odometer_readings_car_idx" ON "car_odometer_readings" USING btree ("car_id","read_on");--> statement-breakpoint
INSERT INTO "car_odometer_readings" ("car_id", "source", "source_id", "read_on", "km")
SELECT "id", 'listing', NULL, ("created_at" AT TIME ZONE 'Asia/Ho_Chi_Minh')::date, "odo" FROM "cars";
