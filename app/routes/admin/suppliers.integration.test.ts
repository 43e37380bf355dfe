// Suppliers screens (issue 36): the list searched (name, e-mail, phone, BIN, TIN) and sorted by what the company owes
// each, read from the ledger with payables posted and settled through the use cases; a supplier's page with its open
// payables and payments; New supplier and Edit refusing a bad form field by field and writing nothing; Merge moving
// the duplicate's ledger lines (and so its balance) to the record kept, with its audit line, and its refusals; the
// CSV export; New Payable's suggestions; and who may do what (staff, who do not see the books, get 403).
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDatabase, getDb, queryRows } from "~/db/client.server";
import { auditLog, journalLines, suppliers } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { createMoneyDocument } from "~/domain/accounting/create-money-document.server";
import { twoLines } from "~/domain/accounting/journal";
import { postEntry } from "~/domain/accounting/ledger.server";
import { partyBalance } from "~/domain/accounting/party-ledger.server";
import { settleOpenItem } from "~/domain/accounting/settle-open-item.server";
import type { AuditActor } from "~/domain/audit/audit.server";
import { ACCESS_DENIED_MESSAGE } from "~/domain/auth/guard.server";
import { emptySupplierForm, SUPPLIER_MESSAGES, type SupplierFormValues } from "~/domain/purchases/supplier-form";
import { newSupplierNote, SUPPLIER_LIST } from "~/domain/purchases/supplier-list";
import { exportSuppliersCsv, SUPPLIER_CSV_HEADER } from "~/domain/purchases/suppliers-csv.server";
import { mergeSuppliers } from "~/domain/purchases/suppliers.server";
import { CUSTOMER_MESSAGES } from "~/domain/sales/customer-form";
import { EMAIL_ADDRESS_MESSAGES } from "~/lib/email-address";
import { parseList } from "~/lib/list-params";
import { fromPaisa } from "~/lib/money";
import { PAYEE_MESSAGES } from "~/lib/payee-details";
import { dhakaDatePlus } from "../../../tests/support/dates";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { lockWaiters } from "../../../tests/support/lock-waiters";
import {
  answerOf,
  callRoute,
  flashToast,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../tests/support/signed-in-request";
import { action as supplierAction, loader as supplierLoader } from "./supplier";
import { loader as optionsLoader } from "./supplier-options";
import { action as suppliersAction, loader as suppliersLoader } from "./suppliers";
import { loader as exportLoader } from "./suppliers-export";

const BANK = seedId("account:1100");
const PAYABLE = seedId("account:2000");
const actor: AuditActor = { userId: null, label: "accounts@example.com", ipAddress: null, userAgent: null };
const TABLES = ["suppliers", "journal_lines", "audit_log"];
let admin: TestUser;
let accountant: TestUser;
let staff: TestUser;

type Loaded<T extends (...args: never[]) => unknown> = Awaited<ReturnType<T>>;
const loadSuppliers = (query = "", as = accountant) =>
  callRoute(suppliersLoader, `/admin/suppliers${query}`, { as }) as Promise<Loaded<typeof suppliersLoader>>;
const loadSupplier = (id: string, query = "", as = accountant) =>
  callRoute(supplierLoader, `/admin/suppliers/${id}${query}`, { as, params: { id } }) as Promise<
    Loaded<typeof supplierLoader>
  >;
const postSuppliers = (form: Record<string, string>, as = accountant, query = "") =>
  callRoute(suppliersAction, `/admin/suppliers${query}`, { as, form });
const options = (q: string, as = accountant) =>
  callRoute(optionsLoader, `/admin/suppliers/options?q=${encodeURIComponent(q)}`, { as }) as Promise<
    Loaded<typeof optionsLoader>
  >;

/** A supplier record, as the database holds it. */
async function supplier(values: Partial<typeof suppliers.$inferInsert> & { name: string }): Promise<string> {
  const [row] = await getDb().insert(suppliers).values(values).returning({ id: suppliers.id });
  return row!.id;
}

/** A payable posted as New Payable posts one, naming the supplier by what was typed; its id. */
async function payable(party: string, amount: string, days = -20, dueIn = 10): Promise<string> {
  const result = await createMoneyDocument(getDb(), actor, "payable", {
    date: dhakaDatePlus(days),
    type: "expense",
    category: "Maintenance",
    description: `Service for ${party}`,
    amount,
    paymentMethod: "bank",
    moneyAccountId: "",
    reference: "",
    status: "pending",
    party,
    dueDate: dhakaDatePlus(days + dueIn),
  });
  if (!result.ok) throw new Error(`payable refused: ${result.message} ${JSON.stringify(result.errors)}`);
  return result.id;
}

/** Part of a payable paid from the bank. */
async function settle(id: string, amount: string, reference = ""): Promise<string> {
  const result = await settleOpenItem(getDb(), actor, {
    id,
    date: dhakaDatePlus(-1),
    paymentMethod: "bank",
    moneyAccountId: BANK,
    amount,
    reference,
  });
  if (!result.ok) throw new Error(`settlement refused: ${result.message} ${JSON.stringify(result.errors)}`);
  return result.settlementId;
}

const idNamed = async (name: string) =>
  (await getDb().select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.name, name)))[0]!.id;

