CREATE TABLE "member_totals" (
	"group_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"exact" integer DEFAULT 0 NOT NULL,
	"goal_difference" integer DEFAULT 0 NOT NULL,
	"winner" integer DEFAULT 0 NOT NULL,
	"opposite" integer DEFAULT 0 NOT NULL,
	"scored" integer DEFAULT 0 NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_totals_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
-- Each member's season totals follow member_round_totals: one statement-level trigger per kind of write
-- adds the statement's differences, grouped per member, in (group, user) order (two writers lock shared
-- rows in the same order). A row whose round rows are all gone (`rounds` 0) is deleted. Tables are named
-- with their schema: the triggers work whatever the writing session's search_path.
CREATE FUNCTION "member_totals_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public.member_totals AS t (group_id, user_id, points, exact, goal_difference, winner, opposite, scored, rounds)
    SELECT group_id, user_id, sum(points), sum(exact), sum(goal_difference), sum(winner), sum(opposite), sum(scored), count(*)
      FROM new_rows GROUP BY group_id, user_id ORDER BY group_id, user_id
    ON CONFLICT (group_id, user_id) DO UPDATE
       SET points = t.points + excluded.points, exact = t.exact + excluded.exact, goal_difference = t.goal_difference + excluded.goal_difference,
           winner = t.winner + excluded.winner, opposite = t.opposite + excluded.opposite, scored = t.scored + excluded.scored,
           rounds = t.rounds + excluded.rounds;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO public.member_totals AS t (group_id, user_id, points, exact, goal_difference, winner, opposite, scored, rounds)
    SELECT group_id, user_id, sum(points), sum(exact), sum(goal_difference), sum(winner), sum(opposite), sum(scored), sum(rounds)
      FROM (SELECT group_id, user_id, points, exact, goal_difference, winner, opposite, scored, 1 AS rounds FROM new_rows
            UNION ALL
            SELECT group_id, user_id, -points, -exact, -goal_difference, -winner, -opposite, -scored, -1 FROM old_rows) d
     GROUP BY group_id, user_id ORDER BY group_id, user_id
    ON CONFLICT (group_id, user_id) DO UPDATE
       SET points = t.points + excluded.points, exact = t.exact + excluded.exact, goal_difference = t.goal_difference + excluded.goal_difference,
           winner = t.winner + excluded.winner, opposite = t.opposite + excluded.opposite, scored = t.scored + excluded.scored,
           rounds = t.rounds + excluded.rounds;
  ELSE
    INSERT INTO public.member_totals AS t (group_id, user_id, points, exact, goal_difference, winner, opposite, scored, rounds)
    SELECT group_id, user_id, -sum(points), -sum(exact), -sum(goal_difference), -sum(winner), -sum(opposite), -sum(scored), -count(*)
      FROM old_rows GROUP BY group_id, user_id ORDER BY group_id, user_id
    ON CONFLICT (group_id, user_id) DO UPDATE
       SET points = t.points + excluded.points, exact = t.exact + excluded.exact, goal_difference = t.goal_difference + excluded.goal_difference,
           winner = t.winner + excluded.winner, opposite = t.opposite + excluded.opposite, scored = t.scored + excluded.scored,
           rounds = t.rounds + excluded.rounds;
  END IF;
  DELETE FROM public.member_totals t USING (SELECT DISTINCT group_id, user_id FROM old_rows) d
   WHERE t.group_id = d.group_id AND t.user_id = d.user_id AND t.rounds <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "member_round_totals_insert_totals" AFTER INSERT ON "member_round_totals"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "member_totals_follow"();
--> statement-breakpoint
CREATE TRIGGER "member_round_totals_update_totals" AFTER UPDATE ON "member_round_totals"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "member_totals_follow"();
--> statement-breakpoint
CREATE TRIGGER "member_round_totals_delete_totals" AFTER DELETE ON "member_round_totals"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "member_totals_follow"();
--> statement-breakpoint
INSERT INTO "member_totals" (group_id, user_id, points, exact, goal_difference, winner, opposite, scored, rounds)
SELECT group_id, user_id, sum(points), sum(exact), sum(goal_difference), sum(winner), sum(opposite), sum(scored), count(*)
  FROM "member_round_totals" GROUP BY group_id, user_id;
