CREATE SEQUENCE "public"."totals_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "totals_versions" (
	"branch_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "totals_versions" ADD CONSTRAINT "totals_versions_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A branch's totals version moves to a new sequence value whenever a write may change its running totals. The
-- triggers run BEFORE the row is written, so in every transaction the branch's version row is locked before any of
-- its totals rows: two writers of one branch queue on it instead of locking totals rows in opposite orders. A branch
-- being deleted (its donations go by cascade) gets no version: its row in totals_versions goes with it.
CREATE FUNCTION totals_version_bump(b uuid) RETURNS void AS $$
  INSERT INTO totals_versions AS v (branch_id, version)
    SELECT b, nextval('totals_version_seq') WHERE EXISTS (SELECT 1 FROM branches WHERE id = b)
  ON CONFLICT (branch_id) DO UPDATE SET version = excluded.version;
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE FUNCTION donations_totals_version_trigger() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM totals_version_bump(NEW.branch_id);
    RETURN NEW;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM totals_version_bump(OLD.branch_id);
    RETURN OLD;
  END IF;
  -- An update changes the totals only through these columns (donations_totals_trigger's own test).
  IF (OLD.branch_id, OLD.date, OLD.source, OLD.weight_in_pounds, OLD.ghg_kg_co2e)
     IS DISTINCT FROM (NEW.branch_id, NEW.date, NEW.source, NEW.weight_in_pounds, NEW.ghg_kg_co2e) THEN
    -- Two branches (a donation moved): always the smaller id first, so that two moves never wait on each other.
    PERFORM totals_version_bump(x) FROM (SELECT DISTINCT unnest(ARRAY[OLD.branch_id, NEW.branch_id]) AS x ORDER BY 1) s;
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Named to sort first: triggers of one timing fire in name order, and the BEFORE DELETE triggers of migrations 0003
-- and 0013 already write totals rows.
CREATE TRIGGER donations_0_totals_version BEFORE INSERT OR UPDATE OR DELETE ON donations FOR EACH ROW EXECUTE FUNCTION donations_totals_version_trigger();
--> statement-breakpoint
CREATE FUNCTION donation_categories_totals_version_trigger() RETURNS trigger AS $$
BEGIN
  PERFORM totals_version_bump(d.branch_id) FROM donations d
    WHERE d.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.donation_id ELSE NEW.donation_id END;
  IF TG_OP = 'UPDATE' AND OLD.donation_id <> NEW.donation_id THEN
    PERFORM totals_version_bump(d.branch_id) FROM donations d WHERE d.id = OLD.donation_id;
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER donation_categories_totals_version BEFORE INSERT OR UPDATE OR DELETE ON donation_categories FOR EACH ROW EXECUTE FUNCTION donation_categories_totals_version_trigger();
--> statement-breakpoint
-- The rebuild (bulk loads, `npm run admin -- rebuild-totals`) may change any branch's totals: every branch moves on.
CREATE OR REPLACE FUNCTION rebuild_month_totals() RETURNS void AS $$
  LOCK TABLE donations, donation_categories IN SHARE MODE;
  DELETE FROM month_category_totals;
  DELETE FROM month_totals;
  INSERT INTO month_totals (branch_id, year, month, source, donation_count, pounds, ghg_kg_co2e)
    SELECT branch_id, extract(year from date)::int, extract(month from date)::int, source,
      count(*), sum(weight_in_pounds::numeric), sum(coalesce(ghg_kg_co2e, 0)::numeric)
    FROM donations GROUP BY 1, 2, 3, 4;
  INSERT INTO month_category_totals (branch_id, year, month, source, category_id, row_count, pounds, shares)
    SELECT d.branch_id, extract(year from d.date)::int, extract(month from d.date)::int, d.source, dc.category_id,
      count(*), sum((d.weight_in_pounds * dc.fraction)::numeric), sum(dc.fraction::numeric)
    FROM donations d JOIN donation_categories dc ON dc.donation_id = d.id GROUP BY 1, 2, 3, 4, 5;
  SELECT rebuild_store_month_totals();
  INSERT INTO totals_versions (branch_id, version) SELECT id, nextval('totals_version_seq') FROM branches
  ON CONFLICT (branch_id) DO UPDATE SET version = excluded.version;
$$ LANGUAGE sql;
--> statement-breakpoint
INSERT INTO totals_versions (branch_id, version) SELECT id, nextval('totals_version_seq') FROM branches;
