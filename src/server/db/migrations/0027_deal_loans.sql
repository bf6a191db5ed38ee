CREATE TABLE "deal_loans" (
	"id" serial PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL,
	"bank_name" text NOT NULL,
	"amount" bigint NOT NULL,
	"term_months" integer NOT NULL,
	"interest_rate" double precision NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"conditions" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"disbursed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "deal_loans" ADD CONSTRAINT "deal_loans_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_loans" ADD CONSTRAINT "deal_loans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_loans_deal_idx" ON "deal_loans" USING btree ("deal_id","submitted_at");