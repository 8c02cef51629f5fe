-- The ranking statement's separators (U+001E, U+001F) out of names and avatar addresses, so it need not
-- take them out on every read. The API never let them in; a row edited by hand might hold them: its name
-- gets "_" for each, or, should that name be taken, one made from the account's id.
UPDATE "profiles" p SET "username" = translate(p."username", E'\x1e\x1f', '__')
 WHERE p."username" ~ '[\x1e\x1f]'
   AND NOT EXISTS (SELECT 1 FROM "profiles" o WHERE o."user_id" <> p."user_id" AND lower(o."username") = lower(translate(p."username", E'\x1e\x1f', '__')));--> statement-breakpoint
UPDATE "profiles" SET "username" = 'user_' || substr(md5("user_id"), 1, 12) WHERE "username" ~ '[\x1e\x1f]';--> statement-breakpoint
UPDATE "profiles" SET "avatar_url" = translate("avatar_url", E'\x1e\x1f', '') WHERE "avatar_url" ~ '[\x1e\x1f]';--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_no_separators" CHECK ("profiles"."username" !~ '[\x1e\x1f]' and coalesce("profiles"."avatar_url", '') !~ '[\x1e\x1f]');
