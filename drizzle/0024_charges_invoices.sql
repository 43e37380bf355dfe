-- Issue 37: a customer's damage and loss charges of jobs are invoiced on their own (kind charges) when no quotation
-- invoice is coming to carry them: such an invoice is on no quotation, every other kind still on its own. Charges are
-- posted to service income; an invoice and a credit note keep the part of their net that is charges (charges_net), so
-- a credit note takes back from the income the invoice credited. Invoices issued before posted their charges as
-- rental income: 0, as are their credit notes.
ALTER TABLE "credit_notes" DROP CONSTRAINT "credit_notes_amounts_check";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_kind_check";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "quotation_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "quotation_revision" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "charges_net" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "charges_net" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_amounts_check" CHECK ("credit_notes"."net_amount" >= 0 and "credit_notes"."sd_amount" >= 0 and "credit_notes"."vat_amount" >= 0 and "credit_notes"."charges_net" >= 0 and "credit_notes"."charges_net" <= "credit_notes"."net_amount");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_quotation_check" CHECK (("invoices"."kind" = 'charges') = ("invoices"."quotation_id" is null) and ("invoices"."quotation_id" is null) = ("invoices"."quotation_revision" is null));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_charges_net_check" CHECK ("invoices"."charges_net" >= 0 and "invoices"."charges_net" <= "invoices"."net_amount" and ("invoices"."kind" <> 'charges' or "invoices"."charges_net" = "invoices"."net_amount"));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_check" CHECK (kind in ('full', 'advance', 'final', 'charges'));