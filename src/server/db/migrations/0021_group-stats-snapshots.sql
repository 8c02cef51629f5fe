CREATE TABLE "group_stats_snapshots" (
	"group_id" uuid PRIMARY KEY NOT NULL,
	"stats" text NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_stats_snapshots" ADD CONSTRAINT "group_stats_snapshots_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;