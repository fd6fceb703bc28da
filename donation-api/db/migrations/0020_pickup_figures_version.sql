CREATE TABLE "pickup_figures_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "pickup_figures_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- The version moves on at the commit of every transaction that wrote a table the pickup reliability reads. At the
-- commit, not at the write: a transaction then takes this row's lock after every other lock it holds (a donation's
-- totals version among them, migration 0014), so two writers never wait on each other in opposite orders. Once per
-- transaction: the first row's trigger marks the transaction (a setting local to it) and the others return at once.
CREATE FUNCTION pickup_figures_version_bump() RETURNS trigger AS $$
BEGIN
  IF current_setting('rfp.pickup_figures_bumped', true) = 'yes' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('rfp.pickup_figures_bumped', 'yes', true);
  UPDATE pickup_figures_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER pickup_figures_version AFTER INSERT OR UPDATE OR DELETE ON pickup_slots DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pickup_figures_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER pickup_figures_version AFTER INSERT OR UPDATE OR DELETE ON pickup_pauses DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pickup_figures_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER pickup_figures_version AFTER INSERT OR UPDATE OR DELETE ON pickup_outcomes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pickup_figures_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER pickup_figures_version AFTER INSERT OR UPDATE OR DELETE ON pickup_donations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pickup_figures_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER pickup_figures_version AFTER INSERT OR UPDATE OR DELETE ON branches DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pickup_figures_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER pickup_figures_version AFTER INSERT OR UPDATE OR DELETE ON stores DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pickup_figures_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER pickup_figures_version AFTER INSERT OR UPDATE OR DELETE ON banners DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pickup_figures_version_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER pickup_figures_version AFTER INSERT OR UPDATE OR DELETE ON retailers DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pickup_figures_version_bump();
