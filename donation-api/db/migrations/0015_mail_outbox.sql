-- The mail outbox (docs/decisions/0024-mail-outbox.md): a queued row is sent by the sender job once a transport
-- exists, retried with a growing wait, and marked dead after the last attempt. `error` stays the last error.
ALTER TABLE "sent_mail" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sent_mail" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sent_mail" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sent_mail" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sent_mail" ADD COLUMN "reply_to" text;--> statement-breakpoint
-- Mail kept while no SMTP_URL was set is sent at the next tick once one is; a sign-in code kept that way is long
-- expired (10 minutes): it is not sent.
UPDATE "sent_mail" SET "status" = 'expired' WHERE "status" = 'outbox' AND "kind" = 'login-challenge';--> statement-breakpoint
UPDATE "sent_mail" SET "next_attempt_at" = "created_at" WHERE "status" = 'outbox';--> statement-breakpoint
UPDATE "sent_mail" SET "sent_at" = "created_at", "attempts" = 1 WHERE "status" = 'sent';--> statement-breakpoint
CREATE INDEX "sent_mail_due_idx" ON "sent_mail" USING btree ("next_attempt_at") WHERE "status" = 'outbox';--> statement-breakpoint
CREATE INDEX "sent_mail_status_idx" ON "sent_mail" USING btree ("status", "created_at");
