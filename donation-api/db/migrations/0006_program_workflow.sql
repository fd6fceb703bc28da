CREATE TABLE "reminders_sent" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"branch_id" uuid,
	"recipient_key" text NOT NULL,
	"recipients" text[] NOT NULL,
	"sent_by" text NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reopen_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"reason" text NOT NULL,
	"requested_by_user_id" uuid,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by_user_id" uuid,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"answer" text
);
--> statement-breakpoint
CREATE TABLE "submission_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"submitted_by" text,
	"submitted_by_user_id" uuid,
	"comments" text,
	"front_lbs" double precision NOT NULL,
	"back_lbs" double precision NOT NULL,
	"donation_count" integer NOT NULL,
	"category_lbs" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminders_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reopen_requests" ADD CONSTRAINT "reopen_requests_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reopen_requests" ADD CONSTRAINT "reopen_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reopen_requests" ADD CONSTRAINT "reopen_requests_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_history" ADD CONSTRAINT "submission_history_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_history" ADD CONSTRAINT "submission_history_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_sent_once_key" ON "reminders_sent" USING btree ("kind","year","month","recipient_key") WHERE manual = false;--> statement-breakpoint
CREATE INDEX "reminders_sent_month_idx" ON "reminders_sent" USING btree ("year","month");--> statement-breakpoint
CREATE INDEX "reopen_requests_month_idx" ON "reopen_requests" USING btree ("branch_id","year","month");--> statement-breakpoint
CREATE UNIQUE INDEX "reopen_requests_one_open_key" ON "reopen_requests" USING btree ("branch_id","year","month") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "reopen_requests_status_idx" ON "reopen_requests" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "submission_history_month_idx" ON "submission_history" USING btree ("branch_id","year","month","submitted_at");--> statement-breakpoint
CREATE INDEX "audit_log_branch_at_idx" ON "audit_log" USING btree ("branch_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
-- Backfill: months submitted before submissions were kept get one history row with today's totals.
INSERT INTO "submission_history" ("branch_id", "year", "month", "submitted_at", "submitted_by", "submitted_by_user_id", "comments", "front_lbs", "back_lbs", "donation_count", "category_lbs")
SELECT ms.branch_id, ms.year, ms.month, coalesce(ms.submitted_at, now()), ms.submitted_by,
  (SELECT u.id FROM users u WHERE u.id = ms.submitted_by_user_id), ms.comments,
  coalesce(t.front, 0), coalesce(t.back, 0), coalesce(t.n, 0), coalesce(c.cats, '{}'::jsonb)
FROM month_submissions ms
LEFT JOIN LATERAL (
  SELECT sum(d.weight_in_pounds) FILTER (WHERE d.source = 1)::float8 AS front, sum(d.weight_in_pounds) FILTER (WHERE d.source = 0)::float8 AS back, count(*)::int AS n
  FROM donations d
  WHERE d.branch_id = ms.branch_id AND d.date >= make_date(ms.year, ms.month, 1) AND d.date < make_date(ms.year, ms.month, 1) + interval '1 month'
) t ON true
LEFT JOIN LATERAL (
  SELECT jsonb_object_agg(x.category_id::text, x.lbs) AS cats FROM (
    SELECT dc.category_id, sum(d.weight_in_pounds * dc.fraction)::float8 AS lbs
    FROM donations d JOIN donation_categories dc ON dc.donation_id = d.id
    WHERE d.branch_id = ms.branch_id AND d.date >= make_date(ms.year, ms.month, 1) AND d.date < make_date(ms.year, ms.month, 1) + interval '1 month'
    GROUP BY dc.category_id
  ) x
) c ON true
WHERE ms.submitted;
