// Budgeting through its route (issue 24; backoffice.md §2 Budget Management, §5, §8, §9): the loader's figures
// against entries posted by hand (expense debits less credits, income credits less debits, the fiscal year only,
// drafts and year-end close entries left out, an annual budget phased evenly), and every intent with its refusals:
// create, update (stale and gone included), copy to the next year, delete; each change audited in its transaction;
// more than 20 malformed posts answered with the field's message and nothing written; the guard.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "~/db/client.server";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { auditLog, budgetMonths, budgets, chartOfAccounts } from "~/db/schema";
import { twoLines } from "~/domain/accounting/journal";
import { writeEntry } from "~/domain/accounting/ledger.server";
import { ROLE_PERMISSIONS, type Permission } from "~/domain/auth/permissions";
import {
  BUDGET_MESSAGES as M,
  budgetYearOfDate,
  emptyBudgetForm,
  type BudgetFormValues,
} from "~/domain/budgets/budget-form";
import type { BudgetYearView } from "~/domain/budgets/budget-views";
import { createBudget } from "~/domain/budgets/budget-use-cases.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { tableFingerprint } from "../../../../tests/support/db-fingerprint";
import {
  ANONYMOUS,
  answerOf,
  callRoute,
  flashToast,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../../tests/support/signed-in-request";
import { action, loader } from "./budget";

const PATH = "/admin/accounts/budget";
const TABLES = ["budgets", "budget_months", "audit_log"];

const CASH = seedId("account:1000");
const BANK = seedId("account:1100");
const RENTAL_INCOME = seedId("account:4000");
const SERVICE_INCOME = seedId("account:4100");
const OFFICE_RENT = seedId("account:6100");
const WAREHOUSE_RENT = seedId("account:6110");
const UTILITIES = seedId("account:6200");
const MARKETING = seedId("account:6400");
const SUPPLIES = seedId("account:6500");
const FEES = seedId("account:6950");
const MISC = seedId("account:6990");

let accountant: TestUser;
let staff: TestUser;
let viewer: TestUser;

type Screen = Awaited<ReturnType<typeof loader>>;
interface Refused {
  intent: string;
  errors: Record<string, string>;
  values: BudgetFormValues;
  toast: { type: string; message: string };
}

const load = async (query = "", as: TestUser = accountant) =>
  answerOf<Screen>(await callRoute(loader, `${PATH}${query}`, { as })).body;
const post = (form: Record<string, string>, query = "?fy=2025", as: TestUser = accountant) =>
  callRoute(action, `${PATH}${query}`, { as, form });
const refusedAnswer = async (form: Record<string, string>, query?: string) =>
  answerOf<Refused>(await post(form, query));

/** A posted (or draft, or year-end close) entry of `amount` paisa on `date`, written by the book's one way in. */
const entry = (
  date: string,
  debit: string,
  credit: string,
  amount: bigint,
  options: { status?: "posted" | "draft"; source?: "manual" | "year_end_close" } = {},
) =>
  getDb().transaction((tx) =>
    writeEntry(
      tx,
      {
        date,
        description: "budget test",
        source: { type: options.source ?? "manual" },
        lines: twoLines(debit, credit, amount),
        createdBy: null,
      },
      options.status ?? "posted",
    ),
  );

/** A monthly form of FY 2025 (July start): `byMonth` calendar month → amount, other months 0. */
function monthlyForm(
  accountId: string,
  amount: string,
  byMonth: Record<number, string>,
  extra: Partial<BudgetFormValues> = {},
) {
  const values = emptyBudgetForm(2025, { accountId, type: "monthly", amount, ...extra });
  for (const [month, value] of Object.entries(byMonth))
    values[`month${Number(month)}` as keyof BudgetFormValues] = value;
  return { intent: "create", ...values } as Record<string, string>;
}

const annualForm = (accountId: string, amount: string, extra: Partial<BudgetFormValues> = {}) =>
  ({ intent: "create", ...emptyBudgetForm(2025, { accountId, amount, ...extra }) }) as Record<string, string>;

async function budgetRow(fiscalYear: number, accountId: string) {
  const [row] = await getDb()
    .select()
    .from(budgets)
    .where(and(eq(budgets.fiscalYear, fiscalYear), eq(budgets.accountId, accountId)));
  return row;
}

async function monthsOf(budgetId: string) {
  const rows = await getDb()
    .select({ month: budgetMonths.month, amount: budgetMonths.amount })
    .from(budgetMonths)
    .where(eq(budgetMonths.budgetId, budgetId));
  return Object.fromEntries(rows.map((r) => [r.month, r.amount]));
}

async function auditOf(budgetId: string) {
  return getDb()
    .select({
      action: auditLog.action,
      actor: auditLog.actorUserId,
      summary: auditLog.summary,
      changes: auditLog.changes,
    })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "budget"), eq(auditLog.entityId, budgetId)))
    .orderBy(auditLog.createdAt);
}

