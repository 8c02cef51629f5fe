DROP TABLE "member_totals" CASCADE;--> statement-breakpoint
ALTER TABLE "predictions" DROP COLUMN "points";--> statement-breakpoint
ALTER TABLE "predictions" DROP COLUMN "outcome";--> statement-breakpoint
ALTER TABLE "predictions" DROP COLUMN "scored_version";--> statement-breakpoint
ALTER TABLE "scoring_queue" DROP COLUMN "version";