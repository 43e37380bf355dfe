import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { getDb } from "~/db/client.server";
import { violatedConstraint } from "~/db/errors.server";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import {
  accountingSettings,
  accountRoles,
  auditLog,
  chartOfAccounts,
  journalEntries,
  journalLines,
  yearEndCloses,
} from "~/db/schema";
import { fromPaisa } from "~/lib/money";
import type { AuditActor } from "../audit/audit.server";
import { balancesOn, movementsByAccount } from "../reports/ledger-figures.server";
import { fiscalYearRange } from "../reports/report-periods";
import { createMoneyDocument } from "./create-money-document.server";
import { twoLines, type EntryLine } from "./journal";
import { LEDGER_MESSAGES, postEntry } from "./ledger.server";
import { CORRECTED_BY_ITS_DOCUMENT } from "./ledger-list";
import { reverseEntry } from "./reverse-entry.server";
import { closeFiscalYear, reopenFiscalYear } from "./year-end-close.server";
import { YEAR_END_MESSAGES as M } from "./year-end-close-form";
import { loadYearEndPage } from "./year-end-close-years.server";

// Year-end close (issue 24) on a real database: the closing entry reverses each income and expense account's
// movement for the fiscal year, to the paisa, with the result to retained earnings, dated the year's last day; the
// year's income and expense accounts then stand at zero and the next year starts from zero; nothing else is posted in
// the closed year (the field message first, the trigger journal_entry_closed_year behind it); reopening posts the
// mirror and lets postings in again. Every refusal names its reason and writes nothing.

const account = (code: string) => seedId(`account:${code}`);
const CASH = account("1000");
const BANK = account("1100");
const EQUIPMENT = account("1500");
const RENTAL = account("4000");
const INTEREST = account("4800");
const MAINTENANCE = account("5100");
const UTILITIES = account("6200");
const RETAINED = account("3100");
const actor: AuditActor = { userId: null, label: "accounts@example.com", ipAddress: null, userAgent: null };
const TABLES = ["journal_entries", "journal_lines", "year_end_closes", "audit_log", "account_month_balances"] as const;
// A July start (the default): 2024 is 1 Jul 2024 to 30 Jun 2025, "2024-25".
const FY2024 = fiscalYearRange(2024, 7);
const FY2025 = fiscalYearRange(2025, 7);
const TODAY = "2026-11-27";

const post = (date: string, lines: EntryLine[], description = "test") =>
  getDb().transaction((tx) => postEntry(tx, { date, description, source: { type: "manual" }, lines, createdBy: null }));
const close = (fiscalYear: number | string, result?: string, today = TODAY) =>
  closeFiscalYear(getDb(), { fiscalYear, result }, actor, today);
const reopen = (closeId: string, reason = "Auditor's adjustment") =>
  reopenFiscalYear(getDb(), { closeId, reason }, actor);

/** Debits minus credits of every income and expense account at the end of `date`, summed, paisa. */
async function profitAndLossBalance(date: string): Promise<bigint> {
  const balances = await balancesOn(getDb(), date);
  const accounts = await getDb()
    .select({ id: chartOfAccounts.id })
    .from(chartOfAccounts)
    .where(sql`${chartOfAccounts.type} in ('income', 'expense')`);
  return accounts.reduce((sum, a) => sum + (balances.get(a.id) ?? 0n), 0n);
}

async function linesOf(entryId: string) {
  const rows = await getDb()
    .select({ accountId: journalLines.accountId, debit: journalLines.debit, credit: journalLines.credit })
    .from(journalLines)
    .where(eq(journalLines.journalEntryId, entryId))
    .orderBy(journalLines.lineNo);
  return rows;
}

async function rawPostedEntry(date: string): Promise<string | null> {
  try {
    await getDb().transaction(async (tx) => {
      await tx.execute(
        sql.raw(
          `insert into journal_entries (entry_date, status, total, posted_at, description) values ('${date}', 'posted', 10, now(), 'raw')`,
        ),
      );
    });
    return null;
  } catch (error) {
    return violatedConstraint(error);
  }
}

beforeAll(async () => {
  await seedDatabase(getDb());
  // FY 2024-25: rental 150,000.55 and interest 10.01 in; maintenance 20,000.25 and utilities 1,234.56 out; equipment
  // bought (a balance-sheet account, not closed). A rental taken back by a credit on the same account.
  await post("2024-07-01", twoLines(CASH, RENTAL, 15_000_055n));
  await post("2025-01-15", twoLines(BANK, INTEREST, 1_001n));
  await post("2025-02-10", twoLines(MAINTENANCE, CASH, 2_000_025n));
  await post("2025-06-30", twoLines(UTILITIES, BANK, 123_456n));
  await post("2025-03-03", twoLines(EQUIPMENT, BANK, 5_000_000n));
  // FY 2025-26: the next year's own figures.
  await post("2025-07-01", twoLines(CASH, RENTAL, 500_000n));
  await post("2026-06-30", twoLines(UTILITIES, CASH, 70_000n));
});

