// The General Ledger (issue 21): the list (newest first with lines, filters, search, pages, links between an entry and
// its reversal and to its document), New Journal Entry posted or as a draft with the spec's toasts, a draft's edit,
// post and delete, a posted entry's reversal; every refusal answered with the field's message and nothing written;
// who may do what.
import { eq, sql } from "drizzle-orm";
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
import { getDb } from "~/db/client.server";
import { violatedConstraint } from "~/db/errors.server";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import {
  accountingSettings,
  auditLog,
  chartOfAccounts,
  journalEntries,
  journalLines,
  settlements,
  transactions,
} from "~/db/schema";
import { twoLines } from "~/domain/accounting/journal";
import { lineAccountOptions } from "~/domain/accounting/ledger-list";
import type { JournalEntryFormValues } from "~/domain/accounting/journal-entry-form";
import { writeEntry } from "~/domain/accounting/ledger.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { action, loader } from "./ledger";

const PATH = "/admin/accounts/ledger";
const CASH = seedId("account:1000");
const BANK = seedId("account:1100");
const RENT = seedId("account:6100");
const INCOME = seedId("account:4000");
const MISC = seedId("account:6990");
const TABLES = ["journal_entries", "journal_lines", "account_month_balances", "audit_log", "transactions"] as const;

let admin: TestUser;
let staff: TestUser;
let accountant: TestUser;

beforeAll(async () => {
  await seedDatabase(getDb());
  [admin, staff, accountant] = await Promise.all([
    signedInUser("admin"),
    signedInUser("staff"),
    signedInUser("accountant"),
  ]);
});

afterEach(async () => {
  await getDb().update(accountingSettings).set({ lockDate: null });
  await getDb().update(chartOfAccounts).set({ isActive: true }).where(eq(chartOfAccounts.id, MISC));
});

let counter = 0;
/** A reference no other test uses. */
const ref = (prefix = "JE") => `${prefix}-${Date.now().toString(36)}-${++counter}`;

/** A valid New Journal Entry form: `amount` from cash to income, posted. */
function entryForm(overrides: Record<string, string> = {}, amount = "1500.50"): Record<string, string> {
  return {
    intent: "create",
    entryDate: "2026-03-05",
    reference: ref(),
    description: "Cash rental",
    status: "posted",
    "lines.0.accountId": CASH,
    "lines.0.debit": amount,
    "lines.0.credit": "",
    "lines.0.description": "",
    "lines.1.accountId": INCOME,
    "lines.1.debit": "",
    "lines.1.credit": amount,
    "lines.1.description": "Rental",
    ...overrides,
  };
}

const post = (form: Record<string, string>, as: TestUser = admin, path = `${PATH}?new=1`) =>
  callRoute(action, path, { as, form });

type FormAnswer = {
  errors: Record<string, string>;
  values: { lines: unknown[] } | null;
  toast: { message: string } | null;
};

async function entryByReference(reference: string) {
  const [entry] = await getDb().select().from(journalEntries).where(eq(journalEntries.referenceNo, reference));
  return entry!;
}

/** An entry written straight through the core (a document's posting, or a draft), for the list's tests. */
function write(
  date: string,
  options: {
    reference?: string;
    description?: string;
    status?: "draft" | "posted";
    debit?: string;
    credit?: string;
    amount?: bigint;
    source?: { type: "manual" | "transaction" | "settlement"; id?: string };
  } = {},
) {
  return getDb().transaction((tx) =>
    writeEntry(
      tx,
      {
        date,
        description: options.description ?? "written",
        reference: options.reference ?? null,
        source: options.source ?? { type: "manual" },
        lines: twoLines(options.debit ?? CASH, options.credit ?? INCOME, options.amount ?? 100_00n),
        createdBy: null,
      },
      options.status ?? "posted",
    ),
  );
}

