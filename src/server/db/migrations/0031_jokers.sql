CREATE TYPE "public"."joker_mode" AS ENUM('double', 'double_positive');--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "joker_mode" "joker_mode";--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "jokers_per_season" integer;--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "joker" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "predictions_jokers_idx" ON "predictions" USING btree ("group_id","user_id","match_id") WHERE joker;--> statement-breakpoint
-- A season's allowance is 1–10 (src/domain/jokers.ts MAX_SEASON_JOKERS), null for one per round.
ALTER TABLE "groups" ADD CONSTRAINT "groups_jokers_per_season_check" CHECK ("jokers_per_season" BETWEEN 1 AND 10);
