-- Predictions lose their three foreign keys (decision 011). Their checks ran three queries per inserted
-- row, a quarter to two fifths of a batch of saves on the embedded database; the save's statement now
-- locks the group, membership and match rows it writes for FOR KEY SHARE, once per statement, as those
-- checks locked them once per row. Their cascades become the statement-level triggers below: deleting a
-- group, an account or a match (by the app, by a league's cascade to its matches, by hand) still deletes
-- its predictions in the same statement. The table is named with its schema, as the cascades named it:
-- the triggers work whatever the deleting session's search_path.
ALTER TABLE "predictions" DROP CONSTRAINT "predictions_group_id_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "predictions" DROP CONSTRAINT "predictions_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "predictions" DROP CONSTRAINT "predictions_match_id_matches_id_fk";
--> statement-breakpoint
CREATE FUNCTION "predictions_of_deleted_groups"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM public.predictions p USING deleted_rows d WHERE p.group_id = d.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "groups_delete_predictions" AFTER DELETE ON "groups"
  REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION "predictions_of_deleted_groups"();
--> statement-breakpoint
CREATE FUNCTION "predictions_of_deleted_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM public.predictions p USING deleted_rows d WHERE p.user_id = d.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "user_delete_predictions" AFTER DELETE ON "user"
  REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION "predictions_of_deleted_users"();
--> statement-breakpoint
CREATE FUNCTION "predictions_of_deleted_matches"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM public.predictions p USING deleted_rows d WHERE p.match_id = d.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "matches_delete_predictions" AFTER DELETE ON "matches"
  REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION "predictions_of_deleted_matches"();
