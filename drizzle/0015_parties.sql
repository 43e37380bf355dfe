CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"bin" text,
	"tin" text,
	"phone" text,
	"email" text,
	"address" text,
	"bank_name" text,
	"bank_account_number" text,
	"wallet_number" text,
	"payment_terms_days" integer,
	"notes" text,
	"merged_into_id" uuid,
	"merged_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_payment_terms_days_check" CHECK ("suppliers"."payment_terms_days" is null or "suppliers"."payment_terms_days" between 0 and 365),
	CONSTRAINT "suppliers_not_merged_into_self_check" CHECK ("suppliers"."merged_into_id" is null or "suppliers"."merged_into_id" <> "suppliers"."id"),
	CONSTRAINT "suppliers_merged_check" CHECK (("suppliers"."merged_into_id" is null) = ("suppliers"."merged_at" is null))
);
--> statement-breakpoint
ALTER TABLE "chart_of_accounts" ADD COLUMN "party_kind" text;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD COLUMN "supplier_id" uuid;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD COLUMN "employee_id" uuid;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_merged_into_id_suppliers_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suppliers_name_trgm_idx" ON "suppliers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "suppliers_name_idx" ON "suppliers" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "suppliers_merged_into_id_idx" ON "suppliers" USING btree ("merged_into_id");--> statement-breakpoint
CREATE INDEX "suppliers_created_by_idx" ON "suppliers" USING btree ("created_by");--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_lines_customer_posted_idx" ON "journal_lines" USING btree ("customer_id","entry_date","created_at","id") WHERE posted and "journal_lines"."customer_id" is not null;--> statement-breakpoint
CREATE INDEX "journal_lines_supplier_posted_idx" ON "journal_lines" USING btree ("supplier_id","entry_date","created_at","id") WHERE posted and "journal_lines"."supplier_id" is not null;--> statement-breakpoint
CREATE INDEX "journal_lines_employee_posted_idx" ON "journal_lines" USING btree ("employee_id","entry_date","created_at","id") WHERE posted and "journal_lines"."employee_id" is not null;--> statement-breakpoint
ALTER TABLE "chart_of_accounts" ADD CONSTRAINT "chart_of_accounts_party_kind_check" CHECK (party_kind is null or (party_kind in ('customer', 'supplier', 'employee', 'any') and type in ('asset', 'liability') and payment_method is null));--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_one_party_check" CHECK (num_nonnulls("journal_lines"."customer_id", "journal_lines"."supplier_id", "journal_lines"."employee_id") <= 1);--> statement-breakpoint
-- Issue 36. A posted line on a control account carries its party, and only such a line carries one. Lines reach the
-- table only through the posting code, which checks the same first, to answer naming the field; this is the guard
-- whatever writes (AFTER: the posted flag is set by the BEFORE triggers).
CREATE FUNCTION "journal_lines_party"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text;
  account text;
  parties integer := num_nonnulls(NEW."customer_id", NEW."supplier_id", NEW."employee_id");
  named boolean;
BEGIN
  SELECT a."party_kind", a."code" || ' ' || a."name" INTO kind, account FROM "chart_of_accounts" a WHERE a."id" = NEW."account_id";
  IF kind IS NULL THEN
    IF parties > 0 THEN
      RAISE EXCEPTION 'account % is not a control account: its lines carry no customer, supplier or employee', account
        USING ERRCODE = '23514', CONSTRAINT = 'journal_lines_party_on_control_account', TABLE = 'journal_lines';
    END IF;
  ELSIF NEW."posted" THEN
    -- (A CASE inside an IF's condition would end it at the CASE's first THEN.)
    named := CASE kind
      WHEN 'customer' THEN NEW."customer_id" IS NOT NULL
      WHEN 'supplier' THEN NEW."supplier_id" IS NOT NULL
      WHEN 'employee' THEN NEW."employee_id" IS NOT NULL
      ELSE parties = 1 END;
    IF NOT named THEN
      IF kind = 'any' THEN kind := 'customer, supplier or employee'; END IF;
      RAISE EXCEPTION 'a posted line on control account % must name its %', account, kind
        USING ERRCODE = '23514', CONSTRAINT = 'journal_lines_control_account_party', TABLE = 'journal_lines';
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "journal_lines_party" AFTER INSERT OR UPDATE ON "journal_lines"
  FOR EACH ROW EXECUTE FUNCTION "journal_lines_party"();
