-- Uploaded avatars (src/server/modules/profile): where the 256 px image is stored, and a version bumped
-- with each upload and never reused, so an avatar's address (?v=) can be cached for good.
ALTER TABLE "profiles" ADD COLUMN "avatar_key" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "avatar_version" integer DEFAULT 0 NOT NULL;
