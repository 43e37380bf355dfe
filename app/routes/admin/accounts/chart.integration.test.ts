// The chart of accounts and an account's page (issue 21) through their routes: add, edit, deactivate, reactivate
// and delete an account; the tree with balances; every refusal answered with a field message and nothing written;
// who may do what; an account's balance and lines with the running balance over a range.
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
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
import { getDb } from "~/db/client.server";
import { violatedConstraint } from "~/db/errors.server";
import { auditLog, chartOfAccounts } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import type { AccountPage } from "~/domain/accounting/account-page.server";
import type { ChartRow } from "~/domain/accounting/chart.server";
import { CHART_MESSAGES } from "~/domain/accounting/chart-form";
import { twoLines } from "~/domain/accounting/journal";
import { LEDGER_MESSAGES, postEntry, PostingRefused } from "~/domain/accounting/ledger.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { action, loader } from "./chart";
import { loader as accountLoader } from "./chart-account";

const PATH = "/admin/accounts/chart";
const TABLES = ["chart_of_accounts", "account_roles", "audit_log"] as const;
const CASH = seedId("account:1000");
const BANK = seedId("account:1100");
const RENT = seedId("account:6100");
const RENTAL_INCOME = seedId("account:4000");
const PAYABLE = seedId("account:2000");

let admin: TestUser;
let accountant: TestUser;
let staff: TestUser;

beforeAll(async () => {
  await seedDatabase(getDb());
  [admin, accountant, staff] = await Promise.all([
    signedInUser("admin"),
    signedInUser("accountant"),
    signedInUser("staff"),
  ]);
});

type Fields = Record<string, string>;

const post = (form: Fields, as: TestUser = accountant, path = PATH) => callRoute(action, path, { as, form });

function accountFields(code: string, name: string, type: string, extra: Fields = {}): Fields {
  return { intent: "create", code, name, type, parentId: "", paymentMethod: "", description: "", ...extra };
}

async function accountByCode(code: string) {
  const [row] = await getDb().select().from(chartOfAccounts).where(eq(chartOfAccounts.code, code));
  return row;
}

/** The Edit form of a stored account, as the dialog posts it. */
async function editFields(code: string, change: Fields): Promise<Fields> {
  const row = (await accountByCode(code))!;
  return {
    intent: "update",
    id: row.id,
    version: row.updatedAt.toISOString(),
    code: row.code,
    name: row.name,
    type: row.type,
    parentId: row.parentId ?? "",
    paymentMethod: row.paymentMethod ?? "",
    cashFlowActivity: row.cashFlowActivity ?? "",
    description: row.description ?? "",
    ...change,
  };
}

async function chartRows(query = "", as: TestUser = accountant): Promise<ChartRow[]> {
  const answer = answerOf<{ page: { rows: ChartRow[] } }>(await callRoute(loader, `${PATH}${query}`, { as }));
  return answer.body.page.rows;
}

const postTo = (date: string, debit: string, credit: string, amount: bigint, description = "test entry") =>
  getDb().transaction((tx) =>
    postEntry(tx, {
      date,
      description,
      reference: `T-${crypto.randomUUID().slice(0, 8)}`,
      source: { type: "manual" },
      lines: twoLines(debit, credit, amount),
      createdBy: null,
    }),
  );

