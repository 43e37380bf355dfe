ALTER TABLE "account_roles" ADD COLUMN "documents_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Issue 36. A role locked to documents only in Settings > Accounting: its account is kept by the documents that post
-- to it (invoices, payments, payroll, tax records), so a manual journal or a bank transaction posting there is
-- refused when it is posted. A reversal (taking back what was posted before the lock) is not.
CREATE FUNCTION "journal_entry_documents_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE locked record;
BEGIN
  IF NEW."status" <> 'posted' OR (TG_OP = 'UPDATE' AND OLD."status" = 'posted')
     OR NEW."source_type" NOT IN ('manual', 'bank_transaction') THEN
    RETURN NULL;
  END IF;
  SELECT a."code", r."role" INTO locked
    FROM "journal_lines" l
    JOIN "account_roles" r ON r."account_id" = l."account_id" AND r."documents_only"
    JOIN "chart_of_accounts" a ON a."id" = l."account_id"
   WHERE l."journal_entry_id" = NEW."id"
   ORDER BY l."line_no" LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'account % is kept by documents only (role %): a % entry cannot post to it', locked."code", locked."role", NEW."source_type"
      USING ERRCODE = '23514', CONSTRAINT = 'journal_entry_documents_only';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_entry_documents_only" AFTER INSERT OR UPDATE ON "journal_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "journal_entry_documents_only"();
