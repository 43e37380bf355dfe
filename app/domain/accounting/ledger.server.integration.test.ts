import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "~/db/client.server";
import { violatedConstraint } from "~/db/errors.server";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { accountingSettings, accountMonthBalances, chartOfAccounts, journalEntries, journalLines } from "~/db/schema";
import type { AuditActor } from "../audit/audit.server";
import { accountLines, accountPeriod, balanceAt } from "./balances.server";
import { twoLines } from "./journal";
import { postEntry, PostingRefused, roleAccounts, writeEntry } from "./ledger.server";
import { reverseEntry } from "./reverse-entry.server";

// The book's core (issue 21): posting through writeEntry, the database's own refusals tried with raw SQL (each
// names its constraint), reversal, and balances from the month table and the lines.

const CASH = seedId("account:1000");
const BANK = seedId("account:1100");
const RENT = seedId("account:6100");
const INCOME = seedId("account:4000");
const actor: AuditActor = { userId: null, label: "test", ipAddress: null, userAgent: null };

const post = (date: string, debit: string, credit: string, amount: bigint, description = "test") =>
  getDb().transaction((tx) =>
    postEntry(tx, {
      date,
      description,
      source: { type: "manual" },
      lines: twoLines(debit, credit, amount),
      createdBy: null,
    }),
  );

/** Runs raw SQL in its own transaction and answers the constraint that refused it (null when it was kept). */
async function refusedBy(statements: string[]): Promise<string | null> {
  try {
    await getDb().transaction(async (tx) => {
      for (const statement of statements) await tx.execute(sql.raw(statement));
    });
    return null;
  } catch (error) {
    return violatedConstraint(error);
  }
}

beforeAll(async () => {
  await seedDatabase(getDb());
});

describe("posting", () => {
  it("writes a balanced entry with its total, and the month balances follow its lines", async () => {
    const id = await post("2026-03-05", CASH, INCOME, 150_050n);
    const [entry] = await getDb().select().from(journalEntries).where(eq(journalEntries.id, id));
    expect(entry).toMatchObject({ status: "posted", total: "1500.50", entryDate: "2026-03-05" });
    const lines = await getDb().select().from(journalLines).where(eq(journalLines.journalEntryId, id));
    expect(lines.map((l) => [l.accountId, l.debit, l.credit, l.entryDate])).toEqual([
      [CASH, "1500.50", "0.00", "2026-03-05"],
      [INCOME, "0.00", "1500.50", "2026-03-05"],
    ]);
    const months = await getDb()
      .select()
      .from(accountMonthBalances)
      .where(eq(accountMonthBalances.month, "2026-03-01"));
    expect(months.find((m) => m.accountId === CASH)).toMatchObject({ debit: "1500.50", credit: "0.00" });
  });

  it("refuses an unbalanced or empty entry before writing, naming the lines", async () => {
    const unbalanced = getDb().transaction((tx) =>
      postEntry(tx, {
        date: "2026-03-06",
        description: "x",
        source: { type: "manual" },
        lines: [
          { accountId: CASH, debit: 100n, credit: 0n },
          { accountId: INCOME, debit: 0n, credit: 99n },
        ],
        createdBy: null,
      }),
    );
    await expect(unbalanced).rejects.toBeInstanceOf(PostingRefused);
    await expect(unbalanced).rejects.toMatchObject({ errors: { lines: expect.stringMatching(/must equal/) } });
  });

  it("resolves the roles of Settings > Accounting to the seeded accounts", async () => {
    expect(await roleAccounts(getDb(), ["money.cash", "receivable", "expense.category.Equipment Purchase"])).toEqual({
      "money.cash": CASH,
      receivable: seedId("account:1300"),
      "expense.category.Equipment Purchase": seedId("account:1500"),
    });
  });
});

