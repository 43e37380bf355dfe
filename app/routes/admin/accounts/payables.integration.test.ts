// Payables & Receivables (issue 21): New Payable and New Receivable posting as open items, the two tables (pending
// only) with what is left, Overdue and the totals by age, Settle (part and whole, each a settlements row and its
// entry; settled in full, one leaves the list), every refusal with its field's message and nothing written, two
// settlements at once that cannot overpay, and who may do what.
import { eq, inArray } from "drizzle-orm";
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
import { getDatabase, getDb } from "~/db/client.server";
import {
  accountingSettings,
  accountRoles,
  auditLog,
  chartOfAccounts,
  journalEntries,
  journalLines,
  payslips,
  settlements,
  transactions,
} from "~/db/schema";
import { accountRoleSeed, chartOfAccountsSeed } from "~/db/seed/accounting";
import { seedId } from "~/db/seed/ids";
import { AGEING_MESSAGES } from "~/domain/accounting/ageing";
import { twoLines } from "~/domain/accounting/journal";
import { postEntry } from "~/domain/accounting/ledger.server";
import { reverseEntry } from "~/domain/accounting/reverse-entry.server";
import { SETTLE_MESSAGES } from "~/domain/accounting/settle-form";
import { settleOpenItem } from "~/domain/accounting/settle-open-item.server";
import { TRANSACTION_DETAILS_MESSAGES } from "~/domain/accounting/transaction-details";
import { addDays } from "~/domain/dashboard/periods";
import { todayInDhaka } from "~/lib/dhaka-time";
import { formatMoney } from "~/lib/format";
import { fromPaisa, toPaisa } from "~/lib/money";
import { action, loader } from "./payables";
import { issueInvoice } from "~/domain/sales/issue-invoice.server";
import { ACTOR, approvedQuotation, seedBooks } from "../../../../tests/support/invoice-fixtures";
import { insertEmployee } from "../../../../tests/support/people-fixtures";
import { processPayroll } from "~/domain/payroll/process-payroll.server";
import { withFixtureParties } from "../../../../tests/support/ledger-parties";

const account = (code: string) => seedId(`account:${code}`);
const CASH = account("1000");
const PETTY_CASH = account("1010");
const BANK = account("1100");
const PAYABLE = account("2000");
const RECEIVABLE = account("1300");
const TABLES = [
  "transactions",
  "journal_entries",
  "journal_lines",
  "account_month_balances",
  "settlements",
  "audit_log",
];
const TODAY = todayInDhaka();

let admin: TestUser;
let accountant: TestUser;
let staff: TestUser;

const PAYABLE_FORM = {
  intent: "create",
  kind: "payable",
  date: "2026-02-01",
  category: "Maintenance",
  description: "Generator overhaul",
  amount: "10000",
  paymentMethod: "bank",
  moneyAccountId: BANK,
  reference: "RE-77",
  status: "pending",
  party: "Rahman Engineering Works",
  dueDate: "2026-03-01",
};
type Form = Partial<Record<keyof typeof PAYABLE_FORM | "type" | "id", string>>;

const post = (form: Form, as: TestUser = admin, path = "/admin/accounts/payables") =>
  callRoute(action, path, { as, form: form as Record<string, string> });
const load = (query = "", as: TestUser = admin) => callRoute(loader, `/admin/accounts/payables${query}`, { as });
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

async function addOpenItem(form: Form, as: TestUser = admin) {
  const values = { ...PAYABLE_FORM, ...form };
  const response = (await post(values, as, `/admin/accounts/payables?new=${values.kind}`)) as Response;
  expect(flashToast(response)).toEqual({
    type: "success",
    message: values.kind === "payable" ? "Payable added successfully" : "Receivable added successfully",
  });
  const [row] = await getDb().select().from(transactions).where(eq(transactions.description, values.description));
  return row!;
}

const settleForm = (id: string, change: Form = {}): Form => ({
  intent: "settle",
  id,
  date: "2026-03-05",
  paymentMethod: "cash",
  moneyAccountId: CASH,
  amount: "4000",
  reference: "",
  ...change,
});

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

