-- The daily digest of unrecorded pickups (docs/rules.md, The daily digest of unrecorded pickups): one row per
-- branch and day, taken in the transaction that sends the digest, so that several servers send it once.
CREATE TABLE "pickup_digests_sent" (
	"branch_id" uuid NOT NULL,
	"sent_on" date NOT NULL,
	"recipients" text[] NOT NULL,
	"pickups" smallint NOT NULL,
	"sent_by" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pickup_digests_sent_branch_id_sent_on_pk" PRIMARY KEY("branch_id","sent_on")
);
--> statement-breakpoint
ALTER TABLE "pickup_digests_sent" ADD CONSTRAINT "pickup_digests_sent_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;
