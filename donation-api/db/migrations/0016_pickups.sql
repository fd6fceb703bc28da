-- Pickups (docs/product.md, Pickups): a store's pickup slots, the pauses that skip them, what a branch recorded for a
-- scheduled pickup other than a donation, and which donation was the pickup. A scheduled pickup is not a row: it is
-- a slot on one of its dates (lib/domain/pickups.ts), so that a schedule changed today changes no past row.
CREATE TABLE "pickup_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"backup_branch_id" uuid,
	"weekdays" smallint[] NOT NULL,
	"window_start" text NOT NULL,
	"window_end" text NOT NULL,
	"every_weeks" smallint DEFAULT 1 NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pickup_slots_every_weeks_check" CHECK ("every_weeks" in (1, 2)),
	CONSTRAINT "pickup_slots_dates_check" CHECK ("ends_on" is null or "ends_on" >= "starts_on")
);
--> statement-breakpoint
CREATE TABLE "pickup_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pickup_pauses_dates_check" CHECK ("ends_on" >= "starts_on")
);
--> statement-breakpoint
CREATE TABLE "pickup_outcomes" (
	"slot_id" uuid NOT NULL,
	"pickup_date" date NOT NULL,
	"branch_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"reason_text" text,
	"recorded_by_user_id" uuid,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pickup_outcomes_slot_id_pickup_date_pk" PRIMARY KEY("slot_id","pickup_date"),
	CONSTRAINT "pickup_outcomes_outcome_check" CHECK ("outcome" in ('no_food', 'missed'))
);
--> statement-breakpoint
CREATE TABLE "pickup_donations" (
	"donation_id" uuid PRIMARY KEY NOT NULL,
	"slot_id" uuid NOT NULL,
	"pickup_date" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pickup_slots" ADD CONSTRAINT "pickup_slots_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_slots" ADD CONSTRAINT "pickup_slots_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_slots" ADD CONSTRAINT "pickup_slots_backup_branch_id_branches_id_fk" FOREIGN KEY ("backup_branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_pauses" ADD CONSTRAINT "pickup_pauses_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_outcomes" ADD CONSTRAINT "pickup_outcomes_slot_id_pickup_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."pickup_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_outcomes" ADD CONSTRAINT "pickup_outcomes_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_donations" ADD CONSTRAINT "pickup_donations_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_donations" ADD CONSTRAINT "pickup_donations_slot_id_pickup_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."pickup_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pickup_slots_store_idx" ON "pickup_slots" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "pickup_slots_branch_idx" ON "pickup_slots" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "pickup_slots_backup_branch_idx" ON "pickup_slots" USING btree ("backup_branch_id");--> statement-breakpoint
CREATE INDEX "pickup_pauses_store_idx" ON "pickup_pauses" USING btree ("store_id","starts_on");--> statement-breakpoint
CREATE INDEX "pickup_donations_slot_idx" ON "pickup_donations" USING btree ("slot_id","pickup_date");