const owedTo = async (id: string) => fromPaisa(-(await partyBalance(getDb(), { kind: "supplier", id })));

const form = (change: Partial<SupplierFormValues> = {}): Record<string, string> => ({
  ...emptySupplierForm(),
  name: "Karim Sound Hire",
  ...change,
});

async function csvOf(chunks: AsyncGenerator<string>): Promise<string> {
  let text = "";
  for await (const chunk of chunks) text += chunk;
  return text;
}

beforeAll(async () => {
  await seedDatabase(getDb());
  [admin, accountant, staff] = await Promise.all([
    signedInUser("admin"),
    signedInUser("accountant"),
    signedInUser("staff"),
  ]);
});

describe("/admin/suppliers", () => {
  it("searches by name, e-mail, phone, BIN (as typed, hyphens and all) and TIN; a merged record is not listed", async () => {
    const alpha = await supplier({
      name: "Findme Alpha Lights",
      email: "alpha@findme.example",
      phone: "01711-223344",
      bin: "004567891",
      tin: "123456789012",
    });
    const beta = await supplier({ name: "Findme Beta Trusses", email: "beta@trusses.example" });
    await supplier({ name: "Findme Gone", mergedIntoId: beta, mergedAt: new Date() });
    const ids = async (q: string) =>
      (await loadSuppliers(`?q=${encodeURIComponent(q)}`)).page.rows.map((r) => r.id).sort();
    expect(await ids("findme")).toEqual([alpha, beta].sort());
    expect(await ids("alpha@findme")).toEqual([alpha]);
    expect(await ids("223344")).toEqual([alpha]);
    expect(await ids("0045-67891")).toEqual([alpha]);
    expect(await ids("4567 8901")).toEqual([alpha]);
    expect(await ids("trusses.example")).toEqual([beta]);
    expect(await ids("Findme Gone")).toEqual([]);
    const loaded = await loadSuppliers("?q=alpha");
    expect(loaded.page.rows[0]).toMatchObject({
      name: "Findme Alpha Lights",
      bin: "004567891",
      tin: "123456789012",
      owed: "0.00",
    });
    // The accountant manages them; the dialogs open by the URL.
    expect(loaded.canManage).toBe(true);
    expect((await loadSuppliers("?new=1")).dialog?.kind).toBe("create");
    const merge = await loadSuppliers(`?merge=1&duplicate=${alpha}&find=trusses`);
    expect(merge.dialog).toEqual({ kind: "merge", values: { duplicateId: alpha, keepId: "" } });
    expect(merge.choices?.choices.map((c) => c.id)).toEqual([alpha, beta]);
  });

  it("sorts by what the company owes each, from the ledger: payables less what was paid, an advance negative", async () => {
    const big = await payable("Owed Sort Generators", "12000");
    await settle(big, "2000");
    await payable("Owed Sort Caterers", "5000");
    await payable("Owed Sort Caterers", "1500.50");
    const advance = await supplier({ name: "Owed Sort Advance" });
    await getDb().transaction((tx) =>
      postEntry(tx, {
        date: dhakaDatePlus(-3),
        description: "Advance paid to a supplier",
        source: { type: "manual" },
        party: { kind: "supplier", id: advance },
        lines: twoLines(PAYABLE, BANK, 500_00n),
        createdBy: null,
      }),
    );
    const none = await supplier({ name: "Owed Sort Nothing" });
    const byOwed = await loadSuppliers("?q=Owed%20Sort&sort=owed");
    expect(byOwed.state).toMatchObject({ sort: "owed", dir: "desc" });
    expect(byOwed.page.rows.map((r) => [r.name, r.owed])).toEqual([
      ["Owed Sort Generators", "10000.00"],
      ["Owed Sort Caterers", "6500.50"],
      ["Owed Sort Nothing", "0.00"],
      ["Owed Sort Advance", "-500.00"],
    ]);
    const ascending = await loadSuppliers("?q=Owed%20Sort&sort=owed&dir=asc");
    expect(ascending.page.rows.map((r) => r.owed)).toEqual(["-500.00", "0.00", "6500.50", "10000.00"]);
    // Each figure is the supplier's balance on the ledger (party-ledger.server.ts), negated.
    expect(await owedTo(await idNamed("Owed Sort Generators"))).toBe("10000.00");
    expect(await owedTo(none)).toBe("0.00");
    // By name, and paged.
    const byName = await loadSuppliers("?q=Owed%20Sort");
    expect(byName.page.rows.map((r) => r.name)).toEqual([
      "Owed Sort Advance",
      "Owed Sort Caterers",
      "Owed Sort Generators",
      "Owed Sort Nothing",
    ]);
    expect(byName.page).toMatchObject({ total: 4, pageCount: 1, pageSize: SUPPLIER_LIST.pageSize });
  });

  it("pages the list, twenty a page, the last page when asked beyond it", async () => {
    await getDb()
      .insert(suppliers)
      .values(Array.from({ length: 23 }, (_, i) => ({ name: `Pager Supplier ${String(i + 1).padStart(2, "0")}` })));
    const second = await loadSuppliers("?q=Pager%20Supplier&page=2");
    expect(second.page).toMatchObject({ total: 23, page: 2, pageCount: 2 });
    expect(second.page.rows.map((r) => r.name)).toEqual([
      "Pager Supplier 21",
      "Pager Supplier 22",
      "Pager Supplier 23",
    ]);
    expect((await loadSuppliers("?q=Pager%20Supplier&page=9")).page.page).toBe(2);
  });
});

