-- Issue 38, finding 3. One range for every business date, 2000-01-01 to 2099-12-31 (app/lib/business-date.ts):
-- a journal dated 9999-12-31 made the year-end report answer 500 for ever, and a rental ending then made opening
-- the quotation scan every day to it. The forms refuse such dates; these checks refuse them on any other path.
-- A rental lasts at most a year (366 days, first and last day included).
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_event_date_range" CHECK ("quotations"."event_date" between '2000-01-01' and '2099-12-31');--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_rental_end_date_range" CHECK ("quotations"."rental_end_date" between '2000-01-01' and '2099-12-31');--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_rental_span_check" CHECK ("quotations"."rental_end_date" is null or "quotations"."rental_end_date" - "quotations"."event_date" < 366);--> statement-breakpoint
ALTER TABLE "accounting_settings" ADD CONSTRAINT "accounting_settings_lock_date_range" CHECK ("accounting_settings"."lock_date" between '2000-01-01' and '2099-12-31');--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_entry_date_range" CHECK ("journal_entries"."entry_date" between '2000-01-01' and '2099-12-31');--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_date_range" CHECK ("journal_lines"."entry_date" between '2000-01-01' and '2099-12-31');--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_period_month_range" CHECK ("payroll_runs"."period_month" between '2000-01-01' and '2099-12-31');--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_date_range" CHECK ("settlements"."date" between '2000-01-01' and '2099-12-31');--> statement-breakpoint
ALTER TABLE "tax_records" ADD CONSTRAINT "tax_records_transaction_date_range" CHECK ("tax_records"."transaction_date" between '2000-01-01' and '2099-12-31');--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_date_range" CHECK ("transactions"."date" between '2000-01-01' and '2099-12-31');--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_due_date_range" CHECK ("transactions"."due_date" between '2000-01-01' and '2099-12-31');--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_issue_date_range" CHECK ("credit_notes"."issue_date" between '2000-01-01' and '2099-12-31');--> statement-breakpoint
ALTER TABLE "customer_payments" ADD CONSTRAINT "customer_payments_date_range" CHECK ("customer_payments"."date" between '2000-01-01' and '2099-12-31');--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issue_date_range" CHECK ("invoices"."issue_date" between '2000-01-01' and '2099-12-31');--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_due_date_range" CHECK ("invoices"."due_date" between '2000-01-01' and '2099-12-31');--> statement-breakpoint
ALTER TABLE "tax_deposits" ADD CONSTRAINT "tax_deposits_date_range" CHECK ("tax_deposits"."date" between '2000-01-01' and '2099-12-31');--> statement-breakpoint
ALTER TABLE "vat_periods" ADD CONSTRAINT "vat_periods_period_start_range" CHECK ("vat_periods"."period_start" between '2000-01-01' and '2099-12-31');--> statement-breakpoint
ALTER TABLE "vat_periods" ADD CONSTRAINT "vat_periods_period_end_range" CHECK ("vat_periods"."period_end" between '2000-01-01' and '2099-12-31');--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_date_range" CHECK ("bank_transactions"."date" between '2000-01-01' and '2099-12-31');