const cardOf = (year: BudgetYearView, accountId: string) => year.cards.find((c) => c.accountId === accountId)!;

beforeAll(async () => {
  await seedDatabase(getDb());
  [accountant, staff, viewer] = await Promise.all([
    signedInUser("accountant"),
    signedInUser("staff"),
    signedInUser("staff"),
  ]);
  // A role that sees the books but may not change them: staff given accounts.view for this file.
  (ROLE_PERMISSIONS.staff as Set<Permission>).add("accounts.view");
});

afterAll(() => {
  (ROLE_PERMISSIONS.staff as Set<Permission>).delete("accounts.view");
});

describe("the loader's figures, against entries posted by hand", () => {
  it("compares each budget with the ledger's actual for the fiscal year and by month", async () => {
    // Office Rent (expense) in FY 2025 (Jul 2025 - Jun 2026): Jul 10,000; Aug 12,000 less a 1,000 refund; Jun 5,000.
    await entry("2025-07-05", OFFICE_RENT, BANK, 1_000_000n);
    await entry("2025-08-05", OFFICE_RENT, BANK, 1_200_000n);
    await entry("2025-08-20", BANK, OFFICE_RENT, 100_000n);
    await entry("2026-06-30", OFFICE_RENT, CASH, 500_000n);
    // Outside the year, a draft, and a year-end close entry: none of them counts.
    await entry("2025-06-30", OFFICE_RENT, BANK, 999_900n);
    await entry("2026-07-01", OFFICE_RENT, BANK, 888_800n);
    await entry("2025-09-10", OFFICE_RENT, BANK, 777_700n, { status: "draft" });
    await entry("2026-06-30", seedId("account:3100"), OFFICE_RENT, 2_600_000n, { source: "year_end_close" });
    // Equipment Rental Income (income): 50,000.00 earned in September, 2,000.00 given back in October.
    await entry("2025-09-15", BANK, RENTAL_INCOME, 5_000_000n);
    await entry("2025-10-15", RENTAL_INCOME, BANK, 200_000n);

    // Office Rent monthly: 9,000 in July, 12,000 in August, 0 after, 4,000 in June = 25,000.00.
    const rent = await post(
      monthlyForm(OFFICE_RENT, "25000", { 7: "9000", 8: "12000", 6: "4000" }, { notes: "Head office" }),
    );
    expect(flashToast(rent as Response)).toEqual({ type: "success", message: M.created });
    // Rental income annual 600,000.00 (50,000.00 a month), Utilities annual 100.00 (8.33 a month, 8.37 in June).
    await post(annualForm(RENTAL_INCOME, "600000"));
    await post(annualForm(UTILITIES, "100"));

    const { year } = await load("?fy=2025");
    expect(year).toMatchObject({ fiscalYear: 2025, label: "2025-26", from: "2025-07-01", to: "2026-06-30" });
    expect(year.months.map((m) => m.label)).toEqual([
      "Jul 2025",
      "Aug 2025",
      "Sep 2025",
      "Oct 2025",
      "Nov 2025",
      "Dec 2025",
      "Jan 2026",
      "Feb 2026",
      "Mar 2026",
      "Apr 2026",
      "May 2026",
      "Jun 2026",
    ]);
    // By account code: income first, then the expenses.
    expect(year.cards.map((c) => c.code)).toEqual(["4000", "6100", "6200"]);

    const rentCard = cardOf(year, OFFICE_RENT);
    expect(rentCard).toMatchObject({
      code: "6100",
      name: "Office Rent",
      accountType: "expense",
      type: "monthly",
      notes: "Head office",
      year: { budget: "25000.00", actual: "26000.00", variance: "1000.00", percentUsed: 104, over: true },
      monthsOver: 2,
    });
    expect(rentCard.months.map((m) => [m.label, m.budget, m.actual, m.over])).toEqual([
      ["Jul 2025", "9000.00", "10000.00", true],
      ["Aug 2025", "12000.00", "11000.00", false],
      ["Sep 2025", "0.00", "0.00", false],
      ["Oct 2025", "0.00", "0.00", false],
      ["Nov 2025", "0.00", "0.00", false],
      ["Dec 2025", "0.00", "0.00", false],
      ["Jan 2026", "0.00", "0.00", false],
      ["Feb 2026", "0.00", "0.00", false],
      ["Mar 2026", "0.00", "0.00", false],
      ["Apr 2026", "0.00", "0.00", false],
      ["May 2026", "0.00", "0.00", false],
      ["Jun 2026", "4000.00", "5000.00", true],
    ]);

    const incomeCard = cardOf(year, RENTAL_INCOME);
    expect(incomeCard.year).toEqual({
      budget: "600000.00",
      actual: "48000.00",
      variance: "-552000.00",
      percentUsed: 8,
      over: false,
    });
    expect(incomeCard.months.slice(2, 4).map((m) => [m.budget, m.actual])).toEqual([
      ["50000.00", "50000.00"],
      ["50000.00", "-2000.00"],
    ]);

    const utilities = cardOf(year, UTILITIES);
    expect(utilities.months.map((m) => m.budget)).toEqual([...Array<string>(11).fill("8.33"), "8.37"]);
    expect(utilities.year).toMatchObject({ actual: "0.00", percentUsed: 0, over: false });

    expect(year.summary).toEqual({
      expense: { budget: "25100.00", actual: "26000.00", count: 2 },
      income: { budget: "600000.00", actual: "48000.00", count: 1 },
      overCount: 1,
    });
  });

  it("opens on the current fiscal year, takes ?fy= from 2024 to 2050, and lists the years that have budgets", async () => {
    const current = budgetYearOfDate(todayInDhaka(), 7);
    const screen = await load();
    expect(screen).toMatchObject({ currentFiscalYear: current, startMonth: 7, canManage: true, dialog: null });
    expect(screen.year.fiscalYear).toBe(current);
    for (const bad of ["abc", "2023", "2051", ""]) expect((await load(`?fy=${bad}`)).year.fiscalYear).toBe(current);
    const empty = await load("?fy=2040");
    expect(empty.year).toMatchObject({ fiscalYear: 2040, cards: [], summary: { overCount: 0 } });
    expect(screen.years).toContainEqual({ fiscalYear: 2025, count: 3 });
  });
});

