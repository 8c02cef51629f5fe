ALTER TABLE "matches" ADD COLUMN "round_slot" integer;--> statement-breakpoint
ALTER TABLE "member_round_totals" ADD COLUMN "scored_bits" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_round_totals" ADD COLUMN "hit_bits" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each match's slot in its round: 0, 1, 2 … in kickoff order for the matches there are.
UPDATE "matches" SET "round_slot" = s.slot
  FROM (SELECT id, (row_number() OVER (PARTITION BY league_id, round_order ORDER BY kickoff, id) - 1)::int AS slot FROM "matches") s
 WHERE "matches".id = s.id;
--> statement-breakpoint
CREATE UNIQUE INDEX "matches_league_round_slot_idx" ON "matches" USING btree ("league_id","round_order","round_slot");--> statement-breakpoint
-- New matches, and matches moved to another round or league, take the next slot of their round (never a
-- slot another match of the round holds or held). One writer per league at a time (a transaction-level
-- advisory lock, namespace 7240612), so concurrent inserts never pick the same slot.
CREATE FUNCTION "matches_assign_round_slot"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.round_order IS DISTINCT FROM OLD.round_order OR NEW.league_id IS DISTINCT FROM OLD.league_id THEN
    PERFORM pg_advisory_xact_lock(7240612, hashtext(NEW.league_id::text));
    SELECT coalesce(max(round_slot) + 1, 0) INTO NEW.round_slot
      FROM "matches" WHERE league_id = NEW.league_id AND round_order = NEW.round_order AND id <> NEW.id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "matches_round_slot" BEFORE INSERT OR UPDATE OF round_order, league_id ON "matches"
  FOR EACH ROW EXECUTE FUNCTION "matches_assign_round_slot"();
--> statement-breakpoint
-- The streak masks of the existing totals, from the predictions at the result snapshots the totals hold
-- them at (as src/server/modules/scoring/consistency.ts computes them): bit round_slot (below 64) set in
-- scored_bits for a counted prediction, and in hit_bits when it earned more than 0 points.
UPDATE "member_round_totals" t SET "scored_bits" = b.scored_bits, "hit_bits" = b.hit_bits
  FROM (
    SELECT x.group_id, x.round_order, x.user_id,
           coalesce(bit_or(x.mask) FILTER (WHERE x.outcome IS NOT NULL AND x.outcome <> 'void'), 0) AS scored_bits,
           coalesce(bit_or(x.mask) FILTER (WHERE (CASE x.outcome WHEN 'exact' THEN x.scoring_exact WHEN 'goal_difference' THEN x.scoring_goal_difference
                                                   WHEN 'winner' THEN x.scoring_winner WHEN 'opposite' THEN x.scoring_opposite ELSE 0 END) > 0), 0) AS hit_bits
      FROM (
        SELECT p.group_id, p.user_id, m.round_order, (1::bigint << m.round_slot) AS mask,
               g.scoring_exact, g.scoring_goal_difference, g.scoring_winner, g.scoring_opposite,
               CASE
                 WHEN h.status IN ('postponed', 'cancelled') THEN 'void'
                 WHEN h.status IS DISTINCT FROM 'finished' OR c.home IS NULL OR c.away IS NULL THEN NULL
                 WHEN p.home_goals = c.home AND p.away_goals = c.away THEN 'exact'
                 WHEN p.home_goals - p.away_goals = c.home - c.away THEN 'goal_difference'
                 WHEN sign(p.home_goals - p.away_goals) = sign(c.home - c.away) THEN 'winner'
                 WHEN sign(p.home_goals - p.away_goals) = -sign(c.home - c.away) AND c.home <> c.away THEN 'opposite'
                 ELSE 'miss'
               END AS outcome
          FROM "predictions" p
          JOIN "matches" m ON m.id = p.match_id
          JOIN "groups" g ON g.id = p.group_id
          LEFT JOIN "scoring_queue" q ON q.match_id = p.match_id
          LEFT JOIN "scoring_results" h ON h.match_id = p.match_id AND h.version = (CASE
            WHEN q.match_id IS NULL THEN m.result_version
            WHEN q.to_version IS NOT NULL AND (p.group_id, p.user_id) <= (q.cursor_group, q.cursor_user) THEN q.to_version
            ELSE q.from_version END)
          CROSS JOIN LATERAL (
            SELECT CASE WHEN h.stage = 'knockout' AND g.knockout_basis = 'extra_time' AND h.home_goals_extra_time IS NOT NULL AND h.away_goals_extra_time IS NOT NULL
                        THEN h.home_goals_extra_time ELSE h.home_goals END AS home,
                   CASE WHEN h.stage = 'knockout' AND g.knockout_basis = 'extra_time' AND h.home_goals_extra_time IS NOT NULL AND h.away_goals_extra_time IS NOT NULL
                        THEN h.away_goals_extra_time ELSE h.away_goals END AS away
          ) c
         WHERE m.round_slot < 64
      ) x
     GROUP BY x.group_id, x.round_order, x.user_id
  ) b
 WHERE t.group_id = b.group_id AND t.round_order = b.round_order AND t.user_id = b.user_id;