describe("New Payable and New Receivable", () => {
  it("posts a payable: the category's expense debited, the payable credited; an expense whatever type was posted", async () => {
    const response = (await post(
      { ...PAYABLE_FORM, type: "income" },
      admin,
      "/admin/accounts/payables?q=x&new=payable",
    )) as Response;
    expect(response.headers.get("location")).toBe("/admin/accounts/payables?q=x");
    const [row] = await getDb().select().from(transactions).where(eq(transactions.reference, "RE-77"));
    expect(row).toMatchObject({
      type: "expense",
      status: "pending",
      party: "Rahman Engineering Works",
      dueDate: "2026-03-01",
      settledAmount: "0.00",
    });
    const [entry] = await getDb().select().from(journalEntries).where(eq(journalEntries.id, row!.journalEntryId!));
    expect(entry).toMatchObject({ sourceType: "payable", sourceId: row!.id, status: "posted" });
    const lines = await getDb()
      .select()
      .from(journalLines)
      .where(eq(journalLines.journalEntryId, entry!.id))
      .orderBy(journalLines.lineNo);
    expect(lines.map((l) => [l.accountId, l.debit, l.credit])).toEqual([
      [account("5100"), "10000.00", "0.00"],
      [PAYABLE, "0.00", "10000.00"],
    ]);
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.entityId, row!.id));
    expect(audit).toMatchObject({ action: "payable.created" });
  });

  it("posts a receivable: the receivable debited, the category's income credited", async () => {
    const row = await addOpenItem({
      kind: "receivable",
      category: "Consulting",
      description: "Stage design advice",
      party: "Bashundhara Group",
      amount: "3000",
    });
    expect(row.type).toBe("income");
    const lines = await getDb()
      .select()
      .from(journalLines)
      .where(eq(journalLines.journalEntryId, row.journalEntryId!))
      .orderBy(journalLines.lineNo);
    expect(lines.map((l) => [l.accountId, l.debit, l.credit])).toEqual([
      [RECEIVABLE, "3000.00", "0.00"],
      [account("4300"), "0.00", "3000.00"],
    ]);
  });

  it("saves one marked completed as paid at once: posted through its account, not on the lists", async () => {
    const row = await addOpenItem({
      description: "Paid on the spot",
      status: "completed",
      dueDate: "",
      party: "Fuel pump",
    });
    expect(row).toMatchObject({ status: "completed", moneyAccountId: BANK });
    const [entry] = await getDb().select().from(journalEntries).where(eq(journalEntries.id, row.journalEntryId!));
    expect(entry!.sourceType).toBe("transaction");
    const { payables } = await load("?q=Paid+on+the+spot");
    expect(payables.rows).toEqual([]);
  });
});

