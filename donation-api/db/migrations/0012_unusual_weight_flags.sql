-- The API's mark on a donation whose weight is unusual for its store (lib/domain/unusual-weight.ts) and how the
-- program resolved it; donations already saved are not marked after the fact.
CREATE TABLE "donation_flags" (
	"donation_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"usual_lbs" double precision,
	"flagged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_user_id" uuid,
	"resolution" text,
	"resolution_note" text
);
--> statement-breakpoint
ALTER TABLE "donation_flags" ADD CONSTRAINT "donation_flags_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_flags" ADD CONSTRAINT "donation_flags_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donation_flags_open_idx" ON "donation_flags" USING btree ("flagged_at") WHERE "donation_flags"."resolved_at" is null;