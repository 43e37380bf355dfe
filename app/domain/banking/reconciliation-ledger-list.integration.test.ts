import { beforeAll, describe, expect, it } from "vitest";
import { seedBooks } from "../../../tests/support/invoice-fixtures";
import {
  BANK_CURRENT,
  BANK_SAVINGS,
  bankTransaction,
  matchLine,
  statementWith,
} from "../../../tests/support/reconciliation-fixtures";
import { getDb } from "~/db/client.server";
import { parseList } from "~/lib/list-params";
import { RECONCILIATION_LIST } from "./reconciliation-ledger-list";
import { listReconciliationLedger } from "./reconciliation-ledger-list.server";

// Bank Reconciliation's table (issue 23) on a real database: the account's posted lines only, newest first, Deposit
// or Withdrawal with the amount, the reference from the bank transaction, Reconciled once matched; the URL's status,
// dates and search narrow it; 20 to a page.

const list = (query: string) => listReconciliationLedger(getDb(), BANK_SAVINGS, parseList(RECONCILIATION_LIST, query));

let matchedEntry: string;

beforeAll(async () => {
  await seedBooks();
  // 24 lines on the savings account over March, one a day, alternately in and out; and one on another account.
  for (let day = 1; day <= 24; day++) {
    const date = `2026-03-${String(day).padStart(2, "0")}`;
    await bankTransaction(BANK_SAVINGS, day % 2 ? "deposit" : "withdrawal", `${day}00.00`, date, {
      description: day === 7 ? "Rent deposit returned" : `Day ${day}`,
      reference: `CHQ-${day}`,
    });
  }
  await bankTransaction(BANK_CURRENT, "deposit", "999.00", "2026-03-10", { description: "Other account" });
  const day3 = await bankTransaction(BANK_SAVINGS, "charge", "15.00", "2026-03-03", { description: "SMS charge" });
  matchedEntry = day3.entryId;
  const statement = await statementWith(BANK_SAVINGS, [{ date: "2026-03-03", amount: "-15.00" }]);
  await matchLine(statement.lineIds[0]!, [day3.bankLineId]);
});

describe("the reconciliation's ledger lines", () => {
  it("lists the account's posted lines newest first, 20 to a page, with type, amount and reference", async () => {
    const first = await list("");
    expect(first.total).toBe(25);
    expect(first.pageCount).toBe(2);
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]).toMatchObject({
      date: "2026-03-24",
      description: "Day 24",
      reference: "CHQ-24",
      type: "withdrawal",
      amount: "2400.00",
      sourceType: "bank_transaction",
      matchedOn: null,
    });
    expect(first.rows[1]).toMatchObject({ date: "2026-03-23", type: "deposit", amount: "2300.00" });
    expect(first.rows.map((r) => r.date)).toEqual([...first.rows.map((r) => r.date)].sort().reverse());
    const second = await list("?page=2");
    expect(second.page).toBe(2);
    expect(second.rows.map((r) => r.date)).toEqual([
      "2026-03-04",
      "2026-03-03",
      "2026-03-03",
      "2026-03-02",
      "2026-03-01",
    ]);
    expect(second.rows.find((r) => r.description === "Other account")).toBeUndefined();
    // A page past the last shows the last.
    expect((await list("?page=9")).page).toBe(2);
  });

  it("says which lines are reconciled and filters by it", async () => {
    const reconciled = await list("?status=reconciled");
    expect(reconciled.rows).toMatchObject([
      {
        entryId: matchedEntry,
        description: "SMS charge",
        type: "withdrawal",
        amount: "15.00",
        matchedOn: "2026-03-03",
      },
    ]);
    const open = await list("?status=unreconciled");
    expect(open.total).toBe(24);
    expect(open.rows.every((r) => r.matchedOn === null)).toBe(true);
  });

  it("narrows to a date range and a search over description and reference", async () => {
    const range = await list("?from=2026-03-10&to=2026-03-12");
    expect(range.rows.map((r) => r.date)).toEqual(["2026-03-12", "2026-03-11", "2026-03-10"]);
    expect((await list("?q=rent deposit")).rows).toMatchObject([{ description: "Rent deposit returned" }]);
    expect((await list("?q=chq-19")).rows).toMatchObject([{ reference: "CHQ-19" }]);
    expect((await list("?q=100%25")).total).toBe(0);
    expect((await list("?status=reconciled&q=day")).total).toBe(0);
    // A malformed filter is no filter.
    expect((await list("?from=2026-02-30&status=maybe")).total).toBe(25);
  });
});
