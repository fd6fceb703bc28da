CREATE TABLE "manifests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"retailer_id" uuid NOT NULL,
	"source" text NOT NULL,
	"file_name" text,
	"file_hash" text NOT NULL,
	"line_count" integer NOT NULL,
	"new_line_count" integer NOT NULL,
	"uploaded_by" text,
	"uploaded_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manifest_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manifest_id" uuid NOT NULL,
	"retailer_id" uuid NOT NULL,
	"store_id" uuid,
	"store_number" text NOT NULL,
	"date" date NOT NULL,
	"weight" double precision NOT NULL,
	"weight_unit" smallint NOT NULL,
	"weight_in_pounds" double precision NOT NULL,
	"categories" jsonb,
	"line_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manifest_mappings" (
	"retailer_id" uuid PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "manifests" ADD CONSTRAINT "manifests_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifest_lines" ADD CONSTRAINT "manifest_lines_manifest_id_manifests_id_fk" FOREIGN KEY ("manifest_id") REFERENCES "public"."manifests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifest_lines" ADD CONSTRAINT "manifest_lines_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifest_lines" ADD CONSTRAINT "manifest_lines_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifest_mappings" ADD CONSTRAINT "manifest_mappings_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "manifests_retailer_hash_key" ON "manifests" USING btree ("retailer_id","file_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "manifest_lines_retailer_key" ON "manifest_lines" USING btree ("retailer_id","line_key");--> statement-breakpoint
CREATE INDEX "manifest_lines_store_date_idx" ON "manifest_lines" USING btree ("store_id","date");--> statement-breakpoint
CREATE INDEX "manifest_lines_retailer_date_idx" ON "manifest_lines" USING btree ("retailer_id","date");--> statement-breakpoint
-- The program's weight tolerance for reconciliation, in percent (docs/rules.md, Manifests).
INSERT INTO "app_settings" ("key", "value") VALUES ('manifest_tolerance_percent', '10'::jsonb) ON CONFLICT DO NOTHING;
