CREATE TABLE "league_provider_standings" (
	"league_id" uuid PRIMARY KEY NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"tables" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "league_provider_standings" ADD CONSTRAINT "league_provider_standings_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;