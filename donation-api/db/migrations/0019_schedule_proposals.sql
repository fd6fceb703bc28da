-- A branch lead's proposed change of a store's pickup schedule (docs/product.md, Pickups): add, change or end a slot,
-- with a note; the program approves it (the change is made then) or declines it with a reason.
CREATE TABLE "schedule_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"slot_id" uuid,
	"slot" jsonb,
	"ends_on" date,
	"note" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"requested_by" text NOT NULL,
	"requested_by_user_id" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"applied_slot_id" uuid,
	CONSTRAINT "schedule_proposals_kind_check" CHECK ("kind" in ('add', 'change', 'end')),
	CONSTRAINT "schedule_proposals_status_check" CHECK ("status" in ('open', 'approved', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "schedule_proposals" ADD CONSTRAINT "schedule_proposals_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_proposals" ADD CONSTRAINT "schedule_proposals_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_proposals" ADD CONSTRAINT "schedule_proposals_slot_id_pickup_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."pickup_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_proposals_status_idx" ON "schedule_proposals" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "schedule_proposals_branch_idx" ON "schedule_proposals" USING btree ("branch_id","requested_at");
