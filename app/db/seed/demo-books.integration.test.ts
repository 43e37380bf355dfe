import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "~/db/client.server";
import { seedDatabase } from "~/db/seed/seed.server";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { DEMO_BOOKS_MESSAGES, DemoBooksRefused, seedDemoBooks } from "./demo-books.server";

// The demo books (issue 21): three months posted through the screens' use cases, something for every accounting
// screen, the book balanced; a second run refused with its message and nothing written.

const TODAY = "2026-11-25";

beforeAll(async () => {
  await seedDatabase(getDb());
});

describe("npm run db:seed:demo", () => {
  it("posts three months of every kind of document, balanced, ending today", async () => {
    const result = await seedDemoBooks(getDb(), { today: TODAY });
    expect(result).toMatchObject({ from: "2026-08-27", to: TODAY, reversals: 1 });
    expect(result.transactions).toBeGreaterThan(40);
    expect(result.settlements).toBeGreaterThan(4);

    const [book] = await queryRows<Record<string, string | number>>(
      getDb(),
      sql`select (select sum(debit) from journal_lines)::text as debits,
                 (select sum(credit) from journal_lines)::text as credits,
                 (select min(entry_date)::text from journal_entries) as first,
                 (select max(entry_date)::text from journal_entries) as last,
                 (select count(distinct source_type)::int from journal_entries) as sources,
                 (select count(*)::int from transactions where status = 'pending' and settled_amount > 0) as part_paid,
                 (select count(*)::int from transactions where status = 'pending' and settled_amount = 0) as open,
                 (select count(*)::int from journal_entries where reverses_id is not null) as reversals`,
    );
    expect(book!.debits).toBe(book!.credits);
    expect(book).toMatchObject({ first: "2026-08-27", reversals: 1, sources: 6 });
    expect(String(book!.last) <= TODAY).toBe(true);
    expect(Number(book!.part_paid)).toBeGreaterThan(0);
    expect(Number(book!.open)).toBeGreaterThan(0);
  });

  it("refuses to run again on the same books, writing nothing", async () => {
    const tables = ["journal_entries", "journal_lines", "transactions", "settlements", "account_month_balances"];
    const before = await tableFingerprint(tables);
    const again = seedDemoBooks(getDb(), { today: TODAY });
    await expect(again).rejects.toBeInstanceOf(DemoBooksRefused);
    await expect(again).rejects.toThrow(
      /^The books already have \d+ journal entries: the demo data goes only into empty books/,
    );
    expect(await tableFingerprint(tables)).toEqual(before);
    expect(DEMO_BOOKS_MESSAGES.notEmpty(1)).toMatch(/^The books already have 1 journal entry:/);
  });
});