describe("the lists", () => {
  it("show pending ones only, with what is left, Overdue, and the totals left by age", async () => {
    const before = (await load()).ageing.payable;
    // Due 10 days ago (overdue, 1–30), due in 5 days (not yet due), no due date and dated 45 days ago (31–60, never overdue).
    await addOpenItem({
      description: "Ageing overdue",
      date: addDays(TODAY, -40),
      dueDate: addDays(TODAY, -10),
      amount: "100",
      party: "Age One",
    });
    await addOpenItem({
      description: "Ageing not due",
      date: addDays(TODAY, -1),
      dueDate: addDays(TODAY, 5),
      amount: "200",
      party: "Age Two",
    });
    await addOpenItem({
      description: "Ageing no due date",
      date: addDays(TODAY, -45),
      dueDate: "",
      amount: "300",
      party: "Age Three",
    });
    await addOpenItem({
      description: "Ageing very old",
      date: addDays(TODAY, -200),
      dueDate: addDays(TODAY, -100),
      amount: "0.50",
      party: "Age Four",
    });
    const { payables, receivables, ageing } = await load("?q=Ageing");
    expect(payables.rows.map((r) => [r.party, r.left, r.overdue, r.ageBucket])).toEqual([
      ["Age Four", "0.50", true, "over90"],
      ["Age Three", "300.00", false, "31-60"],
      ["Age One", "100.00", true, "1-30"],
      ["Age Two", "200.00", false, "notDue"],
    ]);
    expect(receivables.rows).toEqual([]);
    // Every pending payable counts in the totals, whatever the search: each age grew by what was added to it.
    const grown = Object.fromEntries(
      (["notDue", "1-30", "31-60", "61-90", "over90", "documents", "ledger"] as const).map((age) => [
        age,
        fromPaisa(toPaisa(ageing.payable[age]) - toPaisa(before[age])),
      ]),
    );
    expect(grown).toEqual({
      notDue: "200.00",
      "1-30": "100.00",
      "31-60": "300.00",
      "61-90": "0.00",
      over90: "0.50",
      documents: "600.50",
      ledger: "600.50",
    });
    expect((await load("?overdue=yes&q=Ageing")).payables.rows.map((r) => r.party)).toEqual(["Age Four", "Age One"]);
    expect((await load("?age=31-60&q=Ageing")).payables.rows.map((r) => r.party)).toEqual(["Age Three"]);
    expect((await load("?sort=left&dir=desc&q=Ageing")).payables.rows.map((r) => r.left)).toEqual([
      "300.00",
      "200.00",
      "100.00",
      "0.50",
    ]);
  });

  it("age at the bounds: due today is not yet due and not overdue; 30/31, 60/61, 90/91 days past due split; Overdue exactly past due", async () => {
    const ages = [-1, 0, 1, 30, 31, 60, 61, 90, 91];
    for (const age of ages)
      await addOpenItem({
        kind: "receivable",
        category: "Sales",
        description: `Bound ${age}`,
        party: `Bound ${String(age + 10).padStart(3, "0")}`,
        date: addDays(TODAY, -200),
        dueDate: addDays(TODAY, -age),
        amount: "1",
      });
    const rows = (await load("?q=Bound&sort=party&dir=asc")).receivables.rows;
    expect(rows.map((r) => [r.age, r.ageBucket, r.overdue])).toEqual([
      [-1, "notDue", false],
      [0, "notDue", false],
      [1, "1-30", true],
      [30, "1-30", true],
      [31, "31-60", true],
      [60, "31-60", true],
      [61, "61-90", true],
      [90, "61-90", true],
      [91, "over90", true],
    ]);
    // The filters agree with the rows: Overdue lists every one past due, "Not yet due" the rest.
    expect((await load("?q=Bound&overdue=yes&sort=party&dir=asc")).receivables.rows.map((r) => r.age)).toEqual(
      ages.filter((a) => a > 0),
    );
    expect((await load("?q=Bound&age=notDue&sort=party&dir=asc")).receivables.rows.map((r) => r.age)).toEqual([-1, 0]);
    // The Settle dialog's item is aged by the same rule.
    const dueToday = rows.find((r) => r.age === 0)!;
    expect((await load(`?settle=${dueToday.id}`)).dialog).toMatchObject({
      item: { ageBucket: "notDue", overdue: false },
    });
  });

  it("totals outstanding from the ledger; a journal posted to Accounts Payable directly is its supplier's, on account", async () => {
    await addOpenItem({ description: "Ledger total", party: "Ledger Supplier", amount: "250", dueDate: "" });
    const agreed = (await load()).ageing.payable;
    expect(agreed.ledger).toBe(fromPaisa(toPaisa(agreed.documents) + toPaisa(agreed.onAccount)));
    expect(agreed.accountName).toBe("Accounts Payable");
    // A manual journal: Cash 1000 paid out against Accounts Payable, with no payable behind it, naming the supplier.
    const entryId = await getDb().transaction(async (tx) =>
      postEntry(tx, {
        date: TODAY,
        description: "Paid a supplier on account",
        source: { type: "manual" },
        lines: await withFixtureParties(tx, twoLines(PAYABLE, CASH, 100_000n)),
        createdBy: null,
      }),
    );
    try {
      const page = await load();
      const after = page.ageing.payable;
      expect(after.documents).toBe(agreed.documents);
      expect(fromPaisa(toPaisa(agreed.ledger) - toPaisa(after.ledger))).toBe("1000.00");
      expect(fromPaisa(toPaisa(agreed.onAccount) - toPaisa(after.onAccount))).toBe("1000.00");
      expect(after.ledger).toBe(fromPaisa(toPaisa(after.documents) + toPaisa(after.onAccount)));
      // The supplier's row says so: ৳1,000 paid on account, which the company is no longer owed... by them: −1,000.
      const fixture = page.parties.supplier.rows.find((r) => r.name === "Fixture Supplier");
      expect(fixture?.amounts).toMatchObject({ onAccount: "-1000.00", total: "-1000.00" });
      expect(page.parties.supplier.totals.total).toBe(after.ledger);
      // The receivables' account was not touched.
      const receivable = page.ageing.receivable;
      expect(receivable.ledger).toBe(fromPaisa(toPaisa(receivable.documents) + toPaisa(receivable.onAccount)));
    } finally {
      const undone = await reverseEntry(
        getDb(),
        { userId: admin.id, label: admin.email, ipAddress: null, userAgent: null },
        { entryId, date: TODAY },
      );
      expect(undone.ok).toBe(true);
    }
  });

  it("count what tax invoices still owe in the receivables, so the ledger and the documents agree (issue 22)", async () => {
    await seedBooks();
    const before = (await load()).ageing.receivable;
    expect(before.ledger).toBe(fromPaisa(toPaisa(before.documents) + toPaisa(before.onAccount)));
    const quotation = await approvedQuotation([["LED wall", 2, "1000.00"]]);
    const issued = await issueInvoice(getDb(), ACTOR, { quotationId: quotation.id, kind: "full", advancePercent: "" });
    if (!issued.ok) throw new Error(issued.message);
    const after = (await load()).ageing.receivable;
    // 2 × 1,000 + VAT 15% = 2,300.
    expect(fromPaisa(toPaisa(after.invoices) - toPaisa(before.invoices))).toBe("2300.00");
    expect(fromPaisa(toPaisa(after.ledger) - toPaisa(before.ledger))).toBe("2300.00");
    expect(after.ledger).toBe(fromPaisa(toPaisa(after.documents) + toPaisa(after.onAccount)));
    expect(AGEING_MESSAGES.invoicesOwed(after.invoices)).toContain(formatMoney(after.invoices));
  });

  it("do not offer a deactivated account: 1010 Petty Cash and 1210 Nagad are gone from New Payable's and Settle's money accounts", async () => {
    const item = await addOpenItem({ description: "Deactivated choices", party: "Choice Supplier", amount: "50" });
    await getDb()
      .update(chartOfAccounts)
      .set({ isActive: false })
      .where(inArray(chartOfAccounts.id, [PETTY_CASH, account("1210")]));
    for (const query of ["?new=payable", "?new=receivable", `?settle=${item.id}`]) {
      const { choices } = await load(query);
      expect(
        choices?.accounts.map((a) => a.code),
        query,
      ).toEqual(["1000", "1100", "1110", "1200"]);
      expect(Object.values(choices?.defaults ?? {}), query).not.toContain(PETTY_CASH);
    }
  });

  it("pages each table on its own", async () => {
    for (let i = 0; i < 11; i++)
      await addOpenItem({
        kind: "receivable",
        category: "Sales",
        description: `Paged ${i}`,
        party: `Paged customer ${i}`,
        dueDate: "",
        amount: "10",
      });
    const first = await load("?q=Paged");
    expect(first.receivables).toMatchObject({ total: 11, page: 1, pageCount: 2 });
    const second = await load("?q=Paged&rpage=2");
    expect(second.receivables.page).toBe(2);
    expect(second.receivables.rows).toHaveLength(1);
    expect(second.payables.page).toBe(1);
  });
});

