CREATE TABLE "month_category_totals" (
	"branch_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"source" smallint NOT NULL,
	"category_id" integer NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"pounds" numeric DEFAULT '0' NOT NULL,
	"shares" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "month_category_totals_branch_id_year_month_source_category_id_pk" PRIMARY KEY("branch_id","year","month","source","category_id")
);
--> statement-breakpoint
CREATE TABLE "month_totals" (
	"branch_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"source" smallint NOT NULL,
	"donation_count" integer DEFAULT 0 NOT NULL,
	"pounds" numeric DEFAULT '0' NOT NULL,
	"ghg_kg_co2e" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "month_totals_branch_id_year_month_source_pk" PRIMARY KEY("branch_id","year","month","source")
);
--> statement-breakpoint
ALTER TABLE "month_category_totals" ADD CONSTRAINT "month_category_totals_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_category_totals" ADD CONSTRAINT "month_category_totals_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_totals" ADD CONSTRAINT "month_totals_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Running totals (issue 13): every write to donations and donation_categories adds or subtracts its share in the same
-- transaction, so the monthly report and the oversight read at most 12 × sources × categories rows per branch-year.
CREATE FUNCTION month_totals_apply(b uuid, d date, s smallint, lbs float8, ghg float8, sign int) RETURNS void AS $$
  INSERT INTO month_totals AS t (branch_id, year, month, source, donation_count, pounds, ghg_kg_co2e)
  VALUES (b, extract(year from d)::int, extract(month from d)::int, s, sign, sign * lbs::numeric, sign * coalesce(ghg, 0)::numeric)
  ON CONFLICT (branch_id, year, month, source) DO UPDATE SET
    donation_count = t.donation_count + excluded.donation_count,
    pounds = t.pounds + excluded.pounds,
    ghg_kg_co2e = t.ghg_kg_co2e + excluded.ghg_kg_co2e;
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE FUNCTION month_category_totals_apply(b uuid, d date, s smallint, cat int, lbs float8, fraction float8, sign int) RETURNS void AS $$
  INSERT INTO month_category_totals AS t (branch_id, year, month, source, category_id, row_count, pounds, shares)
  VALUES (b, extract(year from d)::int, extract(month from d)::int, s, cat, sign, sign * (lbs * fraction)::numeric, sign * fraction::numeric)
  ON CONFLICT (branch_id, year, month, source, category_id) DO UPDATE SET
    row_count = t.row_count + excluded.row_count,
    pounds = t.pounds + excluded.pounds,
    shares = t.shares + excluded.shares;
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE FUNCTION donations_totals_trigger() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM month_totals_apply(NEW.branch_id, NEW.date, NEW.source, NEW.weight_in_pounds, NEW.ghg_kg_co2e, 1);
    RETURN NEW;
  ELSIF TG_OP = 'UPDATE' THEN
    IF (OLD.branch_id, OLD.date, OLD.source, OLD.weight_in_pounds, OLD.ghg_kg_co2e)
       IS DISTINCT FROM (NEW.branch_id, NEW.date, NEW.source, NEW.weight_in_pounds, NEW.ghg_kg_co2e) THEN
      PERFORM month_totals_apply(OLD.branch_id, OLD.date, OLD.source, OLD.weight_in_pounds, OLD.ghg_kg_co2e, -1);
      PERFORM month_totals_apply(NEW.branch_id, NEW.date, NEW.source, NEW.weight_in_pounds, NEW.ghg_kg_co2e, 1);
    END IF;
    IF (OLD.branch_id, OLD.date, OLD.source, OLD.weight_in_pounds) IS DISTINCT FROM (NEW.branch_id, NEW.date, NEW.source, NEW.weight_in_pounds) THEN
      PERFORM month_category_totals_apply(OLD.branch_id, OLD.date, OLD.source, dc.category_id, OLD.weight_in_pounds, dc.fraction, -1)
        FROM donation_categories dc WHERE dc.donation_id = OLD.id;
      PERFORM month_category_totals_apply(NEW.branch_id, NEW.date, NEW.source, dc.category_id, NEW.weight_in_pounds, dc.fraction, 1)
        FROM donation_categories dc WHERE dc.donation_id = NEW.id;
    END IF;
    RETURN NEW;
  END IF;
  -- BEFORE DELETE: remove the categories first, while the donation row still exists for their trigger to read.
  DELETE FROM donation_categories WHERE donation_id = OLD.id;
  PERFORM month_totals_apply(OLD.branch_id, OLD.date, OLD.source, OLD.weight_in_pounds, OLD.ghg_kg_co2e, -1);
  RETURN OLD;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER donations_totals AFTER INSERT OR UPDATE ON donations FOR EACH ROW EXECUTE FUNCTION donations_totals_trigger();
--> statement-breakpoint
CREATE TRIGGER donations_totals_delete BEFORE DELETE ON donations FOR EACH ROW EXECUTE FUNCTION donations_totals_trigger();
--> statement-breakpoint
CREATE FUNCTION donation_categories_totals_trigger() RETURNS trigger AS $$
DECLARE d record;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT branch_id, date, source, weight_in_pounds INTO d FROM donations WHERE id = OLD.donation_id;
    IF FOUND THEN
      PERFORM month_category_totals_apply(d.branch_id, d.date, d.source, OLD.category_id, d.weight_in_pounds, OLD.fraction, -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT branch_id, date, source, weight_in_pounds INTO d FROM donations WHERE id = NEW.donation_id;
    IF FOUND THEN
      PERFORM month_category_totals_apply(d.branch_id, d.date, d.source, NEW.category_id, d.weight_in_pounds, NEW.fraction, 1);
    END IF;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER donation_categories_totals AFTER INSERT OR UPDATE OR DELETE ON donation_categories FOR EACH ROW EXECUTE FUNCTION donation_categories_totals_trigger();
--> statement-breakpoint
-- Recomputes both tables from the donations (the migration's backfill, and `npm run admin -- rebuild-totals`).
CREATE FUNCTION rebuild_month_totals() RETURNS void AS $$
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
$$ LANGUAGE sql;
--> statement-breakpoint
SELECT rebuild_month_totals();
