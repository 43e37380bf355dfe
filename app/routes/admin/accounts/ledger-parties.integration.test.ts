// The General Ledger's lines name their party (issue 36): a manual entry's line on a control account carries its
// customer, supplier or employee (lines.N.party), chosen among the parties the loader offers for the account's kind;
// without one, with one of another kind, or with one that is not a record, the entry is refused on that line's party
// field and nothing is written. A draft keeps its parties through Edit and Post; posting a draft checks them again.
// The list names each line's party, and the audit line keeps the parties.
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../../tests/support/db-fingerprint";
import { insertEmployee } from "../../../../tests/support/people-fixtures";
import { customerFor } from "../../../../tests/support/sales-document-fixtures";
import {
  answerOf,
  callRoute,
  flashToast,
  signedInUser,
  type TestUser,
} from "../../../../tests/support/signed-in-request";
import { getDb } from "~/db/client.server";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { auditLog, chartOfAccounts, journalEntries, journalLines } from "~/db/schema";
import type { JournalEntryFormValues } from "~/domain/accounting/journal-entry-form";
import { insertSupplier } from "~/domain/purchases/suppliers.server";
import { action, loader } from "./ledger";

const PATH = "/admin/accounts/ledger";
const CASH = seedId("account:1000");
const INCOME = seedId("account:4000");
const RECEIVABLE = seedId("account:1300");
const SUPPLIER_ADVANCES = seedId("account:1350");
const PAYABLE = seedId("account:2000");
const WITHHOLDING_PAYABLE = seedId("account:2120");
const TABLES = ["journal_entries", "journal_lines", "account_month_balances", "audit_log"] as const;

let admin: TestUser;
let nadia: string;
let karim: string;
let supplier: string;
let employee: string;

beforeAll(async () => {
  await seedDatabase(getDb());
  admin = await signedInUser("admin");
  // The seed does not mark the control accounts yet: this file marks the ones it posts to.
  await getDb().update(chartOfAccounts).set({ partyKind: "customer" }).where(eq(chartOfAccounts.id, RECEIVABLE));
  await getDb().update(chartOfAccounts).set({ partyKind: "supplier" }).where(eq(chartOfAccounts.id, PAYABLE));
  await getDb().update(chartOfAccounts).set({ partyKind: "any" }).where(eq(chartOfAccounts.id, WITHHOLDING_PAYABLE));
  nadia = await customerFor(getDb(), "nadia@example.com", "Nadia Rahman");
  karim = await customerFor(getDb(), "karim@example.com", "Karim Uddin");
  supplier = await insertSupplier(
    getDb(),
    { userId: null, label: "test", ipAddress: null, userAgent: null },
    {
      name: "Dhaka Lights Ltd",
    },
  );
  employee = await insertEmployee("Rafiq Islam");
});

let counter = 0;
const ref = (prefix = "PJ") => `${prefix}-${Date.now().toString(36)}-${++counter}`;

/** A New Journal Entry form: `amount` debited to the receivable for `party`, credited to income. */
function receivableForm(party: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "create",
    entryDate: "2026-03-05",
    reference: ref(),
    description: "Discount taken back",
    status: "posted",
    "lines.0.accountId": RECEIVABLE,
    "lines.0.debit": "250",
    "lines.0.credit": "",
    "lines.0.description": "",
    "lines.0.party": party,
    "lines.1.accountId": INCOME,
    "lines.1.debit": "",
    "lines.1.credit": "250",
    "lines.1.description": "",
    ...overrides,
  };
}

const post = (form: Record<string, string>, path = `${PATH}?new=1`) => callRoute(action, path, { as: admin, form });

type FormAnswer = { errors: Record<string, string>; toast: { message: string } | null };

async function entryByReference(reference: string) {
  const [entry] = await getDb().select().from(journalEntries).where(eq(journalEntries.referenceNo, reference));
  return entry;
}

const linesOf = (entryId: string) =>
  getDb()
    .select()
    .from(journalLines)
    .where(eq(journalLines.journalEntryId, entryId))
    .orderBy(journalLines.lineNo)
    .then((rows) => rows.map((l) => [l.accountId, l.customerId, l.supplierId, l.employeeId]));

describe("the Party select's choices", () => {
  it("the loader gives the control accounts' kinds and their parties only while the entry form is open", async () => {
    const opened = await callRoute(loader, `${PATH}?new=1`, { as: admin });
    expect(opened.parties!.kinds).toMatchObject({
      [RECEIVABLE]: "customer",
      [PAYABLE]: "supplier",
      [WITHHOLDING_PAYABLE]: "any",
    });
    const choices = opened.parties!.choices.map((c) => [c.kind, c.name, c.value]);
    expect(choices).toEqual(
      expect.arrayContaining([
        ["customer", "Nadia Rahman", `customer:${nadia}`],
        ["customer", "Karim Uddin", `customer:${karim}`],
        ["supplier", "Dhaka Lights Ltd", `supplier:${supplier}`],
        ["employee", "Rafiq Islam", `employee:${employee}`],
      ]),
    );
    const list = await callRoute(loader, PATH, { as: admin });
    expect(list.parties).toBeNull();
  });
});