describe("New Journal Entry", () => {
  it("posts an entry with the spec's toast, back to the list as it was, with its lines and an audit line", async () => {
    const reference = ref();
    const response = (await post(entryForm({ reference }), admin, `${PATH}?status=posted&new=1`)) as Response;
    expect(response.headers.get("location")).toBe(`${PATH}?status=posted`);
    expect(flashToast(response)).toEqual({ type: "success", message: "Journal entry created successfully" });
    const entry = await entryByReference(reference);
    expect(entry).toMatchObject({ status: "posted", total: "1500.50", sourceType: "manual", createdBy: admin.id });
    const lines = await getDb().select().from(journalLines).where(eq(journalLines.journalEntryId, entry.id));
    expect(lines.map((l) => [l.lineNo, l.accountId, l.debit, l.credit, l.description])).toEqual([
      [0, CASH, "1500.50", "0.00", null],
      [1, INCOME, "0.00", "1500.50", "Rental"],
    ]);
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.entityId, entry.id));
    expect(audit).toMatchObject({ action: "journal.created_posted", actorUserId: admin.id });
  });

  it("saves a draft: kept out of the books until it is posted", async () => {
    const reference = ref();
    const response = (await post(entryForm({ reference, status: "draft" }))) as Response;
    expect(flashToast(response)).toEqual({ type: "success", message: "Journal entry created successfully" });
    const entry = await entryByReference(reference);
    expect(entry).toMatchObject({ status: "draft", total: null, postedAt: null });
  });

  it("the lines editor works without JavaScript: Add line and Remove answer the form as typed, writing nothing", async () => {
    const before = await tableFingerprint(TABLES);
    const added = answerOf<FormAnswer & { values: { lines: { credit: string }[] } }>(
      await post({ ...entryForm(), linesChange: "add" }),
    );
    expect(added.status).toBe(200);
    expect(added.body.values.lines).toHaveLength(3);
    expect(added.body.values.lines[1]!.credit).toBe("1500.50");
    expect(added.body.errors).toEqual({});
    const removed = answerOf<FormAnswer>(await post({ ...entryForm(), linesChange: "remove-1" }));
    expect(removed.body.values!.lines).toHaveLength(1);
    // The first line cannot be removed.
    const first = answerOf<FormAnswer>(await post({ ...entryForm(), linesChange: "remove-0" }));
    expect(first.body.values!.lines).toHaveLength(2);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  const refusals: [string, Record<string, string> | (() => Promise<Record<string, string>>), string, RegExp][] = [
    ["unbalanced", { "lines.1.credit": "1500.49" }, "lines", /must equal total credits/],
    ["zero amounts", { "lines.0.debit": "0", "lines.1.credit": "0" }, "lines.0.debit", /^Enter a debit or a credit$/],
    ["both sides on one line", { "lines.0.credit": "5" }, "lines.0.debit", /either a debit or a credit/],
    ["a negative amount", { "lines.0.debit": "-1500.50" }, "lines.0.debit", /^Debit must be 0 or more$/],
    ["3 decimals", { "lines.1.credit": "1500.505" }, "lines.1.credit", /at most 2 decimals/],
    [
      "an amount too large",
      { "lines.0.debit": "100000000", "lines.1.credit": "100000000" },
      "lines.0.debit",
      /^Debit must be at most ৳99,999,999\.99$/,
    ],
    ["a line without an account", { "lines.1.accountId": "" }, "lines.1.accountId", /^Choose an account$/],
    [
      "an account id that names no account",
      { "lines.1.accountId": "00000000-0000-4000-8000-000000000000" },
      "lines.1.accountId",
      /does not exist/,
    ],
    [
      "a deactivated account",
      async () => {
        await getDb().update(chartOfAccounts).set({ isActive: false }).where(eq(chartOfAccounts.id, MISC));
        return { "lines.0.accountId": MISC };
      },
      "lines.0.accountId",
      /^Account 6990 Miscellaneous Expenses is deactivated/,
    ],
    ["no entry date", { entryDate: "" }, "entryDate", /^Entry date is required$/],
    ["an impossible entry date", { entryDate: "2026-02-30" }, "entryDate", /^Entry date must be a date$/],
    [
      "a date on the lock date",
      async () => {
        await getDb().update(accountingSettings).set({ lockDate: "2026-03-31" });
        return { entryDate: "2026-03-31" };
      },
      "entryDate",
      /locked up to Mar 31, 2026/,
    ],
    [
      "a draft dated before the lock date",
      async () => {
        await getDb().update(accountingSettings).set({ lockDate: "2026-03-31" });
        return { entryDate: "2026-01-15", status: "draft" };
      },
      "entryDate",
      /locked up to/,
    ],
    [
      "a reference another entry has",
      async () => {
        const reference = ref();
        await write("2026-02-01", { reference });
        return { reference };
      },
      "reference",
      /^Another journal entry has this reference$/,
    ],
    ["a reversal's reference", { reference: "REV-0001" }, "reference", /kept for reversals/],
    ["an unknown status", { status: "approved" }, "status", /^Choose a status/],
    [
      "one line only",
      { "lines.1.accountId": "", "lines.1.credit": "", "lines.1.description": "" },
      "lines.1.accountId",
      /Choose an account/,
    ],
  ];

  it.each(refusals)("refuses %s with the field's message and writes nothing", async (_name, change, field, message) => {
    const overrides = typeof change === "function" ? await change() : change;
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<FormAnswer & { values: Record<string, unknown> }>(await post(entryForm(overrides)));
    expect(answer.status).toBe(400);
    expect(answer.body.errors[field]).toMatch(message);
    expect(answer.body.toast!.message).toMatch(/^Failed to create journal entry: /);
    // What was typed comes back, for the form to show again.
    expect(answer.body.values).toMatchObject({ reference: overrides.reference ?? expect.any(String) });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("the lines editor does not offer a deactivated account, except on a line that already names it (marked)", async () => {
    await getDb().update(chartOfAccounts).set({ isActive: false }).where(eq(chartOfAccounts.id, MISC));
    const { accounts } = await callRoute(loader, `${PATH}?new=1`, { as: admin });
    const offered = lineAccountOptions(accounts, "").map((o) => o.value);
    expect(offered).not.toContain(MISC);
    expect(offered).toContain(CASH);
    expect(lineAccountOptions(accounts, MISC).find((o) => o.value === MISC)?.label).toMatch(/ \(deactivated\)$/);
    // The account filter of the list still offers it: old entries may use it.
    expect(accounts.map((a) => a.id)).toContain(MISC);
  });

  it("refuses a form with no lines at all", async () => {
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<FormAnswer>(await post({ intent: "create", entryDate: "2026-03-05", status: "posted" }));
    expect(answer.body.errors.lines).toMatch(/at least two lines/);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("a draft: edit, post, delete", () => {
  async function draft() {
    const reference = ref("DR");
    await post(entryForm({ reference, status: "draft" }));
    const entry = await entryByReference(reference);
    const opened = await callRoute(loader, `${PATH}?edit=${entry.id}`, { as: admin });
    if (opened.dialog?.kind !== "update") throw new Error("the Edit dialog did not open");
    return { entry, values: opened.dialog.values };
  }
  const flat = (values: JournalEntryFormValues) => {
    const { lines, ...rest } = values;
    const form: Record<string, string> = { intent: "update" };
    for (const [k, v] of Object.entries(rest)) form[k] = String(v);
    lines.forEach((line, i) => {
      for (const [k, v] of Object.entries(line)) form[`lines.${i}.${k}`] = v;
    });
    return form;
  };

  it("opens with the stored lines, saves changes with a toast, and refuses an edit over someone else's change", async () => {
    const { entry, values } = await draft();
    expect(values.lines).toEqual([
      { accountId: CASH, debit: "1500.50", credit: "", description: "", party: "" },
      { accountId: INCOME, debit: "", credit: "1500.50", description: "Rental", party: "" },
    ]);
    const changed = flat({
      ...values,
      description: "Changed",
      lines: [
        { accountId: BANK, debit: "200.00", credit: "", description: "", party: "" },
        { accountId: RENT, debit: "100.00", credit: "", description: "", party: "" },
        { accountId: INCOME, debit: "", credit: "300", description: "", party: "" },
      ],
    });
    const saved = (await post(changed, admin, `${PATH}?edit=${entry.id}`)) as Response;
    expect(flashToast(saved)).toEqual({ type: "success", message: "Journal entry updated successfully" });
    const lines = await getDb().select().from(journalLines).where(eq(journalLines.journalEntryId, entry.id));
    expect(lines.map((l) => [l.lineNo, l.accountId, l.debit, l.credit]).sort()).toEqual([
      [0, BANK, "200.00", "0.00"],
      [1, RENT, "100.00", "0.00"],
      [2, INCOME, "0.00", "300.00"],
    ]);

    const before = await tableFingerprint(TABLES);
    const stale = answerOf<FormAnswer & { values: { description: string } }>(
      await post({ ...changed, description: "Mine" }, admin, `${PATH}?edit=${entry.id}`),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.errors.form).toMatch(/Someone else changed this entry/);
    expect(stale.body.values.description).toBe("Changed");
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("saved as posted, an edit posts the draft", async () => {
    const { entry, values } = await draft();
    const response = (await post(flat({ ...values, status: "posted" }))) as Response;
    expect(flashToast(response)).toEqual({ type: "success", message: "Journal entry updated and posted successfully" });
    expect((await entryByReference(entry.referenceNo!)).status).toBe("posted");
  });

  it("posts a draft with a toast, and refuses to post it again", async () => {
    const { entry } = await draft();
    const opened = await callRoute(loader, `${PATH}?post=${entry.id}`, { as: admin });
    expect(opened.dialog).toMatchObject({
      kind: "post",
      entry: { id: entry.id, debits: "1500.50", credits: "1500.50" },
    });
    const version = opened.dialog?.kind === "post" ? opened.dialog.entry.version : "";
    const response = (await post({ intent: "post", id: entry.id, version })) as Response;
    expect(flashToast(response)).toEqual({ type: "success", message: "Journal entry posted successfully" });
    expect(await entryByReference(entry.referenceNo!)).toMatchObject({ status: "posted", total: "1500.50" });
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityId} = ${entry.id} and ${auditLog.action} = 'journal.posted'`);
    expect(audit).toBeDefined();
  });

  it("deletes a draft with a toast and an audit line that keeps what it was", async () => {
    const { entry } = await draft();
    const opened = await callRoute(loader, `${PATH}?delete=${entry.id}`, { as: admin });
    expect(opened.dialog).toMatchObject({ kind: "delete" });
    const response = (await post({ intent: "delete", id: entry.id })) as Response;
    expect(flashToast(response)).toEqual({ type: "success", message: "Journal entry deleted successfully" });
    expect(await getDb().select().from(journalEntries).where(eq(journalEntries.id, entry.id))).toEqual([]);
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityId} = ${entry.id} and ${auditLog.action} = 'journal.deleted'`);
    expect(audit!.changes).toMatchObject({
      reference: entry.referenceNo,
      lines: [{ debit: "1500.50" }, { credit: "1500.50" }],
    });
  });

  const refusals: [string, () => Promise<{ form: Record<string, string>; path?: string }>, number, string, RegExp][] = [
    [
      "posting a posted entry",
      async () => {
        const id = await write("2026-04-01");
        const [e] = await getDb().select().from(journalEntries).where(eq(journalEntries.id, id));
        return { form: { intent: "post", id, version: e!.updatedAt.toISOString() } };
      },
      409,
      "form",
      /already posted/,
    ],
    [
      "posting a draft changed since the dialog opened",
      async () => {
        const { entry } = await draft();
        return { form: { intent: "post", id: entry.id, version: "2000-01-01T00:00:00.000Z" } };
      },
      409,
      "form",
      /Someone else changed this entry/,
    ],
    [
      "posting a draft whose account was deactivated since",
      async () => {
        const { entry, values } = await draft();
        await post(flat({ ...values, lines: [{ ...values.lines[0]!, accountId: MISC }, values.lines[1]!] }));
        await getDb().update(chartOfAccounts).set({ isActive: false }).where(eq(chartOfAccounts.id, MISC));
        const [e] = await getDb().select().from(journalEntries).where(eq(journalEntries.id, entry.id));
        return { form: { intent: "post", id: entry.id, version: e!.updatedAt.toISOString() } };
      },
      400,
      "lines.0.accountId",
      /deactivated/,
    ],
    [
      "posting a draft dated on or before the lock date set since",
      async () => {
        const { entry } = await draft();
        await getDb().update(accountingSettings).set({ lockDate: "2026-03-05" });
        return { form: { intent: "post", id: entry.id, version: entry.updatedAt.toISOString() } };
      },
      400,
      "entryDate",
      /locked up to Mar 05, 2026/,
    ],
    [
      "deleting a posted entry",
      async () => ({ form: { intent: "delete", id: await write("2026-04-02") } }),
      409,
      "form",
      /cannot be edited or deleted, only reversed/,
    ],
    [
      "editing a posted entry",
      async () => {
        const id = await write("2026-04-03", { reference: ref() });
        const [e] = await getDb().select().from(journalEntries).where(eq(journalEntries.id, id));
        return { form: { ...entryForm(), intent: "update", id, version: e!.updatedAt.toISOString() } };
      },
      409,
      "form",
      /cannot be edited or deleted/,
    ],
    [
      "editing a draft someone else deleted",
      async () => {
        const { entry, values } = await draft();
        await post({ intent: "delete", id: entry.id });
        return { form: flat(values) };
      },
      404,
      "form",
      /no longer exists/,
    ],
    [
      "an edit that takes another entry's reference",
      async () => {
        const { values } = await draft();
        const taken = ref();
        await write("2026-02-02", { reference: taken });
        return { form: flat({ ...values, reference: taken }) };
      },
      400,
      "reference",
      /^Another journal entry has this reference$/,
    ],
    [
      "an edit without an id",
      async () => ({ form: { ...entryForm(), intent: "update", id: "" } }),
      400,
      "form",
      /No journal entry was chosen/,
    ],
    [
      "deleting with a malformed id",
      async () => ({ form: { intent: "delete", id: "1; drop table journal_entries" } }),
      400,
      "form",
      /No journal entry was chosen/,
    ],
  ];

  it.each(refusals)("refuses %s with a message and writes nothing", async (_name, prepare, status, field, message) => {
    const { form } = await prepare();
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<FormAnswer>(await post(form));
    expect(answer.status).toBe(status);
    expect(answer.body.errors[field]).toMatch(message);
    expect(answer.body.toast!.message).toMatch(/^Failed to (post|delete|update) journal entry: /);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("the database refuses to delete or change a posted entry whatever asks", async () => {
    const id = await write("2026-04-04");
    const refused = async (statement: ReturnType<typeof sql>) => {
      try {
        await getDb().execute(statement);
        return null;
      } catch (error) {
        return violatedConstraint(error);
      }
    };
    expect(await refused(sql`delete from journal_entries where id = ${id}`)).toBe("journal_entry_posted_immutable");
    expect(await refused(sql`update journal_entries set description = 'x' where id = ${id}`)).toBe(
      "journal_entry_posted_immutable",
    );
  });

  it("the dialogs of an entry that cannot be so changed go back to the list with the reason", async () => {
    /** Where the loader sent the browser, and the toast it carried. */
    const redirected = async (query: string) => {
      try {
        await callRoute(loader, `${PATH}?${query}`, { as: admin });
      } catch (thrown) {
        if (thrown instanceof Response) return { location: thrown.headers.get("location"), toast: flashToast(thrown) };
        throw thrown;
      }
      throw new Error(`${query} opened a dialog`);
    };
    const posted = await write("2026-04-05");
    for (const [param, reason] of [
      ["edit", /only reversed/],
      ["delete", /only reversed/],
      ["post", /already posted/],
    ] as const)
      expect(await redirected(`${param}=${posted}`)).toEqual({
        location: PATH,
        toast: { type: "error", message: expect.stringMatching(reason) },
      });
    const { entry } = await draft();
    expect((await redirected(`reverse=${entry.id}`)).toast).toMatchObject({
      message: expect.stringMatching(/Only a posted entry/),
    });
    expect((await redirected("edit=00000000-0000-4000-8000-000000000000")).toast).toMatchObject({
      message: "This journal entry no longer exists",
    });
  });
});

describe("Reverse", () => {
  it("opens dated today in Dhaka, posts the mirror with a toast, and the list links the two", async () => {
    const reference = ref();
    await post(entryForm({ reference, entryDate: "2026-05-10" }));
    const entry = await entryByReference(reference);
    const opened = await callRoute(loader, `${PATH}?reverse=${entry.id}`, { as: admin });
    expect(opened.dialog).toMatchObject({ kind: "reverse", date: todayInDhaka() });

    const response = (await post(
      { intent: "reverse", id: entry.id, date: "2026-05-12" },
      admin,
      `${PATH}?reverse=${entry.id}`,
    )) as Response;
    expect(response.headers.get("location")).toBe(PATH);
    expect(flashToast(response)).toEqual({ type: "success", message: `Entry reversed: REV-${reference} posted` });

    const page = (await callRoute(loader, `${PATH}?q=${encodeURIComponent(reference)}`, { as: admin })).page;
    expect(page.rows.map((r) => [r.reference, r.entryDate])).toEqual([
      [`REV-${reference}`, "2026-05-12"],
      [reference, "2026-05-10"],
    ]);
    const [reversal, original] = page.rows;
    expect(original!.reversedBy).toEqual({ id: reversal!.id, reference: `REV-${reference}`, entryDate: "2026-05-12" });
    expect(reversal!.reverses).toEqual({ id: original!.id, reference, entryDate: "2026-05-10" });
    expect(reversal!.lines.map((l) => [l.code, l.debit, l.credit])).toEqual([
      ["1000", "0.00", "1500.50"],
      ["4000", "1500.50", "0.00"],
    ]);
    // The link shows the one entry.
    const one = (await callRoute(loader, `${PATH}?entry=${reversal!.id}`, { as: admin })).page;
    expect(one.rows.map((r) => r.id)).toEqual([reversal!.id]);
  });

  const refusals: [string, () => Promise<Record<string, string>>, number, string, RegExp][] = [
    [
      "a date before the entry's",
      async () => ({ id: await write("2026-06-10"), date: "2026-06-09" }),
      400,
      "date",
      /cannot be dated before the entry it reverses \(Jun 10, 2026\)/,
    ],
    [
      "an impossible date",
      async () => ({ id: await write("2026-06-11"), date: "2026-06-31" }),
      400,
      "date",
      /^Date must be a date$/,
    ],
    ["no date", async () => ({ id: await write("2026-06-12"), date: "" }), 400, "date", /^Date is required$/],
    [
      "a date on the lock date",
      async () => {
        const id = await write("2026-06-13");
        await getDb().update(accountingSettings).set({ lockDate: "2026-06-20" });
        return { id, date: "2026-06-20" };
      },
      400,
      "date",
      /locked up to Jun 20, 2026/,
    ],
    [
      "an entry already reversed",
      async () => {
        const id = await write("2026-06-14");
        await post({ intent: "reverse", id, date: "2026-06-15" });
        return { id, date: "2026-06-15" };
      },
      409,
      "form",
      /already been reversed/,
    ],
    [
      "a draft",
      async () => ({ id: await write("2026-06-16", { status: "draft" }), date: "2026-06-16" }),
      409,
      "form",
      /Only a posted entry can be reversed/,
    ],
    [
      "an entry whose reversal's reference another entry has",
      async () => {
        const reference = ref();
        const id = await write("2026-06-17", { reference });
        await write("2026-06-17", { reference: `REV-${reference}` });
        return { id, date: "2026-06-18" };
      },
      409,
      "form",
      /already has the reversal's reference/,
    ],
    [
      "an unknown entry",
      async () => ({ id: "00000000-0000-4000-8000-000000000000", date: "2026-06-16" }),
      404,
      "form",
      /does not exist/,
    ],
  ];

  it.each(refusals)("refuses %s with a message and writes nothing", async (_name, prepare, status, field, message) => {
    const form = await prepare();
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<FormAnswer & { values: { date: string } }>(await post({ intent: "reverse", ...form }));
    expect(answer.status).toBe(status);
    expect(answer.body.errors[field]).toMatch(message);
    expect(answer.body.toast!.message).toMatch(/^Failed to reverse journal entry: /);
    expect(answer.body.values.date).toBe(form.date);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("the list", () => {
  it("newest first with each entry's lines (account code and name), filtered, searched and paged", async () => {
    const tag = ref("LIST");
    await write("2025-01-02", { reference: `${tag}-a`, description: "Opening cash" });
    await write("2025-01-05", { reference: `${tag}-b`, description: "Rent paid", debit: RENT, credit: BANK });
    await write("2025-01-03", {
      reference: `${tag}-c`,
      description: "A draft",
      status: "draft",
      debit: RENT,
      credit: CASH,
    });
    const rows = async (query: string) =>
      (await callRoute(loader, `${PATH}?q=${tag}${query}`, { as: accountant })).page.rows.map((r) => r.reference);

    expect(await rows("")).toEqual([`${tag}-b`, `${tag}-c`, `${tag}-a`]);
    const [first] = (await callRoute(loader, `${PATH}?q=${tag}-b`, { as: accountant })).page.rows;
    expect(first).toMatchObject({
      status: "posted",
      sourceType: "manual",
      documentHref: null,
      debits: "100.00",
      credits: "100.00",
      lines: [
        { code: "6100", name: "Office Rent", debit: "100.00", credit: "0.00" },
        { code: "1100", name: "Bank - Current Account", debit: "0.00", credit: "100.00" },
      ],
    });
    expect(await rows("&from=2025-01-03&to=2025-01-04")).toEqual([`${tag}-c`]);
    expect(await rows(`&account=${RENT}`)).toEqual([`${tag}-b`, `${tag}-c`]);
    expect(await rows("&status=draft")).toEqual([`${tag}-c`]);
    expect(await rows("&source=transaction")).toEqual([]);
    // The search reads descriptions too.
    expect(
      (
        await callRoute(loader, `${PATH}?q=opening%20cash&from=2025-01-01&to=2025-01-31`, { as: accountant })
      ).page.rows.map((r) => r.reference),
    ).toEqual([`${tag}-a`]);
    // A malformed filter is no filter.
    expect(await rows("&account=6100&from=yesterday")).toHaveLength(3);
  });

  it("pages on the server, 20 entries a page", async () => {
    const tag = ref("PAGE");
    for (let i = 1; i <= 23; i++) await write(`2024-02-${String(i).padStart(2, "0")}`, { reference: `${tag}-${i}` });
    const first = (await callRoute(loader, `${PATH}?q=${tag}`, { as: admin })).page;
    expect(first).toMatchObject({ total: 23, pageCount: 2, page: 1 });
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]!.reference).toBe(`${tag}-23`);
    const second = (await callRoute(loader, `${PATH}?q=${tag}&page=2`, { as: admin })).page;
    expect(second.rows.map((r) => r.reference)).toEqual([`${tag}-3`, `${tag}-2`, `${tag}-1`]);
  });

  it("links an entry to the document that made it: a transaction, a payable's settlement", async () => {
    const [payable] = await getDb()
      .insert(transactions)
      .values({ date: "2025-03-01", type: "expense", category: "Utilities", amount: "500.00", status: "pending" })
      .returning({ id: transactions.id });
    const completed = crypto.randomUUID();
    await write("2025-03-02", { reference: "DOC-TX", source: { type: "transaction", id: completed } });
    const settlementId = crypto.randomUUID();
    const entryId = await write("2025-03-03", {
      reference: "DOC-SET",
      source: { type: "settlement", id: settlementId },
    });
    await getDb().insert(settlements).values({
      id: settlementId,
      transactionId: payable!.id,
      date: "2025-03-03",
      amount: "100.00",
      paymentMethod: "cash",
      moneyAccountId: CASH,
      journalEntryId: entryId,
    });
    const rows = (await callRoute(loader, `${PATH}?q=DOC-`, { as: admin })).page.rows;
    expect(rows.map((r) => [r.reference, r.documentHref])).toEqual([
      ["DOC-SET", `/admin/accounts/payables?view=${payable!.id}`],
      ["DOC-TX", `/admin/accounts?view=${completed}`],
    ]);
  });
});

describe("who may do what", () => {
  it("staff may not open the ledger nor post to it; an accountant may do both", async () => {
    expect((await thrownBy(callRoute(loader, PATH, { as: staff }))).status).toBe(403);
    const before = await tableFingerprint(TABLES);
    for (const intent of ["create", "update", "post", "delete", "reverse"])
      expect((await thrownBy(post({ ...entryForm(), intent }, staff))).status).toBe(403);
    expect(await tableFingerprint(TABLES)).toEqual(before);

    const asAccountant = await callRoute(loader, `${PATH}?new=1`, { as: accountant });
    expect(asAccountant.canManage).toBe(true);
    expect(asAccountant.dialog).toMatchObject({
      kind: "create",
      values: { entryDate: todayInDhaka(), status: "draft", lines: [{ accountId: "", debit: "", credit: "" }] },
    });
    // Only active accounts are offered for new lines; the list gives every account with its state.
    expect(asAccountant.accounts.find((a) => a.code === "1000")).toMatchObject({
      id: CASH,
      name: "Cash in Hand",
      isActive: true,
    });
    const reference = ref();
    const response = (await post(entryForm({ reference }), accountant)) as Response;
    expect(flashToast(response)).toEqual({ type: "success", message: "Journal entry created successfully" });
    expect((await entryByReference(reference)).createdBy).toBe(accountant.id);
  });

  it("an unknown intent is refused by the guard", async () => {
    expect((await thrownBy(post({ intent: "approve" }))).status).toBe(400);
  });
});
