ALTER TABLE "member_round_totals" DROP CONSTRAINT "member_round_totals_group_id_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "member_round_totals" DROP CONSTRAINT "member_round_totals_user_id_user_id_fk";
