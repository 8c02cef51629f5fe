CREATE TABLE "results_notice_rounds" (
	"group_id" uuid NOT NULL,
	"round_order" integer NOT NULL,
	"results_key" text NOT NULL,
	"noticed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "results_notice_rounds_group_id_round_order_pk" PRIMARY KEY("group_id","round_order")
);
--> statement-breakpoint
CREATE INDEX "results_notice_rounds_noticed_idx" ON "results_notice_rounds" USING btree ("noticed_at");