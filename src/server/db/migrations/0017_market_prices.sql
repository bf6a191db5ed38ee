CREATE TABLE "market_price_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"row_count" integer NOT NULL,
	"imported" integer NOT NULL,
	"duplicates" integer NOT NULL,
	"refused" integer NOT NULL,
	"created_by" integer,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"brand" text NOT NULL,
	"model" text NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"brand_key" text NOT NULL,
	"model_key" text NOT NULL,
	"version_key" text NOT NULL,
	"year" integer NOT NULL,
	"odo" integer NOT NULL,
	"price" bigint NOT NULL,
	"transmission" text,
	"fuel" text,
	"body_type" text,
	"origin" text,
	"province" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"listed_on" date,
	"search_text" text DEFAULT '' NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "market_price_imports" ADD CONSTRAINT "market_price_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_prices" ADD CONSTRAINT "market_prices_batch_id_market_price_imports_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."market_price_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_price_imports_created_idx" ON "market_price_imports" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "market_prices_fingerprint_idx" ON "market_prices" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "market_prices_batch_idx" ON "market_prices" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "market_prices_model_idx" ON "market_prices" USING btree ("model_key","year");--> statement-breakpoint
CREATE INDEX "market_prices_created_idx" ON "market_prices" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);