ALTER TABLE "cars" ADD COLUMN "listed_at" timestamp with time zone;--> statement-breakpoint
-- Cars already visible or sold were listed the day they entered stock (before this column, a car went
-- on sale when it was added); a car still being prepared has never been listed.
UPDATE "cars" SET "listed_at" = "created_at" WHERE "status" <> 'preparing';
