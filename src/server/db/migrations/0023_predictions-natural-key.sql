-- The surrogate id goes (its primary key with it); the unique index on (group, user, match) becomes the
-- primary key as it is, renamed: no index is built, whatever the number of predictions.
ALTER TABLE "predictions" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_group_id_user_id_match_id_pk" PRIMARY KEY USING INDEX "predictions_group_user_match_idx";
