-- Bonus points move onto the membership row (decision 015): the ranking reads group_members anyway, and a
-- join of member_bonus_totals cost the embedded database's 1,000-member ranking ~10 % of its time.
ALTER TABLE "group_members" ADD COLUMN "bonus_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "group_members" gm SET "bonus_points" = b."points"
  FROM "member_bonus_totals" b
 WHERE b."group_id" = gm."group_id" AND b."user_id" = gm."user_id" AND b."points" <> 0;--> statement-breakpoint
DROP TABLE "member_bonus_totals" CASCADE;--> statement-breakpoint
-- The ranking statement's separators (U+001E, U+001F) out of names and avatar addresses, so it need not
-- take them out on every read: the API never let them in; an edit by hand might have.
UPDATE "profiles" SET "username" = translate("username", E'\x1e\x1f', '') WHERE "username" ~ '[\x1e\x1f]';--> statement-breakpoint
UPDATE "profiles" SET "avatar_url" = translate("avatar_url", E'\x1e\x1f', '') WHERE "avatar_url" ~ '[\x1e\x1f]';--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_no_separators" CHECK ("profiles"."username" !~ '[\x1e\x1f]' and coalesce("profiles"."avatar_url", '') !~ '[\x1e\x1f]');