describe("the database refuses, whatever writes to it", () => {
  it("a posted entry whose debits and credits differ (at commit)", async () => {
    const entry = "'11111111-1111-4111-8111-111111111111'";
    expect(
      await refusedBy([
        `insert into journal_entries (id, entry_date, status, total, posted_at) values (${entry}, '2026-04-01', 'posted', 10, now())`,
        `insert into journal_lines (journal_entry_id, account_id, debit, credit) values (${entry}, '${CASH}', 10, 0)`,
        `insert into journal_lines (journal_entry_id, account_id, debit, credit) values (${entry}, '${INCOME}', 0, 9)`,
      ]),
    ).toBe("journal_entry_balanced");
  });

  it("a line added to an entry posted before, even a balanced pair", async () => {
    const id = await post("2026-04-02", CASH, INCOME, 1000n);
    expect(
      await refusedBy([
        `insert into journal_lines (journal_entry_id, account_id, debit, credit) values ('${id}', '${CASH}', 5, 0)`,
        `insert into journal_lines (journal_entry_id, account_id, debit, credit) values ('${id}', '${INCOME}', 0, 5)`,
      ]),
    ).toBe("journal_entry_total");
  });

  it("an empty line, which would change a posted entry without changing its total", async () => {
    const id = await post("2026-04-02", CASH, INCOME, 1000n);
    expect(
      await refusedBy([
        `insert into journal_lines (journal_entry_id, account_id, debit, credit) values ('${id}', '${CASH}', 0, 0)`,
      ]),
    ).toBe("journal_lines_not_empty_check");
  });

  it("any change to a posted entry's lines or amounts, and deleting it", async () => {
    const id = await post("2026-04-03", CASH, INCOME, 1000n);
    expect(
      await refusedBy([`update journal_lines set debit = 20 where journal_entry_id = '${id}' and debit > 0`]),
    ).toBe("journal_entry_posted_immutable");
    expect(await refusedBy([`delete from journal_lines where journal_entry_id = '${id}'`])).toBe(
      "journal_entry_posted_immutable",
    );
    expect(await refusedBy([`update journal_entries set entry_date = '2026-04-04' where id = '${id}'`])).toBe(
      "journal_entry_posted_immutable",
    );
    expect(await refusedBy([`delete from journal_entries where id = '${id}'`])).toBe("journal_entry_posted_immutable");
    expect(await balanceAt(getDb(), CASH, "2026-04-30")).toBeGreaterThan(0n);
  });

  it("emptying the books by TRUNCATE, which row triggers do not see (issue 38)", async () => {
    await post("2026-04-05", CASH, INCOME, 500n);
    const before = await balanceAt(getDb(), CASH, "2026-04-30");
    for (const statement of [
      "truncate journal_lines cascade",
      "truncate journal_entries cascade",
      "truncate account_month_balances",
      "truncate party_balances",
      "truncate chart_of_accounts cascade",
    ])
      expect(await refusedBy([statement]), statement).toBe("books_truncate_refused");
    expect(await balanceAt(getDb(), CASH, "2026-04-30")).toBe(before);
  });

  it("a posting on or before the lock date", async () => {
    await getDb().update(accountingSettings).set({ lockDate: "2026-01-31" });
    try {
      const entry = "'22222222-2222-4222-8222-222222222222'";
      expect(
        await refusedBy([
          `insert into journal_entries (id, entry_date, status, total, posted_at) values (${entry}, '2026-01-31', 'posted', 10, now())`,
        ]),
      ).toBe("journal_entry_lock_date");
      await expect(post("2026-01-15", CASH, INCOME, 100n)).rejects.toMatchObject({
        errors: { date: "The books are locked up to Jan 31, 2026: choose a date after it" },
      });
    } finally {
      await getDb().update(accountingSettings).set({ lockDate: null });
    }
  });

  it("a change of type of an account with postings", async () => {
    await post("2026-04-05", RENT, BANK, 500n);
    expect(await refusedBy([`update chart_of_accounts set type = 'asset' where id = '${RENT}'`])).toBe(
      "chart_of_accounts_type_fixed",
    );
    expect(await refusedBy([`delete from chart_of_accounts where id = '${RENT}'`])).toBe(
      "journal_lines_account_id_chart_of_accounts_id_fk",
    );
  });
});

