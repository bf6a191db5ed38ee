CREATE TABLE "deal_checklist" (
	"id" serial PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL,
	"item" text NOT NULL,
	"status" text NOT NULL,
	"scan_key" text,
	"scan_type" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "deal_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_transfer_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL,
	"step" text NOT NULL,
	"owner_id" integer,
	"done_on" date,
	"late_notified_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'quote' NOT NULL,
	"car_id" integer NOT NULL,
	"car_name" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text NOT NULL,
	"customer_email" text,
	"customer_id_number" text,
	"customer_address" text,
	"reservation_code" text,
	"lead_id" integer,
	"price" bigint NOT NULL,
	"fees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"trade_in_description" text,
	"trade_in_value" bigint DEFAULT 0 NOT NULL,
	"trade_in_lead_id" integer,
	"vin" text,
	"engine_number" text,
	"plate" text,
	"handover" jsonb,
	"note" text DEFAULT '' NOT NULL,
	"salesperson_id" integer,
	"sale_id" integer,
	"search_text" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_checklist" ADD CONSTRAINT "deal_checklist_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_checklist" ADD CONSTRAINT "deal_checklist_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_events" ADD CONSTRAINT "deal_events_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_events" ADD CONSTRAINT "deal_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_loans" ADD CONSTRAINT "deal_loans_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_loans" ADD CONSTRAINT "deal_loans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_payments" ADD CONSTRAINT "deal_payments_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_payments" ADD CONSTRAINT "deal_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_transfer_steps" ADD CONSTRAINT "deal_transfer_steps_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_transfer_steps" ADD CONSTRAINT "deal_transfer_steps_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_salesperson_id_users_id_fk" FOREIGN KEY ("salesperson_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deal_checklist_item_key" ON "deal_checklist" USING btree ("deal_id","item");--> statement-breakpoint
CREATE INDEX "deal_events_deal_idx" ON "deal_events" USING btree ("deal_id","at");--> statement-breakpoint
CREATE INDEX "deal_loans_deal_idx" ON "deal_loans" USING btree ("deal_id","submitted_at");--> statement-breakpoint
CREATE INDEX "deal_payments_deal_idx" ON "deal_payments" USING btree ("deal_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_transfer_steps_step_key" ON "deal_transfer_steps" USING btree ("deal_id","step");--> statement-breakpoint
CREATE UNIQUE INDEX "deals_code_key" ON "deals" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "deals_one_open_per_car" ON "deals" USING btree ("car_id") WHERE status in ('quote', 'deposit', 'contract_signed', 'paid');--> statement-breakpoint
CREATE INDEX "deals_status_idx" ON "deals" USING btree ("status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_created_idx" ON "deals" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);