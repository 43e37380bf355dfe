CREATE TABLE "party_balances" (
	"account_id" uuid NOT NULL,
	"party_kind" text NOT NULL,
	"party_id" uuid NOT NULL,
	"debit" numeric(18, 2) DEFAULT '0' NOT NULL,
	"credit" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "party_balances_account_id_party_kind_party_id_pk" PRIMARY KEY("account_id","party_kind","party_id"),
	CONSTRAINT "party_balances_party_kind_check" CHECK (party_kind in ('customer', 'supplier', 'employee'))
);
--> statement-breakpoint
ALTER TABLE "party_balances" ADD CONSTRAINT "party_balances_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "party_balances_party_idx" ON "party_balances" USING btree ("party_kind","party_id");--> statement-breakpoint
-- Issue 36. Each party's balance on each control account, kept as the month balances are: added when an entry is
-- posted (in the same deferred trigger), moved when a merge moves a posted line to the record kept.
CREATE OR REPLACE FUNCTION "journal_entries_posted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" <> 'posted' OR (TG_OP = 'UPDATE' AND OLD."status" = 'posted') THEN RETURN NULL; END IF;
  PERFORM "journal_entry_check"(NEW."id");
  UPDATE "journal_lines" SET "posted" = true WHERE "journal_entry_id" = NEW."id" AND NOT "posted";
  INSERT INTO "account_month_balances" AS b ("account_id", "month", "debit", "credit")
    SELECT l."account_id", date_trunc('month', l."entry_date")::date, sum(l."debit"), sum(l."credit")
      FROM "journal_lines" l WHERE l."journal_entry_id" = NEW."id"
      GROUP BY l."account_id", date_trunc('month', l."entry_date")
    ON CONFLICT ("account_id", "month") DO UPDATE
      SET "debit" = b."debit" + excluded."debit", "credit" = b."credit" + excluded."credit";
  INSERT INTO "party_balances" AS p ("account_id", "party_kind", "party_id", "debit", "credit")
    SELECT l."account_id",
           CASE WHEN l."customer_id" IS NOT NULL THEN 'customer' WHEN l."supplier_id" IS NOT NULL THEN 'supplier' ELSE 'employee' END,
           coalesce(l."customer_id", l."supplier_id", l."employee_id"), sum(l."debit"), sum(l."credit")
      FROM "journal_lines" l
     WHERE l."journal_entry_id" = NEW."id" AND num_nonnulls(l."customer_id", l."supplier_id", l."employee_id") = 1
     GROUP BY 1, 2, 3
    ON CONFLICT ("account_id", "party_kind", "party_id") DO UPDATE
      SET "debit" = p."debit" + excluded."debit", "credit" = p."credit" + excluded."credit";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "journal_lines_party_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_kind text := CASE WHEN OLD."customer_id" IS NOT NULL THEN 'customer' WHEN OLD."supplier_id" IS NOT NULL THEN 'supplier'
                        WHEN OLD."employee_id" IS NOT NULL THEN 'employee' END;
  new_kind text := CASE WHEN NEW."customer_id" IS NOT NULL THEN 'customer' WHEN NEW."supplier_id" IS NOT NULL THEN 'supplier'
                        WHEN NEW."employee_id" IS NOT NULL THEN 'employee' END;
BEGIN
  IF old_kind IS NOT NULL THEN
    UPDATE "party_balances" SET "debit" = "debit" - OLD."debit", "credit" = "credit" - OLD."credit"
     WHERE "account_id" = OLD."account_id" AND "party_kind" = old_kind
       AND "party_id" = coalesce(OLD."customer_id", OLD."supplier_id", OLD."employee_id");
  END IF;
  IF new_kind IS NOT NULL THEN
    INSERT INTO "party_balances" AS p ("account_id", "party_kind", "party_id", "debit", "credit")
      VALUES (NEW."account_id", new_kind, coalesce(NEW."customer_id", NEW."supplier_id", NEW."employee_id"), NEW."debit", NEW."credit")
      ON CONFLICT ("account_id", "party_kind", "party_id") DO UPDATE
        SET "debit" = p."debit" + excluded."debit", "credit" = p."credit" + excluded."credit";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "journal_lines_party_moved" AFTER UPDATE OF "customer_id", "supplier_id", "employee_id" ON "journal_lines"
  FOR EACH ROW WHEN (OLD."posted" AND NEW."posted"
    AND (OLD."customer_id", OLD."supplier_id", OLD."employee_id") IS DISTINCT FROM (NEW."customer_id", NEW."supplier_id", NEW."employee_id"))
  EXECUTE FUNCTION "journal_lines_party_moved"();
--> statement-breakpoint
-- The lines posted before this.
INSERT INTO "party_balances" ("account_id", "party_kind", "party_id", "debit", "credit")
  SELECT l."account_id",
         CASE WHEN l."customer_id" IS NOT NULL THEN 'customer' WHEN l."supplier_id" IS NOT NULL THEN 'supplier' ELSE 'employee' END,
         coalesce(l."customer_id", l."supplier_id", l."employee_id"), sum(l."debit"), sum(l."credit")
    FROM "journal_lines" l
   WHERE l."posted" AND num_nonnulls(l."customer_id", l."supplier_id", l."employee_id") = 1
   GROUP BY 1, 2, 3;