describe(PATH, () => {
  it("adds an account under a parent, lists it in the tree, renames it, and keeps an audit line of each", async () => {
    const added = (await post(
      accountFields("1020", "Cash at Site Office", "asset", {
        parentId: CASH,
        paymentMethod: "cash",
        description: "Float kept at the site office",
      }),
    )) as Response;
    expect(added.status).toBe(302);
    expect(flashToast(added)).toEqual({ type: "success", message: CHART_MESSAGES.added });
    const row = (await accountByCode("1020"))!;
    expect(row).toMatchObject({ name: "Cash at Site Office", type: "asset", parentId: CASH, paymentMethod: "cash" });

    // In the tree: right after its parent's other children by code, one level down.
    const rows = await chartRows("?type=asset");
    const codes = rows.map((r) => r.code);
    expect(codes.indexOf("1020")).toBe(codes.indexOf("1000") + 1);
    expect(rows.find((r) => r.code === "1020")).toMatchObject({ depth: 1, parentCode: "1000", isActive: true });
    expect(rows.find((r) => r.code === "1000")).toMatchObject({ depth: 0, childCount: 1 });
    expect(rows.every((r) => r.type === "asset")).toBe(true);

    const renamed = (await post(await editFields("1020", { name: "Site Office Float" }))) as Response;
    expect(flashToast(renamed)).toEqual({ type: "success", message: CHART_MESSAGES.updated });
    expect((await accountByCode("1020"))!.name).toBe("Site Office Float");

    const audit = await getDb().select().from(auditLog).where(eq(auditLog.entityId, row.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["account.created", "account.updated"]);
    expect(audit.find((a) => a.action === "account.updated")!.changes).toEqual({
      name: { from: "Cash at Site Office", to: "Site Office Float" },
    });
  });

  it("searches by code or name and filters by status, from the URL", async () => {
    expect((await chartRows("?q=bkash")).map((r) => r.code)).toEqual(["1200"]);
    expect((await chartRows("?q=610")).map((r) => r.code)).toEqual(["6100"]);
    await post(accountFields("6120", "Storage Rent", "expense"));
    const id = (await accountByCode("6120"))!.id;
    await post({ intent: "deactivate", id });
    expect((await chartRows("?status=inactive")).map((r) => r.code)).toEqual(["6120"]);
    expect((await chartRows("?status=active")).map((r) => r.code)).not.toContain("6120");
  });

  it("shows each account's balance as its type reads it, and a parent's with its sub-accounts", async () => {
    await post(accountFields("4010", "Stage Rental Income", "income", { parentId: RENTAL_INCOME }));
    const today = todayInDhaka();
    await postTo(today, CASH, RENTAL_INCOME, 150_000n);
    await postTo(today, BANK, (await accountByCode("4010"))!.id, 25_050n);
    const rows = await chartRows("?type=income");
    const rental = rows.find((r) => r.code === "4000")!;
    expect(rental).toMatchObject({ balance: "1500.00", groupBalance: "1750.50", hasPostings: true });
    expect(rows.find((r) => r.code === "4010")).toMatchObject({ balance: "250.50", groupBalance: null });
    // The roles that use an account are named on its row.
    expect(rental.roles).toContain("Rental income (tax invoices)");
  });

  it("deactivates an account (no longer offered for postings) and reactivates it", async () => {
    await post(accountFields("6130", "Generator Hire", "expense"));
    const id = (await accountByCode("6130"))!.id;

    const dialog = answerOf<{ dialog: { kind: string; account: { code: string } } }>(
      await callRoute(loader, `${PATH}?deactivate=${id}`, { as: accountant }),
    );
    expect(dialog.body.dialog).toMatchObject({ kind: "deactivate", account: { code: "6130" } });

    const off = (await post({ intent: "deactivate", id })) as Response;
    expect(flashToast(off)).toEqual({ type: "success", message: CHART_MESSAGES.deactivated });
    expect((await accountByCode("6130"))!.isActive).toBe(false);
    const refused = postTo(todayInDhaka(), id, CASH, 1_000n);
    await expect(refused).rejects.toBeInstanceOf(PostingRefused);
    await expect(refused).rejects.toMatchObject({
      errors: { "lines.0.accountId": LEDGER_MESSAGES.accountInactive("6130", "Generator Hire") },
    });

    const on = (await post({ intent: "reactivate", id })) as Response;
    expect(flashToast(on)).toEqual({ type: "success", message: CHART_MESSAGES.reactivated });
    expect((await accountByCode("6130"))!.isActive).toBe(true);
    await postTo(todayInDhaka(), id, CASH, 1_000n);

    const actions = await getDb().select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(actions.map((a) => a.action).sort()).toEqual([
      "account.created",
      "account.deactivated",
      "account.reactivated",
    ]);
  });

  it("deletes an account nothing refers to", async () => {
    await post(accountFields("6140", "Unused Account", "expense"));
    const id = (await accountByCode("6140"))!.id;
    const dialog = answerOf<{ dialog: { kind: string; name: string } }>(
      await callRoute(loader, `${PATH}?delete=${id}`, { as: accountant }),
    );
    expect(dialog.body.dialog).toMatchObject({ kind: "delete", name: "6140 Unused Account" });
    const deleted = (await post({ intent: "delete", id })) as Response;
    expect(flashToast(deleted)).toEqual({ type: "success", message: CHART_MESSAGES.deleted });
    expect(await accountByCode("6140")).toBeUndefined();
    const actions = await getDb().select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(actions.map((a) => a.action).sort()).toEqual(["account.created", "account.deleted"]);
  });

  describe("refusals: a field message, and nothing written", () => {
    let posted: string;
    let parent: string;
    let child: string;
    beforeAll(async () => {
      await post(accountFields("6150", "Posted Expense", "expense"));
      posted = (await accountByCode("6150"))!.id;
      await postTo("2026-01-15", posted, CASH, 5_000n);
      await post(accountFields("6160", "Group of Expenses", "expense"));
      parent = (await accountByCode("6160"))!.id;
      await post(accountFields("6161", "Child Expense", "expense", { parentId: parent }));
      child = (await accountByCode("6161"))!.id;
      await post(accountFields("ab-1", "Lower-case code", "asset"));
    });

    const cases: [string, () => Promise<Fields>, string, string][] = [
      [
        "a code another account has",
        async () => accountFields("1000", "Another Cash", "asset"),
        "code",
        CHART_MESSAGES.codeTaken,
      ],
      [
        "a code taken in another case",
        async () => accountFields("AB-1", "Twin", "asset"),
        "code",
        CHART_MESSAGES.codeTaken,
      ],
      ["an empty code", async () => accountFields(" ", "No Code", "asset"), "code", CHART_MESSAGES.codeRequired],
      ["a code with spaces", async () => accountFields("10 30", "Spaced", "asset"), "code", CHART_MESSAGES.codeShape],
      ["an empty name", async () => accountFields("1030", "  ", "asset"), "name", "Name is required"],
      ["an unknown type", async () => accountFields("1030", "Revenue", "revenue"), "type", CHART_MESSAGES.typeInvalid],
      [
        "a parent of another type",
        async () => accountFields("1030", "Odd Child", "asset", { parentId: RENT }),
        "parentId",
        CHART_MESSAGES.parentOtherType("Expense"),
      ],
      [
        "a parent that does not exist",
        async () => accountFields("1030", "Orphan", "asset", { parentId: crypto.randomUUID() }),
        "parentId",
        CHART_MESSAGES.parentMissing,
      ],
      [
        "a payment method on a liability",
        async () => accountFields("2030", "Card Payable", "liability", { paymentMethod: "bank" }),
        "paymentMethod",
        CHART_MESSAGES.paymentMethodNotAsset,
      ],
      [
        "a type change of an account with postings",
        () => editFields("6150", { type: "asset" }),
        "type",
        CHART_MESSAGES.typeFixed,
      ],
      [
        "a type change of an account with sub-accounts",
        () => editFields("6160", { type: "asset" }),
        "type",
        CHART_MESSAGES.typeHasChildren,
      ],
      [
        "a type change a role does not allow",
        // 2120 has no postings, and "Withholding tax payable" needs a liability.
        () => editFields("2120", { type: "asset" }),
        "type",
        CHART_MESSAGES.typeUsedByRole("Withholding tax payable"),
      ],
      [
        "a parent cycle (under its own sub-account)",
        async () => editFields("6160", { parentId: child }),
        "parentId",
        CHART_MESSAGES.parentCycle,
      ],
      [
        "itself as its parent",
        async () => editFields("6160", { parentId: parent }),
        "parentId",
        CHART_MESSAGES.parentCycle,
      ],
      ["another's code on edit", () => editFields("6161", { code: "6160" }), "code", CHART_MESSAGES.codeTaken],
    ];

    it.each(cases)("refuses %s with 400 naming the field", async (_name, fields, field, message) => {
      const form = await fields();
      const before = await tableFingerprint(TABLES);
      const answer = answerOf<{ errors: Record<string, string>; values: Fields; toast: { message: string } }>(
        await post(form),
      );
      expect(answer.status).toBe(400);
      expect(answer.body.errors[field]).toBe(message);
      expect(answer.body.values).toMatchObject({ code: form.code, name: form.name });
      expect(answer.body.toast.message).toMatch(/^Failed to (add|update) account: /);
      expect(await tableFingerprint(TABLES)).toEqual(before);
    });

    it.each([
      [
        "delete an account with postings",
        () => ({ intent: "delete", id: posted }),
        CHART_MESSAGES.deleteFailed(CHART_MESSAGES.deleteHasPostings),
      ],
      [
        "delete an account with sub-accounts",
        () => ({ intent: "delete", id: parent }),
        CHART_MESSAGES.deleteFailed(CHART_MESSAGES.deleteHasChildren),
      ],
      [
        "delete an account a role uses",
        () => ({ intent: "delete", id: seedId("account:2120") }),
        CHART_MESSAGES.deleteFailed(CHART_MESSAGES.deleteUsedByRole("Withholding tax payable")),
      ],
      [
        "deactivate an account a role uses, naming the role",
        () => ({ intent: "deactivate", id: PAYABLE }),
        CHART_MESSAGES.deactivateFailed(CHART_MESSAGES.deactivateUsedByRole("Accounts payable")),
      ],
      [
        "deactivate an account two roles use, naming both",
        () => ({ intent: "deactivate", id: seedId("account:6000") }),
        CHART_MESSAGES.deactivateFailed(CHART_MESSAGES.deactivateUsedByRole('Salaries expense", "Expense: Salaries')),
      ],
      [
        "reactivate an active account",
        () => ({ intent: "reactivate", id: posted }),
        CHART_MESSAGES.reactivateFailed(CHART_MESSAGES.alreadyActive),
      ],
      [
        "delete with no id",
        () => ({ intent: "delete", id: "1000" }),
        CHART_MESSAGES.deleteFailed(CHART_MESSAGES.notFound),
      ],
    ])("refuses to %s, saying why", async (_name, form, message) => {
      const before = await tableFingerprint(TABLES);
      const answer = answerOf<{ toast: { type: string; message: string } }>(await post(form()));
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.body.toast).toEqual({ type: "error", message });
      expect(await tableFingerprint(TABLES)).toEqual(before);
    });

    it("refuses an edit over someone else's change, showing theirs", async () => {
      const stale = await editFields("6161", { name: "Mine" });
      await post(await editFields("6161", { name: "Theirs" }));
      const before = await tableFingerprint(TABLES);
      const answer = answerOf<{ errors: Record<string, string>; values: Fields }>(await post(stale));
      expect(answer.status).toBe(409);
      expect(answer.body.errors.form).toBe(CHART_MESSAGES.changedMeanwhile);
      expect(answer.body.values.name).toBe("Theirs");
      expect(await tableFingerprint(TABLES)).toEqual(before);
    });

    it("the database itself keeps the type of an account with postings and the account itself", async () => {
      await expect(
        getDb().update(chartOfAccounts).set({ type: "asset" }).where(eq(chartOfAccounts.id, posted)),
      ).rejects.toMatchObject({ cause: expect.objectContaining({ constraint: "chart_of_accounts_type_fixed" }) });
      await expect(getDb().delete(chartOfAccounts).where(eq(chartOfAccounts.id, posted))).rejects.toMatchObject({
        cause: expect.objectContaining({ constraint: "journal_lines_account_id_chart_of_accounts_id_fk" }),
      });
    });
  });

  describe("a balance-sheet account's cash flow section (issue 24)", () => {
    it("shows the seeded section in the Edit dialog, changes it with an audit line, and sets it on a new account", async () => {
      const loan = (await accountByCode("2400"))!;
      const dialog = answerOf<{ dialog: { kind: string; values: { cashFlowActivity: string } } }>(
        await callRoute(loader, `${PATH}?edit=${loan.id}`, { as: accountant }),
      );
      expect(dialog.body.dialog).toMatchObject({ kind: "update", values: { cashFlowActivity: "financing" } });

      const changed = (await post(await editFields("2000", { cashFlowActivity: "financing" }))) as Response;
      expect(flashToast(changed)).toEqual({ type: "success", message: CHART_MESSAGES.updated });
      expect((await accountByCode("2000"))!.cashFlowActivity).toBe("financing");
      const [line] = await getDb()
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, PAYABLE))
        .orderBy(desc(auditLog.createdAt))
        .limit(1);
      expect(line!.changes).toEqual({ cashFlowActivity: { from: null, to: "financing" } });
      // Back to its type's default.
      await post(await editFields("2000", { cashFlowActivity: "" }));
      expect((await accountByCode("2000"))!.cashFlowActivity).toBeNull();

      const added = (await post(
        accountFields("1700", "Security Deposits Paid", "asset", { cashFlowActivity: "investing" }),
      )) as Response;
      expect(added.status).toBe(302);
      expect((await accountByCode("1700"))!.cashFlowActivity).toBe("investing");
    });

    it.each([
      [
        "on an income account",
        () => Promise.resolve(accountFields("4950", "Scrap Sales", "income", { cashFlowActivity: "operating" })),
        CHART_MESSAGES.cashFlowNotBalanceSheet,
      ],
      [
        "on an expense account being edited",
        () => editFields("6100", { cashFlowActivity: "investing" }),
        CHART_MESSAGES.cashFlowNotBalanceSheet,
      ],
      ["on a bank account", () => editFields("1100", { cashFlowActivity: "investing" }), CHART_MESSAGES.cashFlowOnCash],
      [
        "that is no section",
        () => Promise.resolve(accountFields("1710", "Deposits", "asset", { cashFlowActivity: "lending" })),
        CHART_MESSAGES.cashFlowInvalid,
      ],
    ])("refuses a cash flow section %s, naming the field, writing nothing", async (_name, form, message) => {
      const posted = await form();
      const before = await tableFingerprint(TABLES);
      const answer = answerOf<{ errors: Record<string, string>; toast: { message: string } }>(await post(posted));
      expect(answer.status).toBe(400);
      expect(answer.body.errors.cashFlowActivity).toBe(message);
      expect(await tableFingerprint(TABLES)).toEqual(before);
    });

    it("is refused by the database too on an income account or a cash account", async () => {
      for (const id of [RENTAL_INCOME, BANK]) {
        const refused = await getDb()
          .update(chartOfAccounts)
          .set({ cashFlowActivity: "operating" })
          .where(eq(chartOfAccounts.id, id))
          .then(
            () => null,
            (error: unknown) => violatedConstraint(error),
          );
        expect(refused).toBe("chart_of_accounts_cash_flow_activity_check");
      }
    });
  });

  it("lets accountants and administrators manage the chart, staff neither see nor change it", async () => {
    expect((await chartRows("", admin)).length).toBeGreaterThan(50);
    expect(await thrownBy(callRoute(loader, PATH, { as: staff }))).toMatchObject({ status: 403 });
    expect(await thrownBy(post(accountFields("9999", "Staff made", "asset"), staff))).toMatchObject({ status: 403 });
    expect(await thrownBy(post({ intent: "deactivate", id: CASH }, staff))).toMatchObject({ status: 403 });
    expect(await thrownBy(post(accountFields("9998", "Anon made", "asset"), ANONYMOUS))).toMatchObject({
      status: 401,
    });
    expect(await thrownBy(post({ intent: "archive", id: CASH }))).toMatchObject({ status: 400 });
    expect(await accountByCode("9999")).toBeUndefined();
    expect(await accountByCode("9998")).toBeUndefined();
    const byAdmin = (await post(accountFields("9997", "Admin made", "equity"), admin)) as Response;
    expect(flashToast(byAdmin)).toEqual({ type: "success", message: CHART_MESSAGES.added });
    expect((await accountByCode("9997"))?.isActive).toBe(true);
  });
});

