CREATE TABLE "group_match_predictions" (
	"group_id" uuid NOT NULL,
	"match_id" uuid NOT NULL,
	"shard" smallint NOT NULL,
	"predictions" integer NOT NULL,
	CONSTRAINT "group_match_predictions_group_id_match_id_shard_pk" PRIMARY KEY("group_id","match_id","shard")
);
--> statement-breakpoint
-- The counts follow the predictions: one statement-level trigger for inserts (a save's ON CONFLICT DO
-- UPDATE puts only its new rows there; changed scores fire no count) and one for deletions, each adding
-- its statement's rows grouped per (group, match, shard) in key order (two writers lock shared rows in
-- the same order). No code changes a prediction's group, match or member. Tables are named with their
-- schema: the triggers work whatever the writing session's search_path.
CREATE FUNCTION "group_match_predictions_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO public.group_match_predictions AS c (group_id, match_id, shard, predictions)
    SELECT group_id, match_id, (hashtext(user_id) & 7)::smallint, count(*) FROM new_rows
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (group_id, match_id, shard) DO UPDATE SET predictions = c.predictions + excluded.predictions;
  ELSE
    INSERT INTO public.group_match_predictions AS c (group_id, match_id, shard, predictions)
    SELECT group_id, match_id, (hashtext(user_id) & 7)::smallint, -count(*) FROM old_rows
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (group_id, match_id, shard) DO UPDATE SET predictions = c.predictions + excluded.predictions;
    DELETE FROM public.group_match_predictions c
     USING (SELECT DISTINCT group_id, match_id, (hashtext(user_id) & 7)::smallint AS shard FROM old_rows) d
     WHERE c.group_id = d.group_id AND c.match_id = d.match_id AND c.shard = d.shard AND c.predictions = 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "predictions_insert_counts" AFTER INSERT ON "predictions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "group_match_predictions_follow"();
--> statement-breakpoint
CREATE TRIGGER "predictions_delete_counts" AFTER DELETE ON "predictions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "group_match_predictions_follow"();
--> statement-breakpoint
INSERT INTO "group_match_predictions" (group_id, match_id, shard, predictions)
SELECT group_id, match_id, (hashtext(user_id) & 7)::smallint, count(*) FROM "predictions" GROUP BY 1, 2, 3;