describe("closing a fiscal year", () => {
  let closeId: string;
  let entryId: string;

  it("posts one entry dated the year's last day: each income and expense account reversed, the result to retained earnings", async () => {
    const result = await close(2024, "128775.75");
    expect(result).toMatchObject({ ok: true, message: M.closed, result: "128775.75" });
    if (!result.ok) return;
    closeId = result.id;
    entryId = result.entryId;
    const [entry] = await getDb().select().from(journalEntries).where(eq(journalEntries.id, entryId));
    expect(entry).toMatchObject({
      entryDate: "2025-06-30",
      description: "Year-end close FY 2024-25",
      status: "posted",
      sourceType: "year_end_close",
      sourceId: closeId,
      total: "150010.56",
    });
    // In code order; 150,000.55 + 10.01 − 20,000.25 − 1,234.56 = 128,775.75 of profit, to the paisa.
    expect(await linesOf(entryId)).toEqual([
      { accountId: RENTAL, debit: "150000.55", credit: "0.00" },
      { accountId: INTEREST, debit: "10.01", credit: "0.00" },
      { accountId: MAINTENANCE, debit: "0.00", credit: "20000.25" },
      { accountId: UTILITIES, debit: "0.00", credit: "1234.56" },
      { accountId: RETAINED, debit: "0.00", credit: "128775.75" },
    ]);
    const [row] = await getDb().select().from(yearEndCloses).where(eq(yearEndCloses.id, closeId));
    expect(row).toMatchObject({
      fiscalYear: 2024,
      periodStart: "2024-07-01",
      periodEnd: "2025-06-30",
      result: "128775.75",
      closingEntryId: entryId,
      reopenedAt: null,
    });
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.action, "year_end.closed"));
    expect(audit).toMatchObject({ entityType: "year_end_close", entityId: closeId });
    expect(audit!.summary).toBe(
      "Closed FY 2024-25 (Jul 01, 2024 – Jun 30, 2025): income ৳150,010.56, expenses ৳21,234.81, result ৳128,775.75 to retained earnings",
    );
  });

  it("leaves the year's income and expense accounts at zero, the next year starting from zero, the P&L as it was", async () => {
    expect(await profitAndLossBalance(FY2024.to)).toBe(0n);
    const retained = await balancesOn(getDb(), FY2024.to);
    expect(retained.get(RETAINED)).toBe(-12_877_575n);
    // The next year: its income and expense balances at its end are its own movements alone.
    const next = await movementsByAccount(getDb(), FY2025, { excludeYearEndClose: true });
    const atEnd = await balancesOn(getDb(), FY2025.to);
    for (const id of [RENTAL, UTILITIES, INTEREST, MAINTENANCE]) expect(atEnd.get(id) ?? 0n).toBe(next.get(id) ?? 0n);
    expect(atEnd.get(RENTAL)).toBe(-500_000n);
    // Profit and loss leaves the closing entry out: FY 2024-25 still shows its income.
    const year = await movementsByAccount(getDb(), FY2024, { excludeYearEndClose: true });
    expect(year.get(RENTAL)).toBe(-15_000_055n);
    expect(year.get(RETAINED)).toBeUndefined();
  });

  it("refuses a posting dated in the closed year, with the field message, and the database refuses it too", async () => {
    const before = await tableFingerprint(TABLES);
    await expect(post("2025-03-01", twoLines(CASH, RENTAL, 100n))).rejects.toMatchObject({
      errors: { date: LEDGER_MESSAGES.closedYear("2024-07-01", "2025-06-30") },
    });
    // A document's own use case answers with the same message on its date field.
    const document = await createMoneyDocument(getDb(), actor, "transaction", {
      date: "2024-12-31",
      type: "income",
      category: "Equipment Rental",
      description: "late rental",
      amount: "100.00",
      paymentMethod: "cash",
      moneyAccountId: CASH,
      reference: "",
      status: "completed",
      party: "",
      dueDate: "",
    });
    expect(document).toMatchObject({
      ok: false,
      errors: { date: LEDGER_MESSAGES.closedYear("2024-07-01", "2025-06-30") },
    });
    expect(await rawPostedEntry("2024-07-01")).toBe("journal_entry_closed_year");
    expect(await rawPostedEntry("2025-06-30")).toBe("journal_entry_closed_year");
    expect(await tableFingerprint(TABLES)).toEqual(before);
    // The day after is the next year, open.
    await expect(post("2025-07-01", twoLines(CASH, RENTAL, 100n))).resolves.toBeTypeOf("string");
    await post("2025-07-01", twoLines(RENTAL, CASH, 100n));
  });

  it("is not reversed from the General Ledger: the year is reopened instead", async () => {
    const result = await reverseEntry(getDb(), actor, { entryId, date: "2025-07-02" });
    expect(result).toMatchObject({ ok: false, refusal: "conflict", message: CORRECTED_BY_ITS_DOCUMENT.year_end_close });
  });

  describe("refusals: the reason named, nothing written", () => {
    const cases: [string, () => ReturnType<typeof close>, string][] = [
      ["a year already closed", () => close(2024), M.alreadyClosed("2024-25")],
      ["the current year", () => close(2026), M.notEnded("2026-27", "2027-06-30")],
      ["a year that ends today", () => close(2025, undefined, "2026-06-30"), M.notEnded("2025-26", "2026-06-30")],
      ["a year with nothing posted to income or expenses", () => close(2019), M.nothingToClose("2019-20")],
      ["a result that moved since the dialog", () => close(2025, "1.00"), M.resultChanged("2025-26")],
      ["a fiscal year that is no year", () => close("20x5"), M.fiscalYearRequired],
      ["a fiscal year out of range", () => close(1999), M.fiscalYearRequired],
    ];
    it.each(cases)("%s", async (_name, attempt, message) => {
      const before = await tableFingerprint(TABLES);
      const result = await attempt();
      expect(result).toMatchObject({ ok: false, message: M.closeFailed(message), errors: { fiscalYear: message } });
      expect(await tableFingerprint(TABLES)).toEqual(before);
    });

    it("a lock date on or after the year's last day", async () => {
      await getDb().update(accountingSettings).set({ lockDate: "2026-06-30" });
      try {
        const before = await tableFingerprint(TABLES);
        const message = M.locked("2025-26", "2026-06-30", "2026-06-30");
        expect(await close(2025)).toMatchObject({ ok: false, errors: { fiscalYear: message } });
        expect(await tableFingerprint(TABLES)).toEqual(before);
      } finally {
        await getDb().update(accountingSettings).set({ lockDate: null });
      }
    });

    it("no retained earnings account in Settings > Accounting", async () => {
      await getDb().delete(accountRoles).where(eq(accountRoles.role, "equity.retained_earnings"));
      try {
        const before = await tableFingerprint(TABLES);
        const message = LEDGER_MESSAGES.roleMissing("Retained earnings");
        expect(await close(2025)).toMatchObject({
          ok: false,
          message: M.closeFailed(message),
          errors: { form: message },
        });
        expect(await tableFingerprint(TABLES)).toEqual(before);
      } finally {
        await getDb().insert(accountRoles).values({ role: "equity.retained_earnings", accountId: RETAINED });
      }
    });
  });

  it("lists the years with postings and the current one, with their figures and state", async () => {
    const page = await loadYearEndPage(getDb(), TODAY);
    expect(page.years.map((y) => [y.name, y.income, y.expenses, y.result, y.close?.id ?? null])).toEqual([
      ["2026-27", "0.00", "0.00", "0.00", null],
      ["2025-26", "5000.00", "700.00", "4300.00", null],
      ["2024-25", "150010.56", "21234.81", "128775.75", closeId],
    ]);
    expect(page.years.map((y) => y.closeBlocker)).toEqual([M.notEnded("2026-27", "2027-06-30"), null, null]);
    expect(page.retainedEarnings).toBe("3100 Retained Earnings");
  });
});

