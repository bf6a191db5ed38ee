CREATE TABLE "zalo_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"phone" text NOT NULL,
	"kind" text NOT NULL,
	"template_id" text,
	"template_data" jsonb NOT NULL,
	"tracking_id" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"state" text DEFAULT 'QUEUED' NOT NULL,
	"reason" text,
	"error_code" integer,
	"zalo_msg_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zalo_tokens" (
	"app_id" text PRIMARY KEY NOT NULL,
	"access_token" text,
	"refresh_token" text NOT NULL,
	"expires_at" timestamp with time zone,
	"seed" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "zalo_messages_tracking_idx" ON "zalo_messages" USING btree ("tracking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "zalo_messages_dedupe_idx" ON "zalo_messages" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "zalo_messages_phone_idx" ON "zalo_messages" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "zalo_messages_msg_idx" ON "zalo_messages" USING btree ("zalo_msg_id") WHERE zalo_msg_id is not null;