ALTER TABLE "member_round_totals" ADD COLUMN "jokers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_season_totals" ADD COLUMN "jokers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "predictions_match_jokers_idx" ON "predictions" USING btree ("match_id","group_id","user_id") WHERE joker;--> statement-breakpoint
-- Jokers played are folded like the other figures: member_round_totals.jokers counts a member's counted
-- predictions (finished with a score, not void) that carry their joker, at the same held snapshots, and the
-- season rows follow (the trigger of migration 0029, now with the new column).
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
             sum(c.opposite)::int AS opposite, sum(c.scored)::int AS scored, sum(c.jokers)::int AS jokers
        FROM changed c JOIN marks k ON k.group_id = c.group_id AND c.round_order <= k.through_round
       GROUP BY c.group_id, c.user_id
    )
    INSERT INTO public.member_season_totals AS s (group_id, user_id, points, exact, goal_difference, winner, opposite, scored, jokers)
    SELECT group_id, user_id, points, exact, goal_difference, winner, opposite, scored, jokers FROM delta
     ORDER BY group_id, user_id
    ON CONFLICT (group_id, user_id) DO UPDATE
       SET points = s.points + excluded.points, exact = s.exact + excluded.exact,
           goal_difference = s.goal_difference + excluded.goal_difference, winner = s.winner + excluded.winner,
           opposite = s.opposite + excluded.opposite, scored = s.scored + excluded.scored,
           jokers = s.jokers + excluded.jokers', changed);
  IF TG_OP = 'DELETE' THEN
    -- A season row back at zero is the same as none: removed members and reset groups leave nothing, nor
    -- do groups no longer there.
    DELETE FROM public.member_season_totals s
     USING (SELECT DISTINCT group_id, user_id FROM old_rows) o
     WHERE s.group_id = o.group_id AND s.user_id = o.user_id
       AND ((s.points, s.exact, s.goal_difference, s.winner, s.opposite, s.scored, s.jokers) = (0, 0, 0, 0, 0, 0, 0)
            OR NOT EXISTS (SELECT 1 FROM public.groups g WHERE g.id = s.group_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The existing totals, at the snapshots they hold (the snapshot of the match's current result unless it is
-- queued for folding: src/server/modules/scoring/scoring-sql.ts heldVersionSql, as consistency.ts reads
-- them). The trigger above carries each round's change into its season row.
UPDATE "member_round_totals" t SET "jokers" = c.n
  FROM (
    SELECT p.group_id, p.user_id, m.round_order, count(*)::int AS n
      FROM "predictions" p
      JOIN "matches" m ON m.id = p.match_id
      LEFT JOIN "scoring_queue" q ON q.match_id = p.match_id
      LEFT JOIN "scoring_results" h ON h.match_id = p.match_id AND h.version = (CASE
        WHEN q.match_id IS NULL THEN m.result_version
        WHEN q.to_version IS NOT NULL AND (p.group_id, p.user_id) <= (q.cursor_group, q.cursor_user) THEN q.to_version
        ELSE q.from_version END)
     WHERE p.joker
       AND coalesce(h.status = 'finished' AND h.home_goals IS NOT NULL AND h.away_goals IS NOT NULL, false)
     GROUP BY p.group_id, p.user_id, m.round_order
  ) c
 WHERE t.group_id = c.group_id AND t.user_id = c.user_id AND t.round_order = c.round_order;
