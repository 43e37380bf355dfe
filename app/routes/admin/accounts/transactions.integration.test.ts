// Transactions (issue 21): New Transaction posting through the ledger (completed at once; pending as a receivable or
// payable), the cards read from the ledger and equal to its lines, the list's period, filters, search, sort and
// pages, the CSV of what is shown, every refusal with its field's message and nothing written, and who may do what.
import { eq, inArray, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../../tests/support/db-fingerprint";
import {
  answerOf,
  callRoute,
  flashToast,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../../tests/support/signed-in-request";
import { getDb, queryRows } from "~/db/client.server";
import {
  accountingSettings,
  accountRoles,
  auditLog,
  chartOfAccounts,
  journalEntries,
  journalLines,
  transactions,
} from "~/db/schema";
import { accountRoleSeed, chartOfAccountsSeed } from "~/db/seed/accounting";
import { seedId } from "~/db/seed/ids";
import { twoLines } from "~/domain/accounting/journal";
import { writeEntry } from "~/domain/accounting/ledger.server";
import { TRANSACTION_DETAILS_MESSAGES } from "~/domain/accounting/transaction-details";
import { todayInDhaka } from "~/lib/dhaka-time";
import { fromPaisa, toPaisa } from "~/lib/money";
import { action, loader } from "./transactions";
import { loader as exportLoader } from "./transactions-export";

const account = (code: string) => seedId(`account:${code}`);
const CASH = account("1000");
const PETTY_CASH = account("1010");
const BANK = account("1100");
const BKASH = account("1200");
const TABLES = [
  "transactions",
  "journal_entries",
  "journal_lines",
  "account_month_balances",
  "settlements",
  "audit_log",
];

let admin: TestUser;
let accountant: TestUser;
let staff: TestUser;

const VALID = {
  intent: "create",
  date: "2026-03-10",
  type: "income",
  category: "Equipment Rental",
  description: "LED wall, Gulshan wedding",
  amount: "25,000",
  paymentMethod: "bank",
  moneyAccountId: BANK,
  reference: "INV-1001",
  status: "completed",
  party: "",
  dueDate: "",
};

type Form = Partial<Record<keyof typeof VALID, string>>;
const post = (form: Form, as: TestUser = admin, path = "/admin/accounts?new=1") =>
  callRoute(action, path, { as, form: { ...VALID, ...form } as Record<string, string> });
const load = (query = "", as: TestUser = admin) => callRoute(loader, `/admin/accounts${query}`, { as });
/** The toast of the redirect a loader throws. */
async function redirectToast(answer: Promise<unknown>): Promise<unknown> {
  try {
    await answer;
  } catch (thrown) {
    if (thrown instanceof Response) return flashToast(thrown);
    throw thrown;
  }
  throw new Error("expected a redirect");
}

async function add(form: Form, as: TestUser = admin): Promise<typeof transactions.$inferSelect> {
  const response = (await post(form, as)) as Response;
  expect(flashToast(response)).toEqual({ type: "success", message: "Transaction added successfully" });
  const [row] = await getDb()
    .select()
    .from(transactions)
    .where(eq(transactions.description, form.description ?? VALID.description));
  return row!;
}

/** The ledger's own answer, from the lines alone: credits less debits of income accounts, and so on. */
async function fromLines(from: string | null, to: string | null) {
  const range = sql.join(
    [from ? sql`l.entry_date >= ${from}::date` : sql`true`, to ? sql`l.entry_date <= ${to}::date` : sql`true`],
    sql` and `,
  );
  const [row] = await queryRows<{ income: string; expenses: string; balance: string }>(
    getDb(),
    sql`select
      (select coalesce(sum(l.credit - l.debit), 0) from journal_lines l join journal_entries e on e.id = l.journal_entry_id
        join chart_of_accounts a on a.id = l.account_id where e.status = 'posted' and a.type = 'income' and ${range})::numeric(18,2)::text as income,
      (select coalesce(sum(l.debit - l.credit), 0) from journal_lines l join journal_entries e on e.id = l.journal_entry_id
        join chart_of_accounts a on a.id = l.account_id where e.status = 'posted' and a.type = 'expense' and ${range})::numeric(18,2)::text as expenses,
      (select coalesce(sum(l.debit - l.credit), 0) from journal_lines l join journal_entries e on e.id = l.journal_entry_id
        join chart_of_accounts a on a.id = l.account_id where e.status = 'posted' and a.payment_method is not null
        and ${to ? sql`l.entry_date <= ${to}::date` : sql`true`})::numeric(18,2)::text as balance`,
  );
  return row!;
}

const manual = (date: string, debit: string, credit: string, amount: bigint, status: "posted" | "draft" = "posted") =>
  getDb().transaction((tx) =>
    writeEntry(
      tx,
      {
        date,
        description: "manual",
        source: { type: "manual" },
        lines: twoLines(account(debit), account(credit), amount),
        createdBy: null,
      },
      status,
    ),
  );

beforeAll(async () => {
  await getDb().insert(chartOfAccounts).values(chartOfAccountsSeed);
  await getDb().insert(accountRoles).values(accountRoleSeed);
  [admin, accountant, staff] = await Promise.all([
    signedInUser("admin"),
    signedInUser("accountant"),
    signedInUser("staff"),
  ]);
});

afterEach(async () => {
  await getDb().update(accountingSettings).set({ lockDate: null });
  await getDb().update(chartOfAccounts).set({ isActive: true });
});

describe("New Transaction", () => {
  it("posts a completed income at once: money account debited, the category's income credited, with its audit line", async () => {
    const response = (await post(VALID, admin, "/admin/accounts?type=income&new=1")) as Response;
    expect(response.headers.get("location")).toBe("/admin/accounts?type=income");
    expect(flashToast(response)).toEqual({ type: "success", message: "Transaction added successfully" });
    const [row] = await getDb().select().from(transactions).where(eq(transactions.reference, "INV-1001"));
    expect(row).toMatchObject({
      status: "completed",
      amount: "25000.00",
      moneyAccountId: BANK,
      accountId: account("4000"),
      createdBy: admin.id,
    });
    const [entry] = await getDb().select().from(journalEntries).where(eq(journalEntries.id, row!.journalEntryId!));
    expect(entry).toMatchObject({
      status: "posted",
      sourceType: "transaction",
      sourceId: row!.id,
      total: "25000.00",
      entryDate: "2026-03-10",
    });
    const lines = await getDb()
      .select()
      .from(journalLines)
      .where(eq(journalLines.journalEntryId, entry!.id))
      .orderBy(journalLines.lineNo);
    expect(lines.map((l) => [l.accountId, l.debit, l.credit])).toEqual([
      [BANK, "25000.00", "0.00"],
      [account("4000"), "0.00", "25000.00"],
    ]);
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.entityId, row!.id));
    expect(audit).toMatchObject({ action: "transaction.created", actorUserId: admin.id });
  });

  it("posts an Equipment Purchase to the equipment asset, paid from the wallet chosen", async () => {
    const row = await add({
      type: "expense",
      category: "Equipment Purchase",
      description: "Two moving heads",
      amount: "180000",
      paymentMethod: "mobile_banking",
      moneyAccountId: BKASH,
      reference: "",
    });
    const lines = await getDb()
      .select()
      .from(journalLines)
      .where(eq(journalLines.journalEntryId, row.journalEntryId!))
      .orderBy(journalLines.lineNo);
    expect(lines.map((l) => [l.accountId, l.debit, l.credit])).toEqual([
      [account("1500"), "180000.00", "0.00"],
      [BKASH, "0.00", "180000.00"],
    ]);
  });

  it("saves a pending income as a receivable (receivable debited) and a pending expense as a payable", async () => {
    const receivable = await add({
      description: "Owed by Nusrat Events",
      status: "pending",
      moneyAccountId: "",
      party: "Nusrat Events",
      dueDate: "2026-04-10",
    });
    expect(receivable).toMatchObject({
      status: "pending",
      moneyAccountId: null,
      party: "Nusrat Events",
      dueDate: "2026-04-10",
    });
    const [rEntry] = await getDb()
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.id, receivable.journalEntryId!));
    expect(rEntry!.sourceType).toBe("receivable");
    const rLines = await getDb()
      .select()
      .from(journalLines)
      .where(eq(journalLines.journalEntryId, receivable.journalEntryId!))
      .orderBy(journalLines.lineNo);
    expect(rLines.map((l) => [l.accountId, l.debit, l.credit])).toEqual([
      [account("1300"), "25000.00", "0.00"],
      [account("4000"), "0.00", "25000.00"],
    ]);

    const payable = await add({
      type: "expense",
      category: "Maintenance",
      description: "Generator repair, owed",
      status: "pending",
      moneyAccountId: "",
      party: "Power Solutions",
      amount: "4500.50",
    });
    const pLines = await getDb()
      .select()
      .from(journalLines)
      .where(eq(journalLines.journalEntryId, payable.journalEntryId!))
      .orderBy(journalLines.lineNo);
    expect(pLines.map((l) => [l.accountId, l.debit, l.credit])).toEqual([
      [account("5100"), "4500.50", "0.00"],
      [account("2000"), "0.00", "4500.50"],
    ]);
  });

  it("lets the accountant add one too", async () => {
    const row = await add(
      { description: "Accountant's cash sale", category: "Sales", paymentMethod: "cash", moneyAccountId: CASH },
      accountant,
    );
    expect(row.createdBy).toBe(accountant.id);
  });
});

