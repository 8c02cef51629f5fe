CREATE TYPE "public"."bonus_answer_kind" AS ENUM('team', 'teams', 'number', 'choice');--> statement-breakpoint
CREATE TYPE "public"."bonus_resolution" AS ENUM('data', 'admin');--> statement-breakpoint
CREATE TABLE "bonus_answers" (
	"question_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"group_id" uuid NOT NULL,
	"answer" jsonb NOT NULL,
	"points" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_answers_question_id_user_id_pk" PRIMARY KEY("question_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "bonus_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"league_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"preset" text,
	"text" text,
	"answer" "bonus_answer_kind" NOT NULL,
	"subject" jsonb NOT NULL,
	"points" integer NOT NULL,
	"picks" integer,
	"near_points" integer,
	"near_within" integer,
	"options" jsonb,
	"closes_at" timestamp with time zone NOT NULL,
	"solution" jsonb,
	"resolution" "bonus_resolution",
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_bonus_totals" (
	"group_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_bonus_totals_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "bonus_answers" ADD CONSTRAINT "bonus_answers_question_id_bonus_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."bonus_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_answers" ADD CONSTRAINT "bonus_answers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_answers" ADD CONSTRAINT "bonus_answers_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_questions" ADD CONSTRAINT "bonus_questions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_questions" ADD CONSTRAINT "bonus_questions_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_bonus_totals" ADD CONSTRAINT "member_bonus_totals_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_bonus_totals" ADD CONSTRAINT "member_bonus_totals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_answers_group_user_idx" ON "bonus_answers" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE INDEX "bonus_questions_group_idx" ON "bonus_questions" USING btree ("group_id","position");--> statement-breakpoint
CREATE INDEX "bonus_questions_league_idx" ON "bonus_questions" USING btree ("league_id");