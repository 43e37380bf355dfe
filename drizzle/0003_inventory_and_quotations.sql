-- Issue 9 (inventory) and issue 10 (quotations).
-- The back office searches items by any part of their name, description or tags: one trigram index over one
-- lower-cased text, a stored generated column (search_text). The function is immutable (array_to_string of
-- text[] does not depend on settings), so a generated column can use it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION inventory_search_text(name text, description text, tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(coalesce(name, '') || ' ' || coalesce(description, '') || ' ' || coalesce(array_to_string(tags, ' '), '')) $$;--> statement-breakpoint
CREATE TABLE "inventory_package_parts" (
	"package_item_id" uuid NOT NULL,
	"part_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inventory_package_parts_package_item_id_part_item_id_pk" PRIMARY KEY("package_item_id","part_item_id"),
	CONSTRAINT "inventory_package_parts_quantity_check" CHECK ("inventory_package_parts"."quantity" > 0),
	CONSTRAINT "inventory_package_parts_not_itself_check" CHECK ("inventory_package_parts"."package_item_id" <> "inventory_package_parts"."part_item_id")
);
--> statement-breakpoint
CREATE TABLE "quotation_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quotation_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"discount" numeric(14, 2) NOT NULL,
	"vat_rate_percent" numeric(5, 2) NOT NULL,
	"vat_amount" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"event_date" date NOT NULL,
	"rental_end_date" date NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"sent_by_user_id" uuid,
	"sent_by_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotation_revisions_quotation_revision_unique" UNIQUE("quotation_id","revision"),
	CONSTRAINT "quotation_revisions_revision_check" CHECK ("quotation_revisions"."revision" > 0),
	CONSTRAINT "quotation_revisions_money_check" CHECK ("quotation_revisions"."subtotal" >= 0 and "quotation_revisions"."discount" >= 0 and "quotation_revisions"."vat_amount" >= 0 and "quotation_revisions"."total" >= 0)
);
--> statement-breakpoint
DROP INDEX "inventory_items_name_idx";--> statement-breakpoint
DROP INDEX "inventory_items_category_idx";--> statement-breakpoint
DROP INDEX "inventory_items_status_idx";--> statement-breakpoint
DROP INDEX "inventory_items_source_idx";--> statement-breakpoint
DROP INDEX "inventory_items_group_idx";--> statement-breakpoint
DROP INDEX "inventory_items_price_idx";--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "uploaded_images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "units_under_repair" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "repair_return_date" date;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "search_text" text GENERATED ALWAYS AS (inventory_search_text(name, description, tags)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "rental_end_date" date;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "discount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "vat_rate_percent" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The link's token is kept only as its SHA-256 from now on (nothing was sent before this version).
ALTER TABLE "quotations" DROP COLUMN "secure_link_token";--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "secure_link_token_hash" text;--> statement-breakpoint
ALTER TABLE "inventory_package_parts" ADD CONSTRAINT "inventory_package_parts_package_item_id_inventory_items_id_fk" FOREIGN KEY ("package_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_package_parts" ADD CONSTRAINT "inventory_package_parts_part_item_id_inventory_items_id_fk" FOREIGN KEY ("part_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_revisions" ADD CONSTRAINT "quotation_revisions_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_revisions" ADD CONSTRAINT "quotation_revisions_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_package_parts_part_idx" ON "inventory_package_parts" USING btree ("part_item_id");--> statement-breakpoint
CREATE INDEX "quotation_revisions_sent_by_user_id_idx" ON "quotation_revisions" USING btree ("sent_by_user_id");--> statement-breakpoint
CREATE INDEX "inventory_items_category_sort_idx" ON "inventory_items" USING btree ((case "category" when 'accessories' then 0 when 'branding' then 1 when 'climate' then 2 when 'decoration' then 3 when 'furniture' then 4 when 'led' then 5 when 'lighting' then 6 when 'photo' then 7 when 'power' then 8 when 'sound' then 9 when 'fx' then 10 when 'stage' then 11 when 'truss' then 12 when 'video' then 13 else 14 end),lower("name"),"id","name") WHERE "inventory_items"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "inventory_items_search_idx" ON "inventory_items" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotations_approved_period_idx" ON "quotations" USING btree ("event_date",coalesce("rental_end_date", "event_date")) WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "inventory_items_name_idx" ON "inventory_items" USING btree (lower("name"),"id","name") WHERE "inventory_items"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "inventory_items_category_idx" ON "inventory_items" USING btree ("category",lower("name"),"id","name") WHERE "inventory_items"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "inventory_items_status_idx" ON "inventory_items" USING btree ("status",lower("name"),"id","name") WHERE "inventory_items"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "inventory_items_source_idx" ON "inventory_items" USING btree ("source",lower("name"),"id","name") WHERE "inventory_items"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "inventory_items_group_idx" ON "inventory_items" USING btree ("inventory_group",lower("name"),"id","name") WHERE "inventory_items"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "inventory_items_price_idx" ON "inventory_items" USING btree ("price",lower("name"),"id","name") WHERE "inventory_items"."archived_at" is null;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_secure_link_token_hash_unique" UNIQUE("secure_link_token_hash");--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_units_under_repair_check" CHECK ("inventory_items"."units_under_repair" >= 0 and "inventory_items"."units_under_repair" <= "inventory_items"."quantity");--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_discount_check" CHECK ("quotations"."discount" >= 0);--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_vat_rate_check" CHECK ("quotations"."vat_rate_percent" >= 0 and "quotations"."vat_rate_percent" <= 100);--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_rental_period_check" CHECK ("quotations"."rental_end_date" is null or "quotations"."rental_end_date" >= "quotations"."event_date");--> statement-breakpoint
CREATE INDEX "inventory_items_archived_idx" ON "inventory_items" USING btree (lower("name"),"id") WHERE "inventory_items"."archived_at" is not null;--> statement-breakpoint
CREATE INDEX "quotations_email_lower_idx" ON "quotations" USING btree (lower("email"));
