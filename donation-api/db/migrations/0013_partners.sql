CREATE TABLE "partner_access" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"retailer_id" uuid NOT NULL,
	"banner_id" uuid,
	"store_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"granted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_queries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donation_id" uuid,
	"retailer_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"date" date NOT NULL,
	"pounds" numeric NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"asked_by_user_id" uuid,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"answer" text,
	"answered_by_user_id" uuid,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "partner_statement_mail" (
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"statement_id" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_statement_mail_user_id_year_month_pk" PRIMARY KEY("user_id","year","month")
);
--> statement-breakpoint
CREATE TABLE "partner_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"retailer_id" uuid NOT NULL,
	"scope_key" text NOT NULL,
	"scope_name" text NOT NULL,
	"period" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"figures" jsonb NOT NULL,
	"pounds" numeric NOT NULL,
	"replaces_id" uuid,
	"changes" jsonb,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "store_month_totals" (
	"store_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"source" smallint NOT NULL,
	"donation_count" integer DEFAULT 0 NOT NULL,
	"pounds" numeric DEFAULT '0' NOT NULL,
	"ghg_kg_co2e" numeric DEFAULT '0' NOT NULL,
	"category_pounds" numeric[] DEFAULT '{}'::numeric[] NOT NULL,
	CONSTRAINT "store_month_totals_store_id_branch_id_year_month_source_pk" PRIMARY KEY("store_id","branch_id","year","month","source")
);
--> statement-breakpoint
ALTER TABLE "partner_access" ADD CONSTRAINT "partner_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_access" ADD CONSTRAINT "partner_access_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_access" ADD CONSTRAINT "partner_access_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_queries" ADD CONSTRAINT "partner_queries_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_queries" ADD CONSTRAINT "partner_queries_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_queries" ADD CONSTRAINT "partner_queries_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_queries" ADD CONSTRAINT "partner_queries_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_queries" ADD CONSTRAINT "partner_queries_asked_by_user_id_users_id_fk" FOREIGN KEY ("asked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_statement_mail" ADD CONSTRAINT "partner_statement_mail_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_statement_mail" ADD CONSTRAINT "partner_statement_mail_statement_id_partner_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."partner_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_statements" ADD CONSTRAINT "partner_statements_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_month_totals" ADD CONSTRAINT "store_month_totals_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_month_totals" ADD CONSTRAINT "store_month_totals_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_queries_open_line_key" ON "partner_queries" USING btree ("donation_id") WHERE "partner_queries"."status" = 'open';--> statement-breakpoint
CREATE INDEX "partner_queries_branch_idx" ON "partner_queries" USING btree ("branch_id","date");--> statement-breakpoint
CREATE INDEX "partner_queries_donation_idx" ON "partner_queries" USING btree ("donation_id","asked_at");--> statement-breakpoint
CREATE INDEX "partner_queries_retailer_idx" ON "partner_queries" USING btree ("retailer_id","asked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_statements_number_key" ON "partner_statements" USING btree ("number");--> statement-breakpoint
CREATE INDEX "partner_statements_retailer_idx" ON "partner_statements" USING btree ("retailer_id","issued_at");--> statement-breakpoint
CREATE INDEX "partner_statements_scope_idx" ON "partner_statements" USING btree ("scope_key","period","issued_at");--> statement-breakpoint
-- Per-store running totals for the retail partners' screens: the same bookkeeping as month_totals (migration 0003),
-- keyed by store and branch, in the same transaction as every write, whoever writes. category_pounds[k] holds the
-- pounds of category k (weight × share); an element never set reads as null, which the readers take as 0.
CREATE FUNCTION store_month_totals_apply(st uuid, b uuid, d date, s smallint, lbs float8, ghg float8, sign int) RETURNS void AS $$
  INSERT INTO store_month_totals AS t (store_id, branch_id, year, month, source, donation_count, pounds, ghg_kg_co2e)
  VALUES (st, b, extract(year from d)::int, extract(month from d)::int, s, sign, sign * lbs::numeric, sign * coalesce(ghg, 0)::numeric)
  ON CONFLICT (store_id, branch_id, year, month, source) DO UPDATE SET
    donation_count = t.donation_count + excluded.donation_count,
    pounds = t.pounds + excluded.pounds,
    ghg_kg_co2e = t.ghg_kg_co2e + excluded.ghg_kg_co2e;
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE FUNCTION store_month_category_apply(st uuid, b uuid, d date, s smallint, cat int, lbs float8, fraction float8, sign int) RETURNS void AS $$
  INSERT INTO store_month_totals AS t (store_id, branch_id, year, month, source, category_pounds)
  VALUES (st, b, extract(year from d)::int, extract(month from d)::int, s,
    array_fill(0::numeric, ARRAY[cat - 1]) || (sign * (lbs * fraction)::numeric))
  ON CONFLICT (store_id, branch_id, year, month, source) DO UPDATE SET
    category_pounds[cat] = coalesce(t.category_pounds[cat], 0) + sign * (lbs * fraction)::numeric;
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE FUNCTION donations_store_totals_trigger() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM store_month_totals_apply(NEW.store_id, NEW.branch_id, NEW.date, NEW.source, NEW.weight_in_pounds, NEW.ghg_kg_co2e, 1);
    RETURN NEW;
  ELSIF TG_OP = 'UPDATE' THEN
    IF (OLD.store_id, OLD.branch_id, OLD.date, OLD.source, OLD.weight_in_pounds, OLD.ghg_kg_co2e)
       IS DISTINCT FROM (NEW.store_id, NEW.branch_id, NEW.date, NEW.source, NEW.weight_in_pounds, NEW.ghg_kg_co2e) THEN
      PERFORM store_month_totals_apply(OLD.store_id, OLD.branch_id, OLD.date, OLD.source, OLD.weight_in_pounds, OLD.ghg_kg_co2e, -1);
      PERFORM store_month_totals_apply(NEW.store_id, NEW.branch_id, NEW.date, NEW.source, NEW.weight_in_pounds, NEW.ghg_kg_co2e, 1);
    END IF;
    IF (OLD.store_id, OLD.branch_id, OLD.date, OLD.source, OLD.weight_in_pounds)
       IS DISTINCT FROM (NEW.store_id, NEW.branch_id, NEW.date, NEW.source, NEW.weight_in_pounds) THEN
      PERFORM store_month_category_apply(OLD.store_id, OLD.branch_id, OLD.date, OLD.source, dc.category_id, OLD.weight_in_pounds, dc.fraction, -1)
        FROM donation_categories dc WHERE dc.donation_id = OLD.id;
      PERFORM store_month_category_apply(NEW.store_id, NEW.branch_id, NEW.date, NEW.source, dc.category_id, NEW.weight_in_pounds, dc.fraction, 1)
        FROM donation_categories dc WHERE dc.donation_id = NEW.id;
    END IF;
    RETURN NEW;
  END IF;
  -- BEFORE DELETE: the categories' own trigger subtracts their shares (donations_totals_delete deletes them while
  -- the donation row still exists); this one subtracts the donation's count, pounds and CO2e.
  PERFORM store_month_totals_apply(OLD.store_id, OLD.branch_id, OLD.date, OLD.source, OLD.weight_in_pounds, OLD.ghg_kg_co2e, -1);
  RETURN OLD;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER donations_store_totals AFTER INSERT OR UPDATE ON donations FOR EACH ROW EXECUTE FUNCTION donations_store_totals_trigger();
--> statement-breakpoint
CREATE TRIGGER donations_store_totals_delete BEFORE DELETE ON donations FOR EACH ROW EXECUTE FUNCTION donations_store_totals_trigger();
--> statement-breakpoint
CREATE FUNCTION donation_categories_store_totals_trigger() RETURNS trigger AS $$
DECLARE d record;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT store_id, branch_id, date, source, weight_in_pounds INTO d FROM donations WHERE id = OLD.donation_id;
    IF FOUND THEN
      PERFORM store_month_category_apply(d.store_id, d.branch_id, d.date, d.source, OLD.category_id, d.weight_in_pounds, OLD.fraction, -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT store_id, branch_id, date, source, weight_in_pounds INTO d FROM donations WHERE id = NEW.donation_id;
    IF FOUND THEN
      PERFORM store_month_category_apply(d.store_id, d.branch_id, d.date, d.source, NEW.category_id, d.weight_in_pounds, NEW.fraction, 1);
    END IF;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER donation_categories_store_totals AFTER INSERT OR UPDATE OR DELETE ON donation_categories FOR EACH ROW EXECUTE FUNCTION donation_categories_store_totals_trigger();
--> statement-breakpoint
-- Recomputes the per-store totals from the donations; rebuild_month_totals() (the bulk loads' and
-- `npm run admin -- rebuild-totals`' one rebuild) now rebuilds these too.
CREATE FUNCTION rebuild_store_month_totals() RETURNS void AS $$
  DELETE FROM store_month_totals;
  INSERT INTO store_month_totals (store_id, branch_id, year, month, source, donation_count, pounds, ghg_kg_co2e)
    SELECT store_id, branch_id, extract(year from date)::int, extract(month from date)::int, source,
      count(*), sum(weight_in_pounds::numeric), sum(coalesce(ghg_kg_co2e, 0)::numeric)
    FROM donations GROUP BY 1, 2, 3, 4, 5;
  WITH per AS (
    SELECT d.store_id, d.branch_id, extract(year from d.date)::int AS year, extract(month from d.date)::int AS month, d.source,
      dc.category_id, sum((d.weight_in_pounds * dc.fraction)::numeric) AS lbs
    FROM donations d JOIN donation_categories dc ON dc.donation_id = d.id GROUP BY 1, 2, 3, 4, 5, 6
  ), arrays AS (
    SELECT g.store_id, g.branch_id, g.year, g.month, g.source, array_agg(coalesce(p.lbs, 0) ORDER BY k) AS arr
    FROM (SELECT DISTINCT store_id, branch_id, year, month, source FROM per) g
    CROSS JOIN generate_series(1, (SELECT max(id) FROM categories)) k
    LEFT JOIN per p ON (p.store_id, p.branch_id, p.year, p.month, p.source, p.category_id)
      = (g.store_id, g.branch_id, g.year, g.month, g.source, k)
    GROUP BY 1, 2, 3, 4, 5
  )
  UPDATE store_month_totals t SET category_pounds = a.arr FROM arrays a
  WHERE (t.store_id, t.branch_id, t.year, t.month, t.source) = (a.store_id, a.branch_id, a.year, a.month, a.source);
$$ LANGUAGE sql;
--> statement-breakpoint
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
$$ LANGUAGE sql;
--> statement-breakpoint
SELECT rebuild_store_month_totals();
