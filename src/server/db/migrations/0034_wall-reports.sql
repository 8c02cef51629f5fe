CREATE TABLE "wall_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"reporter_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "wall_reports" ADD CONSTRAINT "wall_reports_post_id_wall_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."wall_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_reports" ADD CONSTRAINT "wall_reports_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wall_reports_post_reporter_idx" ON "wall_reports" USING btree ("post_id","reporter_id");--> statement-breakpoint
CREATE INDEX "wall_reports_open_idx" ON "wall_reports" USING btree ("created_at") WHERE dismissed_at is null;