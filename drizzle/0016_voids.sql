ALTER TABLE "tax_deposits" DROP CONSTRAINT "tax_deposits_challan_unique";--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "void_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "voided_by" uuid;--> statement-breakpoint
ALTER TABLE "tax_records" ADD COLUMN "reversal_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "tax_records" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "tax_records" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tax_records" ADD COLUMN "reversed_by" uuid;--> statement-breakpoint
ALTER TABLE "customer_payments" ADD COLUMN "void_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "customer_payments" ADD COLUMN "void_date" date;--> statement-breakpoint
ALTER TABLE "customer_payments" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "customer_payments" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_payments" ADD COLUMN "voided_by" uuid;--> statement-breakpoint
ALTER TABLE "tax_deposits" ADD COLUMN "reversal_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "tax_deposits" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "tax_deposits" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tax_deposits" ADD COLUMN "reversed_by" uuid;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_void_entry_id_journal_entries_id_fk" FOREIGN KEY ("void_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_records" ADD CONSTRAINT "tax_records_reversal_entry_id_journal_entries_id_fk" FOREIGN KEY ("reversal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_records" ADD CONSTRAINT "tax_records_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_payments" ADD CONSTRAINT "customer_payments_void_entry_id_journal_entries_id_fk" FOREIGN KEY ("void_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_payments" ADD CONSTRAINT "customer_payments_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_deposits" ADD CONSTRAINT "tax_deposits_reversal_entry_id_journal_entries_id_fk" FOREIGN KEY ("reversal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_deposits" ADD CONSTRAINT "tax_deposits_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settlements_void_entry_id_idx" ON "settlements" USING btree ("void_entry_id");--> statement-breakpoint
CREATE INDEX "settlements_voided_by_idx" ON "settlements" USING btree ("voided_by");--> statement-breakpoint
CREATE INDEX "tax_records_reversal_entry_id_idx" ON "tax_records" USING btree ("reversal_entry_id");--> statement-breakpoint
CREATE INDEX "tax_records_reversed_by_idx" ON "tax_records" USING btree ("reversed_by");--> statement-breakpoint
CREATE INDEX "customer_payments_void_entry_id_idx" ON "customer_payments" USING btree ("void_entry_id");--> statement-breakpoint
CREATE INDEX "customer_payments_voided_by_idx" ON "customer_payments" USING btree ("voided_by");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_deposits_challan_unique" ON "tax_deposits" USING btree ("kind","challan_no") WHERE "tax_deposits"."reversed_at" is null;--> statement-breakpoint
CREATE INDEX "tax_deposits_reversal_entry_id_idx" ON "tax_deposits" USING btree ("reversal_entry_id");--> statement-breakpoint
CREATE INDEX "tax_deposits_reversed_by_idx" ON "tax_deposits" USING btree ("reversed_by");--> statement-breakpoint
-- Settlements whose entry the General Ledger reversed before voids were kept: their reversal, who posted it, and when.
UPDATE "settlements" SET "void_entry_id" = r."id", "void_reason" = 'Reversed in the General Ledger', "voided_at" = "settlements"."reversed_at", "voided_by" = r."created_by"
FROM "journal_entries" r
WHERE r."reverses_id" = "settlements"."journal_entry_id" AND "settlements"."reversed_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_void_check" CHECK (("settlements"."void_entry_id" is null and "settlements"."void_reason" is null and "settlements"."voided_at" is null and "settlements"."reversed_at" is null) or ("settlements"."void_entry_id" is not null and "settlements"."void_reason" is not null and "settlements"."voided_at" is not null and "settlements"."reversed_at" is not null));--> statement-breakpoint
ALTER TABLE "tax_records" ADD CONSTRAINT "tax_records_reversal_check" CHECK (("tax_records"."reversal_entry_id" is null and "tax_records"."reversal_reason" is null and "tax_records"."reversed_at" is null) or ("tax_records"."source_type" = 'manual' and "tax_records"."reversal_reason" is not null and "tax_records"."reversed_at" is not null and ("tax_records"."reversal_entry_id" is null) = ("tax_records"."journal_entry_id" is null)));--> statement-breakpoint
ALTER TABLE "customer_payments" ADD CONSTRAINT "customer_payments_void_check" CHECK (("customer_payments"."void_entry_id" is null and "customer_payments"."void_date" is null and "customer_payments"."void_reason" is null and "customer_payments"."voided_at" is null) or ("customer_payments"."void_entry_id" is not null and "customer_payments"."void_date" is not null and "customer_payments"."void_reason" is not null and "customer_payments"."voided_at" is not null));--> statement-breakpoint
ALTER TABLE "tax_deposits" ADD CONSTRAINT "tax_deposits_reversal_check" CHECK (("tax_deposits"."reversal_entry_id" is null and "tax_deposits"."reversal_reason" is null and "tax_deposits"."reversed_at" is null) or ("tax_deposits"."reversal_entry_id" is not null and "tax_deposits"."reversal_reason" is not null and "tax_deposits"."reversed_at" is not null));