describe("Settle", () => {
  it("pays part, shows what is left, then the rest, and the settled one leaves the list", async () => {
    const item = await addOpenItem({ description: "Settle me", party: "Settle Supplier" });
    const opened = await load(`?settle=${item.id}`);
    expect(opened.dialog).toMatchObject({
      kind: "settle",
      values: { amount: "10000.00", paymentMethod: "bank", moneyAccountId: BANK },
    });

    const part = (await post(
      settleForm(item.id, { reference: "CHQ-1" }),
      admin,
      `/admin/accounts/payables?settle=${item.id}`,
    )) as Response;
    expect(flashToast(part)).toEqual({ type: "success", message: "Paid ৳4,000.00; ৳6,000.00 left" });
    expect(part.headers.get("location")).toBe("/admin/accounts/payables");
    const [settlement] = await getDb().select().from(settlements).where(eq(settlements.transactionId, item.id));
    expect(settlement).toMatchObject({
      amount: "4000.00",
      paymentMethod: "cash",
      moneyAccountId: CASH,
      reference: "CHQ-1",
    });
    const [entry] = await getDb()
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.id, settlement!.journalEntryId));
    expect(entry).toMatchObject({ sourceType: "settlement", sourceId: settlement!.id, entryDate: "2026-03-05" });
    const lines = await getDb()
      .select()
      .from(journalLines)
      .where(eq(journalLines.journalEntryId, entry!.id))
      .orderBy(journalLines.lineNo);
    expect(lines.map((l) => [l.accountId, l.debit, l.credit])).toEqual([
      [PAYABLE, "4000.00", "0.00"],
      [CASH, "0.00", "4000.00"],
    ]);
    const listed = (await load("?q=Settle+Supplier")).payables.rows;
    expect(listed.map((r) => [r.left, r.settledAmount])).toEqual([["6000.00", "4000.00"]]);

    const rest = (await post(
      settleForm(item.id, { amount: "6,000.00", paymentMethod: "bank", moneyAccountId: BANK }),
    )) as Response;
    expect(flashToast(rest)).toEqual({
      type: "success",
      message: "Paid in full: the payable to Settle Supplier is settled",
    });
    const [after] = await getDb().select().from(transactions).where(eq(transactions.id, item.id));
    expect(after).toMatchObject({ status: "completed", settledAmount: "10000.00" });
    expect((await load("?q=Settle+Supplier")).payables.rows).toEqual([]);
    const details = (await load(`?view=${item.id}`)).details!;
    expect(details.settlements.map((s) => [s.amount, s.account])).toEqual([
      ["4000.00", "1000 Cash in Hand"],
      ["6000.00", "1100 Bank - Current Account"],
    ]);
  });

  it("receives a receivable into the money account, the receivable credited, with its audit line", async () => {
    const item = await addOpenItem({
      kind: "receivable",
      category: "Service Fee",
      description: "Crew, to receive",
      party: "Receive Ltd",
      amount: "5000",
    });
    const result = await settleOpenItem(
      getDb(),
      { userId: admin.id, label: admin.email, ipAddress: null, userAgent: null },
      {
        id: item.id,
        date: "2026-03-02",
        paymentMethod: "bank",
        moneyAccountId: BANK,
        amount: "5000",
        reference: "",
      },
    );
    expect(result).toMatchObject({
      ok: true,
      message: "Received in full: Receive Ltd's receivable is settled",
      left: "0.00",
    });
    const lines = await getDb()
      .select()
      .from(journalLines)
      .where(eq(journalLines.journalEntryId, result.ok ? result.entryId : ""))
      .orderBy(journalLines.lineNo);
    expect(lines.map((l) => [l.accountId, l.debit, l.credit])).toEqual([
      [BANK, "5000.00", "0.00"],
      [RECEIVABLE, "0.00", "5000.00"],
    ]);
    const audit = await getDb().select().from(auditLog).where(eq(auditLog.entityId, item.id));
    expect(audit.map((a) => a.action)).toEqual(["receivable.created", "receivable.settled"]);
  });

  it("owes the amount again when a settlement's entry is reversed", async () => {
    const item = await addOpenItem({ description: "Reverse my payment", party: "Reversal Supplier", amount: "800" });
    await post(settleForm(item.id, { amount: "800" }));
    const [settlement] = await getDb().select().from(settlements).where(eq(settlements.transactionId, item.id));
    const reversed = await reverseEntry(
      getDb(),
      { userId: admin.id, label: "t", ipAddress: null, userAgent: null },
      { entryId: settlement!.journalEntryId, date: "2026-03-06" },
    );
    expect(reversed.ok).toBe(true);
    expect((await load("?q=Reversal+Supplier")).payables.rows.map((r) => r.left)).toEqual(["800.00"]);
  });

  describe("two settlements at once", () => {
    /** Runs `calls` together. On PostgreSQL a third connection holds the document's row first, so both settlements
     * reach it before either reads it (both waiting on a Lock), and only then lets them go: without the row lock
     * both would read the same amount left. PGlite has one connection: there they run one after the other. */
    async function atOnce<T>(id: string, calls: (() => Promise<T>)[]): Promise<T[]> {
      const pool = getDatabase().pool;
      if (!pool) return Promise.all(calls.map((call) => call()));
      const blocker = await pool.connect();
      try {
        await blocker.query("begin");
        await blocker.query("select id from transactions where id = $1 for update", [id]);
        const all = Promise.all(calls.map((call) => call()));
        for (;;) {
          const { rows } = await pool.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (rows[0]!.n >= calls.length) break;
          await new Promise((r) => setImmediate(r));
        }
        await blocker.query("commit");
        return await all;
      } finally {
        blocker.release();
      }
    }

    it("cannot pay more than is owed: the second waits for the first's lock, then sees what is left", async () => {
      for (let round = 0; round < 5; round++) {
        const item = await addOpenItem({ description: `Race ${round}`, party: "Race Supplier", amount: "1000" });
        const actor = { userId: admin.id, label: admin.email, ipAddress: null, userAgent: null };
        const pay = () =>
          settleOpenItem(getDb(), actor, {
            id: item.id,
            date: "2026-03-05",
            paymentMethod: "cash",
            moneyAccountId: CASH,
            amount: "600",
            reference: "",
          });
        const results = await atOnce(item.id, [pay, pay]);
        expect(results.filter((r) => r.ok)).toHaveLength(1);
        const refused = results.find((r) => !r.ok);
        expect(refused).toMatchObject({
          refusal: "invalid",
          errors: { amount: "Amount can be at most what is left: ৳400.00" },
        });
        const [after] = await getDb().select().from(transactions).where(eq(transactions.id, item.id));
        expect(after).toMatchObject({ settledAmount: "600.00", status: "pending" });
        const paid = await getDb().select().from(settlements).where(eq(settlements.transactionId, item.id));
        expect(paid.map((s) => s.amount)).toEqual(["600.00"]);
      }
    });
  });
});