describe("a posted manual entry on a control account", () => {
  it("stores the line's customer, names them in the list, and keeps them in the audit line", async () => {
    const reference = ref();
    const response = (await post(receivableForm(`customer:${nadia}`, { reference }))) as Response;
    expect(flashToast(response)).toEqual({ type: "success", message: "Journal entry created successfully" });
    const entry = (await entryByReference(reference))!;
    expect(entry.status).toBe("posted");
    expect(await linesOf(entry.id)).toEqual([
      [RECEIVABLE, nadia, null, null],
      [INCOME, null, null, null],
    ]);

    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.entityId, entry.id));
    expect((audit!.changes as { lines: unknown[] }).lines).toEqual([
      { accountId: RECEIVABLE, debit: "250.00", party: `customer:${nadia}` },
      { accountId: INCOME, credit: "250.00" },
    ]);

    const listed = await callRoute(loader, `${PATH}?q=${reference}`, { as: admin });
    const [row] = listed.page.rows;
    expect(row!.sourceType).toBe("manual");
    expect(row!.lines.map((l) => [l.code, l.name, l.party?.name ?? null])).toEqual([
      ["1300", "Accounts Receivable", "Nadia Rahman"],
      ["4000", "Equipment Rental Income", null],
    ]);
  });

  it("an account kept by any kind takes a supplier; a party posted on another line is not kept", async () => {
    const reference = ref();
    const response = (await post({
      ...receivableForm(`customer:${nadia}`, { reference }),
      "lines.1.accountId": WITHHOLDING_PAYABLE,
      "lines.1.credit": "200",
      "lines.1.party": `supplier:${supplier}`,
      "lines.2.accountId": CASH,
      "lines.2.debit": "",
      "lines.2.credit": "50",
      "lines.2.description": "",
      "lines.2.party": `customer:${nadia}`,
    })) as Response;
    expect(flashToast(response)).toMatchObject({ type: "success" });
    expect(await linesOf((await entryByReference(reference))!.id)).toEqual([
      [RECEIVABLE, nadia, null, null],
      [WITHHOLDING_PAYABLE, null, supplier, null],
      [CASH, null, null, null],
    ]);
  });

  const refusals: [string, () => Record<string, string>, RegExp][] = [
    ["without a party", () => receivableForm(""), /^Choose the customer of this line$/],
    [
      "with a party of another kind",
      () => receivableForm(`supplier:${supplier}`),
      /^Account 1300 Accounts Receivable is kept by customer: this line's party must be a customer$/,
    ],
    [
      "with a value that is not a party",
      () => receivableForm("Nadia Rahman"),
      /^Choose the line's party from the list: a customer, a supplier or an employee$/,
    ],
    [
      "with a customer that is not in the books",
      () => receivableForm("customer:00000000-0000-4000-8000-000000000000"),
      /^This customer, supplier or employee is no longer in the books: choose another$/,
    ],
    ["saved as a draft without a party", () => receivableForm("", { status: "draft" }), /^Choose the customer/],
  ];

  it.each(refusals)("is refused %s, on the line's party field, writing nothing", async (_name, form, message) => {
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<FormAnswer>(await post(form()));
    expect(answer.status).toBe(400);
    expect(answer.body.errors["lines.0.party"]).toMatch(message);
    expect(answer.body.toast!.message).toMatch(/^Failed to create journal entry: /);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("a draft with parties", () => {
  const flat = (values: JournalEntryFormValues, intent = "update") => {
    const { lines, ...rest } = values;
    const form: Record<string, string> = { intent };
    for (const [k, v] of Object.entries(rest)) form[k] = String(v);
    lines.forEach((line, i) => {
      for (const [k, v] of Object.entries(line)) form[`lines.${i}.${k}`] = v;
    });
    return form;
  };

  async function openDraft(id: string) {
    const opened = await callRoute(loader, `${PATH}?edit=${id}`, { as: admin });
    if (opened.dialog?.kind !== "update") throw new Error("the Edit dialog did not open");
    return opened.dialog.values;
  }

  it("keeps its party through Edit (the form shows it again) and Post", async () => {
    const reference = ref("DR");
    await post(receivableForm(`customer:${nadia}`, { reference, status: "draft" }));
    const draft = (await entryByReference(reference))!;
    expect(draft.status).toBe("draft");
    expect(await linesOf(draft.id)).toEqual([
      [RECEIVABLE, nadia, null, null],
      [INCOME, null, null, null],
    ]);

    const values = await openDraft(draft.id);
    expect(values.lines.map((l) => [l.accountId, l.party])).toEqual([
      [RECEIVABLE, `customer:${nadia}`],
      [INCOME, ""],
    ]);

    // Edited: another customer; the audit line says which.
    const edited = {
      ...values,
      lines: values.lines.map((l, i) => (i === 0 ? { ...l, party: `customer:${karim}` } : l)),
    };
    const saved = (await post(flat(edited), `${PATH}?edit=${draft.id}`)) as Response;
    expect(flashToast(saved)).toEqual({ type: "success", message: "Journal entry updated successfully" });
    expect(await linesOf(draft.id)).toEqual([
      [RECEIVABLE, karim, null, null],
      [INCOME, null, null, null],
    ]);
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ["journal.updated"]))
      .then((rows) => rows.filter((r) => r.entityId === draft.id));
    expect(JSON.stringify(audit!.changes)).toContain(`customer:${karim}`);
    expect(JSON.stringify(audit!.changes)).toContain(`customer:${nadia}`);

    // An edit without the party is refused on its field, and the draft stays as it was.
    const again = await openDraft(draft.id);
    const before = await tableFingerprint(TABLES);
    const refused = answerOf<FormAnswer>(
      await post(flat({ ...again, lines: again.lines.map((l) => ({ ...l, party: "" })) }), `${PATH}?edit=${draft.id}`),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors["lines.0.party"]).toBe("Choose the customer of this line");
    expect(await tableFingerprint(TABLES)).toEqual(before);

    const posted = (await callRoute(action, `${PATH}?post=${draft.id}`, {
      as: admin,
      form: { intent: "post", id: draft.id, version: again.version },
    })) as Response;
    expect(flashToast(posted)).toEqual({ type: "success", message: "Journal entry posted successfully" });
    expect((await entryByReference(reference))!.status).toBe("posted");
    expect(await linesOf(draft.id)).toEqual([
      [RECEIVABLE, karim, null, null],
      [INCOME, null, null, null],
    ]);
  });

  it("saved and posted at once from Edit keeps the party of another kind's account", async () => {
    const reference = ref("DR");
    await post(receivableForm(`customer:${nadia}`, { reference, status: "draft" }));
    const draft = (await entryByReference(reference))!;
    const values = await openDraft(draft.id);
    const lines = [
      values.lines[0]!,
      { accountId: PAYABLE, debit: "", credit: "250", description: "", party: `supplier:${supplier}` },
    ];
    const response = (await post(flat({ ...values, status: "posted", lines }), `${PATH}?edit=${draft.id}`)) as Response;
    expect(flashToast(response)).toEqual({ type: "success", message: "Journal entry updated and posted successfully" });
    expect(await linesOf(draft.id)).toEqual([
      [RECEIVABLE, nadia, null, null],
      [PAYABLE, null, supplier, null],
    ]);
  });

  it("posting a draft whose account became a control account since it was saved is refused on that line's party", async () => {
    const reference = ref("DR");
    await post({
      ...receivableForm("", { reference, status: "draft" }),
      "lines.0.accountId": SUPPLIER_ADVANCES,
    });
    const draft = (await entryByReference(reference))!;
    // Only drafts name the account: it may be marked (and stays so: its posted line below names its supplier).
    await getDb()
      .update(chartOfAccounts)
      .set({ partyKind: "supplier" })
      .where(eq(chartOfAccounts.id, SUPPLIER_ADVANCES));
    const before = await tableFingerprint(TABLES);
    const answer = answerOf<FormAnswer>(
      await callRoute(action, `${PATH}?post=${draft.id}`, {
        as: admin,
        form: { intent: "post", id: draft.id, version: draft.updatedAt.toISOString() },
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors["lines.0.party"]).toMatch(/^Account 1350 Advances to Suppliers is kept by party/);
    expect(await tableFingerprint(TABLES)).toEqual(before);

    // The Edit form now asks for the supplier; given it, the draft is posted with it.
    const values = await openDraft(draft.id);
    const lines = values.lines.map((l, i) => (i === 0 ? { ...l, party: `supplier:${supplier}` } : l));
    const response = (await post(flat({ ...values, status: "posted", lines }), `${PATH}?edit=${draft.id}`)) as Response;
    expect(flashToast(response)).toMatchObject({ type: "success" });
    expect(await linesOf(draft.id)).toEqual([
      [SUPPLIER_ADVANCES, null, supplier, null],
      [INCOME, null, null, null],
    ]);
  });
});
