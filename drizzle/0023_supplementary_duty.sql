-- Issue 37: a tax invoice (Mushak-6.3) prints each line's unit of supply and its supplementary duty (SD), rate and
-- amount; VAT is charged on the value and the SD. Items carry an SD rate (0 for rental unless set); invoices, their
-- lines, credit notes and their lines keep the SD they charged or took back. Existing documents charged none: 0.
-- The SD is posted to its own liability, the role sd.payable on 2130 Supplementary Duty Payable, added to a chart
-- seeded before (a chart whose 2130 is something else keeps it, and the role waits for Settings > Accounting).
ALTER TABLE "credit_note_lines" DROP CONSTRAINT "credit_note_lines_amounts_check";--> statement-breakpoint
ALTER TABLE "credit_notes" DROP CONSTRAINT "credit_notes_total_check";--> statement-breakpoint
ALTER TABLE "credit_notes" DROP CONSTRAINT "credit_notes_amounts_check";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_total_check";--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "sd_rate_percent" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD COLUMN "sd_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "sd_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "unit_of_supply" text;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "sd_rate_percent" numeric(5, 2) DEFAULT '0';--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "sd_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sd_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_sd_rate_check" CHECK ("inventory_items"."sd_rate_percent" >= 0 and "inventory_items"."sd_rate_percent" <= 500);--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_amounts_check" CHECK ("credit_note_lines"."value" >= 0 and "credit_note_lines"."sd_amount" >= 0 and "credit_note_lines"."vat_amount" >= 0);--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_total_check" CHECK ("credit_notes"."total" = "credit_notes"."net_amount" + "credit_notes"."sd_amount" + "credit_notes"."vat_amount" and "credit_notes"."total" > 0);--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_amounts_check" CHECK ("credit_notes"."net_amount" >= 0 and "credit_notes"."sd_amount" >= 0 and "credit_notes"."vat_amount" >= 0);--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_sd_rate_check" CHECK ("invoice_lines"."sd_rate_percent" is null or ("invoice_lines"."sd_rate_percent" >= 0 and "invoice_lines"."sd_rate_percent" <= 500));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_total_check" CHECK ("invoices"."total" = "invoices"."net_amount" + "invoices"."sd_amount" + "invoices"."vat_amount" and "invoices"."total" > 0 and "invoices"."sd_amount" >= 0);--> statement-breakpoint
INSERT INTO "chart_of_accounts" ("code", "name", "type", "description")
  SELECT '2130', 'Supplementary Duty Payable', 'liability', 'SD charged on tax invoices, due to NBR'
  WHERE EXISTS (SELECT 1 FROM "chart_of_accounts")
  ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
INSERT INTO "account_roles" ("role", "account_id")
  SELECT 'sd.payable', a."id" FROM "chart_of_accounts" a WHERE a."code" = '2130' AND a."type" = 'liability'
  ON CONFLICT ("role") DO NOTHING;