describe("create", () => {
  it("opens Create Budget on the year shown, annual, months at 0, with active income and expense accounts", async () => {
    const { dialog, accounts } = await load("?fy=2027&new=1");
    expect(dialog).toMatchObject({ kind: "create", values: { fiscalYear: "2027", type: "annual", month7: "0" } });
    expect(accounts.every((a) => (a.type === "income" || a.type === "expense") && a.isActive)).toBe(true);
    expect(accounts.map((a) => a.code)).toContain("4000");
    expect(accounts.map((a) => a.code)).not.toContain("1000");
    // Without ?fy the current fiscal year.
    const current = await load("?new=1");
    expect(current.dialog).toMatchObject({ values: { fiscalYear: String(budgetYearOfDate(todayInDhaka(), 7)) } });
  });

  it("stores a monthly budget with its twelve months by calendar month, an annual one with none, audited", async () => {
    const created = await post(
      monthlyForm(MARKETING, "1200.60", {
        7: "100.05",
        8: "100.05",
        9: "100.05",
        10: "100.05",
        11: "100.05",
        12: "100.05",
        1: "100.05",
        2: "100.05",
        3: "100.05",
        4: "100.05",
        5: "100.05",
        6: "100.05",
      }),
      "?fy=2024",
    );
    expect((created as Response).headers.get("location")).toBe(`${PATH}?fy=2025`);
    const row = (await budgetRow(2025, MARKETING))!;
    expect(row).toMatchObject({ amount: "1200.60", type: "monthly", notes: null, createdBy: accountant.id });
    expect(await monthsOf(row.id)).toEqual(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [i + 1, "100.05"])));
    const [audit] = await auditOf(row.id);
    expect(audit).toMatchObject({ action: "budget.created", actor: accountant.id });
    expect(audit!.summary).toContain("6400 - Marketing & Advertising, FY 2025-26");

    await post(annualForm(SUPPLIES, "5000", { month7: "123" }));
    const annual = (await budgetRow(2025, SUPPLIES))!;
    expect(annual).toMatchObject({ amount: "5000.00", type: "annual" });
    expect(await monthsOf(annual.id)).toEqual({});
  });

  it("refuses a second budget for the account and year, also when two are saved at the same moment", async () => {
    const before = await tableFingerprint(TABLES);
    const answer = await refusedAnswer(annualForm(OFFICE_RENT, "1"));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ accountId: M.duplicate });
    expect(answer.body.toast).toEqual({ type: "error", message: M.createFailed });
    expect(await tableFingerprint(TABLES)).toEqual(before);

    const actor = { userId: accountant.id, label: accountant.email, ipAddress: null, userAgent: null };
    const values = emptyBudgetForm(2026, { accountId: WAREHOUSE_RENT, amount: "100" });
    const results = await Promise.all([createBudget(getDb(), actor, values), createBudget(getDb(), actor, values)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({
      ok: false,
      refusal: "invalid",
      message: M.createFailed,
      errors: { accountId: M.duplicate },
    });
    const [counted] = await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from budgets where fiscal_year = 2026 and account_id = ${WAREHOUSE_RENT}`,
    );
    expect(counted?.n).toBe(1);
  });
});

describe("more than 20 malformed inputs", () => {
  it("answers each with the field's message and what was typed, writing nothing", async () => {
    await getDb().update(chartOfAccounts).set({ isActive: false }).where(eq(chartOfAccounts.id, FEES));
    const rent = (await budgetRow(2025, OFFICE_RENT))!;
    const rentForm = {
      ...monthlyForm(OFFICE_RENT, "25000", { 7: "9000", 8: "12000", 6: "4000" }),
      id: rent.id,
      version: rent.updatedAt.toISOString(),
    };
    const good = annualForm(SERVICE_INCOME, "1000");
    const monthly = monthlyForm(
      SERVICE_INCOME,
      "1200",
      Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => [m, "100"])),
    );
    const { month5: _dropped, ...monthlyWithoutMay } = monthly;
    const cases: [string, Record<string, string>, string, string][] = [
      ["year 2023", { ...good, fiscalYear: "2023" }, "fiscalYear", M.fiscalYearRange],
      ["year 2051", { ...good, fiscalYear: "2051" }, "fiscalYear", M.fiscalYearRange],
      ["year abc", { ...good, fiscalYear: "abc" }, "fiscalYear", M.fiscalYearNotNumber],
      ["year empty", { ...good, fiscalYear: "" }, "fiscalYear", M.fiscalYearRequired],
      ["year 2025.5", { ...good, fiscalYear: "2025.5" }, "fiscalYear", M.fiscalYearNotNumber],
      ["account missing", { ...good, accountId: "" }, "accountId", M.accountRequired],
      [
        "account unknown",
        { ...good, accountId: "0b4a4c56-2d8e-4c35-9b7e-0d4bd25f1c11" },
        "accountId",
        M.accountUnknown,
      ],
      ["account not a uuid", { ...good, accountId: "6100" }, "accountId", M.accountInvalid],
      ["asset account", { ...good, accountId: CASH }, "accountId", M.accountWrongType("1000", "Cash in Hand", "Asset")],
      [
        "deactivated account",
        { ...good, accountId: FEES },
        "accountId",
        M.accountInactive("6950", "Trade Licence & Government Fees"),
      ],
      ["amount negative", { ...good, amount: "-5" }, "amount", "Total Amount must be 0 or more"],
      ["amount 3 decimals", { ...good, amount: "10.123" }, "amount", "Total Amount can have at most 2 decimals"],
      ["amount too big", { ...good, amount: "100000000" }, "amount", "Total Amount must be at most ৳99,999,999.99"],
      ["amount empty", { ...good, amount: "" }, "amount", "Total Amount is required"],
      [
        "amount 1e5",
        { ...good, amount: "1e5" },
        "amount",
        "Total Amount must be an amount in taka, e.g. 1500 or 1500.50",
      ],
      ["months do not add up", { ...monthly, month1: "101" }, "months", M.monthsMismatch("1201.00", "1200.00")],
      ["a month negative", { ...monthly, month3: "-100", month4: "300" }, "month3", "Mar 2026 must be 0 or more"],
      ["a month field missing", monthlyWithoutMay, "month5", M.monthRequired("May 2026")],
      [
        "a month not an amount",
        { ...monthly, month9: "lots" },
        "month9",
        "Sep 2025 must be an amount in taka, e.g. 1500 or 1500.50",
      ],
      ["unknown type", { ...good, type: "quarterly" }, "type", M.typeInvalid],
      ["notes too long", { ...good, notes: "n".repeat(1001) }, "notes", M.notesTooLong],
      ["notes with a control character", { ...good, notes: "a\u0000b" }, "notes", M.notesControl],
      ["duplicate account and year", annualForm(OFFICE_RENT, "10"), "accountId", M.duplicate],
    ];
    const updates: [string, Record<string, string>, string, string, number][] = [
      ["update without an id", { ...rentForm, intent: "update", id: "" }, "id", M.idRequired, 400],
      [
        "update onto a year and account taken",
        { ...rentForm, intent: "update", accountId: RENTAL_INCOME, type: "annual" },
        "accountId",
        M.duplicate,
        400,
      ],
      [
        "stale edit",
        { ...rentForm, intent: "update", version: "2020-01-01T00:00:00.000Z" },
        "form",
        M.changedMeanwhile,
        409,
      ],
      [
        "update to a 2051 year",
        { ...rentForm, intent: "update", fiscalYear: "2051" },
        "fiscalYear",
        M.fiscalYearRange,
        400,
      ],
    ];
    const before = await tableFingerprint(TABLES);
    for (const [name, form, field, message] of cases) {
      const answer = await refusedAnswer({ intent: "create", ...form });
      expect(answer.status, name).toBe(400);
      expect(answer.body.errors[field], name).toBe(message);
      expect(answer.body.toast, name).toEqual({ type: "error", message: M.createFailed });
      const { intent: _intent, ...typed } = { intent: "", ...form };
      expect(answer.body.values, name).toMatchObject(typed);
    }
    for (const [name, form, field, message, status] of updates) {
      const answer = await refusedAnswer(form);
      expect(answer.status, name).toBe(status);
      expect(answer.body.errors[field], name).toBe(message);
      expect(answer.body.toast.message, name).toBe(M.updateFailed(message));
    }
    expect(cases.length + updates.length).toBeGreaterThanOrEqual(20);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("edit", () => {
  it("opens prefilled, changes the amounts, turns monthly into annual (its months go), audited", async () => {
    const row = (await budgetRow(2025, MARKETING))!;
    const { dialog, accounts } = await load(`?fy=2025&edit=${row.id}`);
    expect(dialog).toMatchObject({
      kind: "update",
      values: {
        id: row.id,
        version: row.updatedAt.toISOString(),
        fiscalYear: "2025",
        accountId: MARKETING,
        type: "monthly",
        amount: "1200.60",
        month7: "100.05",
      },
    });
    expect(accounts.map((a) => a.id)).toContain(MARKETING);

    const updated = await post({
      ...(dialog as { values: Record<string, string> }).values,
      intent: "update",
      type: "annual",
      amount: "2400",
      notes: "Two fairs",
    });
    expect(flashToast(updated as Response)).toEqual({ type: "success", message: M.updated });
    const after = (await budgetRow(2025, MARKETING))!;
    expect(after).toMatchObject({ id: row.id, amount: "2400.00", type: "annual", notes: "Two fairs" });
    expect(await monthsOf(row.id)).toEqual({});
    const audits = await auditOf(row.id);
    expect(audits.map((a) => a.action)).toEqual(["budget.created", "budget.updated"]);
    expect(audits[1]!.changes).toMatchObject({
      amount: { from: "1200.60", to: "2400.00" },
      type: { from: "monthly", to: "annual" },
      notes: { from: null, to: "Two fairs" },
    });
  });

  it("keeps a deactivated account on its own budget, and reopens a stale edit with what is stored now", async () => {
    const created = await post(annualForm(MISC, "300"));
    expect(flashToast(created as Response)).toMatchObject({ type: "success" });
    const row = (await budgetRow(2025, MISC))!;
    await getDb().update(chartOfAccounts).set({ isActive: false }).where(eq(chartOfAccounts.id, MISC));
    const { accounts } = await load(`?fy=2025&edit=${row.id}`);
    expect(accounts.find((a) => a.id === MISC)).toMatchObject({ isActive: false });
    const form = { ...annualForm(MISC, "350"), intent: "update", id: row.id, version: row.updatedAt.toISOString() };
    expect(flashToast((await post(form)) as Response)).toEqual({ type: "success", message: M.updated });

    // The same form again is stale now: 409, the form shows the stored budget.
    const stale = await refusedAnswer({ ...form, amount: "999" });
    expect(stale.status).toBe(409);
    expect(stale.body.errors).toEqual({ form: M.changedMeanwhile });
    expect(stale.body.values).toMatchObject({ id: row.id, amount: "350.00" });
    await getDb().update(chartOfAccounts).set({ isActive: true }).where(eq(chartOfAccounts.id, MISC));
  });
});

describe("copy to next year", () => {
  it("copies the account, type, amount, months and notes to fiscal year + 1, then refuses a second copy", async () => {
    const rent = (await budgetRow(2025, OFFICE_RENT))!;
    const copied = await post({ intent: "copy", id: rent.id });
    expect(flashToast(copied as Response)).toEqual({
      type: "success",
      message: M.copied("2026-27"),
      link: { href: `${PATH}?fy=2026`, label: "Open that year" },
    });
    expect((copied as Response).headers.get("location")).toBe(`${PATH}?fy=2025`);
    const copy = (await budgetRow(2026, OFFICE_RENT))!;
    expect(copy).toMatchObject({ amount: "25000.00", type: "monthly", notes: "Head office", createdBy: accountant.id });
    expect(await monthsOf(copy.id)).toEqual(await monthsOf(rent.id));
    expect((await auditOf(copy.id)).map((a) => a.action)).toEqual(["budget.copied"]);
    expect((await load("?fy=2025")).year.cards.find((c) => c.id === rent.id)!.nextYearTaken).toBe(true);

    const before = await tableFingerprint(TABLES);
    const again = await post({ intent: "copy", id: rent.id });
    expect(flashToast(again as Response)).toEqual({
      type: "error",
      message: M.copyFailed(M.copyExists("2026-27", "6100", "Office Rent")),
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("refuses a copy past 2050, of a deactivated account, of a budget gone or not named", async () => {
    await post({ ...annualForm(SUPPLIES, "10"), fiscalYear: "2050", intent: "create" });
    const last = (await budgetRow(2050, SUPPLIES))!;
    await getDb().update(chartOfAccounts).set({ isActive: false }).where(eq(chartOfAccounts.id, MISC));
    const misc = (await budgetRow(2025, MISC))!;
    const before = await tableFingerprint(TABLES);
    const cases: [Record<string, string>, string][] = [
      [{ id: last.id }, M.copyBeyond(2051)],
      [{ id: misc.id }, M.copyInactive("6990", "Miscellaneous Expenses")],
      [{ id: "0b4a4c56-2d8e-4c35-9b7e-0d4bd25f1c11" }, M.notFound],
      [{ id: "not-an-id" }, M.idRequired],
      [{}, M.idRequired],
    ];
    for (const [form, reason] of cases)
      expect(flashToast((await post({ intent: "copy", ...form })) as Response), reason).toEqual({
        type: "error",
        message: M.copyFailed(reason),
      });
    expect(await tableFingerprint(TABLES)).toEqual(before);
    await getDb().update(chartOfAccounts).set({ isActive: true }).where(eq(chartOfAccounts.id, MISC));
  });
});

describe("delete", () => {
  it("asks first, then deletes the budget and its months, audited; a budget gone is answered", async () => {
    const copy = (await budgetRow(2026, OFFICE_RENT))!;
    const { dialog } = await load(`?fy=2026&delete=${copy.id}`);
    expect(dialog).toEqual({
      kind: "delete",
      id: copy.id,
      name: "The budget of 6100 - Office Rent for FY 2026-27",
    });
    const deleted = await post({ intent: "delete", id: copy.id }, "?fy=2026");
    expect(flashToast(deleted as Response)).toEqual({ type: "success", message: M.deleted });
    expect(await budgetRow(2026, OFFICE_RENT)).toBeUndefined();
    expect(await monthsOf(copy.id)).toEqual({});
    expect((await auditOf(copy.id)).map((a) => a.action)).toEqual(["budget.copied", "budget.deleted"]);

    // Gone: its dialogs are not opened, and deleting, updating or copying it again is answered, nothing written.
    expect(await thrownBy(callRoute(loader, `${PATH}?fy=2026&edit=${copy.id}`, { as: accountant }))).toMatchObject({
      status: 302,
      location: `${PATH}?fy=2026`,
    });
    const before = await tableFingerprint(TABLES);
    expect(flashToast((await post({ intent: "delete", id: copy.id })) as Response)).toEqual({
      type: "error",
      message: M.deleteFailed(M.notFound),
    });
    const update = await post({
      ...annualForm(OFFICE_RENT, "1"),
      fiscalYear: "2026",
      intent: "update",
      id: copy.id,
      version: "x",
    });
    expect(flashToast(update as Response)).toEqual({ type: "error", message: M.updateFailed(M.notFound) });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("the guard", () => {
  it("shows an accounts.view-only user the cards without the dialogs, and refuses them every intent", async () => {
    const screen = await load("?fy=2025&new=1", viewer);
    expect(screen).toMatchObject({ canManage: false, dialog: null, accounts: [] });
    expect(screen.year.cards.length).toBeGreaterThan(0);
    const rent = (await budgetRow(2025, OFFICE_RENT))!;
    const before = await tableFingerprint(TABLES);
    for (const intent of ["create", "update", "copy", "delete"]) {
      expect((await thrownBy(post({ ...annualForm(FEES, "1"), intent, id: rent.id }, "", viewer))).status).toBe(403);
      expect((await thrownBy(post({ ...annualForm(FEES, "1"), intent, id: rent.id }, "", staff))).status).toBe(403);
      expect((await thrownBy(post({ intent, id: rent.id }, "", ANONYMOUS))).status).toBe(401);
    }
    expect((await thrownBy(post({ intent: "approve", id: rent.id }))).status).toBe(400);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("refuses staff without accounts.view the page, and sends nobody to sign in", async () => {
    (ROLE_PERMISSIONS.staff as Set<Permission>).delete("accounts.view");
    try {
      expect((await thrownBy(callRoute(loader, PATH, { as: staff }))).status).toBe(403);
    } finally {
      (ROLE_PERMISSIONS.staff as Set<Permission>).add("accounts.view");
    }
    expect(await thrownBy(callRoute(loader, PATH, { as: ANONYMOUS }))).toMatchObject({ status: 302 });
  });
});