describe("reopening a closed year", () => {
  it("posts the closing entry's mirror on the same day, and postings in the year are taken again", async () => {
    const [row] = await getDb().select().from(yearEndCloses).where(eq(yearEndCloses.fiscalYear, 2024));
    const result = await reopen(row!.id, "Auditor's adjustment\r\nto maintenance");
    expect(result).toMatchObject({ ok: true, message: M.reopened });
    if (!result.ok) return;
    const [mirror] = await getDb().select().from(journalEntries).where(eq(journalEntries.id, result.entryId));
    expect(mirror).toMatchObject({
      entryDate: "2025-06-30",
      sourceType: "year_end_close",
      sourceId: row!.id,
      reversesId: row!.closingEntryId,
      description: "Year-end close FY 2024-25 reopened: Auditor's adjustment\nto maintenance",
    });
    const closing = await linesOf(row!.closingEntryId);
    expect(await linesOf(result.entryId)).toEqual(
      closing.map((l) => ({ accountId: l.accountId, debit: l.credit, credit: l.debit })),
    );
    const [after] = await getDb().select().from(yearEndCloses).where(eq(yearEndCloses.id, row!.id));
    expect(after).toMatchObject({
      reopenEntryId: result.entryId,
      reopenReason: "Auditor's adjustment\nto maintenance",
    });
    expect(after!.reopenedAt).toBeInstanceOf(Date);
    expect((await balancesOn(getDb(), FY2024.to)).get(RETAINED) ?? 0n).toBe(0n);
    expect(await profitAndLossBalance(FY2024.to)).toBe(-12_877_575n);

    // Open again: an adjustment goes in, and the year closes again with it.
    await post("2025-05-31", twoLines(MAINTENANCE, CASH, 25n));
    const again = await close(2024, "128775.50");
    expect(again).toMatchObject({ ok: true, result: "128775.50" });
    const page = await loadYearEndPage(getDb(), TODAY);
    expect(page.years.find((y) => y.fiscalYear === 2024)?.close).toMatchObject({
      id: again.ok ? again.id : "",
      reopenedAt: null,
    });
  });

  it("closes a deactivated account's movement too", async () => {
    // Interest income is no longer used: deactivated with its FY 2025-26 movement still on it.
    await post("2025-08-01", twoLines(BANK, INTEREST, 999n));
    await getDb().update(chartOfAccounts).set({ isActive: false }).where(eq(chartOfAccounts.id, INTEREST));
    try {
      const result = await close(2025);
      expect(result).toMatchObject({ ok: true, result: "4309.99" });
      if (!result.ok) return;
      expect((await linesOf(result.entryId)).find((l) => l.accountId === INTEREST)).toEqual({
        accountId: INTEREST,
        debit: "9.99",
        credit: "0.00",
      });
    } finally {
      await getDb().update(chartOfAccounts).set({ isActive: true }).where(eq(chartOfAccounts.id, INTEREST));
    }
  });

  describe("refusals: the reason named, nothing written", () => {
    it("an earlier year while a later one is closed, then the later one first", async () => {
      const rows = await getDb()
        .select()
        .from(yearEndCloses)
        .where(sql`${yearEndCloses.reopenedAt} is null`);
      const fy2024 = rows.find((r) => r.fiscalYear === 2024)!;
      const fy2025 = rows.find((r) => r.fiscalYear === 2025)!;
      const before = await tableFingerprint(TABLES);
      const message = M.laterYearClosed("2024-25", "2025-26");
      expect(await reopen(fy2024.id)).toMatchObject({
        ok: false,
        refusal: "conflict",
        message: M.reopenFailed(message),
        errors: { form: message },
      });
      expect(await tableFingerprint(TABLES)).toEqual(before);
      expect(await reopen(fy2025.id)).toMatchObject({ ok: true });
      expect(await reopen(fy2024.id)).toMatchObject({ ok: true });
    });

    it("a close already reopened, an unknown one, a reason missing or too short, the lock date", async () => {
      const [reopened] = await getDb()
        .select()
        .from(yearEndCloses)
        .where(and(eq(yearEndCloses.fiscalYear, 2025), sql`${yearEndCloses.reopenedAt} is not null`));
      const before = await tableFingerprint(TABLES);
      expect(await reopen(reopened!.id)).toMatchObject({
        ok: false,
        refusal: "conflict",
        errors: { form: M.alreadyReopened("2025-26") },
      });
      expect(await reopen(crypto.randomUUID())).toMatchObject({
        ok: false,
        refusal: "not-found",
        errors: { closeId: M.closeNotFound },
      });
      expect(await reopen("not-an-id")).toMatchObject({ ok: false, errors: { closeId: M.closeRequired } });
      expect(await reopen(reopened!.id, "  ")).toMatchObject({ ok: false, errors: { reason: M.reasonRequired } });
      expect(await reopen(reopened!.id, "ok")).toMatchObject({ ok: false, errors: { reason: M.reasonShort } });
      expect(await tableFingerprint(TABLES)).toEqual(before);

      const closed = await close(2025);
      if (!closed.ok) throw new Error(closed.message);
      await getDb().update(accountingSettings).set({ lockDate: "2026-07-31" });
      try {
        const locked = await tableFingerprint(TABLES);
        const message = M.reopenLocked("2025-26", "2026-07-31", "2026-06-30");
        expect(await reopen(closed.id)).toMatchObject({ ok: false, errors: { form: message } });
        expect(await tableFingerprint(TABLES)).toEqual(locked);
      } finally {
        await getDb().update(accountingSettings).set({ lockDate: null });
      }
      expect(await reopen(closed.id)).toMatchObject({ ok: true });
    });
  });

  it("a year closed after a later one is closed, in any order", async () => {
    const later = await close(2025);
    const earlier = await close(2024);
    expect([later.ok, earlier.ok]).toEqual([true, true]);
    expect(fromPaisa(await profitAndLossBalance(FY2025.to))).toBe("0.00");
  });
});
