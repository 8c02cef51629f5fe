CREATE TABLE "member_season_totals" (
	"group_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"exact" integer DEFAULT 0 NOT NULL,
	"goal_difference" integer DEFAULT 0 NOT NULL,
	"winner" integer DEFAULT 0 NOT NULL,
	"opposite" integer DEFAULT 0 NOT NULL,
	"scored" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_season_totals_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "season_total_marks" (
	"league_id" uuid PRIMARY KEY NOT NULL,
	"through_round" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "season_total_marks" ADD CONSTRAINT "season_total_marks_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- member_season_totals follows member_round_totals in the same statement, whoever writes them (folding,
-- a rebuild, a member removed, a reset): the rows written at or below their league's mark add their
-- difference to the member's season row (in key order, as migration 0028: two writers never wait on each
-- other in a circle), under the advisory lock (7240613, 0), taken shared before the statement touches a
-- row (the BEFORE trigger below: a writer never holds a row a move could wait for before it has the lock),
-- which src/server/modules/scoring/season-totals.ts takes exclusive to move a mark. A statement whose rounds
-- all come after every league's mark stops after one look at its rows. Rows of groups no longer there take
-- their season rows with them. Tables are named with their schema, as in 0025.
CREATE FUNCTION "member_round_totals_season"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    WHEN 'INSERT' THEN 'SELECT group_id, user_id, round_order, points, exact, goal_difference, winner, opposite, scored FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT group_id, user_id, round_order, -points, -exact, -goal_difference, -winner, -opposite, -scored FROM old_rows'
    ELSE 'SELECT group_id, user_id, round_order, points, exact, goal_difference, winner, opposite, scored FROM new_rows
          UNION ALL SELECT group_id, user_id, round_order, -points, -exact, -goal_difference, -winner, -opposite, -scored FROM old_rows'
  END;
  EXECUTE format('
    WITH changed (group_id, user_id, round_order, points, exact, goal_difference, winner, opposite, scored) AS (%s),
    marks AS (
      SELECT g.id AS group_id, k.through_round
        FROM public.groups g JOIN public.season_total_marks k ON k.league_id = g.league_id
       WHERE g.id IN (SELECT DISTINCT group_id FROM changed)
    ),
    delta AS (
      SELECT c.group_id, c.user_id, sum(c.points)::int AS points, sum(c.exact)::int AS exact,
             sum(c.goal_difference)::int AS goal_difference, sum(c.winner)::int AS winner,
             sum(c.opposite)::int AS opposite, sum(c.scored)::int AS scored
        FROM changed c JOIN marks k ON k.group_id = c.group_id AND c.round_order <= k.through_round
       GROUP BY c.group_id, c.user_id
    )
    INSERT INTO public.member_season_totals AS s (group_id, user_id, points, exact, goal_difference, winner, opposite, scored)
    SELECT group_id, user_id, points, exact, goal_difference, winner, opposite, scored FROM delta
     ORDER BY group_id, user_id
    ON CONFLICT (group_id, user_id) DO UPDATE
       SET points = s.points + excluded.points, exact = s.exact + excluded.exact,
           goal_difference = s.goal_difference + excluded.goal_difference, winner = s.winner + excluded.winner,
           opposite = s.opposite + excluded.opposite, scored = s.scored + excluded.scored', changed);
  IF TG_OP = 'DELETE' THEN
    -- A season row back at zero is the same as none: removed members and reset groups leave nothing, nor
    -- do groups no longer there.
    DELETE FROM public.member_season_totals s
     USING (SELECT DISTINCT group_id, user_id FROM old_rows) o
     WHERE s.group_id = o.group_id AND s.user_id = o.user_id
       AND ((s.points, s.exact, s.goal_difference, s.winner, s.opposite, s.scored) = (0, 0, 0, 0, 0, 0)
            OR NOT EXISTS (SELECT 1 FROM public.groups g WHERE g.id = s.group_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "member_round_totals_season_insert" AFTER INSERT ON "member_round_totals"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "member_round_totals_season"();
--> statement-breakpoint
CREATE TRIGGER "member_round_totals_season_update" AFTER UPDATE ON "member_round_totals"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "member_round_totals_season"();
--> statement-breakpoint
CREATE TRIGGER "member_round_totals_season_delete" AFTER DELETE ON "member_round_totals"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "member_round_totals_season"();
--> statement-breakpoint
CREATE FUNCTION "member_round_totals_season_lock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7240613, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "member_round_totals_season_lock" BEFORE INSERT OR UPDATE OR DELETE ON "member_round_totals"
  FOR EACH STATEMENT EXECUTE FUNCTION "member_round_totals_season_lock"();
