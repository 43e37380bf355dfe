-- The back office searches items by any part of their name, description or tags (issue 9): one trigram index
-- over one lower-cased text. The function is immutable (array_to_string of text[] does not depend on settings),
-- so it can be indexed; queries call it with the same arguments.
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
ALTER TABLE "inventory_package_parts" ADD CONSTRAINT "inventory_package_parts_package_item_id_inventory_items_id_fk" FOREIGN KEY ("package_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_package_parts" ADD CONSTRAINT "inventory_package_parts_part_item_id_inventory_items_id_fk" FOREIGN KEY ("part_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_package_parts_part_idx" ON "inventory_package_parts" USING btree ("part_item_id");--> statement-breakpoint
CREATE INDEX "inventory_items_category_sort_idx" ON "inventory_items" USING btree ((case "category" when 'accessories' then 0 when 'branding' then 1 when 'climate' then 2 when 'decoration' then 3 when 'furniture' then 4 when 'led' then 5 when 'lighting' then 6 when 'photo' then 7 when 'power' then 8 when 'sound' then 9 when 'fx' then 10 when 'stage' then 11 when 'truss' then 12 when 'video' then 13 else 14 end),lower("name"));--> statement-breakpoint
CREATE INDEX "inventory_items_search_idx" ON "inventory_items" USING gin (inventory_search_text("name", "description", "tags") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inventory_items_name_idx" ON "inventory_items" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "inventory_items_category_idx" ON "inventory_items" USING btree ("category",lower("name"));--> statement-breakpoint
CREATE INDEX "inventory_items_status_idx" ON "inventory_items" USING btree ("status",lower("name"));--> statement-breakpoint
CREATE INDEX "inventory_items_source_idx" ON "inventory_items" USING btree ("source",lower("name"));--> statement-breakpoint
CREATE INDEX "inventory_items_group_idx" ON "inventory_items" USING btree ("inventory_group",lower("name"));--> statement-breakpoint
CREATE INDEX "inventory_items_price_idx" ON "inventory_items" USING btree ("price",lower("name"));--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_units_under_repair_check" CHECK ("inventory_items"."units_under_repair" >= 0 and "inventory_items"."units_under_repair" <= "inventory_items"."quantity");