CREATE TABLE "payment_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_id" text NOT NULL,
	"gateway" text NOT NULL,
	"account_number" text NOT NULL,
	"amount" bigint NOT NULL,
	"content" text NOT NULL,
	"reference_code" text,
	"transfer_type" text NOT NULL,
	"transaction_date" text NOT NULL,
	"payload" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"reservation_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" integer,
	"handled_note" text
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"car_id" integer NOT NULL,
	"car_name" text NOT NULL,
	"car_price" bigint NOT NULL,
	"customer_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"amount" bigint NOT NULL,
	"bank_bin" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"client_request_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"hold_until" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"paid_via" text,
	"paid_amount" bigint,
	"bank_reference" text,
	"sale_id" integer,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancel_reason" text,
	"refunded_at" timestamp with time zone,
	"refund_amount" bigint,
	"refund_reason" text,
	"refund_reference" text,
	"note" text DEFAULT '' NOT NULL,
	"lapse_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "deposit_amount" bigint;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "reservation_code" text;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notifications_provider_key" ON "payment_notifications" USING btree ("provider","provider_id");--> statement-breakpoint
CREATE INDEX "payment_notifications_received_idx" ON "payment_notifications" USING btree ("received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_code_key" ON "reservations" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_request_key" ON "reservations" USING btree ("client_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_one_open_per_car" ON "reservations" USING btree ("car_id") WHERE status in ('awaiting', 'paid');--> statement-breakpoint
CREATE INDEX "reservations_status_idx" ON "reservations" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "reservations_created_idx" ON "reservations" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);