CREATE TABLE "purchase_leads" (
	"lead_id" integer PRIMARY KEY NOT NULL,
	"version" text,
	"transmission" text,
	"fuel" text,
	"province" text,
	"owners" integer,
	"accident" boolean,
	"flood" boolean,
	"service_history" boolean,
	"estimate" bigint,
	"estimate_low" bigint,
	"estimate_high" bigint,
	"confidence" text,
	"trade_in" boolean DEFAULT false NOT NULL,
	"offer_amount" bigint,
	"offer_valid_until" date,
	"offered_at" timestamp with time zone,
	"offer_emailed" boolean DEFAULT false NOT NULL,
	"bought_car_id" integer
);
--> statement-breakpoint
CREATE TABLE "purchase_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"position" integer NOT NULL,
	"key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "origin_lead_id" integer;--> statement-breakpoint
ALTER TABLE "cars" ADD COLUMN "purchase_price" bigint;--> statement-breakpoint
ALTER TABLE "purchase_leads" ADD CONSTRAINT "purchase_leads_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_photos" ADD CONSTRAINT "purchase_photos_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_photos_lead_idx" ON "purchase_photos" USING btree ("lead_id","position");