describe("/admin/accounts/chart/:id", () => {
  const pageOf = async (id: string, query = "", as: TestUser = accountant) =>
    answerOf<{ page: AccountPage }>(
      await callRoute(accountLoader, `/admin/accounts/chart/${id}${query}`, { as, params: { id } }),
    ).body.page;

  it("shows the opening balance, debits, credits, closing balance and each line's running balance", async () => {
    await post(accountFields("1130", "Bank - Deposit Account", "asset", { paymentMethod: "bank", parentId: BANK }));
    const id = (await accountByCode("1130"))!.id;
    await postTo("2025-12-20", id, RENTAL_INCOME, 100_000n, "December rent received");
    await postTo("2026-01-05", id, RENTAL_INCOME, 50_000n, "Stage hire");
    await postTo("2026-01-10", RENT, id, 20_000n, "Office rent");
    await postTo("2026-01-10", id, RENTAL_INCOME, 1_050n, "Same-day receipt");
    await postTo("2026-02-01", id, RENTAL_INCOME, 7_000n, "After the range");

    const page = await pageOf(id, "?from=2026-01-01&to=2026-01-31");
    expect(page.account).toMatchObject({
      code: "1130",
      type: "asset",
      parent: { code: "1100" },
      paymentMethod: "bank",
    });
    expect(page.period).toEqual({ opening: "1000.00", debits: "510.50", credits: "200.00", closing: "1310.50" });
    expect(page.lines.total).toBe(3);
    // Newest first; the balance after each line, counted from before the range.
    expect(page.lines.rows.map((l) => [l.entryDate, l.description, l.debit, l.credit, l.runningBalance])).toEqual([
      ["2026-01-10", "Same-day receipt", "10.50", "0.00", "1310.50"],
      ["2026-01-10", "Office rent", "0.00", "200.00", "1300.00"],
      ["2026-01-05", "Stage hire", "500.00", "0.00", "1500.00"],
    ]);
    expect(page.lines.rows[0]!.referenceNo).toMatch(/^T-/);
  });

  it("reads an income account's balance as credits, and defaults to this month in Dhaka", async () => {
    await post(accountFields("4020", "Lighting Income", "income"));
    const id = (await accountByCode("4020"))!.id;
    const today = todayInDhaka();
    await postTo(today, CASH, id, 80_000n, "Lights for a wedding");
    await postTo(today, id, CASH, 5_000n, "Refund");
    const page = await pageOf(id);
    expect(page.range.from).toBe(`${today.slice(0, 7)}-01`);
    expect(page.period).toEqual({ opening: "0.00", debits: "50.00", credits: "800.00", closing: "750.00" });
    expect(page.lines.rows.map((l) => l.runningBalance)).toEqual(["750.00", "800.00"]);
  });

  it("pages the lines, 50 a page, the last page for one beyond it", async () => {
    await post(accountFields("1140", "Busy Till", "asset"));
    const id = (await accountByCode("1140"))!.id;
    for (let day = 1; day <= 26; day++) {
      const date = `2025-11-${String(day).padStart(2, "0")}`;
      await postTo(date, id, RENTAL_INCOME, 100n);
      await postTo(date, id, RENTAL_INCOME, 100n);
    }
    const second = await pageOf(id, "?from=2025-11-01&to=2025-11-30&page=2");
    expect(second.lines).toMatchObject({ total: 52, page: 2, pageCount: 2 });
    expect(second.lines.rows.map((l) => l.runningBalance)).toEqual(["2.00", "1.00"]);
    const beyond = await pageOf(id, "?from=2025-11-01&to=2025-11-30&page=9");
    expect(beyond.lines.page).toBe(2);
    expect((await pageOf(id, "?from=2025-11-01&to=2025-11-30")).lines.rows[0]!.runningBalance).toBe("52.00");
  });

  it("answers 404 for an unknown account, 403 to staff, and opens for administrators", async () => {
    const unknown = crypto.randomUUID();
    expect(
      await thrownBy(
        callRoute(accountLoader, `/admin/accounts/chart/${unknown}`, { as: accountant, params: { id: unknown } }),
      ),
    ).toMatchObject({ status: 404 });
    expect(
      await thrownBy(callRoute(accountLoader, "/admin/accounts/chart/x", { as: accountant, params: { id: "x" } })),
    ).toMatchObject({ status: 404 });
    expect(
      await thrownBy(callRoute(accountLoader, `/admin/accounts/chart/${CASH}`, { as: staff, params: { id: CASH } })),
    ).toMatchObject({ status: 403 });
    expect((await pageOf(CASH, "", admin)).account.code).toBe("1000");
    // The roles that use it are named.
    expect((await pageOf(CASH, "", admin)).account.roles).toEqual(["Cash: default account"]);
  });
});
