-- The unique index on (group, user, match) becomes the primary key as it is, renamed: no index is built,
-- whatever the number of predictions. The surrogate id loses its key and index but stays one release as
-- a plain column (with its default), so instances of the previous version keep working during a rolling
-- upgrade; a later migration drops it.
ALTER TABLE "predictions" DROP CONSTRAINT "predictions_pkey";--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_group_id_user_id_match_id_pk" PRIMARY KEY USING INDEX "predictions_group_user_match_idx";
