CREATE TYPE "public"."replay_state" AS ENUM('running', 'paused', 'stopped', 'finished');--> statement-breakpoint
CREATE TABLE "replays" (
	"league_id" uuid PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"speed" double precision NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"paused_ms" bigint DEFAULT 0 NOT NULL,
	"paused_at" timestamp with time zone,
	"state" "replay_state" DEFAULT 'running' NOT NULL,
	"plan" jsonb NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"ticked_at" timestamp with time zone,
	"digest" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "live" jsonb;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "goals" jsonb;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "simulated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "replays" ADD CONSTRAINT "replays_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A simulated member of the demo exists for its group only: the membership gone (left, removed, or the
-- group or league deleted), the account goes too, in the same statement.
CREATE FUNCTION simulated_members_leave() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "user" u USING profiles p
   WHERE p.user_id = u.id AND p.simulated AND u.id IN (SELECT user_id FROM gone)
     AND NOT EXISTS (SELECT 1 FROM group_members m WHERE m.user_id = u.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER simulated_members_leave AFTER DELETE ON group_members
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION simulated_members_leave();