describe("reversal and balances", () => {
  it("mirrors the entry on the chosen date, links it, and refuses a second reversal", async () => {
    const id = await post("2026-05-10", RENT, CASH, 2500_00n, "May rent");
    const before = await balanceAt(getDb(), CASH, "2026-05-31");
    const reversed = await reverseEntry(getDb(), actor, { entryId: id, date: "2026-05-12" });
    expect(reversed).toMatchObject({ ok: true });
    const reversalId = (reversed as { reversalId: string }).reversalId;
    const [reversal] = await getDb().select().from(journalEntries).where(eq(journalEntries.id, reversalId));
    expect(reversal).toMatchObject({
      reversesId: id,
      sourceType: "reversal",
      entryDate: "2026-05-12",
      total: "2500.00",
    });
    expect(await balanceAt(getDb(), CASH, "2026-05-31")).toBe(before + 2500_00n);
    expect(await reverseEntry(getDb(), actor, { entryId: id, date: "2026-05-12" })).toMatchObject({
      ok: false,
      refusal: "conflict",
    });
    expect(await reverseEntry(getDb(), actor, { entryId: reversalId, date: "2026-05-12" })).toMatchObject({
      ok: false,
      refusal: "conflict",
    });
  });

  it("reverses an entry on an account deactivated since: the mistake stays correctable", async () => {
    const petrol = seedId("account:6300");
    const id = await post("2026-05-20", petrol, CASH, 700_00n, "Fuel");
    await getDb().update(chartOfAccounts).set({ isActive: false }).where(eq(chartOfAccounts.id, petrol));
    try {
      // A new posting on it is refused; the reversal of the old one is not.
      await expect(post("2026-05-21", petrol, CASH, 1n)).rejects.toMatchObject({
        errors: { "lines.0.accountId": expect.stringMatching(/is deactivated/) },
      });
      expect(await reverseEntry(getDb(), actor, { entryId: id, date: "2026-05-22" })).toMatchObject({ ok: true });
    } finally {
      await getDb().update(chartOfAccounts).set({ isActive: true }).where(eq(chartOfAccounts.id, petrol));
    }
  });

  it("gives a period's opening, movements and closing, and each line's running balance", async () => {
    const petty = seedId("account:1010");
    await post("2026-06-30", petty, BANK, 1000_00n);
    await post("2026-07-01", petty, BANK, 200_00n);
    await post("2026-07-15", RENT, petty, 50_00n);
    expect(await accountPeriod(getDb(), petty, { from: "2026-07-01", to: "2026-07-31" })).toEqual({
      opening: 1000_00n,
      debits: 200_00n,
      credits: 50_00n,
      closing: 1150_00n,
    });
    const { lines, total } = await accountLines(
      getDb(),
      petty,
      { from: "2026-07-01", to: "2026-07-31" },
      {
        limit: 10,
        offset: 0,
      },
    );
    expect(total).toBe(2);
    expect(lines.map((l) => [l.entryDate, l.debit, l.credit, l.runningBalance])).toEqual([
      ["2026-07-15", "0.00", "50.00", "1150.00"],
      ["2026-07-01", "200.00", "0.00", "1200.00"],
    ]);
    // The month table and the lines agree.
    const [check] = await queryRows<{ months: string; lines: string }>(
      getDb(),
      sql`select (select sum(debit - credit) from account_month_balances where account_id = ${petty})::text as months,
                 (select sum(debit - credit) from journal_lines where account_id = ${petty})::text as lines`,
    );
    expect(check!.months).toBe(check!.lines);
  });

  it("keeps a draft out of every balance, and lets it change", async () => {
    const draftId = await getDb().transaction((tx) =>
      writeEntry(
        tx,
        {
          date: "2026-08-01",
          description: "draft",
          source: { type: "manual" },
          lines: twoLines(CASH, INCOME, 999n),
          createdBy: null,
        },
        "draft",
      ),
    );
    expect(await accountPeriod(getDb(), CASH, { from: "2026-08-01", to: "2026-08-31" })).toMatchObject({ debits: 0n });
    await getDb().update(journalEntries).set({ entryDate: "2026-08-02" }).where(eq(journalEntries.id, draftId));
    const lines = await getDb().select().from(journalLines).where(eq(journalLines.journalEntryId, draftId));
    expect(lines.map((l) => [l.entryDate, l.posted])).toEqual([
      ["2026-08-02", false],
      ["2026-08-02", false],
    ]);

    // Posted by one update (as the General Ledger's Post does): its lines join the book and the month balances.
    await getDb()
      .update(journalEntries)
      .set({ status: "posted", total: "9.99", postedAt: new Date() })
      .where(eq(journalEntries.id, draftId));
    const posted = await getDb().select().from(journalLines).where(eq(journalLines.journalEntryId, draftId));
    expect(posted.map((l) => l.posted)).toEqual([true, true]);
    expect(await accountPeriod(getDb(), CASH, { from: "2026-08-01", to: "2026-08-31" })).toMatchObject({
      debits: 999n,
    });
    // Once in the book, a line cannot leave it.
    expect(await refusedBy([`update journal_lines set posted = false where journal_entry_id = '${draftId}'`])).toBe(
      "journal_entry_posted_immutable",
    );
  });
});
