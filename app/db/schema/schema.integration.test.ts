import { sql, type SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, queryRows } from "../client.server";
import { seedId } from "../seed/ids";
import { events, inventoryItems, journalEntries, journalLines, chartOfAccounts, payrollRuns } from "./index";

const rows = <T>(query: SQL) => queryRows<T>(getDb(), query);

/** Migration 0013 writes the spec's slab table with the seed's id. */
const SPEC_SLAB_TABLE_ID = seedId("tax-slab-table:spec");

describe("the migrated schema", () => {
  it("has every table of the data model", async () => {
    const tables = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(tables.map((t) => t.table_name).sort()).toEqual(
      [
        "account_month_balances",
        "account_roles",
        "accounting_settings",
        "accounts",
        "audit_log",
        "budget_months",
        "budgets",
        "chart_of_accounts",
        "company_settings",
        "contact_messages",
        "email_attachments",
        "email_outbox",
        "employees",
        "events",
        "gallery_items",
        "hero_images",
        "income_tax_slab_tables",
        "income_tax_slabs",
        "inventory_items",
        "inventory_package_parts",
        "job_charges",
        "job_lines",
        "job_movements",
        "jobs",
        "journal_entries",
        "journal_lines",
        "leaves",
        "logos",
        "party_balances",
        "payroll_runs",
        "payslips",
        "quotation_events",
        "quotation_lines",
        "quotation_revisions",
        "quotations",
        "rate_limit_counters",
        "rate_structures",
        "sessions",
        "settlements",
        "suppliers",
        "tasks",
        "tax_records",
        "vat_periods",
        "tax_deposits",
        "invoices",
        "invoice_lines",
        "invoice_allocations",
        "document_sequences",
        "customers",
        "customer_payments",
        "credit_notes",
        "credit_note_lines",
        "bank_statement_mappings",
        "bank_statements",
        "bank_statement_lines",
        "bank_matches",
        "bank_rules",
        "bank_transactions",
        "bank_reconciliations",
        "team_members",
        "teams",
        "transactions",
        "users",
        "year_end_closes",
        "verifications",
      ].sort(),
    );
  });

  it("has an index led by the columns of every foreign key", async () => {
    const unindexed = await rows<{ constraint: string }>(sql`
      select c.conname as constraint
      from pg_constraint c
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid
            and (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] = c.conkey
        )`);
    expect(unindexed).toEqual([]);
  });

  it("keeps money in numeric(14,2) columns", async () => {
    const columns = await rows<{
      table_name: string;
      column_name: string;
      numeric_precision: number;
      numeric_scale: number;
    }>(sql`
      select table_name, column_name, numeric_precision, numeric_scale from information_schema.columns
      where table_schema = 'public' and data_type = 'numeric'
        and column_name not in ('tax_rate', 'rate', 'vat_rate_percent', 'advance_percent', 'ait_rate_percent',
          'sd_rate_percent')
        -- A month's sums of an account's lines, and a party's (issue 36), not amounts: wider than any one amount can be.
        and table_name not in ('account_month_balances', 'party_balances')`);
    expect(columns.length).toBeGreaterThan(20);
    for (const c of columns)
      expect([c.table_name, c.column_name, c.numeric_precision, c.numeric_scale]).toEqual([
        c.table_name,
        c.column_name,
        14,
        2,
      ]);
  });

  it("returns dates as YYYY-MM-DD and money as exact decimal strings on this driver", async () => {
    const db = getDb();
    const [row] = await db
      .insert(inventoryItems)
      .values({ slug: "t-types", name: "Types", category: "sound", price: "0.1" })
      .returning();
    expect(row!.price).toBe("0.10");
    const [sum] = await rows<{ total: string }>(
      sql`select sum(price) + 0.2 as total from inventory_items where slug = 't-types'`,
    );
    expect(String(sum!.total)).toBe("0.30");
    const [event] = await db
      .insert(events)
      .values({ slug: "t-date", title: "T", description: "D", date: "2026-03-31", location: "Dhaka", time: "18:30" })
      .returning();
    expect(event!.date).toBe("2026-03-31");
    expect(event!.time).toBe("18:30:00");
  });

  describe("rejects what the rules forbid", () => {
    const violations: [string, () => Promise<unknown>][] = [
      [
        "a negative price",
        () => getDb().insert(inventoryItems).values({ slug: "neg", name: "N", category: "sound", price: "-1" }),
      ],
      [
        "an unknown category",
        () =>
          getDb()
            .insert(inventoryItems)
            .values({ slug: "cat", name: "C", category: "toys" as "sound" }),
      ],
      [
        "an unknown status",
        () =>
          getDb()
            .insert(inventoryItems)
            .values({ slug: "st", name: "S", category: "sound", status: "lost" as "booked" }),
      ],
      [
        "a negative stock",
        () => getDb().insert(inventoryItems).values({ slug: "q", name: "Q", category: "sound", quantity: -1 }),
      ],
      [
        "a duplicate slug",
        async () => {
          await getDb().insert(inventoryItems).values({ slug: "dup", name: "D", category: "sound" });
          await getDb().insert(inventoryItems).values({ slug: "dup", name: "D2", category: "sound" });
        },
      ],
      [
        "an event status outside upcoming/completed",
        () =>
          getDb()
            .insert(events)
            .values({
              slug: "e",
              title: "E",
              description: "D",
              date: "2026-01-01",
              location: "L",
              status: "cancelled" as "upcoming",
            }),
      ],
      [
        "a journal line that is both debit and credit",
        async () => {
          const [account] = await getDb()
            .insert(chartOfAccounts)
            .values({ code: "T1", name: "T", type: "asset" })
            .returning();
          const [entry] = await getDb().insert(journalEntries).values({ entryDate: "2026-01-01" }).returning();
          await getDb()
            .insert(journalLines)
            .values({ journalEntryId: entry!.id, accountId: account!.id, debit: "10", credit: "10" });
        },
      ],
      [
        "a payroll run not on the first of a month",
        () =>
          getDb().insert(payrollRuns).values({
            periodMonth: "2026-01-15",
            totalGross: "0",
            totalDeductions: "0",
            totalNet: "0",
            slabTableId: SPEC_SLAB_TABLE_ID,
          }),
      ],
      [
        "a second payroll run for the same month",
        async () => {
          await getDb().insert(payrollRuns).values({
            periodMonth: "2026-02-01",
            totalGross: "0",
            totalDeductions: "0",
            totalNet: "0",
            slabTableId: SPEC_SLAB_TABLE_ID,
          });
          await getDb().insert(payrollRuns).values({
            periodMonth: "2026-02-01",
            totalGross: "0",
            totalDeductions: "0",
            totalNet: "0",
            slabTableId: SPEC_SLAB_TABLE_ID,
          });
        },
      ],
      [
        "a second company settings row",
        () =>
          getDb().execute(
            sql`insert into company_settings (id, name, address, notification_email) values (2, 'X', 'Y', 'z@example.com')`,
          ),
      ],
    ];
    it.each(violations)("%s", async (_name, write) => {
      await expect(write()).rejects.toThrow();
    });
  });
});
