CREATE TABLE "account_month_balances" (
	"account_id" uuid NOT NULL,
	"month" date NOT NULL,
	"debit" numeric(18, 2) DEFAULT '0' NOT NULL,
	"credit" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "account_month_balances_account_id_month_pk" PRIMARY KEY("account_id","month")
);
--> statement-breakpoint
CREATE TABLE "account_roles" (
	"role" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"lock_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_settings_single_row_check" CHECK ("accounting_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"payment_method" text NOT NULL,
	"money_account_id" uuid NOT NULL,
	"reference" text,
	"journal_entry_id" uuid NOT NULL,
	"reversed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_amount_check" CHECK ("settlements"."amount" > 0),
	CONSTRAINT "settlements_payment_method_check" CHECK (payment_method in ('cash', 'bank', 'mobile_banking'))
);
--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_source_check";--> statement-breakpoint
DROP INDEX "journal_lines_account_id_idx";--> statement-breakpoint
DROP INDEX "journal_entries_entry_date_idx";--> statement-breakpoint
ALTER TABLE "chart_of_accounts" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "chart_of_accounts" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "total" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "reverses_id" uuid;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "posted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD COLUMN "entry_date" date DEFAULT current_date NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD COLUMN "posted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "money_account_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "journal_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "settled_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_month_balances" ADD CONSTRAINT "account_month_balances_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_roles" ADD CONSTRAINT "account_roles_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_money_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("money_account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "journal_lines" l SET "entry_date" = e."entry_date", "posted" = (e."status" = 'posted') FROM "journal_entries" e WHERE e."id" = l."journal_entry_id";--> statement-breakpoint
UPDATE "journal_entries" e SET "total" = (SELECT sum(l."debit") FROM "journal_lines" l WHERE l."journal_entry_id" = e."id"), "posted_at" = e."created_at" WHERE e."status" = 'posted';--> statement-breakpoint
UPDATE "chart_of_accounts" SET "payment_method" = CASE "code" WHEN '1000' THEN 'cash' WHEN '1010' THEN 'cash' WHEN '1100' THEN 'bank' WHEN '1110' THEN 'bank' WHEN '1200' THEN 'mobile_banking' WHEN '1210' THEN 'mobile_banking' END WHERE "code" IN ('1000', '1010', '1100', '1110', '1200', '1210') AND "type" = 'asset';--> statement-breakpoint
CREATE INDEX "account_roles_account_id_idx" ON "account_roles" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "settlements_transaction_id_idx" ON "settlements" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "settlements_journal_entry_id_idx" ON "settlements" USING btree ("journal_entry_id");--> statement-breakpoint
CREATE INDEX "settlements_money_account_id_idx" ON "settlements" USING btree ("money_account_id");--> statement-breakpoint
CREATE INDEX "settlements_created_by_idx" ON "settlements" USING btree ("created_by");--> statement-breakpoint
ALTER TABLE "chart_of_accounts" ADD CONSTRAINT "chart_of_accounts_parent_id_chart_of_accounts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_reverses_id_journal_entries_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_money_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("money_account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chart_of_accounts_parent_id_idx" ON "chart_of_accounts" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "journal_entries_reference_trgm_idx" ON "journal_entries" USING gin ("reference_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "journal_entries_description_trgm_idx" ON "journal_entries" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "journal_lines_account_entry_idx" ON "journal_lines" USING btree ("account_id","journal_entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_posted_date_idx" ON "journal_lines" USING btree ("entry_date") WHERE posted;--> statement-breakpoint
CREATE INDEX "journal_lines_posted_account_date_idx" ON "journal_lines" USING btree ("account_id","entry_date","created_at","id") WHERE posted;--> statement-breakpoint
CREATE INDEX "transactions_journal_entry_id_idx" ON "transactions" USING btree ("journal_entry_id");--> statement-breakpoint
CREATE INDEX "transactions_description_trgm_idx" ON "transactions" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_reference_trgm_idx" ON "transactions" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_party_trgm_idx" ON "transactions" USING gin ("party" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transactions_money_account_id_idx" ON "transactions" USING btree ("money_account_id");--> statement-breakpoint
CREATE INDEX "transactions_due_date_idx" ON "transactions" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "journal_entries_entry_date_idx" ON "journal_entries" USING btree ("entry_date","created_at");--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_reverses_id_unique" UNIQUE("reverses_id");--> statement-breakpoint
ALTER TABLE "chart_of_accounts" ADD CONSTRAINT "chart_of_accounts_payment_method_check" CHECK (payment_method is null or (payment_method in ('cash', 'bank', 'mobile_banking') and type = 'asset'));--> statement-breakpoint
ALTER TABLE "chart_of_accounts" ADD CONSTRAINT "chart_of_accounts_not_own_parent_check" CHECK ("chart_of_accounts"."parent_id" is null or "chart_of_accounts"."parent_id" <> "chart_of_accounts"."id");--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_posted_total_check" CHECK (("journal_entries"."status" = 'posted') = ("journal_entries"."total" is not null and "journal_entries"."posted_at" is not null));--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_total_check" CHECK ("journal_entries"."total" is null or "journal_entries"."total" > 0);--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_source_check" CHECK (source_type in ('manual', 'transaction', 'receivable', 'payable', 'settlement', 'reversal', 'invoice', 'customer_payment', 'credit_note', 'tax_record', 'tax_deposit', 'vat_close', 'payroll_run', 'payslip', 'bank_statement'));--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_not_empty_check" CHECK ("journal_lines"."debit" > 0 or "journal_lines"."credit" > 0);--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_settled_amount_check" CHECK ("transactions"."settled_amount" >= 0 and "transactions"."settled_amount" <= "transactions"."amount");--> statement-breakpoint
INSERT INTO "accounting_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The book's rules, kept by the database itself (issue 21, ADR 0025), on PostgreSQL and PGlite alike. Each refusal
-- names its constraint, so the code (and a test with raw SQL) can tell which rule refused.
-- 1. A line's date is its entry's, and it is in the book (posted) when its entry is.
CREATE FUNCTION "journal_lines_entry_date"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT e."entry_date", e."status" = 'posted' INTO NEW."entry_date", NEW."posted"
    FROM "journal_entries" e WHERE e."id" = NEW."journal_entry_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "journal_lines_entry_date" BEFORE INSERT OR UPDATE ON "journal_lines"
  FOR EACH ROW EXECUTE FUNCTION "journal_lines_entry_date"();--> statement-breakpoint
CREATE FUNCTION "journal_entries_follow_date"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "journal_lines" SET "entry_date" = NEW."entry_date" WHERE "journal_entry_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "journal_entries_follow_date" AFTER UPDATE OF "entry_date" ON "journal_entries"
  FOR EACH ROW WHEN (OLD."entry_date" IS DISTINCT FROM NEW."entry_date") EXECUTE FUNCTION "journal_entries_follow_date"();--> statement-breakpoint
-- 2. A posted entry and its lines never change and are never deleted: a reversal corrects them.
CREATE FUNCTION "journal_entries_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" = 'posted' THEN
    RAISE EXCEPTION 'journal entry % is posted: it cannot be changed or deleted; reverse it instead', OLD."id"
      USING ERRCODE = '23514', CONSTRAINT = 'journal_entry_posted_immutable';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "journal_entries_immutable" BEFORE UPDATE OR DELETE ON "journal_entries"
  FOR EACH ROW EXECUTE FUNCTION "journal_entries_immutable"();--> statement-breakpoint
CREATE FUNCTION "journal_lines_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The one change a posted line allows: marked posted when its draft is, nothing else of it changing.
  IF TG_OP = 'UPDATE' AND NOT OLD."posted" AND NEW."posted"
     AND (NEW."journal_entry_id", NEW."account_id", NEW."debit", NEW."credit", NEW."description", NEW."line_no", NEW."entry_date")
         IS NOT DISTINCT FROM (OLD."journal_entry_id", OLD."account_id", OLD."debit", OLD."credit", OLD."description", OLD."line_no", OLD."entry_date")
  THEN
    RETURN NEW;
  END IF;
  IF (TG_OP = 'UPDATE' AND OLD."posted" <> NEW."posted") OR EXISTS (SELECT 1 FROM "journal_entries" e WHERE e."id" = OLD."journal_entry_id" AND e."status" = 'posted') THEN
    RAISE EXCEPTION 'journal entry % is posted: its lines cannot be changed or deleted; reverse it instead', OLD."journal_entry_id"
      USING ERRCODE = '23514', CONSTRAINT = 'journal_entry_posted_immutable';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "journal_lines_immutable" BEFORE UPDATE OR DELETE ON "journal_lines"
  FOR EACH ROW EXECUTE FUNCTION "journal_lines_immutable"();--> statement-breakpoint
-- 3. Nothing is posted on or before the lock date.
CREATE FUNCTION "journal_entries_lock_date"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE lock_date date;
BEGIN
  IF NEW."status" = 'posted' THEN
    -- FOR SHARE: a lock date being saved at this moment (FOR UPDATE) waits for this posting, or this one for it.
    SELECT s."lock_date" INTO lock_date FROM "accounting_settings" s WHERE s."id" = 1 FOR SHARE;
    IF lock_date IS NOT NULL AND NEW."entry_date" <= lock_date THEN
      RAISE EXCEPTION 'journal entry dated % is on or before the lock date %', NEW."entry_date", lock_date
        USING ERRCODE = '23514', CONSTRAINT = 'journal_entry_lock_date';
    END IF;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "journal_entries_lock_date" BEFORE INSERT OR UPDATE ON "journal_entries"
  FOR EACH ROW EXECUTE FUNCTION "journal_entries_lock_date"();--> statement-breakpoint
-- 4. At commit, a posted entry balances, its lines sum to the total fixed at posting (so no line is added to it
-- later), and its lines are added to the month balances once, when it becomes posted.
CREATE FUNCTION "journal_entry_check"(entry_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE entry_total numeric; debits numeric; credits numeric; line_count integer;
BEGIN
  SELECT e."total" INTO entry_total FROM "journal_entries" e WHERE e."id" = entry_id AND e."status" = 'posted';
  IF NOT FOUND THEN RETURN; END IF;
  SELECT coalesce(sum(l."debit"), 0), coalesce(sum(l."credit"), 0), count(*) INTO debits, credits, line_count
    FROM "journal_lines" l WHERE l."journal_entry_id" = entry_id;
  IF debits <> credits THEN
    RAISE EXCEPTION 'journal entry % does not balance: debits % and credits %', entry_id, debits, credits
      USING ERRCODE = '23514', CONSTRAINT = 'journal_entry_balanced';
  END IF;
  IF line_count < 2 OR debits <> entry_total THEN
    RAISE EXCEPTION 'journal entry %: its lines (% in debits) are not the % it was posted with', entry_id, debits, entry_total
      USING ERRCODE = '23514', CONSTRAINT = 'journal_entry_total';
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "journal_lines_check"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "journal_entry_check"(NEW."journal_entry_id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_lines_check" AFTER INSERT ON "journal_lines"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "journal_lines_check"();--> statement-breakpoint
CREATE FUNCTION "journal_entries_posted"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_entries_posted" AFTER INSERT OR UPDATE ON "journal_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "journal_entries_posted"();--> statement-breakpoint
-- 5. An account with postings keeps its type: its balance would move to the other side of the statements.
CREATE FUNCTION "chart_of_accounts_type_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."type" <> OLD."type" AND EXISTS (SELECT 1 FROM "journal_lines" l WHERE l."account_id" = OLD."id") THEN
    RAISE EXCEPTION 'account % has postings: its type cannot change', OLD."code"
      USING ERRCODE = '23514', CONSTRAINT = 'chart_of_accounts_type_fixed';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "chart_of_accounts_type_fixed" BEFORE UPDATE OF "type" ON "chart_of_accounts"
  FOR EACH ROW EXECUTE FUNCTION "chart_of_accounts_type_fixed"();--> statement-breakpoint
INSERT INTO "account_month_balances" ("account_id", "month", "debit", "credit")
  SELECT l."account_id", date_trunc('month', l."entry_date")::date, sum(l."debit"), sum(l."credit")
    FROM "journal_lines" l WHERE l."posted"
    GROUP BY l."account_id", date_trunc('month', l."entry_date");--> statement-breakpoint
-- An install whose chart was seeded before the ledger: the accounts the roles need, and each role on its account.
INSERT INTO "chart_of_accounts" ("code", "name", "type", "description")
  SELECT v.code, v.name, v.type, v.description FROM (VALUES
    ('1420', 'VAT Deducted at Source (VDS)', 'asset', 'VAT withheld by customers, credited against VAT payable'),
    ('4500', 'Sales', 'income', 'Equipment and consumables sold'),
    ('4800', 'Interest Income', 'income', 'Bank interest')) AS v(code, name, type, description)
  WHERE EXISTS (SELECT 1 FROM "chart_of_accounts")
  ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
INSERT INTO "account_roles" ("role", "account_id")
  SELECT v.role, a."id" FROM (VALUES
    ('money.cash', '1000'),
    ('money.bank', '1100'),
    ('money.mobile_banking', '1200'),
    ('receivable', '1300'),
    ('customer.advances', '2300'),
    ('payable', '2000'),
    ('vat.payable', '2100'),
    ('vat.input', '1410'),
    ('vat.withheld', '1420'),
    ('tax.ait', '1400'),
    ('tax.income_payable', '2110'),
    ('tax.withholding_payable', '2120'),
    ('tax.other_expense', '6950'),
    ('payroll.salaries', '6000'),
    ('payroll.salaries_payable', '2200'),
    ('payroll.provident_fund', '2210'),
    ('income.rental', '4000'),
    ('income.service', '4100'),
    ('bank.charges', '6700'),
    ('bank.interest', '4800'),
    ('income.category.Sales', '4500'),
    ('income.category.Service Fee', '4100'),
    ('income.category.Equipment Rental', '4000'),
    ('income.category.Consulting', '4300'),
    ('income.category.Other Income', '4900'),
    ('expense.category.Equipment Purchase', '1500'),
    ('expense.category.Maintenance', '5100'),
    ('expense.category.Salaries', '6000'),
    ('expense.category.Office Expenses', '6500'),
    ('expense.category.Marketing', '6400'),
    ('expense.category.Transportation', '5200'),
    ('expense.category.Utilities', '6200'),
    ('expense.category.Other Expenses', '6990')) AS v(role, code)
  JOIN "chart_of_accounts" a ON a."code" = v.code
  ON CONFLICT ("role") DO NOTHING;
