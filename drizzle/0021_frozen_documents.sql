-- Issue 37 (money error 7): a tax invoice, a credit note and a payslip print the seller as it was when issued, never
-- Settings > Company as it is later. Documents issued before this get the company's details as they are now (the
-- closest record there is), then every new one is given its own at issue.
ALTER TABLE "payslips" ADD COLUMN "seller" jsonb;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "seller" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "event_name" text;--> statement-breakpoint
UPDATE "payslips" SET "seller" = (SELECT jsonb_build_object('name', c."name", 'address', c."address",
    'phones', to_jsonb(c."phones"), 'emails', to_jsonb(c."emails"), 'vatRegistrationNumber', c."vat_registration_number")
  FROM "company_settings" c WHERE c."id" = 1) WHERE "seller" IS NULL;--> statement-breakpoint
UPDATE "credit_notes" SET "seller" = (SELECT jsonb_build_object('name', c."name", 'address', c."address",
    'phones', to_jsonb(c."phones"), 'emails', to_jsonb(c."emails"), 'vatRegistrationNumber', c."vat_registration_number")
  FROM "company_settings" c WHERE c."id" = 1) WHERE "seller" IS NULL;--> statement-breakpoint
UPDATE "invoices" SET "seller" = (SELECT jsonb_build_object('name', c."name", 'address', c."address",
    'phones', to_jsonb(c."phones"), 'emails', to_jsonb(c."emails"), 'vatRegistrationNumber', c."vat_registration_number")
  FROM "company_settings" c WHERE c."id" = 1) WHERE "seller" IS NULL;--> statement-breakpoint
UPDATE "invoices" i SET "event_name" = q."event_name" FROM "quotations" q WHERE q."id" = i."quotation_id";--> statement-breakpoint
ALTER TABLE "payslips" ALTER COLUMN "seller" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ALTER COLUMN "seller" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "seller" SET NOT NULL;
