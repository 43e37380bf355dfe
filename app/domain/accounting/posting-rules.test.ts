import { describe, expect, it } from "vitest";
import { entryLineErrors, entryTotals, JOURNAL_MESSAGES, mirrorLines, type EntryLine } from "./journal";
import { completedTransactionLines, openItemLines, settlementLines } from "./posting-rules";

// What each document of issue 21 posts (DESIGN §10): the right accounts on the right sides, balanced.

const ACCOUNTS = { category: "income-or-expense", money: "bank", receivable: "receivable", payable: "payable" };
const sides = (lines: EntryLine[]) => lines.map((l) => [l.accountId, l.debit, l.credit]);
const balanced = (lines: EntryLine[]) => {
  expect(entryLineErrors(lines)).toEqual({});
  const { debits, credits } = entryTotals(lines);
  expect(debits).toBe(credits);
};

describe("a completed transaction", () => {
  it("income: the money account is debited, the category's income credited", () => {
    const lines = completedTransactionLines("income", 150_050n, ACCOUNTS);
    expect(sides(lines)).toEqual([
      ["bank", 150_050n, 0n],
      ["income-or-expense", 0n, 150_050n],
    ]);
    balanced(lines);
  });

  it("expense: the category's expense (or asset) is debited, the money account credited", () => {
    const lines = completedTransactionLines("expense", 99n, ACCOUNTS);
    expect(sides(lines)).toEqual([
      ["income-or-expense", 99n, 0n],
      ["bank", 0n, 99n],
    ]);
    balanced(lines);
  });

  it("needs the money account it is paid through", () => {
    expect(() => completedTransactionLines("income", 1n, { category: "x" })).toThrow(/needs the money account/);
  });
});

describe("a receivable or payable, on save", () => {
  it("receivable: the receivable is debited, the income credited; no money moves", () => {
    const lines = openItemLines("income", 5_000_00n, ACCOUNTS);
    expect(sides(lines)).toEqual([
      ["receivable", 5_000_00n, 0n],
      ["income-or-expense", 0n, 5_000_00n],
    ]);
    balanced(lines);
  });

  it("payable: the expense (or asset) is debited, the payable credited", () => {
    const lines = openItemLines("expense", 7n, ACCOUNTS);
    expect(sides(lines)).toEqual([
      ["income-or-expense", 7n, 0n],
      ["payable", 0n, 7n],
    ]);
    balanced(lines);
  });
});

describe("a settlement, whole or part", () => {
  it("received: the money account is debited, the receivable credited", () => {
    expect(sides(settlementLines("income", 2_500n, ACCOUNTS))).toEqual([
      ["bank", 2_500n, 0n],
      ["receivable", 0n, 2_500n],
    ]);
  });

  it("paid: the payable is debited, the money account credited", () => {
    expect(sides(settlementLines("expense", 2_500n, ACCOUNTS))).toEqual([
      ["payable", 2_500n, 0n],
      ["bank", 0n, 2_500n],
    ]);
  });

  it("a receivable saved and received in two parts leaves nothing on the receivable", () => {
    const all = [
      ...openItemLines("income", 10_000n, ACCOUNTS),
      ...settlementLines("income", 4_000n, ACCOUNTS),
      ...settlementLines("income", 6_000n, ACCOUNTS),
    ];
    const onReceivable = all.filter((l) => l.accountId === "receivable");
    expect(entryTotals(onReceivable).debits - entryTotals(onReceivable).credits).toBe(0n);
  });
});

describe("a reversal", () => {
  it("swaps every line's debit and credit, so the two entries sum to nothing on each account", () => {
    const original = completedTransactionLines("expense", 12_345n, ACCOUNTS);
    const mirror = mirrorLines(original);
    expect(sides(mirror)).toEqual([
      ["income-or-expense", 0n, 12_345n],
      ["bank", 12_345n, 0n],
    ]);
    balanced(mirror);
  });
});

describe("the rules every entry keeps", () => {
  const line = (accountId: string, debit: bigint, credit: bigint): EntryLine => ({ accountId, debit, credit });

  it("names the line that is wrong", () => {
    expect(entryLineErrors([line("", 1n, 0n), line("b", 0n, 1n)])).toEqual({
      "lines.0.accountId": JOURNAL_MESSAGES.lineAccount,
    });
    expect(entryLineErrors([line("a", 1n, 1n), line("b", 0n, 1n)])).toEqual({
      "lines.0.debit": JOURNAL_MESSAGES.lineBothSides,
    });
    expect(entryLineErrors([line("a", 0n, 0n), line("b", 0n, 1n)])).toEqual({
      "lines.0.debit": JOURNAL_MESSAGES.lineEmpty,
    });
    expect(entryLineErrors([line("a", -1n, 0n), line("b", 0n, 1n)])).toEqual({
      "lines.0.debit": JOURNAL_MESSAGES.lineNegative,
    });
    expect(entryLineErrors([line("a", 100_000_000_000_000n, 0n), line("b", 0n, 1n)])).toEqual({
      "lines.0.debit": JOURNAL_MESSAGES.lineTooLarge,
    });
  });

  it("refuses one line, unequal totals, and a total beyond what the column holds", () => {
    expect(entryLineErrors([line("a", 1n, 0n)])).toEqual({ lines: JOURNAL_MESSAGES.tooFewLines });
    expect(entryLineErrors([line("a", 100n, 0n), line("b", 0n, 99n)])).toEqual({
      lines: "Total debits (1.00) must equal total credits (0.99)",
    });
    const most = 99_999_999_999_999n;
    expect(entryLineErrors([line("a", most, 0n), line("b", 1n, 0n), line("c", 0n, most), line("d", 0n, 1n)])).toEqual({
      lines: JOURNAL_MESSAGES.totalTooLarge,
    });
  });
});
