CREATE TABLE "wall_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"author_id" text,
	"match_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wall_reactions" (
	"post_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"reaction" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wall_reactions_post_id_user_id_reaction_pk" PRIMARY KEY("post_id","user_id","reaction")
);
--> statement-breakpoint
CREATE TABLE "wall_reads" (
	"group_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wall_reads_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "wall_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "wall_posts" ADD CONSTRAINT "wall_posts_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_posts" ADD CONSTRAINT "wall_posts_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_posts" ADD CONSTRAINT "wall_posts_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_reactions" ADD CONSTRAINT "wall_reactions_post_id_wall_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."wall_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_reactions" ADD CONSTRAINT "wall_reactions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_reads" ADD CONSTRAINT "wall_reads_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wall_reads" ADD CONSTRAINT "wall_reads_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wall_posts_group_time_idx" ON "wall_posts" USING btree ("group_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wall_posts_match_time_idx" ON "wall_posts" USING btree ("group_id","match_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE match_id is not null;--> statement-breakpoint
CREATE INDEX "wall_posts_author_time_idx" ON "wall_posts" USING btree ("author_id","created_at");--> statement-breakpoint
-- A post is 1–1,000 characters (src/domain/wall.ts WALL_POST_MAX_CHARS, counted as code points); a reaction one of the six.
ALTER TABLE "wall_posts" ADD CONSTRAINT "wall_posts_body_length_check" CHECK (char_length("body") BETWEEN 1 AND 1000);--> statement-breakpoint
ALTER TABLE "wall_reactions" ADD CONSTRAINT "wall_reactions_reaction_check" CHECK ("reaction" IN ('thumbs_up', 'heart', 'laugh', 'wow', 'sad', 'ball'));
