CREATE TABLE "scoring_results" (
	"match_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"stage" "match_stage" NOT NULL,
	"status" "match_status" NOT NULL,
	"home_goals" integer,
	"away_goals" integer,
	"home_goals_extra_time" integer,
	"away_goals_extra_time" integer,
	CONSTRAINT "scoring_results_match_id_version_pk" PRIMARY KEY("match_id","version")
);
--> statement-breakpoint
ALTER TABLE "scoring_queue" ALTER COLUMN "version" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "scoring_queue" ADD COLUMN "from_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scoring_queue" ADD COLUMN "to_version" integer;--> statement-breakpoint
ALTER TABLE "scoring_queue" ADD COLUMN "cursor_group" uuid;--> statement-breakpoint
ALTER TABLE "scoring_queue" ADD COLUMN "cursor_user" text;--> statement-breakpoint
ALTER TABLE "scoring_results" ADD CONSTRAINT "scoring_results_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Totals now hold each prediction at a result snapshot instead of points stored on the prediction: every
-- match's current result becomes its snapshot, and the round totals are rebuilt from the predictions at
-- those results (the same rule as src/server/modules/scoring/scoring-sql.ts), so nothing is left queued.
INSERT INTO "scoring_results" ("match_id", "version", "stage", "status", "home_goals", "away_goals", "home_goals_extra_time", "away_goals_extra_time")
SELECT "id", "result_version", "stage", "status", "home_goals", "away_goals", "home_goals_extra_time", "away_goals_extra_time" FROM "matches";
--> statement-breakpoint
DELETE FROM "scoring_queue";
--> statement-breakpoint
DELETE FROM "member_round_totals";
--> statement-breakpoint
INSERT INTO "member_round_totals" ("group_id", "round_order", "user_id", "points", "exact", "goal_difference", "winner", "opposite", "scored")
SELECT x.group_id, x.round_order, x.user_id,
       coalesce(sum(case x.outcome when 'exact' then x.scoring_exact when 'goal_difference' then x.scoring_goal_difference
                                   when 'winner' then x.scoring_winner when 'opposite' then x.scoring_opposite else 0 end), 0)::int,
       count(*) FILTER (WHERE x.outcome = 'exact')::int, count(*) FILTER (WHERE x.outcome = 'goal_difference')::int,
       count(*) FILTER (WHERE x.outcome = 'winner')::int, count(*) FILTER (WHERE x.outcome = 'opposite')::int,
       count(*) FILTER (WHERE x.outcome IS NOT NULL AND x.outcome <> 'void')::int
  FROM (
    SELECT p.group_id, p.user_id, m.round_order, g.scoring_exact, g.scoring_goal_difference, g.scoring_winner, g.scoring_opposite,
           CASE
             WHEN m.status IN ('postponed', 'cancelled') THEN 'void'
             WHEN m.status <> 'finished' OR c.home IS NULL OR c.away IS NULL THEN NULL
             WHEN p.home_goals = c.home AND p.away_goals = c.away THEN 'exact'
             WHEN p.home_goals - p.away_goals = c.home - c.away THEN 'goal_difference'
             WHEN sign(p.home_goals - p.away_goals) = sign(c.home - c.away) THEN 'winner'
             WHEN sign(p.home_goals - p.away_goals) = -sign(c.home - c.away) AND c.home <> c.away THEN 'opposite'
             ELSE 'miss'
           END AS outcome
      FROM "predictions" p
      JOIN "matches" m ON m.id = p.match_id
      JOIN "groups" g ON g.id = p.group_id
      CROSS JOIN LATERAL (
        SELECT CASE WHEN m.stage = 'knockout' AND g.knockout_basis = 'extra_time' AND m.home_goals_extra_time IS NOT NULL AND m.away_goals_extra_time IS NOT NULL
                    THEN m.home_goals_extra_time ELSE m.home_goals END AS home,
               CASE WHEN m.stage = 'knockout' AND g.knockout_basis = 'extra_time' AND m.home_goals_extra_time IS NOT NULL AND m.away_goals_extra_time IS NOT NULL
                    THEN m.away_goals_extra_time ELSE m.away_goals END AS away
      ) c
  ) x
 WHERE x.outcome IS NOT NULL AND x.outcome <> 'void'
 GROUP BY x.group_id, x.round_order, x.user_id;
