CREATE TABLE "member_round_totals" (
	"group_id" uuid NOT NULL,
	"round_order" integer NOT NULL,
	"user_id" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"exact" integer DEFAULT 0 NOT NULL,
	"goal_difference" integer DEFAULT 0 NOT NULL,
	"winner" integer DEFAULT 0 NOT NULL,
	"opposite" integer DEFAULT 0 NOT NULL,
	"scored" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_round_totals_group_id_round_order_user_id_pk" PRIMARY KEY("group_id","round_order","user_id")
);
--> statement-breakpoint
ALTER TABLE "member_round_totals" ADD CONSTRAINT "member_round_totals_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_round_totals" ADD CONSTRAINT "member_round_totals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Fold what was already scored into the per-round totals.
INSERT INTO "member_round_totals" ("group_id", "round_order", "user_id", "points", "exact", "goal_difference", "winner", "opposite", "scored")
SELECT p."group_id", m."round_order", p."user_id",
       coalesce(sum(p."points"), 0)::int,
       (count(*) FILTER (WHERE p."outcome" = 'exact'))::int,
       (count(*) FILTER (WHERE p."outcome" = 'goal_difference'))::int,
       (count(*) FILTER (WHERE p."outcome" = 'winner'))::int,
       (count(*) FILTER (WHERE p."outcome" = 'opposite'))::int,
       (count(*) FILTER (WHERE p."outcome" <> 'void'))::int
  FROM "predictions" p JOIN "matches" m ON m."id" = p."match_id"
 WHERE p."outcome" IS NOT NULL
 GROUP BY p."group_id", m."round_order", p."user_id";
