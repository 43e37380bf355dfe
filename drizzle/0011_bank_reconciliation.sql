CREATE TABLE "bank_matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_line_id" uuid NOT NULL,
	"journal_line_id" uuid NOT NULL,
	"matched_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_matches_journal_line_unique" UNIQUE("journal_line_id")
);
--> statement-breakpoint
CREATE TABLE "bank_reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"statement_id" uuid NOT NULL,
	"as_of_date" date NOT NULL,
	"statement_balance" numeric(14, 2) NOT NULL,
	"reconciled_balance" numeric(14, 2) NOT NULL,
	"ledger_balance" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'finished' NOT NULL,
	"finished_by" uuid,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reopened_by" uuid,
	"reopened_at" timestamp with time zone,
	"reopen_reason" text,
	CONSTRAINT "bank_reconciliations_status_check" CHECK (status in ('finished', 'reopened')),
	CONSTRAINT "bank_reconciliations_balanced_check" CHECK ("bank_reconciliations"."statement_balance" = "bank_reconciliations"."reconciled_balance"),
	CONSTRAINT "bank_reconciliations_reopened_check" CHECK (("bank_reconciliations"."status" = 'reopened') = ("bank_reconciliations"."reopened_at" is not null and "bank_reconciliations"."reopen_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "bank_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid,
	"contains" text NOT NULL,
	"kind" text NOT NULL,
	"counter_account_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_rules_kind_check" CHECK (kind in ('deposit', 'withdrawal', 'charge', 'interest', 'transfer')),
	CONSTRAINT "bank_rules_contains_check" CHECK (length(trim("bank_rules"."contains")) between 2 and 100)
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"date" date NOT NULL,
	"description" text NOT NULL,
	"reference" text,
	"amount" numeric(14, 2) NOT NULL,
	"balance" numeric(14, 2),
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_lines_fingerprint_unique" UNIQUE("account_id","fingerprint"),
	CONSTRAINT "bank_statement_lines_amount_check" CHECK ("bank_statement_lines"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "bank_statement_mappings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"date_column" integer NOT NULL,
	"date_format" text NOT NULL,
	"description_column" integer NOT NULL,
	"reference_column" integer,
	"amount_mode" text NOT NULL,
	"amount_column" integer,
	"debit_column" integer,
	"credit_column" integer,
	"balance_column" integer,
	"header_rows" integer DEFAULT 1 NOT NULL,
	"footer_rows" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statement_mappings_date_format_check" CHECK (date_format in ('YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD-MM-YYYY', 'DD.MM.YYYY', 'DD-MMM-YYYY', 'DD MMM YYYY', 'MMM DD, YYYY')),
	CONSTRAINT "bank_statement_mappings_amount_mode_check" CHECK (amount_mode in ('signed', 'split')),
	CONSTRAINT "bank_statement_mappings_amount_columns_check" CHECK (("bank_statement_mappings"."amount_mode" = 'signed' and "bank_statement_mappings"."amount_column" is not null and "bank_statement_mappings"."debit_column" is null and "bank_statement_mappings"."credit_column" is null)
        or ("bank_statement_mappings"."amount_mode" = 'split' and "bank_statement_mappings"."amount_column" is null and "bank_statement_mappings"."debit_column" is not null and "bank_statement_mappings"."credit_column" is not null)),
	CONSTRAINT "bank_statement_mappings_columns_check" CHECK ("bank_statement_mappings"."date_column" >= 0 and "bank_statement_mappings"."description_column" >= 0 and coalesce("bank_statement_mappings"."reference_column", 0) >= 0
        and coalesce("bank_statement_mappings"."amount_column", 0) >= 0 and coalesce("bank_statement_mappings"."debit_column", 0) >= 0
        and coalesce("bank_statement_mappings"."credit_column", 0) >= 0 and coalesce("bank_statement_mappings"."balance_column", 0) >= 0),
	CONSTRAINT "bank_statement_mappings_skipped_rows_check" CHECK (header_rows between 0 and 50 and footer_rows between 0 and 50)
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"opening_balance" numeric(14, 2) NOT NULL,
	"closing_balance" numeric(14, 2) NOT NULL,
	"line_count" integer NOT NULL,
	"duplicate_count" integer DEFAULT 0 NOT NULL,
	"imported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_statements_period_check" CHECK ("bank_statements"."period_start" <= "bank_statements"."period_end"),
	CONSTRAINT "bank_statements_counts_check" CHECK ("bank_statements"."line_count" > 0 and "bank_statements"."duplicate_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bank_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"direction" text NOT NULL,
	"counter_account_id" uuid NOT NULL,
	"date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"description" text NOT NULL,
	"reference" text,
	"journal_entry_id" uuid NOT NULL,
	"statement_line_id" uuid,
	"rule_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transactions_kind_check" CHECK (kind in ('deposit', 'withdrawal', 'charge', 'interest', 'transfer')),
	CONSTRAINT "bank_transactions_direction_check" CHECK (direction in ('in', 'out')),
	CONSTRAINT "bank_transactions_kind_direction_check" CHECK ("bank_transactions"."kind" = 'transfer' or ("bank_transactions"."kind" in ('deposit', 'interest')) = ("bank_transactions"."direction" = 'in')),
	CONSTRAINT "bank_transactions_amount_check" CHECK ("bank_transactions"."amount" > 0),
	CONSTRAINT "bank_transactions_not_itself_check" CHECK ("bank_transactions"."counter_account_id" <> "bank_transactions"."account_id")
);
--> statement-breakpoint
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_source_check";--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_statement_line_id_bank_statement_lines_id_fk" FOREIGN KEY ("statement_line_id") REFERENCES "public"."bank_statement_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_journal_line_id_journal_lines_id_fk" FOREIGN KEY ("journal_line_id") REFERENCES "public"."journal_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_matched_by_users_id_fk" FOREIGN KEY ("matched_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliations" ADD CONSTRAINT "bank_reconciliations_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliations" ADD CONSTRAINT "bank_reconciliations_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliations" ADD CONSTRAINT "bank_reconciliations_finished_by_users_id_fk" FOREIGN KEY ("finished_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliations" ADD CONSTRAINT "bank_reconciliations_reopened_by_users_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_rules" ADD CONSTRAINT "bank_rules_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_rules" ADD CONSTRAINT "bank_rules_counter_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("counter_account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_rules" ADD CONSTRAINT "bank_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_mappings" ADD CONSTRAINT "bank_statement_mappings_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_mappings" ADD CONSTRAINT "bank_statement_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_counter_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("counter_account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_statement_line_id_bank_statement_lines_id_fk" FOREIGN KEY ("statement_line_id") REFERENCES "public"."bank_statement_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_rule_id_bank_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."bank_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_matches_statement_line_idx" ON "bank_matches" USING btree ("statement_line_id");--> statement-breakpoint
CREATE INDEX "bank_matches_matched_by_idx" ON "bank_matches" USING btree ("matched_by");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_reconciliations_statement_finished_unique" ON "bank_reconciliations" USING btree ("statement_id") WHERE status = 'finished';--> statement-breakpoint
CREATE INDEX "bank_reconciliations_account_date_idx" ON "bank_reconciliations" USING btree ("account_id","as_of_date");--> statement-breakpoint
CREATE INDEX "bank_reconciliations_finished_by_idx" ON "bank_reconciliations" USING btree ("finished_by");--> statement-breakpoint
CREATE INDEX "bank_reconciliations_reopened_by_idx" ON "bank_reconciliations" USING btree ("reopened_by");--> statement-breakpoint
CREATE INDEX "bank_rules_account_idx" ON "bank_rules" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "bank_rules_counter_account_idx" ON "bank_rules" USING btree ("counter_account_id");--> statement-breakpoint
CREATE INDEX "bank_rules_created_by_idx" ON "bank_rules" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_statement_idx" ON "bank_statement_lines" USING btree ("statement_id","row_no");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_account_date_idx" ON "bank_statement_lines" USING btree ("account_id","date");--> statement-breakpoint
CREATE INDEX "bank_statement_mappings_updated_by_idx" ON "bank_statement_mappings" USING btree ("updated_by");--> statement-breakpoint
CREATE INDEX "bank_statements_account_period_idx" ON "bank_statements" USING btree ("account_id","period_end");--> statement-breakpoint
CREATE INDEX "bank_statements_file_idx" ON "bank_statements" USING btree ("account_id","file_sha256");--> statement-breakpoint
CREATE INDEX "bank_statements_imported_by_idx" ON "bank_statements" USING btree ("imported_by");--> statement-breakpoint
CREATE INDEX "bank_transactions_account_date_idx" ON "bank_transactions" USING btree ("account_id","date");--> statement-breakpoint
CREATE INDEX "bank_transactions_counter_account_idx" ON "bank_transactions" USING btree ("counter_account_id");--> statement-breakpoint
CREATE INDEX "bank_transactions_journal_entry_idx" ON "bank_transactions" USING btree ("journal_entry_id");--> statement-breakpoint
CREATE INDEX "bank_transactions_statement_line_idx" ON "bank_transactions" USING btree ("statement_line_id");--> statement-breakpoint
CREATE INDEX "bank_transactions_rule_idx" ON "bank_transactions" USING btree ("rule_id");--> statement-breakpoint
CREATE INDEX "bank_transactions_created_by_idx" ON "bank_transactions" USING btree ("created_by");--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_source_check" CHECK (source_type in ('manual', 'transaction', 'receivable', 'payable', 'settlement', 'reversal', 'invoice', 'customer_payment', 'credit_note', 'tax_record', 'tax_deposit', 'vat_close', 'payroll_run', 'payslip', 'bank_statement', 'bank_transaction'));--> statement-breakpoint
-- A match joins a statement line to a posted ledger line of the same account: anything else is refused here too, so
-- no path past the use cases can reconcile a draft or another account's line.
CREATE FUNCTION "bank_matches_same_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM "journal_lines" jl JOIN "bank_statement_lines" sl ON sl."id" = NEW."statement_line_id"
    WHERE jl."id" = NEW."journal_line_id" AND jl."posted" AND jl."account_id" = sl."account_id"
  ) THEN
    RAISE EXCEPTION 'a statement line is matched only to a posted ledger line of its account'
      USING ERRCODE = '23514', CONSTRAINT = 'bank_matches_same_account';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "bank_matches_same_account" BEFORE INSERT OR UPDATE ON "bank_matches"
  FOR EACH ROW EXECUTE FUNCTION "bank_matches_same_account"();
