CREATE TYPE "public"."knockout_basis" AS ENUM('full_time', 'extra_time');--> statement-breakpoint
CREATE TABLE "member_totals" (
	"group_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"exact" integer DEFAULT 0 NOT NULL,
	"goal_difference" integer DEFAULT 0 NOT NULL,
	"winner" integer DEFAULT 0 NOT NULL,
	"opposite" integer DEFAULT 0 NOT NULL,
	"scored" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_totals_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "scoring_queue" (
	"match_id" uuid PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "predictions_match_idx";--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "scoring_exact" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "scoring_goal_difference" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "scoring_winner" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "scoring_opposite" integer DEFAULT -2 NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "knockout_basis" "knockout_basis" DEFAULT 'full_time' NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "result_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "predictions" ADD COLUMN "scored_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_totals" ADD CONSTRAINT "member_totals_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_totals" ADD CONSTRAINT "member_totals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scoring_queue" ADD CONSTRAINT "scoring_queue_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "predictions_match_group_user_idx" ON "predictions" USING btree ("match_id","group_id","user_id");--> statement-breakpoint
-- Room on each page for HOT updates when predictions are scored (no index covers the scored columns).
ALTER TABLE "predictions" SET (fillfactor = 70);--> statement-breakpoint
-- Fold what was already scored (result_version 0 = scored_version 0) into the totals.
INSERT INTO "member_totals" ("group_id", "user_id", "points", "exact", "goal_difference", "winner", "opposite", "scored")
SELECT "group_id", "user_id",
       coalesce(sum("points"), 0)::int,
       (count(*) FILTER (WHERE "outcome" = 'exact'))::int,
       (count(*) FILTER (WHERE "outcome" = 'goal_difference'))::int,
       (count(*) FILTER (WHERE "outcome" = 'winner'))::int,
       (count(*) FILTER (WHERE "outcome" = 'opposite'))::int,
       (count(*) FILTER (WHERE "outcome" <> 'void'))::int
  FROM "predictions"
 WHERE "outcome" IS NOT NULL
 GROUP BY "group_id", "user_id";