--> statement-breakpoint
-- An account becomes a control account, or stops being one, only when its lines already agree.
CREATE FUNCTION "chart_of_accounts_party_kind"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  disagreeing boolean;
BEGIN
  IF NEW."party_kind" IS NOT DISTINCT FROM OLD."party_kind" THEN RETURN NEW; END IF;
  disagreeing := EXISTS (
    SELECT 1 FROM "journal_lines" l WHERE l."account_id" = NEW."id" AND CASE NEW."party_kind"
      WHEN 'customer' THEN l."posted" AND l."customer_id" IS NULL
      WHEN 'supplier' THEN l."posted" AND l."supplier_id" IS NULL
      WHEN 'employee' THEN l."posted" AND l."employee_id" IS NULL
      WHEN 'any' THEN l."posted" AND num_nonnulls(l."customer_id", l."supplier_id", l."employee_id") = 0
      ELSE num_nonnulls(l."customer_id", l."supplier_id", l."employee_id") > 0 END);
  IF disagreeing THEN
    RAISE EXCEPTION 'account % % has lines that do not agree with its party kind', NEW."code", NEW."name"
      USING ERRCODE = '23514', CONSTRAINT = 'chart_of_accounts_party_kind_lines', TABLE = 'chart_of_accounts';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "chart_of_accounts_party_kind" BEFORE UPDATE OF "party_kind" ON "chart_of_accounts"
  FOR EACH ROW EXECUTE FUNCTION "chart_of_accounts_party_kind"();
--> statement-breakpoint
-- A posted line still never changes, with two exceptions: marked posted with its draft (nothing else of it
-- changing, its party included), and its customer or supplier moved to the record that one was merged into.
CREATE OR REPLACE FUNCTION "journal_lines_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NOT OLD."posted" AND NEW."posted"
     AND (NEW."journal_entry_id", NEW."account_id", NEW."debit", NEW."credit", NEW."description", NEW."line_no", NEW."entry_date",
          NEW."customer_id", NEW."supplier_id", NEW."employee_id")
         IS NOT DISTINCT FROM (OLD."journal_entry_id", OLD."account_id", OLD."debit", OLD."credit", OLD."description", OLD."line_no", OLD."entry_date",
          OLD."customer_id", OLD."supplier_id", OLD."employee_id")
  THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."posted" = NEW."posted"
     AND (NEW."journal_entry_id", NEW."account_id", NEW."debit", NEW."credit", NEW."description", NEW."line_no", NEW."entry_date", NEW."employee_id")
         IS NOT DISTINCT FROM (OLD."journal_entry_id", OLD."account_id", OLD."debit", OLD."credit", OLD."description", OLD."line_no", OLD."entry_date", OLD."employee_id")
     AND (
       (NEW."supplier_id" IS NOT DISTINCT FROM OLD."supplier_id" AND OLD."customer_id" IS NOT NULL
        AND EXISTS (SELECT 1 FROM "customers" c WHERE c."id" = OLD."customer_id" AND c."merged_into_id" = NEW."customer_id"))
       OR
       (NEW."customer_id" IS NOT DISTINCT FROM OLD."customer_id" AND OLD."supplier_id" IS NOT NULL
        AND EXISTS (SELECT 1 FROM "suppliers" s WHERE s."id" = OLD."supplier_id" AND s."merged_into_id" = NEW."supplier_id"))
     )
  THEN
    RETURN NEW;
  END IF;
  IF (TG_OP = 'UPDATE' AND OLD."posted" <> NEW."posted") OR EXISTS (SELECT 1 FROM "journal_entries" e WHERE e."id" = OLD."journal_entry_id" AND e."status" = 'posted') THEN
    RAISE EXCEPTION 'journal entry % is posted: its lines cannot be changed or deleted; reverse it instead', OLD."journal_entry_id"
      USING ERRCODE = '23514', CONSTRAINT = 'journal_entry_posted_immutable';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
