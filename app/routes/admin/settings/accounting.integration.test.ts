// Settings > Accounting (issue 21) through its route: the roles' accounts and the lock date, saved in one
// transaction with an audit line of what changed; every refusal names its field and writes nothing; accountants and
// administrators only.
import { desc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../../tests/support/db-fingerprint";
import {
  ANONYMOUS,
  answerOf,
  callRoute,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../../tests/support/signed-in-request";
import { getDb } from "~/db/client.server";
import { accountingSettings, accountRoles, auditLog, chartOfAccounts } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { ACCOUNT_ROLE_KEYS } from "~/domain/accounting/account-roles";
import type { AccountType } from "~/domain/accounting/constants";
import {
  ACCOUNTING_SETTINGS_MESSAGES as MESSAGES,
  documentsOnlyField,
  roleField,
  roleAccountOptions,
  type AccountingSettingsValues,
} from "~/domain/accounting/accounting-settings-form";
import { twoLines } from "~/domain/accounting/journal";
import { lockDateOf, postEntry, PostingRefused, roleAccounts } from "~/domain/accounting/ledger.server";
import { closeFiscalYear, reopenFiscalYear } from "~/domain/accounting/year-end-close.server";
import { fiscalYearStartMonth } from "~/domain/reports/ledger-figures.server";
import { PAYROLL_MESSAGES } from "~/domain/payroll/payroll-form";
import { slabTableInForce } from "~/domain/payroll/payroll-preview.server";
import {
  slabBandsText,
  slabTablePeriodText,
  SLAB_TABLE_MESSAGES as SLAB_MESSAGES,
  type SlabTableSummary,
} from "~/domain/payroll/slab-tables-form";
import { todayInDhaka } from "~/lib/dhaka-time";
import { action, loader } from "./accounting";

const PATH = "/admin/settings/accounting";
const TABLES = [
  "account_roles",
  "accounting_settings",
  "audit_log",
  "chart_of_accounts",
  "journal_entries",
  "year_end_closes",
] as const;
const CASH = seedId("account:1000");
const PETTY_CASH = seedId("account:1010");
const OFFICE_SUPPLIES = seedId("account:6500");

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

interface Page {
  values: AccountingSettingsValues;
  accounts: { id: string; code: string; name: string; type: AccountType; isActive: boolean }[];
}

async function page(as: TestUser = accountant): Promise<Page> {
  return answerOf<Page>(await callRoute(loader, PATH, { as })).body;
}

/** The form as the page posts it, with `change` applied (role.<role> fields, lockDate). */
async function formOf(change: Record<string, string> = {}, drop: string[] = []): Promise<Record<string, string>> {
  const { values } = await page();
  const form: Record<string, string> = {
    intent: "save",
    version: values.version,
    lockDate: values.lockDate,
    vatPeriodMonths: values.vatPeriodMonths,
    invoiceSignatoryName: values.invoiceSignatoryName,
    invoiceSignatoryDesignation: values.invoiceSignatoryDesignation,
    invoiceDueDays: values.invoiceDueDays,
    fiscalYearStartMonth: values.fiscalYearStartMonth,
  };
  for (const [role, id] of Object.entries(values.roles)) form[roleField(role)] = id;
  for (const role of values.documentsOnly) form[documentsOnlyField(role)] = "on";
  for (const name of drop) delete form[name];
  return { ...form, ...change };
}

const post = (form: Record<string, string>, as: TestUser = accountant) => callRoute(action, PATH, { as, form });
/** Moves the lock date back (or clears it), as only an administrator may, with a reason (issue 38). */
const reopenBooks = async (lockDate: string, lockDateReason = "Putting the books back as the test found them") =>
  post(await formOf({ lockDate, lockDateReason }), admin);

async function roleAccount(role: string) {
  const [row] = await getDb().select().from(accountRoles).where(eq(accountRoles.role, role));
  return row?.accountId;
}

describe(PATH, () => {
  it("shows every role with its account and the lock date", async () => {
    const { values, accounts } = await page();
    expect(Object.keys(values.roles).sort()).toEqual([...ACCOUNT_ROLE_KEYS].sort());
    expect(values.roles["money.cash"]).toBe(CASH);
    expect(values.lockDate).toBe("");
    expect(accounts.map((a) => a.code)).toContain("1010");
  });

  it("does not offer a deactivated account for any role, except marked as such where it is still stored", async () => {
    const PETTY_CASH = seedId("account:1010");
    const NAGAD = seedId("account:1210");
    await getDb()
      .update(chartOfAccounts)
      .set({ isActive: false })
      .where(inArray(chartOfAccounts.id, [PETTY_CASH, NAGAD]));
    try {
      const { values, accounts } = await page();
      for (const role of ACCOUNT_ROLE_KEYS) {
        const offered = roleAccountOptions(accounts, role, values.roles[role] ?? "").map((o) => o.value);
        expect(offered, role).not.toContain(PETTY_CASH);
        expect(offered, role).not.toContain(NAGAD);
      }
      expect(roleAccountOptions(accounts, "money.cash", CASH).map((o) => o.value)).toContain(CASH);
      // Stored before it was deactivated: shown so the form says what is there, marked, and the save refuses it.
      expect(roleAccountOptions(accounts, "money.cash", PETTY_CASH)[0]).toEqual({
        value: PETTY_CASH,
        label: "1010 Petty Cash (deactivated)",
      });
    } finally {
      await getDb()
        .update(chartOfAccounts)
        .set({ isActive: true })
        .where(inArray(chartOfAccounts.id, [PETTY_CASH, NAGAD]));
    }
  });

  it("moves a role to another account and sets the lock date, with one audit line of both", async () => {
    const lockDate = "2025-12-31";
    const answer = answerOf<{ toast: { type: string; message: string } }>(
      await post(await formOf({ [roleField("money.cash")]: PETTY_CASH, lockDate })),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.toast).toEqual({ type: "success", message: MESSAGES.saved });
    expect(await roleAccount("money.cash")).toBe(PETTY_CASH);
    expect(await lockDateOf(getDb())).toBe(lockDate);
    // The posting functions now use it.
    expect(await getDb().transaction((tx) => roleAccounts(tx, ["money.cash"]))).toEqual({ "money.cash": PETTY_CASH });
    // And nothing is posted on or before the lock date.
    const locked = getDb().transaction((tx) =>
      postEntry(tx, {
        date: lockDate,
        description: "late",
        source: { type: "manual" },
        lines: twoLines(CASH, OFFICE_SUPPLIES, 100n),
        createdBy: null,
      }),
    );
    await expect(locked).rejects.toBeInstanceOf(PostingRefused);

    const [line] = await getDb().select().from(auditLog).where(eq(auditLog.action, "accounting_settings.updated"));
    expect(line!.changes).toEqual({
      "money.cash": { from: "1000 Cash in Hand", to: "1010 Petty Cash" },
      lockDate: { from: null, to: lockDate },
    });
    expect(line!.summary).toBe(
      "Changed the accounting settings: accounts of Cash: default account; lock date none → 2025-12-31",
    );

    // Back again, the lock date cleared (by an administrator, issue 38): the audit line says so.
    await post(
      await formOf({ [roleField("money.cash")]: CASH, lockDate: "", lockDateReason: "Back as it was" }),
      admin,
    );
    expect(await roleAccount("money.cash")).toBe(CASH);
    expect(await lockDateOf(getDb())).toBeNull();
  });

  it("saves the VAT period, the invoices' signatory and due days, with an audit line of what changed (issue 22)", async () => {
    expect((await page()).values).toMatchObject({
      vatPeriodMonths: "1",
      invoiceSignatoryName: "",
      invoiceSignatoryDesignation: "",
      invoiceDueDays: "7",
    });
    const answer = answerOf<{ toast: { type: string } }>(
      await post(
        await formOf({
          vatPeriodMonths: "3",
          invoiceSignatoryName: "Farhana Akter",
          invoiceSignatoryDesignation: "Accounts Manager",
          invoiceDueDays: "15",
        }),
      ),
    );
    expect(answer.body.toast.type).toBe("success");
    const [row] = await getDb().select().from(accountingSettings);
    expect(row).toMatchObject({
      vatPeriodMonths: 3,
      invoiceSignatoryName: "Farhana Akter",
      invoiceSignatoryDesignation: "Accounts Manager",
      invoiceDueDays: 15,
    });
    expect((await page()).values).toMatchObject({ vatPeriodMonths: "3", invoiceDueDays: "15" });
    const [line] = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "accounting_settings.updated"))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(line!.changes).toEqual({
      vatPeriodMonths: { from: 1, to: 3 },
      invoiceSignatoryName: { from: "", to: "Farhana Akter" },
      invoiceSignatoryDesignation: { from: "", to: "Accounts Manager" },
      invoiceDueDays: { from: 7, to: 15 },
    });
    expect(line!.summary).toBe(
      "Changed the accounting settings: VAT period, invoice signatory, signatory's designation, invoice due days",
    );
    await post(
      await formOf({
        vatPeriodMonths: "1",
        invoiceSignatoryName: "",
        invoiceSignatoryDesignation: "",
        invoiceDueDays: "7",
      }),
    );
  });

  it("saves the month the fiscal year starts in, with an audit line, and the reports follow it (issue 24)", async () => {
    expect((await page()).values.fiscalYearStartMonth).toBe("7");
    const answer = answerOf<{ toast: { type: string } }>(await post(await formOf({ fiscalYearStartMonth: "1" })));
    expect(answer.body.toast.type).toBe("success");
    expect(await fiscalYearStartMonth(getDb())).toBe(1);
    expect((await page()).values.fiscalYearStartMonth).toBe("1");
    const [line] = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "accounting_settings.updated"))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(line!.changes).toEqual({ fiscalYearStartMonth: { from: 7, to: 1 } });
    expect(line!.summary).toBe("Changed the accounting settings: fiscal year starts in July → January");
    await post(await formOf({ fiscalYearStartMonth: "7" }));
    expect(await fiscalYearStartMonth(getDb())).toBe(7);
  });

  it("refuses a new start month while a year is closed, naming the field and the year; taken once it is reopened", async () => {
    const actor = { userId: null, label: "test", ipAddress: null, userAgent: null };
    await getDb().transaction((tx) =>
      postEntry(tx, {
        date: "2024-10-10",
        description: "FY 2024-25's rental",
        source: { type: "manual" },
        lines: twoLines(CASH, seedId("account:4000"), 50_000n),
        createdBy: null,
      }),
    );
    const closed = await closeFiscalYear(getDb(), { fiscalYear: 2024 }, actor);
    if (!closed.ok) throw new Error(closed.message);
    const posted = await formOf({ fiscalYearStartMonth: "1" });
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<{ errors: Record<string, string>; toast: { message: string } }>(await post(posted));
    const message = MESSAGES.startMonthWhileClosed(["2024-25"]);
    expect(answer.status).toBe(400);
    expect(answer.body.errors.fiscalYearStartMonth).toBe(message);
    expect(answer.body.toast.message).toBe(MESSAGES.failed(message));
    expect(await tableFingerprint(TABLES)).toEqual(before);
    // Other settings still save while the year is closed.
    const lockOnly = answerOf<{ toast: { type: string } }>(await post(await formOf({ lockDate: "2024-06-30" })));
    expect(lockOnly.body.toast.type).toBe("success");
    await reopenBooks("");

    const reopened = await reopenFiscalYear(getDb(), { closeId: closed.id, reason: "Start month changes" }, actor);
    expect(reopened.ok).toBe(true);
    const saved = answerOf<{ toast: { type: string } }>(await post(await formOf({ fiscalYearStartMonth: "1" })));
    expect(saved.body.toast.type).toBe("success");
    await post(await formOf({ fiscalYearStartMonth: "7" }));
  });

  it("refuses a save over someone else's, showing theirs, and writes nothing", async () => {
    const stale = await formOf({ lockDate: "2025-06-30" });
    await post(await formOf({ lockDate: "2025-01-31" }));
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<{ errors: Record<string, string>; values: AccountingSettingsValues }>(await post(stale));
    expect(answer.status).toBe(409);
    expect(answer.body.errors.form).toBe(MESSAGES.changedMeanwhile);
    expect(answer.body.values.lockDate).toBe("2025-01-31");
    expect(await tableFingerprint(TABLES)).toEqual(before);
    await reopenBooks("");
  });

  describe("refusals: a field message, and nothing written", () => {
    let deactivated: string;
    beforeAll(async () => {
      const [row] = await getDb()
        .insert(chartOfAccounts)
        .values({ code: "1090", name: "Old Cash Box", type: "asset", isActive: false })
        .returning({ id: chartOfAccounts.id });
      deactivated = row!.id;
    });

    const today = todayInDhaka();
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const cases: [string, () => Promise<Record<string, string>>, string, () => string][] = [
      [
        "a role on an account of a wrong type",
        () => formOf({ [roleField("receivable")]: OFFICE_SUPPLIES }),
        roleField("receivable"),
        () => MESSAGES.accountWrongType("Accounts receivable", ["asset"], "6500", "expense"),
      ],
      [
        "an expense category on an income account",
        () => formOf({ [roleField("expense.category.Marketing")]: seedId("account:4000") }),
        roleField("expense.category.Marketing"),
        () => MESSAGES.accountWrongType("Expense: Marketing", ["expense"], "4000", "income"),
      ],
      [
        "a role on a deactivated account",
        () => formOf({ [roleField("money.cash")]: deactivated }),
        roleField("money.cash"),
        () => MESSAGES.accountInactive("1090", "Old Cash Box"),
      ],
      [
        "a role on an account that does not exist",
        () => formOf({ [roleField("payable")]: crypto.randomUUID() }),
        roleField("payable"),
        () => MESSAGES.accountMissing,
      ],
      [
        "an unknown role",
        () => formOf({ [roleField("money.gold")]: CASH }),
        roleField("money.gold"),
        () => MESSAGES.roleUnknown,
      ],
      [
        "a role left out",
        () => formOf({}, [roleField("vat.payable")]),
        roleField("vat.payable"),
        () => MESSAGES.roleRequired("VAT payable (output VAT)"),
      ],
      [
        "a role's account that is no id",
        () => formOf({ [roleField("vat.input")]: "1410" }),
        roleField("vat.input"),
        () => MESSAGES.accountInvalid,
      ],
      [
        "a VAT period of 2 months",
        () => formOf({ vatPeriodMonths: "2" }),
        "vatPeriodMonths",
        () => MESSAGES.vatPeriodInvalid,
      ],
      [
        "a fiscal year starting in a 13th month",
        () => formOf({ fiscalYearStartMonth: "13" }),
        "fiscalYearStartMonth",
        () => MESSAGES.startMonthInvalid,
      ],
      [
        "invoice due days over 365",
        () => formOf({ invoiceDueDays: "400" }),
        "invoiceDueDays",
        () => MESSAGES.dueDaysInvalid,
      ],
      [
        "a signatory's name too long",
        () => formOf({ invoiceSignatoryName: "x".repeat(121) }),
        "invoiceSignatoryName",
        () => MESSAGES.signatoryNameTooLong,
      ],
      ["a malformed lock date", () => formOf({ lockDate: "30-06-2025" }), "lockDate", () => MESSAGES.lockDateInvalid],
      [
        "a lock date that does not exist",
        () => formOf({ lockDate: "2025-02-29" }),
        "lockDate",
        () => MESSAGES.lockDateInvalid,
      ],
      [
        "a lock date in the future",
        () => formOf({ lockDate: tomorrow }),
        "lockDate",
        () => MESSAGES.lockDateFuture(today),
      ],
    ];

    it.each(cases)("refuses %s with 400 naming the field", async (_name, form, field, message) => {
      const posted = await form();
      const before = await tableFingerprint(TABLES);
      const answer = answerOf<{
        errors: Record<string, string>;
        values: AccountingSettingsValues;
        toast: { message: string };
      }>(await post(posted));
      expect(answer.status).toBe(400);
      expect(answer.body.errors[field]).toBe(message());
      expect(answer.body.toast.message).toBe(MESSAGES.failed(message()));
      // What was typed comes back.
      expect(answer.body.values.lockDate).toBe(posted.lockDate);
      expect(await tableFingerprint(TABLES)).toEqual(before);
    });
  });

  it("is for accountants and administrators: staff and visitors are refused", async () => {
    expect((await page(admin)).values.roles["payable"]).toBe(seedId("account:2000"));
    expect(await thrownBy(callRoute(loader, PATH, { as: staff }))).toMatchObject({ status: 403 });
    const form = await formOf({ lockDate: "2025-03-31" });
    const before = await tableFingerprint(TABLES);
    expect(await thrownBy(post(form, staff))).toMatchObject({ status: 403 });
    expect(await thrownBy(post(form, ANONYMOUS))).toMatchObject({ status: 401 });
    expect(await thrownBy(post({ ...form, intent: "reset" }))).toMatchObject({ status: 400 });
    expect(await tableFingerprint(TABLES)).toEqual(before);
    const byAdmin = answerOf<{ toast: { type: string } }>(await post(form, admin));
    expect(byAdmin.body.toast.type).toBe("success");
    expect(await lockDateOf(getDb())).toBe("2025-03-31");
  });
});

