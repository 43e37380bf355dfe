-- Issue 37: an invoice's supplementary duty, like its VAT, may come a paisa below 0 on a final invoice whose advances'
-- rounding took a little more SD than the lines' own (four lines of 4 paisa at 10%: no SD in all, 1 paisa on a 50%
-- advance); 0023 refused it, a 500 on issuing such a final. Its total is still the sum and more than 0.
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_total_check";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_total_check" CHECK ("invoices"."total" = "invoices"."net_amount" + "invoices"."sd_amount" + "invoices"."vat_amount" and "invoices"."total" > 0);