describe("malformed settlements are refused with the field's message and write nothing", () => {
  let open: typeof transactions.$inferSelect;
  let done: typeof transactions.$inferSelect;
  beforeAll(async () => {
    open = await addOpenItem({ description: "Refuse settling me", party: "Refusal Supplier", amount: "500" });
    done = await addOpenItem({ description: "Already settled", party: "Done Supplier", amount: "50" });
    await post(settleForm(done.id, { amount: "50" }));
  });

  // Each a payment of ৳100 of the ৳500 owed, but for what it changes.
  const bad = (change: Form) => settleForm(open.id, { amount: "100", ...change });
  const cases: [string, () => Form, string, RegExp, (() => Promise<unknown>)?][] = [
    ["more than is left", () => bad({ amount: "500.01" }), "amount", /^Amount can be at most what is left: ৳500\.00$/],
    ["an amount of 0", () => bad({ amount: "0" }), "amount", /^Amount must be more than 0$/],
    ["a negative amount", () => bad({ amount: "-1" }), "amount", /0 or more/],
    ["an amount with 3 decimals", () => bad({ amount: "1.001" }), "amount", /at most 2 decimals/],
    ["an amount too large", () => bad({ amount: "100000000" }), "amount", /^Amount must be at most ৳99,999,999\.99$/],
    ["no date", () => bad({ date: "" }), "date", /^Date is required$/],
    ["an impossible date", () => bad({ date: "2026-02-31" }), "date", /^Date must be a date$/],
    [
      "a date before the payable's own",
      () => bad({ date: "2026-01-31" }),
      "date",
      /^Date cannot be before the document's own date \(Feb 01, 2026\)$/,
    ],
    [
      "a date on the lock date",
      () => bad({ date: "2026-03-31" }),
      "date",
      /^The books are locked up to Mar 31, 2026/,
      () => getDb().update(accountingSettings).set({ lockDate: "2026-03-31" }),
    ],
    ["no account", () => bad({ moneyAccountId: "" }), "moneyAccountId", /^Choose the account/],
    [
      "an account of another method",
      () => bad({ paymentMethod: "mobile_banking" }),
      "moneyAccountId",
      /^This account is not a mobile banking account/,
    ],
    [
      "an account that is not money",
      () => bad({ moneyAccountId: PAYABLE }),
      "moneyAccountId",
      /^Choose a cash, bank or mobile banking account$/,
    ],
    [
      "a deactivated account",
      () => bad({ moneyAccountId: PETTY_CASH }),
      "moneyAccountId",
      /^Account 1010 Petty Cash is deactivated/,
      () => getDb().update(chartOfAccounts).set({ isActive: false }).where(eq(chartOfAccounts.id, PETTY_CASH)),
    ],
    ["an unknown method", () => bad({ paymentMethod: "barter" }), "paymentMethod", /^Choose a payment method/],
    ["no id", () => bad({ id: "" }), "id", /^Choose the payable or receivable to settle$/],
  ];

  it.each(cases)("%s", async (_name, form, field, message, prepare) => {
    await prepare?.();
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<{ errors: Record<string, string>; toast: { message: string } }>(await post(form()));
    expect(answer.status).toBe(400);
    expect(answer.body.errors, JSON.stringify(answer.body.errors)).toHaveProperty(field);
    expect(answer.body.errors[field]).toMatch(message);
    expect(answer.body.toast.message).toMatch(/^Failed to settle: /);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("refuses settling a completed one, and one that does not exist, back to the list with the reason", async () => {
    const before = await tableFingerprint(TABLES);
    const completed = (await post(settleForm(done.id, { amount: "1" }))) as Response;
    expect(flashToast(completed)).toEqual({
      type: "error",
      message: "Failed to settle: This one is already settled in full",
    });
    const missing = (await post(settleForm("00000000-0000-4000-8000-000000000000"))) as Response;
    expect(flashToast(missing)).toEqual({
      type: "error",
      message: "Failed to settle: This payable or receivable does not exist",
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);
    const opened = await thrownBy(load(`?settle=${done.id}`));
    expect(opened.status).toBe(302);
    expect(await redirectToast(load(`?settle=${done.id}`))).toEqual({
      type: "error",
      message: SETTLE_MESSAGES.notPending,
    });
    expect(await redirectToast(load("?view=00000000-0000-4000-8000-000000000000"))).toEqual({
      type: "error",
      message: TRANSACTION_DETAILS_MESSAGES.openItemGone,
    });
  });
});

describe("malformed payables and receivables are refused with the field's message and write nothing", () => {
  const cases: [string, Form, string, RegExp][] = [
    ["no supplier", { party: " " }, "party", /^Supplier is required$/],
    ["no customer", { kind: "receivable", category: "Sales", party: "" }, "party", /^Customer is required$/],
    ["an income category on a payable", { category: "Sales" }, "category", /^Sales is not an expense category$/],
    [
      "an expense category on a receivable",
      { kind: "receivable", category: "Utilities" },
      "category",
      /^Utilities is not an income category$/,
    ],
    ["an amount of 0", { amount: "0.00" }, "amount", /^Amount must be more than 0$/],
    ["a due date before the date", { dueDate: "2026-01-15" }, "dueDate", /^Due date cannot be before the date$/],
    ["a bad due date", { dueDate: "2026-02-30" }, "dueDate", /^Due date must be a date$/],
  ];

  it.each(cases)("%s", async (_name, change, field, message) => {
    const before = await tableFingerprint(TABLES);
    const kind = change.kind ?? "payable";
    const answer = answerOf<{ errors: Record<string, string>; toast: { message: string } }>(
      await post(
        { ...PAYABLE_FORM, description: "malformed", ...change },
        admin,
        `/admin/accounts/payables?new=${kind}`,
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors[field]).toMatch(message);
    expect(answer.body.toast.message).toMatch(
      kind === "payable" ? /^Failed to add payable: / : /^Failed to add receivable: /,
    );
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("refuses a form that names neither a payable nor a receivable", async () => {
    const before = await tableFingerprint(TABLES);
    const answer = answerOf(await post({ ...PAYABLE_FORM, kind: "loan" }));
    expect(answer.status).toBe(400);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("who may", () => {
  it("refuses staff the page and both forms (403), and writes nothing", async () => {
    expect((await thrownBy(load("", staff))).status).toBe(403);
    const before = await tableFingerprint(TABLES);
    expect((await thrownBy(post({ ...PAYABLE_FORM, description: "by staff" }, staff))).status).toBe(403);
    expect((await thrownBy(post(settleForm("00000000-0000-4000-8000-000000000000"), staff))).status).toBe(403);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("lets the accountant add and settle", async () => {
    const item = await addOpenItem({ description: "Accountant's payable", party: "Acc Supplier" }, accountant);
    const response = (await post(settleForm(item.id, { amount: "10000" }), accountant)) as Response;
    expect(flashToast(response)).toMatchObject({ type: "success" });
    const [paid] = await getDb().select().from(settlements).where(eq(settlements.transactionId, item.id));
    expect(paid!.createdBy).toBe(accountant.id);
  });
});

describe("a payroll's salary rows (issue 25)", () => {
  it("are the employees' (issue 36): listed under them by age, not among the payables; Settle takes the user to Salary Disbursement", async () => {
    const before = (await load()) as Awaited<ReturnType<typeof loader>>;
    await insertEmployee("Salma Payables");
    const processed = await processPayroll(getDb(), ACTOR, { month: "2026-09" }, new Date("2026-11-27T06:00:00Z"));
    expect(processed).toMatchObject({ ok: true });
    const [row] = await getDb().select().from(transactions).where(eq(transactions.party, "Salma Payables"));
    const page = (await load("?q=Salma")) as Awaited<ReturnType<typeof loader>>;
    expect(page.payables.rows).toEqual([]);
    expect(page.ageing.payable).toEqual(before.ageing.payable);
    const [slip] = await getDb().select().from(payslips).where(eq(payslips.transactionId, row!.id));
    expect(page.parties.employee.rows.find((r) => r.name === "Salma Payables")?.amounts).toMatchObject({
      total: slip!.net,
      onAccount: "0.00",
    });
    const settle = await thrownBy(load(`?settle=${row!.id}`));
    expect(settle.status).toBe(302);
    expect(settle.location).toBe("/admin/accounts/salary-disbursement?month=2026-09");
    // Any other payable still opens its Settle dialog.
    const other = await addOpenItem({ description: "Not a salary", party: "Supplier Z" });
    const opened = (await load(`?settle=${other.id}`)) as { dialog: { kind: string } | null };
    expect(opened.dialog).toMatchObject({ kind: "settle" });
  });
});