describe(`${PATH}: moving the lock date back is for administrators, with a reason (issue 38)`, () => {
  const CLOSED = "2025-06-30";
  const EARLIER = "2025-03-31";

  interface SaveAnswer {
    errors: Record<string, string> | null;
    values: AccountingSettingsValues | null;
    toast: { type: string; message: string };
  }

  async function lastAuditLine() {
    const [line] = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "accounting_settings.updated"))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    return line!;
  }

  it("offers the reason to administrators only", async () => {
    const byAdmin = answerOf<{ canMoveLockDateBack: boolean; values: AccountingSettingsValues }>(
      await callRoute(loader, PATH, { as: admin }),
    ).body;
    expect(byAdmin.canMoveLockDateBack).toBe(true);
    expect(byAdmin.values.lockDateReason).toBe("");
    const byAccountant = answerOf<{ canMoveLockDateBack: boolean }>(await callRoute(loader, PATH, { as: accountant }));
    expect(byAccountant.body.canMoveLockDateBack).toBe(false);
  });

  it("lets an accountant move it forward as before: no reason asked, none kept", async () => {
    await reopenBooks(""); // whatever the tests before left
    const set = answerOf<SaveAnswer>(await post(await formOf({ lockDate: EARLIER })));
    expect(set.body.toast).toEqual({ type: "success", message: MESSAGES.saved });
    const forward = answerOf<SaveAnswer>(await post(await formOf({ lockDate: CLOSED })));
    expect(forward.status).toBe(200);
    expect(forward.body.toast).toEqual({ type: "success", message: MESSAGES.saved });
    expect(await lockDateOf(getDb())).toBe(CLOSED);
    const line = await lastAuditLine();
    expect(line.actorUserId).toBe(accountant.id);
    expect(line.changes).toEqual({ lockDate: { from: EARLIER, to: CLOSED } });
    expect(line.summary).toBe(`Changed the accounting settings: lock date ${EARLIER} → ${CLOSED}`);
  });

  it.each([
    ["earlier", EARLIER],
    ["cleared", ""],
  ])(
    "refuses an accountant moving it back (%s) with 403 on the lock date, reason or not, writing nothing",
    async (_, lockDate) => {
      const message = MESSAGES.lockDateBackForbidden(CLOSED);
      expect(message).toBe(
        "Only an administrator may move the lock date back: the books are closed up to Jun 30, 2025, and moving it earlier or clearing it reopens them",
      );
      for (const lockDateReason of ["", "The auditor asked for a March adjustment"]) {
        // With another change beside it: the whole save is refused, not only the lock date.
        const form = await formOf({ lockDate, lockDateReason, vatPeriodMonths: "3" });
        const before = await tableFingerprint(TABLES);
        const answer = answerOf<SaveAnswer>(await post(form));
        expect(answer.status).toBe(403);
        expect(answer.body.errors).toEqual({ lockDate: message });
        expect(answer.body.toast).toEqual({ type: "error", message: MESSAGES.failed(message) });
        // What was typed comes back.
        expect(answer.body.values?.lockDate).toBe(lockDate);
        expect(answer.body.values?.lockDateReason).toBe(lockDateReason);
        expect(await tableFingerprint(TABLES)).toEqual(before);
      }
      expect(await lockDateOf(getDb())).toBe(CLOSED);
      expect((await page()).values.vatPeriodMonths).toBe("1");
    },
  );

  it.each([
    ["earlier, no reason", EARLIER, "", MESSAGES.lockDateReasonRequired],
    ["cleared, no reason", "", "", MESSAGES.lockDateReasonRequired],
    ["earlier, a reason of blanks", EARLIER, "  \r\n ", MESSAGES.lockDateReasonRequired],
    ["cleared, a reason too short", "", "ok", MESSAGES.lockDateReasonShort],
  ])(
    "refuses an administrator moving it back (%s) with 400 on the reason, writing nothing",
    async (_, lockDate, lockDateReason, message) => {
      const form = await formOf({ lockDate, lockDateReason, vatPeriodMonths: "3" });
      const before = await tableFingerprint(TABLES);
      const answer = answerOf<SaveAnswer>(await post(form, admin));
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({ lockDateReason: message });
      expect(answer.body.toast.message).toBe(MESSAGES.failed(message));
      expect(await tableFingerprint(TABLES)).toEqual(before);
      expect(await lockDateOf(getDb())).toBe(CLOSED);
    },
  );

  it("lets an administrator move it back with a reason, which the audit line keeps, and clear it with another", async () => {
    const reason = "The auditor's adjustment to April 2025\nposted after the close";
    const earlier = answerOf<SaveAnswer>(
      await post(await formOf({ lockDate: EARLIER, lockDateReason: `  ${reason.replace("\n", "\r\n")} ` }), admin),
    );
    expect(earlier.status).toBe(200);
    expect(earlier.body.toast).toEqual({ type: "success", message: MESSAGES.saved });
    expect(await lockDateOf(getDb())).toBe(EARLIER);
    let line = await lastAuditLine();
    expect(line.actorUserId).toBe(admin.id);
    expect(line.changes).toEqual({ lockDate: { from: CLOSED, to: EARLIER, reason } });
    expect(line.summary).toBe(
      `Changed the accounting settings: lock date ${CLOSED} → ${EARLIER}, books reopened: ${reason}`,
    );
    // The reopened days take postings again.
    await getDb().transaction((tx) =>
      postEntry(tx, {
        date: "2025-04-15",
        description: "The auditor's adjustment",
        source: { type: "manual" },
        lines: twoLines(OFFICE_SUPPLIES, CASH, 1_500n),
        createdBy: null,
      }),
    );

    const cleared = answerOf<SaveAnswer>(
      await post(await formOf({ lockDate: "", lockDateReason: "Opening FY 2024-25 for the tax audit" }), admin),
    );
    expect(cleared.body.toast.type).toBe("success");
    expect(await lockDateOf(getDb())).toBeNull();
    line = await lastAuditLine();
    expect(line.changes).toEqual({
      lockDate: { from: EARLIER, to: null, reason: "Opening FY 2024-25 for the tax audit" },
    });
    expect(line.summary).toBe(
      `Changed the accounting settings: lock date ${EARLIER} removed, books reopened: Opening FY 2024-25 for the tax audit`,
    );
  });
});

