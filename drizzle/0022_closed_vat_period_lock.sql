-- Issue 37. A closed VAT period is locked in the database too, as the general lock date is: a posted entry with a
-- line on a VAT role's account (VAT payable, VAT input credit, VAT withheld) dated inside a closed VAT period is
-- refused, whatever writes it. The period's own close (dated its last day) and treasury deposits are not VAT of the
-- period: they are let through.
CREATE FUNCTION "journal_entry_closed_vat_period"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE closed record;
BEGIN
  IF NEW."status" <> 'posted' OR (TG_OP = 'UPDATE' AND OLD."status" = 'posted')
     OR NEW."source_type" IN ('vat_close', 'tax_deposit') THEN
    RETURN NULL;
  END IF;
  SELECT p."period_start", p."period_end" INTO closed
    FROM "vat_periods" p
   WHERE NEW."entry_date" BETWEEN p."period_start" AND p."period_end"
     AND EXISTS (SELECT 1 FROM "journal_lines" l
                   JOIN "account_roles" r ON r."account_id" = l."account_id"
                    AND r."role" IN ('vat.payable', 'vat.input', 'vat.withheld')
                  WHERE l."journal_entry_id" = NEW."id")
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'the VAT period % to % is closed: journal entry % carries VAT dated inside it', closed."period_start", closed."period_end", NEW."id"
      USING ERRCODE = '23514', CONSTRAINT = 'journal_entry_closed_vat_period';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_entry_closed_vat_period" AFTER INSERT OR UPDATE ON "journal_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "journal_entry_closed_vat_period"();
