-- The version of migration 0020 now also keeps a retail partner's figures (partners/partner-figures-cache.ts): they read
-- the same slowly changing tables (branches, stores, banners, retailers) and three more, which now move it on too: which
-- food bank serves which store, the month submissions (a partner's figures count submitted months only) and the food
-- categories (their names and their split). One row for both answers: two rows taken at the commit in different orders
-- by two transactions could deadlock, one row cannot.
ALTER TABLE "pickup_figures_version" RENAME TO "figures_version";
--> statement-breakpoint
ALTER FUNCTION pickup_figures_version_bump() RENAME TO figures_version_bump;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION figures_version_bump() RETURNS trigger AS $$
BEGIN
  IF current_setting('rfp.figures_version_bumped', true) = 'yes' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('rfp.figures_version_bumped', 'yes', true);
  UPDATE figures_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
ALTER TRIGGER pickup_figures_version ON pickup_slots RENAME TO figures_version;
--> statement-breakpoint
ALTER TRIGGER pickup_figures_version ON pickup_pauses RENAME TO figures_version;
--> statement-breakpoint
ALTER TRIGGER pickup_figures_version ON pickup_outcomes RENAME TO figures_version;
--> statement-breakpoint
ALTER TRIGGER pickup_figures_version ON pickup_donations RENAME TO figures_version;
--> statement-breakpoint
ALTER TRIGGER pickup_figures_version ON branches RENAME TO figures_version;
--> statement-breakpoint
ALTER TRIGGER pickup_figures_version ON stores RENAME TO figures_version;
--> statement-breakpoint
ALTER TRIGGER pickup_figures_version ON banners RENAME TO figures_version;
--> statement-breakpoint
ALTER TRIGGER pickup_figures_version ON retailers RENAME TO figures_version;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER figures_version AFTER INSERT OR UPDATE OR DELETE ON branch_stores DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION figures_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER figures_version AFTER INSERT OR UPDATE OR DELETE ON month_submissions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION figures_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER figures_version AFTER INSERT OR UPDATE OR DELETE ON categories DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION figures_version_bump();
--> statement-breakpoint
-- A donation moved to another store changes the per-store totals (migration 0013) but not its branch's month totals:
-- its branch's totals version (migration 0014) now moves on for it too, since a partner's figures read that version.
CREATE OR REPLACE FUNCTION donations_totals_version_trigger() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM totals_version_bump(NEW.branch_id);
    RETURN NEW;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM totals_version_bump(OLD.branch_id);
    RETURN OLD;
  END IF;
  -- An update changes the running totals (per branch or per store) only through these columns.
  IF (OLD.branch_id, OLD.store_id, OLD.date, OLD.source, OLD.weight_in_pounds, OLD.ghg_kg_co2e)
     IS DISTINCT FROM (NEW.branch_id, NEW.store_id, NEW.date, NEW.source, NEW.weight_in_pounds, NEW.ghg_kg_co2e) THEN
    -- Two branches (a donation moved): always the smaller id first, so that two moves never wait on each other.
    PERFORM totals_version_bump(x) FROM (SELECT DISTINCT unnest(ARRAY[OLD.branch_id, NEW.branch_id]) AS x ORDER BY 1) s;
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
