CREATE TABLE "results_notice_rounds" (
	"group_id" uuid NOT NULL,
	"round_order" integer NOT NULL,
	"noticed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "results_notice_rounds_group_id_round_order_pk" PRIMARY KEY("group_id","round_order")
);
--> statement-breakpoint
ALTER TABLE "results_notice_rounds" ADD CONSTRAINT "results_notice_rounds_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "results_notice_rounds_noticed_idx" ON "results_notice_rounds" USING btree ("noticed_at");