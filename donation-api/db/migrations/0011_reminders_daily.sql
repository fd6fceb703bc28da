-- A reminder goes out at most once a day per branch (or coordinator), month and kind, whoever sends it: sent_on is
-- the day in the program's time zone (America/Toronto, APP_TIME_ZONE's default, for the rows already there).
ALTER TABLE "reminders_sent" ADD COLUMN "sent_on" date;--> statement-breakpoint
-- Rows sent twice on a day before this key existed: the first keeps its day, the others keep sent_on null (the
-- unique key does not compare nulls), so the history of what was sent is not lost.
UPDATE "reminders_sent" SET "sent_on" = ("sent_at" at time zone 'America/Toronto')::date
WHERE "id" IN (
  SELECT DISTINCT ON ("kind", "year", "month", "recipient_key", ("sent_at" at time zone 'America/Toronto')::date) "id"
  FROM "reminders_sent"
  ORDER BY "kind", "year", "month", "recipient_key", ("sent_at" at time zone 'America/Toronto')::date, "sent_at", "id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_sent_daily_key" ON "reminders_sent" USING btree ("kind","year","month","recipient_key","sent_on");--> statement-breakpoint
-- A branch owes its reports from the month it joined the program (branches.created_at). A branch whose rows were
-- copied from the previous system has donations or submitted months older than its row: it had joined by then.
UPDATE "branches" b SET "created_at" = f."joined"
FROM (
  SELECT "branch_id", min("day") AS "joined" FROM (
    SELECT "branch_id", ("date"::timestamp at time zone 'America/Toronto') AS "day" FROM "donations"
    UNION ALL
    SELECT "branch_id", (make_date("year", "month", 1)::timestamp at time zone 'America/Toronto') FROM "month_submissions"
  ) a GROUP BY "branch_id"
) f
WHERE f."branch_id" = b."id" AND f."joined" < b."created_at";
