CREATE TABLE "credit_note_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credit_note_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"description" text NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"vat_rate_percent" numeric(5, 2) NOT NULL,
	"vat_amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "credit_note_lines_note_line_unique" UNIQUE("credit_note_id","line_no"),
	CONSTRAINT "credit_note_lines_amounts_check" CHECK ("credit_note_lines"."value" >= 0 and "credit_note_lines"."vat_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"fiscal_year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"invoice_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issue_date" date NOT NULL,
	"reason" text NOT NULL,
	"net_amount" numeric(14, 2) NOT NULL,
	"vat_amount" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"applied_to_invoice" numeric(14, 2) NOT NULL,
	"to_credit" numeric(14, 2) NOT NULL,
	"signatory_name" text NOT NULL,
	"signatory_designation" text NOT NULL,
	"journal_entry_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_fiscal_year_sequence_unique" UNIQUE("fiscal_year","sequence"),
	CONSTRAINT "credit_notes_sequence_check" CHECK ("credit_notes"."sequence" > 0),
	CONSTRAINT "credit_notes_total_check" CHECK ("credit_notes"."total" = "credit_notes"."net_amount" + "credit_notes"."vat_amount" and "credit_notes"."total" > 0),
	CONSTRAINT "credit_notes_amounts_check" CHECK ("credit_notes"."net_amount" >= 0 and "credit_notes"."vat_amount" >= 0),
	CONSTRAINT "credit_notes_split_check" CHECK ("credit_notes"."applied_to_invoice" >= 0 and "credit_notes"."to_credit" >= 0 and "credit_notes"."applied_to_invoice" + "credit_notes"."to_credit" = "credit_notes"."total")
);
--> statement-breakpoint
CREATE TABLE "customer_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"date" date NOT NULL,
	"method" text NOT NULL,
	"method_reference" text,
	"money_account_id" uuid NOT NULL,
	"received" numeric(14, 2) NOT NULL,
	"vds_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"ait_rate_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"ait_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"vds_certificate_no" text,
	"vds_certificate_date" date,
	"notes" text,
	"journal_entry_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_payments_method_check" CHECK (method in ('cash', 'bank_transfer', 'cheque', 'bkash', 'nagad')),
	CONSTRAINT "customer_payments_amounts_check" CHECK ("customer_payments"."received" >= 0 and "customer_payments"."vds_amount" >= 0 and "customer_payments"."ait_amount" >= 0 and "customer_payments"."total" > 0 and "customer_payments"."total" = "customer_payments"."received" + "customer_payments"."vds_amount" + "customer_payments"."ait_amount"),
	CONSTRAINT "customer_payments_ait_rate_check" CHECK ("customer_payments"."ait_rate_percent" between 0 and 100),
	CONSTRAINT "customer_payments_certificate_check" CHECK (("customer_payments"."vds_certificate_no" is null) = ("customer_payments"."vds_certificate_date" is null) and ("customer_payments"."vds_certificate_no" is null or "customer_payments"."vds_amount" > 0))
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"organisation" text,
	"email" text,
	"phone" text,
	"address" text,
	"bin" text,
	"vat_withholding" boolean DEFAULT false NOT NULL,
	"notes" text,
	"merged_into_id" uuid,
	"merged_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_not_merged_into_self_check" CHECK ("customers"."merged_into_id" is null or "customers"."merged_into_id" <> "customers"."id"),
	CONSTRAINT "customers_merged_check" CHECK (("customers"."merged_into_id" is null) = ("customers"."merged_at" is null))
);
--> statement-breakpoint
CREATE TABLE "document_sequences" (
	"series" text NOT NULL,
	"fiscal_year" integer NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_sequences_series_fiscal_year_pk" PRIMARY KEY("series","fiscal_year"),
	CONSTRAINT "document_sequences_series_check" CHECK (series in ('invoice', 'credit_note')),
	CONSTRAINT "document_sequences_last_number_check" CHECK ("document_sequences"."last_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"customer_payment_id" uuid,
	"amount" numeric(14, 2) NOT NULL,
	"date" date NOT NULL,
	"journal_entry_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_allocations_kind_check" CHECK (kind in ('payment', 'credit')),
	CONSTRAINT "invoice_allocations_amount_check" CHECK ("invoice_allocations"."amount" > 0),
	CONSTRAINT "invoice_allocations_payment_check" CHECK (("invoice_allocations"."kind" = 'payment') = ("invoice_allocations"."customer_payment_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer,
	"days" integer,
	"unit_price" numeric(14, 2),
	"value" numeric(14, 2) NOT NULL,
	"vat_rate_percent" numeric(5, 2) NOT NULL,
	"vat_amount" numeric(14, 2) NOT NULL,
	CONSTRAINT "invoice_lines_invoice_line_unique" UNIQUE("invoice_id","line_no"),
	CONSTRAINT "invoice_lines_quantity_check" CHECK ("invoice_lines"."quantity" is null or "invoice_lines"."quantity" > 0),
	CONSTRAINT "invoice_lines_days_check" CHECK ("invoice_lines"."days" is null or "invoice_lines"."days" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"fiscal_year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"kind" text NOT NULL,
	"advance_percent" numeric(5, 2),
	"status" text DEFAULT 'issued' NOT NULL,
	"quotation_id" uuid NOT NULL,
	"quotation_revision" integer NOT NULL,
	"customer_id" uuid NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date,
	"buyer_name" text NOT NULL,
	"buyer_bin" text,
	"buyer_address" text,
	"delivery_address" text,
	"net_amount" numeric(14, 2) NOT NULL,
	"vat_amount" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"vat_rate_percent" numeric(5, 2) NOT NULL,
	"paid_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"credited_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"signatory_name" text NOT NULL,
	"signatory_designation" text NOT NULL,
	"journal_entry_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_fiscal_year_sequence_unique" UNIQUE("fiscal_year","sequence"),
	CONSTRAINT "invoices_kind_check" CHECK (kind in ('full', 'advance', 'final')),
	CONSTRAINT "invoices_status_check" CHECK (status in ('issued', 'cancelled')),
	CONSTRAINT "invoices_sequence_check" CHECK ("invoices"."sequence" > 0),
	CONSTRAINT "invoices_advance_percent_check" CHECK (("invoices"."kind" = 'advance') = ("invoices"."advance_percent" is not null) and ("invoices"."advance_percent" is null or ("invoices"."advance_percent" > 0 and "invoices"."advance_percent" < 100))),
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."total" = "invoices"."net_amount" + "invoices"."vat_amount" and "invoices"."total" > 0),
	CONSTRAINT "invoices_vat_rate_check" CHECK ("invoices"."vat_rate_percent" between 0 and 100),
	CONSTRAINT "invoices_settled_check" CHECK ("invoices"."paid_amount" >= 0 and "invoices"."credited_amount" >= 0 and "invoices"."paid_amount" + "invoices"."credited_amount" <= "invoices"."total")
);
--> statement-breakpoint
CREATE TABLE "tax_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"challan_no" text NOT NULL,
	"date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"money_account_id" uuid NOT NULL,
	"vat_period_id" uuid,
	"notes" text,
	"journal_entry_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_deposits_challan_unique" UNIQUE("kind","challan_no"),
	CONSTRAINT "tax_deposits_kind_check" CHECK (kind in ('vat', 'income_tax', 'withholding_tax')),
	CONSTRAINT "tax_deposits_amount_check" CHECK ("tax_deposits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "vat_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"output_vat" numeric(14, 2) NOT NULL,
	"input_vat" numeric(14, 2) NOT NULL,
	"vds_credit" numeric(14, 2) NOT NULL,
	"net_payable" numeric(14, 2) NOT NULL,
	"journal_entry_id" uuid,
	"closed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vat_periods_period_start_unique" UNIQUE("period_start"),
	CONSTRAINT "vat_periods_range_check" CHECK ("vat_periods"."period_end" >= "vat_periods"."period_start"),
	CONSTRAINT "vat_periods_amounts_check" CHECK ("vat_periods"."input_vat" >= 0 and "vat_periods"."vds_credit" >= 0 and "vat_periods"."net_payable" = "vat_periods"."output_vat" - "vat_periods"."input_vat" - "vat_periods"."vds_credit")
);
--> statement-breakpoint
ALTER TABLE "tax_records" DROP CONSTRAINT "tax_records_taxable_amount_check";--> statement-breakpoint
ALTER TABLE "tax_records" DROP CONSTRAINT "tax_records_tax_amount_check";--> statement-breakpoint
DROP INDEX "tax_records_transaction_date_idx";--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "accounting_settings" ADD COLUMN "vat_period_months" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_settings" ADD COLUMN "invoice_signatory_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_settings" ADD COLUMN "invoice_signatory_designation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_settings" ADD COLUMN "invoice_due_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_records" ADD COLUMN "kind" text;--> statement-breakpoint
-- Records typed before kinds existed take the kind their type most likely meant.
UPDATE "tax_records" SET "kind" = CASE "tax_type" WHEN 'vat' THEN 'output_vat' WHEN 'income_tax' THEN 'income_tax_withheld' ELSE 'other' END;--> statement-breakpoint
ALTER TABLE "tax_records" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_records" ADD COLUMN "party" text;--> statement-breakpoint
ALTER TABLE "tax_records" ADD COLUMN "party_bin" text;--> statement-breakpoint
ALTER TABLE "tax_records" ADD COLUMN "source_type" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_records" ADD COLUMN "source_id" uuid;--> statement-breakpoint
ALTER TABLE "tax_records" ADD COLUMN "journal_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_payments" ADD CONSTRAINT "customer_payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_payments" ADD CONSTRAINT "customer_payments_money_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("money_account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_payments" ADD CONSTRAINT "customer_payments_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_payments" ADD CONSTRAINT "customer_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_merged_into_id_customers_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_allocations" ADD CONSTRAINT "invoice_allocations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_allocations" ADD CONSTRAINT "invoice_allocations_customer_payment_id_customer_payments_id_fk" FOREIGN KEY ("customer_payment_id") REFERENCES "public"."customer_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_allocations" ADD CONSTRAINT "invoice_allocations_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_allocations" ADD CONSTRAINT "invoice_allocations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_deposits" ADD CONSTRAINT "tax_deposits_money_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("money_account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_deposits" ADD CONSTRAINT "tax_deposits_vat_period_id_vat_periods_id_fk" FOREIGN KEY ("vat_period_id") REFERENCES "public"."vat_periods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_deposits" ADD CONSTRAINT "tax_deposits_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_deposits" ADD CONSTRAINT "tax_deposits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_periods" ADD CONSTRAINT "vat_periods_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_periods" ADD CONSTRAINT "vat_periods_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_id_idx" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "credit_notes_customer_id_idx" ON "credit_notes" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "credit_notes_issue_date_idx" ON "credit_notes" USING btree ("issue_date");--> statement-breakpoint
CREATE INDEX "credit_notes_journal_entry_id_idx" ON "credit_notes" USING btree ("journal_entry_id");--> statement-breakpoint
CREATE INDEX "credit_notes_created_by_idx" ON "credit_notes" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "customer_payments_customer_id_idx" ON "customer_payments" USING btree ("customer_id","date");--> statement-breakpoint
CREATE INDEX "customer_payments_date_idx" ON "customer_payments" USING btree ("date");--> statement-breakpoint
CREATE INDEX "customer_payments_money_account_id_idx" ON "customer_payments" USING btree ("money_account_id");--> statement-breakpoint
CREATE INDEX "customer_payments_journal_entry_id_idx" ON "customer_payments" USING btree ("journal_entry_id");--> statement-breakpoint
CREATE INDEX "customer_payments_created_by_idx" ON "customer_payments" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "customer_payments_vds_certificate_idx" ON "customer_payments" USING btree ("vds_certificate_date") WHERE "customer_payments"."vds_amount" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_live_unique" ON "customers" USING btree (lower("email")) WHERE "customers"."email" is not null and "customers"."merged_into_id" is null;--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_organisation_trgm_idx" ON "customers" USING gin ("organisation" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_email_trgm_idx" ON "customers" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "customers_merged_into_id_idx" ON "customers" USING btree ("merged_into_id");--> statement-breakpoint
CREATE INDEX "customers_created_by_idx" ON "customers" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "invoice_allocations_invoice_id_idx" ON "invoice_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_allocations_customer_payment_id_idx" ON "invoice_allocations" USING btree ("customer_payment_id");--> statement-breakpoint
CREATE INDEX "invoice_allocations_journal_entry_id_idx" ON "invoice_allocations" USING btree ("journal_entry_id");--> statement-breakpoint
CREATE INDEX "invoice_allocations_created_by_idx" ON "invoice_allocations" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "invoices_quotation_id_idx" ON "invoices" USING btree ("quotation_id");--> statement-breakpoint
CREATE INDEX "invoices_customer_id_idx" ON "invoices" USING btree ("customer_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_issue_date_idx" ON "invoices" USING btree ("issue_date");--> statement-breakpoint
CREATE INDEX "invoices_issued_at_idx" ON "invoices" USING btree ("issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_journal_entry_id_idx" ON "invoices" USING btree ("journal_entry_id");--> statement-breakpoint
CREATE INDEX "invoices_created_by_idx" ON "invoices" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "invoices_number_trgm_idx" ON "invoices" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_buyer_name_trgm_idx" ON "invoices" USING gin ("buyer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tax_deposits_date_idx" ON "tax_deposits" USING btree ("date");--> statement-breakpoint
CREATE INDEX "tax_deposits_money_account_id_idx" ON "tax_deposits" USING btree ("money_account_id");--> statement-breakpoint
CREATE INDEX "tax_deposits_vat_period_id_idx" ON "tax_deposits" USING btree ("vat_period_id");--> statement-breakpoint
CREATE INDEX "tax_deposits_journal_entry_id_idx" ON "tax_deposits" USING btree ("journal_entry_id");--> statement-breakpoint
CREATE INDEX "tax_deposits_created_by_idx" ON "tax_deposits" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "vat_periods_period_end_idx" ON "vat_periods" USING btree ("period_end");--> statement-breakpoint
CREATE INDEX "vat_periods_journal_entry_id_idx" ON "vat_periods" USING btree ("journal_entry_id");--> statement-breakpoint
CREATE INDEX "vat_periods_closed_by_idx" ON "vat_periods" USING btree ("closed_by");--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_records" ADD CONSTRAINT "tax_records_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotations_customer_id_idx" ON "quotations" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "tax_records_kind_date_idx" ON "tax_records" USING btree ("kind","transaction_date");--> statement-breakpoint
CREATE INDEX "tax_records_source_idx" ON "tax_records" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "tax_records_journal_entry_id_idx" ON "tax_records" USING btree ("journal_entry_id");--> statement-breakpoint
CREATE INDEX "tax_records_transaction_date_idx" ON "tax_records" USING btree ("transaction_date","created_at");--> statement-breakpoint
ALTER TABLE "accounting_settings" ADD CONSTRAINT "accounting_settings_vat_period_check" CHECK ("accounting_settings"."vat_period_months" in (1, 3));--> statement-breakpoint
ALTER TABLE "accounting_settings" ADD CONSTRAINT "accounting_settings_due_days_check" CHECK ("accounting_settings"."invoice_due_days" between 0 and 365);--> statement-breakpoint
ALTER TABLE "tax_records" ADD CONSTRAINT "tax_records_kind_check" CHECK (kind in ('output_vat', 'input_vat', 'vat_withheld', 'ait', 'income_tax_withheld', 'other'));--> statement-breakpoint
ALTER TABLE "tax_records" ADD CONSTRAINT "tax_records_source_check" CHECK (source_type in ('manual', 'invoice', 'credit_note', 'customer_payment', 'transaction'));--> statement-breakpoint
ALTER TABLE "tax_records" ADD CONSTRAINT "tax_records_amounts_check" CHECK ("tax_records"."source_type" = 'credit_note' or ("tax_records"."taxable_amount" >= 0 and "tax_records"."tax_amount" >= 0));--> statement-breakpoint
-- NOT VALID: a record typed by hand before this issue posted nothing; every new one must.
ALTER TABLE "tax_records" ADD CONSTRAINT "tax_records_manual_posted_check" CHECK ("tax_records"."source_type" <> 'manual' or "tax_records"."journal_entry_id" is not null or "tax_records"."tax_amount" = 0) NOT VALID;--> statement-breakpoint
-- An install with quotations approved before customers existed: one record per e-mail address (any case) that has an
-- approved quotation, named as its latest approved one, and every quotation of that address hangs off it.
INSERT INTO "customers" ("name", "email", "phone")
SELECT DISTINCT ON (lower(q."email")) q."customer_name", q."email", nullif(trim(q."phone"), '')
FROM "quotations" q WHERE q."status" = 'approved'
ORDER BY lower(q."email"), q."created_at" DESC;--> statement-breakpoint
UPDATE "quotations" q SET "customer_id" = c."id" FROM "customers" c
WHERE c."merged_into_id" IS NULL AND lower(c."email") = lower(q."email");
