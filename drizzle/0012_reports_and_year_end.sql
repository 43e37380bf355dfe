CREATE TABLE "year_end_closes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fiscal_year" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"result" numeric(14, 2) NOT NULL,
	"closing_entry_id" uuid NOT NULL,
	"closed_by" uuid,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reopen_entry_id" uuid,
	"reopened_by" uuid,
	"reopened_at" timestamp with time zone,
	"reopen_reason" text,
	CONSTRAINT "year_end_closes_range_check" CHECK ("year_end_closes"."period_end" > "year_end_closes"."period_start"),
	CONSTRAINT "year_end_closes_reopen_check" CHECK (("year_end_closes"."reopened_at" is null and "year_end_closes"."reopen_entry_id" is null and "year_end_closes"."reopen_reason" is null) or ("year_end_closes"."reopened_at" is not null and "year_end_closes"."reopen_entry_id" is not null and "year_end_closes"."reopen_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_source_check";--> statement-breakpoint
ALTER TABLE "tax_records" DROP CONSTRAINT "tax_records_source_check";--> statement-breakpoint
ALTER TABLE "tax_records" DROP CONSTRAINT "tax_records_amounts_check";--> statement-breakpoint
ALTER TABLE "accounting_settings" ADD COLUMN "fiscal_year_start_month" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "chart_of_accounts" ADD COLUMN "cash_flow_activity" text;--> statement-breakpoint
ALTER TABLE "year_end_closes" ADD CONSTRAINT "year_end_closes_closing_entry_id_journal_entries_id_fk" FOREIGN KEY ("closing_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_end_closes" ADD CONSTRAINT "year_end_closes_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_end_closes" ADD CONSTRAINT "year_end_closes_reopen_entry_id_journal_entries_id_fk" FOREIGN KEY ("reopen_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "year_end_closes" ADD CONSTRAINT "year_end_closes_reopened_by_users_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "year_end_closes_closed_unique" ON "year_end_closes" USING btree ("fiscal_year") WHERE "year_end_closes"."reopened_at" is null;--> statement-breakpoint
CREATE INDEX "year_end_closes_period_idx" ON "year_end_closes" USING btree ("period_start","period_end");--> statement-breakpoint
CREATE INDEX "year_end_closes_closing_entry_id_idx" ON "year_end_closes" USING btree ("closing_entry_id");--> statement-breakpoint
CREATE INDEX "year_end_closes_reopen_entry_id_idx" ON "year_end_closes" USING btree ("reopen_entry_id");--> statement-breakpoint
CREATE INDEX "year_end_closes_closed_by_idx" ON "year_end_closes" USING btree ("closed_by");--> statement-breakpoint
CREATE INDEX "year_end_closes_reopened_by_idx" ON "year_end_closes" USING btree ("reopened_by");--> statement-breakpoint
ALTER TABLE "accounting_settings" ADD CONSTRAINT "accounting_settings_fiscal_year_start_check" CHECK ("accounting_settings"."fiscal_year_start_month" between 1 and 12);--> statement-breakpoint
ALTER TABLE "chart_of_accounts" ADD CONSTRAINT "chart_of_accounts_cash_flow_activity_check" CHECK (cash_flow_activity is null or (cash_flow_activity in ('operating', 'investing', 'financing') and type in ('asset', 'liability', 'equity') and payment_method is null));--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_source_check" CHECK (source_type in ('manual', 'transaction', 'receivable', 'payable', 'settlement', 'reversal', 'invoice', 'customer_payment', 'credit_note', 'tax_record', 'tax_deposit', 'vat_close', 'payroll_run', 'payslip', 'bank_statement', 'bank_transaction', 'year_end_close'));--> statement-breakpoint
ALTER TABLE "tax_records" ADD CONSTRAINT "tax_records_source_check" CHECK (source_type in ('manual', 'invoice', 'credit_note', 'customer_payment', 'transaction', 'reversal'));--> statement-breakpoint
ALTER TABLE "tax_records" ADD CONSTRAINT "tax_records_amounts_check" CHECK ("tax_records"."source_type" in ('credit_note', 'reversal') or ("tax_records"."taxable_amount" >= 0 and "tax_records"."tax_amount" >= 0));--> statement-breakpoint
-- An install seeded before this migration: the seeded chart's long-lived assets are investing, the loan financing
-- (app/db/seed/accounting.ts says the same for a new one); every other account keeps its type's default (null).
UPDATE "chart_of_accounts" SET "cash_flow_activity" = 'investing'
  WHERE "code" IN ('1500', '1510', '1520', '1530', '1600') AND "type" = 'asset' AND "payment_method" IS NULL;--> statement-breakpoint
UPDATE "chart_of_accounts" SET "cash_flow_activity" = 'financing' WHERE "code" = '2400' AND "type" = 'liability';--> statement-breakpoint
-- The role a year-end close posts to, on the seeded Retained Earnings account where the install has one.
INSERT INTO "account_roles" ("role", "account_id")
  SELECT 'equity.retained_earnings', a."id" FROM "chart_of_accounts" a WHERE a."code" = '3100' AND a."type" = 'equity'
  ON CONFLICT ("role") DO NOTHING;--> statement-breakpoint
-- Nothing is posted inside a closed fiscal year but its closing entry and, on reopening, that entry's mirror. A close
-- being written takes the accounting settings row FOR UPDATE, as the lock date does, so a posting either commits
-- before the close reads the year's balances or waits for it and is refused.
CREATE FUNCTION "journal_entries_closed_year"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE closed_year integer;
BEGIN
  IF NEW."status" = 'posted' AND NEW."source_type" <> 'year_end_close' THEN
    -- The settings row first, FOR SHARE (triggers run in name order: this one before journal_entries_lock_date, which
    -- takes it too): a close being written holds it FOR UPDATE, so this waits and then sees the close.
    PERFORM 1 FROM "accounting_settings" s WHERE s."id" = 1 FOR SHARE;
    SELECT c."fiscal_year" INTO closed_year FROM "year_end_closes" c
     WHERE c."reopened_at" IS NULL AND NEW."entry_date" BETWEEN c."period_start" AND c."period_end" LIMIT 1;
    IF closed_year IS NOT NULL THEN
      RAISE EXCEPTION 'journal entry dated % is in the closed fiscal year %', NEW."entry_date", closed_year
        USING ERRCODE = '23514', CONSTRAINT = 'journal_entry_closed_year';
    END IF;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "journal_entries_closed_year" BEFORE INSERT OR UPDATE ON "journal_entries"
  FOR EACH ROW EXECUTE FUNCTION "journal_entries_closed_year"();