describe("New supplier and Edit", () => {
  it("adds a supplier and opens its page", async () => {
    const response = (await postSuppliers({
      intent: "create",
      ...form({
        name: "Added Sound Co",
        bin: "004567891-0203",
        paymentTermsDays: "30",
        walletNumber: "+8801712345678",
      }),
    })) as Response;
    const id = await idNamed("Added Sound Co");
    expect(response.headers.get("location")).toBe(`/admin/suppliers/${id}`);
    expect(flashToast(response)).toEqual({ type: "success", message: SUPPLIER_MESSAGES.created });
    const [row] = await getDb().select().from(suppliers).where(eq(suppliers.id, id));
    expect(row).toMatchObject({ bin: "0045678910203", paymentTermsDays: 30, walletNumber: "01712345678" });
  });

  it("refuses a bad form with every field's own message, writing nothing", async () => {
    const before = await tableFingerprint(TABLES);
    const bad = form({
      name: " ",
      bin: "12",
      tin: "12",
      phone: "call me",
      email: "not-an-address",
      bankAccountNumber: "1234567890",
      walletNumber: "12345",
      paymentTermsDays: "400",
    });
    const refused = answerOf<{ errors: Record<string, string>; values: SupplierFormValues; intent: string }>(
      await postSuppliers({ intent: "create", ...bad }, accountant, "?new=1"),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.intent).toBe("create");
    expect(refused.body.errors).toEqual({
      name: "Name is required",
      bin: SUPPLIER_MESSAGES.binInvalid,
      tin: SUPPLIER_MESSAGES.tinInvalid,
      phone: SUPPLIER_MESSAGES.phoneInvalid,
      email: EMAIL_ADDRESS_MESSAGES.invalid,
      bankName: SUPPLIER_MESSAGES.accountWithoutBank,
      walletNumber: PAYEE_MESSAGES.walletInvalid,
      paymentTermsDays: SUPPLIER_MESSAGES.paymentTermsInvalid,
    });
    // What was typed comes back to the dialog.
    expect(refused.body.values.bankAccountNumber).toBe("1234567890");
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("edits on the supplier's page (?edit=1); a refusal names the field and writes nothing", async () => {
    const id = await supplier({ name: "Editable Staging", phone: "01811000000" });
    const opened = await loadSupplier(id, "?edit=1");
    expect(opened.editValues).toMatchObject({ name: "Editable Staging", phone: "01811000000", paymentTermsDays: "" });
    const before = await tableFingerprint(TABLES);
    const refused = answerOf<{ errors: Record<string, string> }>(
      await callRoute(supplierAction, `/admin/suppliers/${id}?edit=1`, {
        as: accountant,
        params: { id },
        form: { intent: "update", ...form({ name: "Editable Staging", tin: "999", bankName: "x".repeat(121) }) },
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      tin: SUPPLIER_MESSAGES.tinInvalid,
      bankName: SUPPLIER_MESSAGES.bankNameTooLong,
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);

    const saved = (await callRoute(supplierAction, `/admin/suppliers/${id}?edit=1`, {
      as: accountant,
      params: { id },
      form: {
        intent: "update",
        ...form({ name: "Editable Staging Ltd", bankName: "Dutch-Bangla Bank", bankAccountNumber: "123-456-7890" }),
      },
    })) as Response;
    expect(saved.headers.get("location")).toBe(`/admin/suppliers/${id}`);
    expect((await loadSupplier(id)).supplier).toMatchObject({
      name: "Editable Staging Ltd",
      phone: null,
      bankName: "Dutch-Bangla Bank",
      bankAccountNumber: "123-456-7890",
    });
  });
});

describe("/admin/suppliers/:id", () => {
  it("shows the record, what is owed, its open payables (not another's) and the payments of its payables", async () => {
    const first = await payable("Detail Rigging Co", "8000", -40, 10);
    const second = await payable("Detail Rigging Co", "2500", -5, 30);
    const paidOff = await payable("detail rigging co ", "1000", -30, 0);
    await settle(first, "3000", "CHQ-1");
    await settle(paidOff, "1000", "CHQ-2");
    await payable("Detail Other Supplier", "999");
    const id = await idNamed("Detail Rigging Co");
    const { supplier: s, canEdit } = await loadSupplier(id);
    expect(canEdit).toBe(true);
    expect(s).toMatchObject({ name: "Detail Rigging Co", owed: "7500.00", openCount: 2, openLeft: "7500.00" });
    expect(s.openPayables.map((p) => [p.id, p.amount, p.left, p.overdue])).toEqual([
      [first, "8000.00", "5000.00", true],
      [second, "2500.00", "2500.00", false],
    ]);
    // The newest first (both paid the same day: the later one first).
    expect(s.payments.map((p) => [p.payableId, p.amount, p.reference, p.reversed])).toEqual([
      [paidOff, "1000.00", "CHQ-2", false],
      [first, "3000.00", "CHQ-1", false],
    ]);
  });

  it("sends an unknown id to the list and a merged record to the one it was merged into", async () => {
    const unknown = await thrownBy(loadSupplier("00000000-0000-4000-8000-000000000000"));
    expect(unknown.location).toBe("/admin/suppliers");
    expect((await thrownBy(loadSupplier("not-an-id"))).location).toBe("/admin/suppliers");
    const kept = await supplier({ name: "Redirect Kept" });
    const gone = await supplier({ name: "Redirect Gone", mergedIntoId: kept, mergedAt: new Date() });
    expect((await thrownBy(loadSupplier(gone))).location).toBe(`/admin/suppliers/${kept}`);
  });
});

describe("Merge", () => {
  it("moves the duplicate's ledger lines, and so its payables, payments and balance, to the record kept", async () => {
    const dupPayable = await payable("Merge Dup Lights", "3000");
    await settle(dupPayable, "1000");
    await payable("Merge Keep Lights", "4000");
    const dup = await idNamed("Merge Dup Lights");
    const keep = await idNamed("Merge Keep Lights");
    await getDb()
      .update(suppliers)
      .set({ bin: "004567891", phone: "01911000000", bankName: "BRAC Bank", bankAccountNumber: "1501200000" })
      .where(eq(suppliers.id, dup));
    await getDb().update(suppliers).set({ phone: "01711999999" }).where(eq(suppliers.id, keep));
    const dupLines = await getDb().select().from(journalLines).where(eq(journalLines.supplierId, dup));
    expect(dupLines).toHaveLength(2); // the payable's credit and the settlement's debit
    expect(await owedTo(dup)).toBe("2000.00");
    expect(await owedTo(keep)).toBe("4000.00");

    const response = (await postSuppliers(
      { intent: "merge", duplicateId: dup, keepId: keep },
      accountant,
      "?merge=1",
    )) as Response;
    expect(response.headers.get("location")).toBe(`/admin/suppliers/${keep}`);
    expect(flashToast(response)).toEqual({
      type: "success",
      message: SUPPLIER_MESSAGES.merged("Merge Dup Lights", "Merge Keep Lights"),
    });
    expect(await getDb().select().from(journalLines).where(eq(journalLines.supplierId, dup))).toEqual([]);
    const moved = await getDb()
      .select({ id: journalLines.id, supplierId: journalLines.supplierId, posted: journalLines.posted })
      .from(journalLines)
      .where(
        sql`${journalLines.id} in (${sql.join(
          dupLines.map((l) => sql`${l.id}`),
          sql`, `,
        )})`,
      );
    expect(moved.map((l) => [l.supplierId, l.posted])).toEqual([
      [keep, true],
      [keep, true],
    ]);
    expect(await owedTo(dup)).toBe("0.00");
    expect(await owedTo(keep)).toBe("6000.00");
    const [dupRow] = await getDb().select().from(suppliers).where(eq(suppliers.id, dup));
    expect(dupRow!.mergedIntoId).toBe(keep);
    expect(dupRow!.mergedAt).not.toBeNull();
    // The kept record took what it lacked, and kept its own phone.
    const [keepRow] = await getDb().select().from(suppliers).where(eq(suppliers.id, keep));
    expect(keepRow).toMatchObject({
      phone: "01711999999",
      bin: "004567891",
      bankName: "BRAC Bank",
      bankAccountNumber: "1501200000",
      mergedIntoId: null,
    });
    const [audit] = await getDb().select().from(auditLog).where(eq(auditLog.action, "supplier.merged"));
    expect(audit).toMatchObject({ entityType: "supplier", entityId: keep });
    expect(audit!.summary).toBe(
      "Merged the supplier Merge Dup Lights (BIN 004567891) into Merge Keep Lights: 2 ledger lines moved",
    );
    expect(audit!.changes).toMatchObject({ duplicateId: dup, keepId: keep, moved: { ledgerLines: 2 } });

    // The kept record's page has both records' payables and payments; the list and the pickers no longer offer the
    // duplicate, and a payable typed with its name now adds a new record (it is no longer live).
    const { supplier: s } = await loadSupplier(keep);
    expect(s.owed).toBe("6000.00");
    expect(s.openPayables.map((p) => p.left).sort()).toEqual(["2000.00", "4000.00"]);
    expect(s.payments.map((p) => p.payableId)).toEqual([dupPayable]);
    expect((await loadSuppliers("?q=Merge%20Dup")).page.rows).toEqual([]);
    const list = await loadSuppliers("?q=Merge%20Keep&sort=owed");
    expect(list.page.rows.map((r) => [r.id, r.owed])).toEqual([[keep, "6000.00"]]);
  });

  it("refuses merging a record into itself, into a merged one, or one already merged, naming the field", async () => {
    const a = await supplier({ name: "Refuse Merge A" });
    const b = await supplier({ name: "Refuse Merge B" });
    const merged = await supplier({ name: "Refuse Merge Gone", mergedIntoId: b, mergedAt: new Date() });
    const before = await tableFingerprint(TABLES);
    const refusal = async (duplicateId: string, keepId: string) => {
      const answer = answerOf<{ errors: Record<string, string>; toast: { message: string } }>(
        await postSuppliers({ intent: "merge", duplicateId, keepId }, accountant, "?merge=1"),
      );
      return { status: answer.status, errors: answer.body.errors, toast: answer.body.toast.message };
    };
    expect(await refusal(a, a)).toEqual({
      status: 400,
      errors: { keepId: CUSTOMER_MESSAGES.sameRecord },
      toast: SUPPLIER_MESSAGES.mergeFailed(CUSTOMER_MESSAGES.sameRecord),
    });
    expect(await refusal(a, merged)).toMatchObject({ status: 409, errors: { keepId: SUPPLIER_MESSAGES.keepMerged } });
    expect(await refusal(merged, a)).toMatchObject({
      status: 409,
      errors: { duplicateId: SUPPLIER_MESSAGES.duplicateMerged },
    });
    expect(await refusal("", "")).toMatchObject({
      status: 400,
      errors: { duplicateId: CUSTOMER_MESSAGES.duplicateRequired, keepId: CUSTOMER_MESSAGES.keepRequired },
    });
    expect(await refusal("00000000-0000-4000-8000-000000000000", a)).toMatchObject({
      status: 404,
      errors: { duplicateId: SUPPLIER_MESSAGES.notFound },
    });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("Merge beside a payment", () => {
  it.skipIf(process.env.DATABASE_URL === undefined)(
    "a settlement of the duplicate's payable at the same moment names the kept record, whichever goes first (PostgreSQL)",
    async () => {
      const pool = getDatabase().pool!;
      for (const first of ["settlement", "merge"] as const) {
        const dupPayable = await payable(`Race Dup ${first}`, "5000");
        await payable(`Race Keep ${first}`, "1000");
        const dup = await idNamed(`Race Dup ${first}`);
        const keep = await idNamed(`Race Keep ${first}`);
        // A third connection holds the payable's row, so both reach its lock, in the order started, before either
        // reads anything of it.
        const blocker = await pool.connect();
        try {
          await blocker.query("begin");
          await blocker.query("select id from transactions where id = $1 for update", [dupPayable]);
          const settling = () => settle(dupPayable, "2000");
          const merging = () => mergeSuppliers(getDb(), actor, { duplicateId: dup, keepId: keep });
          const a = first === "settlement" ? settling() : merging();
          await lockWaiters(1);
          const b = first === "settlement" ? merging() : settling();
          await lockWaiters(2);
          await blocker.query("commit");
          await Promise.all([a, b]);
        } finally {
          blocker.release();
        }
        expect(await getDb().select().from(journalLines).where(eq(journalLines.supplierId, dup))).toEqual([]);
        expect(await owedTo(keep)).toBe("4000.00");
        expect((await loadSupplier(keep)).supplier.payments.map((p) => p.payableId)).toEqual([dupPayable]);
      }
    },
    60_000,
  );
});

describe("the CSV export", () => {
  it("is the list as searched and sorted, every page (keyset batches), numbers as numbers, formulas defused", async () => {
    await payable("Csv Zeta Hire", "900");
    await payable('=HYPERLINK("http://evil.example") Csv', "250.25");
    const advance = await supplier({ name: "Csv Advance", phone: "+8801711000000", tin: "123456789012" });
    await getDb().transaction((tx) =>
      postEntry(tx, {
        date: dhakaDatePlus(-3),
        description: "Advance",
        source: { type: "manual" },
        party: { kind: "supplier", id: advance },
        lines: twoLines(PAYABLE, BANK, 100_00n),
        createdBy: null,
      }),
    );
    const state = parseList(SUPPLIER_LIST, new URL("http://x/admin/suppliers?q=csv&sort=owed"));
    const text = await csvOf(exportSuppliersCsv(getDb(), state, { batchSize: 1 }));
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(SUPPLIER_CSV_HEADER.join(","));
    expect(lines.slice(1).map((l) => l.split(",").at(-3))).toEqual(["900.00", "250.25", "-100.00"]);
    expect(lines[1]).toMatch(/^Csv Zeta Hire,/);
    // The formula starts with a ' (OWASP), a phone's + too; the TIN stays digits.
    expect(lines[2]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.example""\) Csv",/);
    expect(lines[3]).toContain(",'+8801711000000,");
    expect(lines[3]).toContain(",123456789012,");

    // The route answers the same file, named for the day, as an attachment.
    const response = (await callRoute(exportLoader, "/admin/suppliers/export?q=csv&sort=owed", {
      as: accountant,
    })) as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="suppliers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // Byte for byte, its byte order mark included (Response.text() would drop it).
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer())).toBe(text);
  });
});

describe("New Payable's supplier suggestions", () => {
  it("offers live suppliers' names as one types, and says whether the name is one already", async () => {
    await supplier({ name: "Suggest Dhaka Trusses", email: "sales@suggest-trusses.example", bin: "0004561230302" });
    await supplier({ name: "Big Suggest Dhaka Stage" });
    const kept = await supplier({ name: "Suggest Kept" });
    await supplier({ name: "Suggest Dhaka Gone", mergedIntoId: kept, mergedAt: new Date() });
    expect(await options("suggest dhaka")).toEqual({
      q: "suggest dhaka",
      names: ["Suggest Dhaka Trusses", "Big Suggest Dhaka Stage"],
      exists: false,
      bin: null,
    });
    // The record's BIN comes with it: New Payable's VAT claims with it when none is typed (issue 37).
    expect(await options("  SUGGEST DHAKA TRUSSES ")).toMatchObject({ exists: true, bin: "0004561230302" });
    expect(await options("Big Suggest Dhaka Stage")).toMatchObject({ exists: true, bin: null });
    expect((await options("Sales@Suggest-Trusses.example")).exists).toBe(true);
    expect((await options("Suggest Dhaka Gone")).exists).toBe(false);
    expect(await options("")).toEqual({ q: "", names: [], exists: false, bin: null });
    expect(newSupplierNote(" New Rigging ")).toBe("A new supplier named New Rigging will be added");
  });
});

describe("who may", () => {
  it("staff, who do not see the books, get 403 on every supplier route; the accountant and admin get in", async () => {
    const id = await supplier({ name: "Guarded Supplier" });
    const denied = async (promise: Promise<unknown>) => {
      const thrown = await thrownBy(promise);
      return [thrown.status, thrown.body];
    };
    const forbidden = [403, ACCESS_DENIED_MESSAGE];
    expect(await denied(loadSuppliers("", staff))).toEqual(forbidden);
    expect(await denied(loadSupplier(id, "", staff))).toEqual(forbidden);
    expect(await denied(callRoute(exportLoader, "/admin/suppliers/export", { as: staff }))).toEqual(forbidden);
    expect(await denied(options("Guarded", staff))).toEqual(forbidden);
    const before = await tableFingerprint(TABLES);
    expect(await denied(postSuppliers({ intent: "create", ...form({ name: "Staff Supplier" }) }, staff))).toEqual(
      forbidden,
    );
    expect(
      await denied(
        callRoute(supplierAction, `/admin/suppliers/${id}`, {
          as: staff,
          params: { id },
          form: { intent: "update", ...form({ name: "Renamed" }) },
        }),
      ),
    ).toEqual(forbidden);
    expect(await tableFingerprint(TABLES)).toEqual(before);
    expect((await loadSuppliers("?q=Guarded", admin)).page.rows.map((r) => r.id)).toEqual([id]);
    expect((await loadSupplier(id, "", admin)).supplier.name).toBe("Guarded Supplier");
    const [count] = await queryRows<{ n: number }>(
      getDb(),
      sql`select count(*)::int as n from suppliers where name = 'Staff Supplier'`,
    );
    expect(Number(count!.n)).toBe(0);
  });
});
