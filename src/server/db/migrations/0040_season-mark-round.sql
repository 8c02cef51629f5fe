-- The season lock (src/server/modules/scoring/season-totals.ts SEASON_LOCK_KEY) exclusive first, as a move
-- of a mark takes it, before the rows' table: writers (and an older instance moving a mark) take it before
-- they touch member_season_totals, so the other order could deadlock with them.
SELECT pg_advisory_xact_lock(7240613, 0);--> statement-breakpoint
ALTER TABLE "member_season_totals" ADD COLUMN "mark_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_season_totals" ADD COLUMN "mark_exact" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_season_totals" ADD COLUMN "mark_goal_difference" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_season_totals" ADD COLUMN "mark_winner" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_season_totals" ADD COLUMN "mark_opposite" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A season row also holds its mark round's own figures (mark_*), so that a ranking whose latest finished
-- round is the mark reads one row per member (src/server/modules/groups/ranking.ts). The trigger of
-- migration 0029 (redefined in 0037) keeps them with the sums, whoever writes the round totals.
CREATE OR REPLACE FUNCTION "member_round_totals_season"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
  lowest int;
  mark int;
BEGIN
  -- Taken before the statement touched a row (member_round_totals_season_lock); again here, at no cost.
  PERFORM pg_advisory_xact_lock_shared(7240613, 0);
  SELECT max(through_round) INTO mark FROM public.season_total_marks;
  -- No league has a mark: there are no season rows.
  IF mark IS NULL THEN
    RETURN NULL;
  END IF;
  -- An update keeps a row's group and round (the key): the new rows alone name them.
  EXECUTE format('SELECT min(round_order) FROM %s', CASE TG_OP WHEN 'DELETE' THEN 'old_rows' ELSE 'new_rows' END) INTO lowest;
  -- Rounds after every league's mark (folding the round being played, with every league at the same
  -- stage): nothing more to do. Otherwise each row is compared with its own league's mark below.
  IF lowest IS NULL OR lowest > mark THEN
    RETURN NULL;
  END IF;
  changed := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT group_id, user_id, round_order, points, exact, goal_difference, winner, opposite, scored, jokers FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT group_id, user_id, round_order, -points, -exact, -goal_difference, -winner, -opposite, -scored, -jokers FROM old_rows'
    ELSE 'SELECT group_id, user_id, round_order, points, exact, goal_difference, winner, opposite, scored, jokers FROM new_rows
          UNION ALL SELECT group_id, user_id, round_order, -points, -exact, -goal_difference, -winner, -opposite, -scored, -jokers FROM old_rows'
  END;
  EXECUTE format('
    WITH changed (group_id, user_id, round_order, points, exact, goal_difference, winner, opposite, scored, jokers) AS (%s),
    marks AS (
      SELECT g.id AS group_id, k.through_round
        FROM public.groups g JOIN public.season_total_marks k ON k.league_id = g.league_id
       WHERE g.id IN (SELECT DISTINCT group_id FROM changed)
    ),
    delta AS (
      SELECT c.group_id, c.user_id, sum(c.points)::int AS points, sum(c.exact)::int AS exact,
             sum(c.goal_difference)::int AS goal_difference, sum(c.winner)::int AS winner,
             sum(c.opposite)::int AS opposite, sum(c.scored)::int AS scored, sum(c.jokers)::int AS jokers,
             coalesce(sum(c.points) FILTER (WHERE c.round_order = k.through_round), 0)::int AS mark_points,
             coalesce(sum(c.exact) FILTER (WHERE c.round_order = k.through_round), 0)::int AS mark_exact,
             coalesce(sum(c.goal_difference) FILTER (WHERE c.round_order = k.through_round), 0)::int AS mark_goal_difference,
             coalesce(sum(c.winner) FILTER (WHERE c.round_order = k.through_round), 0)::int AS mark_winner,
             coalesce(sum(c.opposite) FILTER (WHERE c.round_order = k.through_round), 0)::int AS mark_opposite
        FROM changed c JOIN marks k ON k.group_id = c.group_id AND c.round_order <= k.through_round
       GROUP BY c.group_id, c.user_id
    )
    INSERT INTO public.member_season_totals AS s (group_id, user_id, points, exact, goal_difference, winner, opposite, scored, jokers,
                                                  mark_points, mark_exact, mark_goal_difference, mark_winner, mark_opposite)
    SELECT group_id, user_id, points, exact, goal_difference, winner, opposite, scored, jokers,
           mark_points, mark_exact, mark_goal_difference, mark_winner, mark_opposite FROM delta
     ORDER BY group_id, user_id
    ON CONFLICT (group_id, user_id) DO UPDATE
       SET points = s.points + excluded.points, exact = s.exact + excluded.exact,
           goal_difference = s.goal_difference + excluded.goal_difference, winner = s.winner + excluded.winner,
           opposite = s.opposite + excluded.opposite, scored = s.scored + excluded.scored,
           jokers = s.jokers + excluded.jokers,
           mark_points = s.mark_points + excluded.mark_points, mark_exact = s.mark_exact + excluded.mark_exact,
           mark_goal_difference = s.mark_goal_difference + excluded.mark_goal_difference,
           mark_winner = s.mark_winner + excluded.mark_winner, mark_opposite = s.mark_opposite + excluded.mark_opposite', changed);
  IF TG_OP = 'DELETE' THEN
    -- A season row back at zero is the same as none: removed members and reset groups leave nothing, nor
    -- do groups no longer there.
    DELETE FROM public.member_season_totals s
     USING (SELECT DISTINCT group_id, user_id FROM old_rows) o
     WHERE s.group_id = o.group_id AND s.user_id = o.user_id
       AND ((s.points, s.exact, s.goal_difference, s.winner, s.opposite, s.scored, s.jokers,
             s.mark_points, s.mark_exact, s.mark_goal_difference, s.mark_winner, s.mark_opposite) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            OR NOT EXISTS (SELECT 1 FROM public.groups g WHERE g.id = s.group_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The existing rows' mark rounds (under the season lock taken first).
UPDATE "member_season_totals" s
   SET "mark_points" = t.points, "mark_exact" = t.exact, "mark_goal_difference" = t.goal_difference,
       "mark_winner" = t.winner, "mark_opposite" = t.opposite
  FROM "member_round_totals" t, "groups" g, "season_total_marks" k
 WHERE g.id = s.group_id AND k.league_id = g.league_id
   AND t.group_id = s.group_id AND t.user_id = s.user_id AND t.round_order = k.through_round;