describe(`${PATH}: income-tax slab tables (issue 25)`, () => {
  const SLAB_TABLES = ["income_tax_slab_tables", "income_tax_slabs", "audit_log"] as const;
  const AY_2024 = seedId("tax-slab-table:ay-2024-25");
  const AY_2026 = seedId("tax-slab-table:ay-2026-27");

  interface SlabPage {
    slabTables: SlabTableSummary[];
    canChangeSlabTables: boolean;
  }
  interface SlabAnswer {
    toast: { type: string; message: string };
    slab: { intent: string; tableId: string; errors: Record<string, string> };
  }
  const slabPage = async (as: TestUser) => answerOf<SlabPage>(await callRoute(loader, PATH, { as })).body;

  it("lists the tables to accountants, with the months each is in force for, and offers changes to administrators only", async () => {
    const seen = await slabPage(accountant);
    expect(seen.canChangeSlabTables).toBe(false);
    expect(seen.slabTables.map((t) => [t.name, slabTablePeriodText(t, seen.slabTables)])).toEqual([
      ["Company payroll table", "In force from January 2000"],
      ["Assessment year 2024-25", "Preset — not in force"],
      ["Assessment year 2025-26", "Preset — not in force"],
      ["Assessment year 2026-27", "Preset — not in force"],
    ]);
    expect(slabBandsText(seen.slabTables[0]!.slabs)).toBe(
      "first ৳300,000 at 0%, next ৳100,000 at 5%, next ৳300,000 at 10%, next ৳400,000 at 15%, next ৳500,000 at 20%, the rest at 25%",
    );
    expect(slabBandsText(seen.slabTables[3]!.slabs)).toBe(
      "first ৳375,000 at 0%, next ৳300,000 at 10%, next ৳400,000 at 15%, next ৳500,000 at 20%, next ৳2,000,000 at 25%, the rest at 30%",
    );
    expect((await slabPage(admin)).canChangeSlabTables).toBe(true);
  });

  it("refuses an accountant (403), staff (403) and a visitor (401) both changes, writing nothing", async () => {
    const before = await tableFingerprint(SLAB_TABLES);
    for (const intent of ["slab-in-force", "slab-withdraw"]) {
      const form = { intent, tableId: AY_2026, month: "2026-07" };
      expect(await thrownBy(post(form, accountant))).toMatchObject({ status: 403 });
      expect(await thrownBy(post(form, staff))).toMatchObject({ status: 403 });
      expect(await thrownBy(post(form, ANONYMOUS))).toMatchObject({ status: 401 });
    }
    expect(await tableFingerprint(SLAB_TABLES)).toEqual(before);
  });

  it.each([
    [{ tableId: "", month: "2026-07" }, "tableId", SLAB_MESSAGES.tableRequired, 400],
    [{ tableId: "ay-2026-27", month: "2026-07" }, "tableId", SLAB_MESSAGES.tableInvalid, 400],
    [
      { tableId: "0b6b2a9e-1111-4111-8111-111111111111", month: "2026-07" },
      "tableId",
      SLAB_MESSAGES.tableNotFound,
      404,
    ],
    [{ tableId: AY_2026, month: "" }, "month", PAYROLL_MESSAGES.monthRequired, 400],
    [{ tableId: AY_2026, month: "2026/07" }, "month", PAYROLL_MESSAGES.monthInvalid, 400],
    [{ tableId: AY_2026, month: "2026-13" }, "month", PAYROLL_MESSAGES.monthInvalid, 400],
    [{ tableId: AY_2026, month: "1999-12" }, "month", PAYROLL_MESSAGES.monthOutOfRange, 400],
  ])(
    "answers a bad put-in-force %j with its field's message and status, writing nothing",
    async (fields, field, message, status) => {
      const before = await tableFingerprint(SLAB_TABLES);
      const answer = answerOf<SlabAnswer>(await post({ intent: "slab-in-force", ...fields }, admin));
      expect(answer.status).toBe(status);
      expect(answer.body.slab.errors[field]).toBe(message);
      expect(answer.body.toast).toEqual({ type: "error", message: SLAB_MESSAGES.putInForceFailed(message) });
      expect(await tableFingerprint(SLAB_TABLES)).toEqual(before);
    },
  );

  it("puts a preset in force from a month and withdraws it again, each with its audit line", async () => {
    const put = answerOf<SlabAnswer>(
      await post({ intent: "slab-in-force", tableId: AY_2026, month: "2027-07" }, admin),
    );
    expect(put.status).toBe(200);
    expect(put.body.toast).toEqual({
      type: "success",
      message: SLAB_MESSAGES.putInForce("Assessment year 2026-27", "2027-07"),
    });
    const tables = (await slabPage(accountant)).slabTables;
    expect(tables.map((t) => slabTablePeriodText(t, tables)).slice(0, 2)).toEqual([
      "In force from January 2000 until June 2027",
      "In force from July 2027",
    ]);
    expect((await slabTableInForce(getDb(), "2027-06"))?.name).toBe("Company payroll table");
    expect((await slabTableInForce(getDb(), "2027-07"))?.name).toBe("Assessment year 2026-27");

    const refused = answerOf<SlabAnswer>(await post({ intent: "slab-withdraw", tableId: AY_2024 }, admin));
    expect(refused.status).toBe(409);
    expect(refused.body.slab).toEqual({
      intent: "slab-withdraw",
      tableId: AY_2024,
      errors: { tableId: SLAB_MESSAGES.notInForce("Assessment year 2024-25") },
    });

    const withdrawn = answerOf<SlabAnswer>(await post({ intent: "slab-withdraw", tableId: AY_2026 }, admin));
    expect(withdrawn.body.toast).toEqual({
      type: "success",
      message: SLAB_MESSAGES.withdrawn("Assessment year 2026-27"),
    });
    expect((await slabTableInForce(getDb(), "2027-07"))?.name).toBe("Company payroll table");
    const lines = await getDb()
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ["tax_slabs.in_force", "tax_slabs.withdraw"]))
      .orderBy(auditLog.createdAt);
    expect(lines.map((l) => [l.action, l.actorLabel, l.entityId])).toEqual([
      ["tax_slabs.in_force", admin.email, AY_2026],
      ["tax_slabs.withdraw", admin.email, AY_2026],
    ]);
  });
});
