-- Issue 13 (the year export): the keyset pages read a branch's donations ordered by (date, created_at, id). With an
-- index on (branch_id, date) only, every page sorted its dates' rows again (an incremental sort). This index serves
-- the pages as a plain range, and its (branch_id, date) prefix serves every read the old index did, so it replaces it.
CREATE INDEX "donations_branch_date_created_idx" ON "donations" USING btree ("branch_id","date","created_at","id");--> statement-breakpoint
DROP INDEX "donations_branch_date_idx";
