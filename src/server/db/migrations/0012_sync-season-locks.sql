ALTER TABLE "leagues" ADD COLUMN "sync_season" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "locked_by_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "leagues_sync_link_idx" ON "leagues" USING btree ("sync_provider","sync_ref","sync_season") WHERE sync_provider is not null and sync_season is not null;