describe("malformed transactions are refused with the field's message and write nothing", () => {
  const cases: [string, Form, string, RegExp, (() => Promise<unknown>)?][] = [
    ["an amount of 0", { amount: "0" }, "amount", /^Amount must be more than 0$/],
    ["a negative amount", { amount: "-100" }, "amount", /0 or more/],
    ["an amount with 3 decimals", { amount: "100.125" }, "amount", /at most 2 decimals/],
    ["an amount too large", { amount: "100000000.00" }, "amount", /^Amount must be at most ৳99,999,999\.99$/],
    ["an amount in words", { amount: "five hundred" }, "amount", /amount in taka/],
    ["no date", { date: "" }, "date", /^Date is required$/],
    ["an impossible date", { date: "2026-02-29" }, "date", /^Date must be a date$/],
    ["a category of the other type", { category: "Utilities" }, "category", /^Utilities is not an income category$/],
    ["an unknown category", { type: "expense", category: "Bribes" }, "category", /^Bribes is not an expense category$/],
    ["no type", { type: "" }, "type", /^Choose a type/],
    ["an unknown method", { paymentMethod: "cheque" }, "paymentMethod", /^Choose a payment method/],
    [
      "a completed one without an account",
      { moneyAccountId: "" },
      "moneyAccountId",
      /^Choose the account the money was received into$/,
    ],
    [
      "an account of another method",
      { paymentMethod: "cash", moneyAccountId: BANK },
      "moneyAccountId",
      /^This account is not a cash account/,
    ],
    [
      "an account that is not money",
      { moneyAccountId: account("1300") },
      "moneyAccountId",
      /^Choose a cash, bank or mobile banking account$/,
    ],
    [
      "an account that does not exist",
      { moneyAccountId: "00000000-0000-4000-8000-000000000000" },
      "moneyAccountId",
      /does not exist/,
    ],
    [
      "a deactivated account",
      { paymentMethod: "cash", moneyAccountId: PETTY_CASH },
      "moneyAccountId",
      /^Account 1010 Petty Cash is deactivated: choose another$/,
      () => getDb().update(chartOfAccounts).set({ isActive: false }).where(eq(chartOfAccounts.id, PETTY_CASH)),
    ],
    [
      "a category whose account is deactivated",
      { category: "Consulting" },
      "category",
      /^No account is set for "Income: Consulting" in Settings > Accounting$/,
      () =>
        getDb()
          .update(chartOfAccounts)
          .set({ isActive: false })
          .where(eq(chartOfAccounts.id, account("4300"))),
    ],
    [
      "a date on the lock date",
      { date: "2026-01-31" },
      "date",
      /^The books are locked up to Jan 31, 2026: choose a date after it$/,
      () => getDb().update(accountingSettings).set({ lockDate: "2026-01-31" }),
    ],
    [
      "a date before the lock date, pending",
      { date: "2025-12-01", status: "pending", moneyAccountId: "", party: "Nusrat Events" },
      "date",
      /^The books are locked up to Jan 31, 2026/,
      () => getDb().update(accountingSettings).set({ lockDate: "2026-01-31" }),
    ],
    [
      "a due date before the date",
      { status: "pending", dueDate: "2026-03-01", party: "Nusrat Events" },
      "dueDate",
      /^Due date cannot be before the date$/,
    ],
    ["a due date on a completed one", { dueDate: "2026-04-01" }, "dueDate", /^A completed one is not due/],
    ["a cancelled status", { status: "cancelled" }, "status", /^Choose a status: completed or pending$/],
    ["a description too long", { description: "x".repeat(501) }, "description", /at most 500 characters/],
    ["a party with a direction override", { party: "Evil\u202eCorp" }, "party", /direction control/],
  ];

  it.each(cases)("%s", async (_name, change, field, message, prepare) => {
    await prepare?.();
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<{
      errors: Record<string, string>;
      toast: { message: string };
      values: Record<string, string>;
    }>(await post({ ...change, description: change.description ?? "malformed" }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors[field]).toMatch(message);
    expect(answer.body.toast.message).toMatch(/^Failed to add transaction: /);
    // The form comes back as typed.
    expect(answer.body.values.amount).toBe(change.amount ?? VALID.amount);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("the cards", () => {
  it("equal the ledger's lines for any period: income, expenses, and the money accounts' balance at its end", async () => {
    // A month of documents and manual journals, some posted in the months around it, a draft that counts nowhere.
    await add({
      date: "2026-04-01",
      description: "April rental",
      amount: "10000",
      moneyAccountId: CASH,
      paymentMethod: "cash",
    });
    await add({
      date: "2026-04-15",
      type: "expense",
      category: "Utilities",
      description: "April power",
      amount: "3200.75",
    });
    await add({
      date: "2026-04-30",
      description: "April receivable",
      status: "pending",
      moneyAccountId: "",
      party: "Bashundhara",
    });
    await add({
      date: "2026-04-20",
      type: "expense",
      category: "Marketing",
      description: "April payable",
      status: "pending",
      moneyAccountId: "",
      party: "Dhaka Print House",
      amount: "999.99",
    });
    await manual("2026-04-18", "4000", "1000", 50_000n); // ৳500 refunded to a customer: income debited
    await manual("2026-05-01", "1000", "4900", 700_000n); // May
    await manual("2026-03-31", "6100", "1100", 120_000n); // March
    await manual("2026-04-10", "1000", "4100", 5_000_000n, "draft");

    for (const query of [
      "?period=2026-04",
      "?period=2026",
      "?period=all",
      "?from=2026-03-15&to=2026-04-18",
      "?from=2026-04-02",
      "?to=2026-04-29",
      "?from=2026-01-01&to=2026-05-31",
    ]) {
      const { summary, period } = await load(query);
      expect({ query, ...summary }).toEqual({ query, ...(await fromLines(period.from, period.to)) });
    }
    const april = await load("?period=2026-04");
    expect(april.summary).toMatchObject({ income: "34500.00" });
    expect(april.period.label).toBe("April 2026");
  });

  it("show this month by default, and change when a completed transaction is posted today", async () => {
    const today = todayInDhaka();
    const before = await load();
    expect(before.period.from).toBe(`${today.slice(0, 7)}-01`);
    await add({
      date: today,
      description: "Today's cash rental",
      amount: "1234.56",
      paymentMethod: "cash",
      moneyAccountId: CASH,
    });
    const after = await load();
    const diff = (a: string, b: string) => fromPaisa(toPaisa(a) - toPaisa(b));
    expect(diff(after.summary.income, before.summary.income)).toBe("1234.56");
    expect(diff(after.summary.balance, before.summary.balance)).toBe("1234.56");
    expect(after.summary.expenses).toBe(before.summary.expenses);
  });
});

describe("the list", () => {
  beforeAll(async () => {
    for (const [i, method] of (["cash", "bank", "mobile_banking"] as const).entries())
      await add({
        date: `2026-06-0${i + 1}`,
        type: "expense",
        category: i === 0 ? "Transportation" : "Office Expenses",
        description: `June list ${i}`,
        amount: String(100 * (i + 1)),
        paymentMethod: method,
        moneyAccountId: { cash: CASH, bank: BANK, mobile_banking: BKASH }[method],
        reference: `JUNE-${i}`,
        party: i === 2 ? "Daraz Stationery" : "",
      });
  });

  it("shows the period's transactions, newest first, filtered, searched and sorted by the URL", async () => {
    const june = await load("?period=2026-06");
    expect(june.page.rows.map((r) => r.description)).toEqual(["June list 2", "June list 1", "June list 0"]);
    expect(june.page.rows[0]).toMatchObject({ moneyAccount: "1200 Mobile Banking - bKash", party: "Daraz Stationery" });
    expect((await load("?period=2026-06&method=cash")).page.rows.map((r) => r.reference)).toEqual(["JUNE-0"]);
    expect(
      (await load("?period=2026-06&category=Office+Expenses&sort=amount&dir=asc")).page.rows.map((r) => r.amount),
    ).toEqual(["200.00", "300.00"]);
    expect((await load("?period=all&q=daraz")).page.rows.map((r) => r.reference)).toEqual(["JUNE-2"]);
    expect((await load("?period=all&q=JUNE-1")).page.rows).toHaveLength(1);
    expect((await load("?period=all&status=pending&type=expense")).page.rows.every((r) => r.status === "pending")).toBe(
      true,
    );
    expect((await load("?period=2026-06&type=income")).page.rows).toEqual([]);
  });

  it("pages on the server", async () => {
    const all = await load("?period=all");
    expect(all.page.pageSize).toBe(20);
    expect(all.page.total).toBeGreaterThan(3);
    const beyond = await load("?period=all&page=99");
    expect(beyond.page.page).toBe(all.page.pageCount);
  });

  it("opens a transaction's details with its entry, and New Transaction with the bank's default account", async () => {
    const [row] = await getDb().select().from(transactions).where(eq(transactions.reference, "JUNE-1"));
    const { details } = await load(`?view=${row!.id}`);
    expect(details).toMatchObject({
      id: row!.id,
      journalEntryId: row!.journalEntryId,
      moneyAccount: "1100 Bank - Current Account",
    });
    // The details' row is the list's row, column for column (one list of columns).
    const listed = (await load("?period=2026-06&q=JUNE-1")).page.rows.find((r) => r.id === row!.id);
    expect(listed?.id).toBe(row!.id);
    expect(details).toMatchObject({ ...listed });
    const { dialog } = await load("?new=1");
    expect(dialog?.values).toMatchObject({ status: "completed", paymentMethod: "bank", moneyAccountId: BANK });
    expect(dialog?.choices.accounts.map((a) => a.code)).toEqual(["1000", "1010", "1100", "1110", "1200", "1210"]);
    const gone = await thrownBy(load("?view=00000000-0000-4000-8000-000000000000"));
    expect(gone.status).toBe(302);
    expect(await redirectToast(load("?view=00000000-0000-4000-8000-000000000000"))).toEqual({
      type: "error",
      message: TRANSACTION_DETAILS_MESSAGES.transactionGone,
    });
  });

  it("does not offer a deactivated account: 1010 Petty Cash and 1210 Nagad are gone from New Transaction's money accounts", async () => {
    await getDb()
      .update(chartOfAccounts)
      .set({ isActive: false })
      .where(inArray(chartOfAccounts.id, [PETTY_CASH, account("1210")]));
    const { dialog } = await load("?new=1");
    expect(dialog?.choices.accounts.map((a) => a.code)).toEqual(["1000", "1100", "1110", "1200"]);
    expect(Object.values(dialog?.choices.defaults ?? {})).not.toContain(PETTY_CASH);
    expect(Object.values(dialog?.choices.defaults ?? {})).not.toContain(account("1210"));
  });

  it("exports what is shown as CSV, every page, in the list's order", async () => {
    const response = (await callRoute(exportLoader, "/admin/accounts/export?period=2026-06&sort=amount&dir=desc", {
      as: accountant,
    })) as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Date,Type,Category,Description,Amount,Status,Payment Method,Account,Reference,Party,Due Date,Settled,Left",
    );
    expect(lines.slice(1).map((l) => l.split(",")[4])).toEqual(["300.00", "200.00", "100.00"]);
    expect(lines[1]).toContain("1200 Mobile Banking - bKash,JUNE-2,Daraz Stationery");
  });

  it("exports what is shown with a search and a filter too: the same rows as the list, no more", async () => {
    const csvOf = async (query: string) => {
      const response = (await callRoute(exportLoader, `/admin/accounts/export?${query}`, {
        as: accountant,
      })) as Response;
      return (await response.text())
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n")
        .slice(1)
        .map((l) => l.split(",")[8]);
    };
    // A search: the description word "list" matches all three of June; the reference JUNE-1 only one.
    expect(await csvOf("period=2026-06&q=JUNE-1")).toEqual(["JUNE-1"]);
    // A filter and a search together, in the list's order.
    const query = "period=2026-06&category=Office+Expenses&q=list&sort=amount&dir=asc";
    expect(await csvOf(query)).toEqual(["JUNE-1", "JUNE-2"]);
    expect((await load(`?${query}`)).page.rows.map((r) => r.reference)).toEqual(["JUNE-1", "JUNE-2"]);
    expect(await csvOf("period=2026-06&method=cash")).toEqual(["JUNE-0"]);
  });
});

describe("who may", () => {
  it("refuses staff the page, the export and the form (403), and writes nothing", async () => {
    expect((await thrownBy(load("", staff))).status).toBe(403);
    expect((await thrownBy(callRoute(exportLoader, "/admin/accounts/export", { as: staff }))).status).toBe(403);
    const before = await tableFingerprint(TABLES);
    expect((await thrownBy(post({ description: "by staff" }, staff))).status).toBe(403);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("answers an intent the page does not know with 400", async () => {
    expect((await thrownBy(post({ intent: "delete" }))).status).toBe(400);
  });

  it("shows the accountant the page with New Transaction", async () => {
    const page = await load("?new=1", accountant);
    expect(page.canManage).toBe(true);
    expect(page.dialog?.values.status).toBe("completed");
  });
});
