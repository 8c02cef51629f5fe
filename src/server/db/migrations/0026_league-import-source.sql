ALTER TABLE "leagues" ADD COLUMN "import_ref" text;--> statement-breakpoint
ALTER TABLE "leagues" ADD COLUMN "import_time_zone" text;--> statement-breakpoint
ALTER TABLE "leagues" ADD COLUMN "imported_at" timestamp with time zone;