ALTER TABLE "password_reset_codes" ADD COLUMN "sent_to" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "confirmed_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_set_by" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_set_at" timestamp with time zone;--> statement-breakpoint
-- An address a manager or an admin set (at creation or through PUT users/{id}) that its owner has not
-- used a code at since stays unconfirmed, set by that person at that time. Every other address on file
-- is taken as the owner's.
UPDATE "users" u SET "email_set_by" = a."user_id", "email_set_at" = a."created_at"
FROM (
	SELECT DISTINCT ON ("entity_id") "entity_id", "user_id", "created_at", "after"->>'email' AS "email"
	FROM "audit_log"
	WHERE "entity" = 'user' AND "action" IN ('create', 'update', 'change-info', 'report-change')
		AND ("after"->>'email') IS NOT NULL
	ORDER BY "entity_id", "id" DESC
) a
WHERE a."entity_id" = u."id"::text AND a."email" = u."email" AND a."user_id" IS NOT NULL
	AND a."user_id" <> u."id"
	AND NOT EXISTS (
		SELECT 1 FROM "password_reset_codes" c WHERE c."user_id" = u."id" AND c."used_at" >= a."created_at"
	);
--> statement-breakpoint
UPDATE "users" SET "confirmed_email" = "email" WHERE "email" IS NOT NULL AND "email_set_by" IS NULL;
--> statement-breakpoint
-- A live code is kept where the address is the owner's, and a new account's invitation mailed to the
-- address it still has; the others (possibly mailed to an address someone else set) are void.
UPDATE "password_reset_codes" c SET "sent_to" = u."email"
FROM "users" u
WHERE c."user_id" = u."id" AND c."used_at" IS NULL AND u."email" IS NOT NULL
	AND (u."confirmed_email" = u."email" OR (c."purpose" = 'invite' AND c."created_at" >= u."email_set_at"));
