CREATE TABLE "car_cost_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"car_id" integer NOT NULL,
	"category" text NOT NULL,
	"amount" bigint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"incurred_on" date NOT NULL,
	"entered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "true_cost" bigint;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "true_margin" bigint;--> statement-breakpoint
ALTER TABLE "car_cost_lines" ADD CONSTRAINT "car_cost_lines_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_cost_lines" ADD CONSTRAINT "car_cost_lines_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "car_cost_lines_car_idx" ON "car_cost_lines" USING btree ("car_id","incurred_on");