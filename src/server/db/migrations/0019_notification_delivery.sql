ALTER TABLE "sent_notifications" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sent_notifications" ADD COLUMN "attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sent_notifications" ADD COLUMN "retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sent_notifications" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sent_notifications" ADD COLUMN "message" jsonb;--> statement-breakpoint
CREATE INDEX "sent_notifications_retry_idx" ON "sent_notifications" USING btree ("retry_at") WHERE delivered_at is null;--> statement-breakpoint
-- Notifications claimed before delivery was recorded were sent (or lost) then: none is tried again.
UPDATE "sent_notifications" SET "delivered_at" = "sent_at";
