CREATE TABLE "car_papers" (
	"car_id" integer PRIMARY KEY NOT NULL,
	"owner_type" text,
	"vat_invoice" boolean,
	"registration_until" date,
	"liability_insurance_until" date,
	"body_insurance_until" date,
	"loan_status" text,
	"fine_checked_on" date,
	"fine_result" text,
	"staff_note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_service_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"car_id" integer NOT NULL,
	"serviced_on" date NOT NULL,
	"km" integer NOT NULL,
	"work" text NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"imported" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "car_papers" ADD CONSTRAINT "car_papers_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_service_records" ADD CONSTRAINT "car_service_records_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_service_records_car_idx" ON "car_service_records" USING btree ("car_id","serviced_on");