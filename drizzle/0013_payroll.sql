-- Issue 25: payroll. Income-tax slabs become tables (the spec's, in force from the start, and the Finance Acts'
-- presets), payroll runs and payslips gain what processing, undoing and paying write, employees their leaving
-- date and payment details. The slab rows are written here with the seed's ids, so an install seeded before has them.
CREATE TABLE "income_tax_slab_tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"assessment_year" text,
	"source" text NOT NULL,
	"in_force_from" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "income_tax_slab_tables_name_unique" UNIQUE("name"),
	CONSTRAINT "income_tax_slab_tables_in_force_from_unique" UNIQUE("in_force_from"),
	CONSTRAINT "income_tax_slab_tables_in_force_from_check" CHECK ("income_tax_slab_tables"."in_force_from" is null or extract(day from "income_tax_slab_tables"."in_force_from") = 1)
);
--> statement-breakpoint
ALTER TABLE "payroll_runs" DROP CONSTRAINT "payroll_runs_period_month_unique";--> statement-breakpoint
ALTER TABLE "payroll_runs" DROP CONSTRAINT "payroll_runs_status_check";--> statement-breakpoint
ALTER TABLE "payslips" DROP CONSTRAINT "payslips_status_check";--> statement-breakpoint
ALTER TABLE "payslips" DROP CONSTRAINT "payslips_payment_method_check";--> statement-breakpoint
ALTER TABLE "payslips" DROP CONSTRAINT "payslips_payroll_run_id_payroll_runs_id_fk";
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "leaving_date" date;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "salary_payment_method" text DEFAULT 'bank' NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "bank_account_number" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "wallet_number" text;--> statement-breakpoint
ALTER TABLE "income_tax_slabs" ADD COLUMN "table_id" uuid;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD COLUMN "slab_table_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD COLUMN "journal_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD COLUMN "reversal_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD COLUMN "reversed_by" uuid;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "employee_name" text NOT NULL;--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "position" text NOT NULL;--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "department" text NOT NULL;--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "monthly_salary" numeric(14, 2) NOT NULL;--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "days_paid" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "days_in_month" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "disbursement_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "money_account_id" uuid;--> statement-breakpoint
ALTER TABLE "income_tax_slabs" ADD CONSTRAINT "income_tax_slabs_table_id_income_tax_slab_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."income_tax_slab_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_slab_table_id_income_tax_slab_tables_id_fk" FOREIGN KEY ("slab_table_id") REFERENCES "public"."income_tax_slab_tables"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_reversal_entry_id_journal_entries_id_fk" FOREIGN KEY ("reversal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_disbursement_entry_id_journal_entries_id_fk" FOREIGN KEY ("disbursement_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_money_account_id_chart_of_accounts_id_fk" FOREIGN KEY ("money_account_id") REFERENCES "public"."chart_of_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_payroll_run_id_payroll_runs_id_fk" FOREIGN KEY ("payroll_run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_runs_month_unique" ON "payroll_runs" USING btree ("period_month") WHERE "payroll_runs"."status" <> 'reversed';--> statement-breakpoint
CREATE INDEX "payroll_runs_period_month_idx" ON "payroll_runs" USING btree ("period_month");--> statement-breakpoint
CREATE INDEX "payroll_runs_journal_entry_id_idx" ON "payroll_runs" USING btree ("journal_entry_id");--> statement-breakpoint
CREATE INDEX "payroll_runs_reversal_entry_id_idx" ON "payroll_runs" USING btree ("reversal_entry_id");--> statement-breakpoint
CREATE INDEX "payroll_runs_slab_table_id_idx" ON "payroll_runs" USING btree ("slab_table_id");--> statement-breakpoint
CREATE INDEX "payroll_runs_reversed_by_idx" ON "payroll_runs" USING btree ("reversed_by");--> statement-breakpoint
CREATE INDEX "payslips_transaction_id_idx" ON "payslips" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "payslips_disbursement_entry_id_idx" ON "payslips" USING btree ("disbursement_entry_id");--> statement-breakpoint
CREATE INDEX "payslips_money_account_id_idx" ON "payslips" USING btree ("money_account_id");--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_leaving_date_check" CHECK ("employees"."leaving_date" is null or "employees"."leaving_date" >= "employees"."joining_date");--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_salary_payment_method_check" CHECK (salary_payment_method in ('bank', 'bkash', 'nagad', 'cash'));--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_reversal_check" CHECK (("payroll_runs"."status" = 'reversed') = ("payroll_runs"."reversed_at" is not null and "payroll_runs"."reversal_entry_id" is not null and "payroll_runs"."reversal_reason" is not null));--> statement-breakpoint
ALTER TABLE "payroll_runs" ADD CONSTRAINT "payroll_runs_status_check" CHECK (status in ('processed', 'disbursed', 'reversed'));--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_days_check" CHECK ("payslips"."days_paid" between 1 and "payslips"."days_in_month" and "payslips"."days_in_month" between 28 and 31);--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_sum_check" CHECK ("payslips"."gross" = "payslips"."basic" + "payslips"."house_rent" + "payslips"."medical" + "payslips"."transport" and "payslips"."net" = "payslips"."gross" - "payslips"."provident_fund" - "payslips"."income_tax" - "payslips"."other_deductions");--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_paid_check" CHECK (("payslips"."status" = 'paid') = ("payslips"."paid_at" is not null and "payslips"."disbursement_entry_id" is not null and "payslips"."money_account_id" is not null));--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_status_check" CHECK (status in ('pending', 'paid', 'reversed'));--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_payment_method_check" CHECK (payment_method in ('bank', 'bkash', 'nagad', 'cash'));--> statement-breakpoint
ALTER TABLE "income_tax_slabs" DROP CONSTRAINT "income_tax_slabs_year_position_unique";--> statement-breakpoint
INSERT INTO "income_tax_slab_tables" ("id", "name", "assessment_year", "source", "in_force_from") VALUES
  ('6578d8bb-b9e1-5a21-885c-2a141e701875', 'Company payroll table', null, 'The company''s payroll rules: 300,000 tax-free, then 5%, 10%, 15%, 20%, 25%', '2000-01-01'),
  ('481f4757-1ef8-5426-83ad-696b2dfed601', 'Assessment year 2024-25', '2024-25', 'Finance Act 2023, individual taxpayers: 350,000 tax-free', null),
  ('49c9de13-9eca-512f-ab11-03c9859fe852', 'Assessment year 2025-26', '2025-26', 'Finance Act 2024, individual taxpayers: adds a 30% band above 3,850,000', null),
  ('fac7a2ad-1c48-5762-8f06-24bbb0b6a30a', 'Assessment year 2026-27', '2026-27', 'Finance Ordinance 2025, individual taxpayers: 375,000 tax-free, no 5% band', null)
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "income_tax_slabs" SET "table_id" = '6578d8bb-b9e1-5a21-885c-2a141e701875';--> statement-breakpoint
INSERT INTO "income_tax_slabs" ("id", "fiscal_year", "table_id", "position", "band_amount", "rate") VALUES
  ('c5080a58-9146-5f62-aa99-3d01aec22c57', 0, '6578d8bb-b9e1-5a21-885c-2a141e701875', 0, '300000', '0'),
  ('d07177b9-ca15-5f1c-befd-3f9cb8e12eba', 0, '6578d8bb-b9e1-5a21-885c-2a141e701875', 1, '100000', '5'),
  ('b25738a6-93e8-5a4d-ad7e-be0a445ee32b', 0, '6578d8bb-b9e1-5a21-885c-2a141e701875', 2, '300000', '10'),
  ('edee29f2-a76b-5a8e-86a5-3d2f736a138e', 0, '6578d8bb-b9e1-5a21-885c-2a141e701875', 3, '400000', '15'),
  ('2cec66d6-d3ea-5dc8-8604-1442c14f5d83', 0, '6578d8bb-b9e1-5a21-885c-2a141e701875', 4, '500000', '20'),
  ('215c2a91-7f97-54b0-b129-da67a1b7472b', 0, '6578d8bb-b9e1-5a21-885c-2a141e701875', 5, null, '25'),
  ('46cebd9e-1ca1-5033-b18e-588143bbda3d', 0, '481f4757-1ef8-5426-83ad-696b2dfed601', 0, '350000', '0'),
  ('670369da-4ce8-55b4-813e-1dc4832e7560', 0, '481f4757-1ef8-5426-83ad-696b2dfed601', 1, '100000', '5'),
  ('da0f993f-bc0b-592b-9265-1dabe18dd38f', 0, '481f4757-1ef8-5426-83ad-696b2dfed601', 2, '400000', '10'),
  ('b7d589ec-7aaf-5caf-9bb7-e33ffc85b26f', 0, '481f4757-1ef8-5426-83ad-696b2dfed601', 3, '500000', '15'),
  ('ea64d3a3-effb-5c1f-be58-536c4cb1207d', 0, '481f4757-1ef8-5426-83ad-696b2dfed601', 4, '500000', '20'),
  ('c0510eb4-cce5-5fa9-8eb5-eb84c58e8f09', 0, '481f4757-1ef8-5426-83ad-696b2dfed601', 5, null, '25'),
  ('6e6cfee5-03cf-5f81-8976-29f8c192d17f', 0, '49c9de13-9eca-512f-ab11-03c9859fe852', 0, '350000', '0'),
  ('870ac52f-df14-5ffa-8002-697135b7757b', 0, '49c9de13-9eca-512f-ab11-03c9859fe852', 1, '100000', '5'),
  ('5ccd4437-81a3-5ed0-9a9c-4af7756d1c86', 0, '49c9de13-9eca-512f-ab11-03c9859fe852', 2, '400000', '10'),
  ('e04a706e-7cfe-57c1-ac64-770a636cdcbb', 0, '49c9de13-9eca-512f-ab11-03c9859fe852', 3, '500000', '15'),
  ('5a6ac95a-731c-53da-a1a1-36965c7264e7', 0, '49c9de13-9eca-512f-ab11-03c9859fe852', 4, '500000', '20'),
  ('a30b7638-7183-5f12-ba45-b0da853a57ed', 0, '49c9de13-9eca-512f-ab11-03c9859fe852', 5, '2000000', '25'),
  ('da1b0093-02b7-5327-be71-ecb856b3a9cb', 0, '49c9de13-9eca-512f-ab11-03c9859fe852', 6, null, '30'),
  ('6fc255f9-c578-5b17-a8bb-80987221ecf1', 0, 'fac7a2ad-1c48-5762-8f06-24bbb0b6a30a', 0, '375000', '0'),
  ('3d3393ae-c316-54ab-b8d2-6597a8de930d', 0, 'fac7a2ad-1c48-5762-8f06-24bbb0b6a30a', 1, '300000', '10'),
  ('7704c4a8-54a6-5191-806d-637174831fae', 0, 'fac7a2ad-1c48-5762-8f06-24bbb0b6a30a', 2, '400000', '15'),
  ('765d4761-fd94-5389-8cc9-a24f21018341', 0, 'fac7a2ad-1c48-5762-8f06-24bbb0b6a30a', 3, '500000', '20'),
  ('a5205b3d-4895-58f7-affa-65ef28c2f16f', 0, 'fac7a2ad-1c48-5762-8f06-24bbb0b6a30a', 4, '2000000', '25'),
  ('e25b65d9-3867-5770-8456-85211ba9526e', 0, 'fac7a2ad-1c48-5762-8f06-24bbb0b6a30a', 5, null, '30')
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "income_tax_slabs" ALTER COLUMN "table_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "income_tax_slabs" DROP COLUMN "fiscal_year";--> statement-breakpoint
ALTER TABLE "income_tax_slabs" ADD CONSTRAINT "income_tax_slabs_table_position_unique" UNIQUE("table_id","position");
