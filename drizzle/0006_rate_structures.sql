CREATE TABLE "rate_structures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"days_charged" integer[] NOT NULL,
	"extra_week_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_structures_name_unique" UNIQUE("name"),
	CONSTRAINT "rate_structures_days_charged_check" CHECK (cardinality("rate_structures"."days_charged") = 7),
	CONSTRAINT "rate_structures_extra_week_days_check" CHECK ("rate_structures"."extra_week_days" between 1 and 7)
);
--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "rate_structure_id" uuid;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD COLUMN "price_unit" text;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD COLUMN "days" integer;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_rate_structure_id_rate_structures_id_fk" FOREIGN KEY ("rate_structure_id") REFERENCES "public"."rate_structures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_items_rate_structure_id_idx" ON "inventory_items" USING btree ("rate_structure_id");--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_days_check" CHECK ("quotation_lines"."days" is null or "quotation_lines"."days" > 0);--> statement-breakpoint
-- Lines priced before this migration keep their totals (days null: charged once, as they were); their unit is the item's.
UPDATE "quotation_lines" SET "price_unit" = "inventory_items"."price_unit" FROM "inventory_items" WHERE "inventory_items"."id" = "quotation_lines"."inventory_item_id";
