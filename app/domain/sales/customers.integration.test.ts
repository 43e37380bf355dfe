import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDatabase, getDb } from "~/db/client.server";
import { seedDatabase } from "~/db/seed/seed.server";
import {
  auditLog,
  creditNotes,
  customerPayments,
  customers,
  invoices,
  jobCharges,
  jobs,
  quotations,
} from "~/db/schema";
import type { AuditActor } from "~/domain/audit/audit.server";
import { approveQuotation } from "~/domain/quotations/change-status.server";
import { parseList } from "~/lib/list-params";
import { todayInDhaka } from "~/lib/dhaka-time";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { approvedQuotation, giveSellerBin } from "../../../tests/support/invoice-fixtures";
import { insertItem, insertQuotation } from "../../../tests/support/quotation-fixtures";
import { customerFor, insertCreditNote, insertIssuedInvoice } from "../../../tests/support/sales-document-fixtures";
import { CUSTOMER_MESSAGES, emptyCustomerForm, type CustomerFormValues } from "./customer-form";
import { CUSTOMER_LIST } from "./customer-list";
import {
  createCustomer,
  customerChoices,
  listCustomers,
  loadCustomerDetail,
  mergeCustomers,
  updateCustomer,
} from "./customers.server";
import { issueInvoice } from "./issue-invoice.server";
import { recordCustomerPayment } from "./record-customer-payment.server";
import { seedId } from "~/db/seed/ids";

// Customers (issue 22): New and Edit (audited; one live record per e-mail, any case), the list and its money, the
// detail, Merge, and the record an approval makes (ensureQuotationCustomer).

const actor: AuditActor = { userId: null, label: "staff@example.com", ipAddress: "127.0.0.1", userAgent: "test" };
const TABLES = ["customers", "quotations", "invoices", "credit_notes", "customer_payments", "audit_log"];
let seq = 0;
const unique = (prefix: string) => `${prefix}-${++seq}-${Date.now().toString(36)}@example.com`;

const values = (change: Partial<CustomerFormValues> = {}): CustomerFormValues => ({
  ...emptyCustomerForm(),
  name: "Nusrat Jahan",
  ...change,
});

beforeAll(async () => {
  await seedDatabase(getDb());
  await giveSellerBin();
});

describe("New and Edit", () => {
  it("adds a customer with every field, the BIN's hyphens and spaces dropped, audited", async () => {
    const email = unique("nusrat");
    const result = await createCustomer(
      getDb(),
      actor,
      values({
        organisation: "BRAC Bank Limited",
        email,
        phone: "+880 1711-000000",
        address: "Anik Tower, Gulshan, Dhaka",
        bin: "004567891-0203",
        vatWithholding: "on",
        notes: "Pays by cheque.",
      }),
    );
    expect(result).toMatchObject({ ok: true, message: CUSTOMER_MESSAGES.created });
    if (!result.ok) return;
    const [row] = await getDb().select().from(customers).where(eq(customers.id, result.id));
    expect(row).toMatchObject({
      name: "Nusrat Jahan",
      organisation: "BRAC Bank Limited",
      email,
      phone: "+880 1711-000000",
      bin: "0045678910203",
      vatWithholding: true,
      mergedIntoId: null,
    });
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "customer"), eq(auditLog.entityId, result.id)));
    expect(audit).toMatchObject({
      action: "customer.created",
      summary: "Added the customer Nusrat Jahan (BRAC Bank Limited)",
    });
  });

  it.each<[string, Partial<CustomerFormValues>, string, string]>([
    ["no name", { name: "  " }, "name", "Name is required"],
    ["a name too long", { name: "N".repeat(121) }, "name", "Name must be at most 120 characters"],
    ["a bad e-mail", { email: "nusrat@" }, "email", "Invalid email address"],
    ["a BIN of 10 digits", { bin: "0045678910" }, "bin", CUSTOMER_MESSAGES.binInvalid],
    ["a BIN with letters", { bin: "00456789A" }, "bin", CUSTOMER_MESSAGES.binInvalid],
    ["a phone with letters", { phone: "call me" }, "phone", CUSTOMER_MESSAGES.phoneInvalid],
    ["an address too long", { address: "a".repeat(501) }, "address", "Address must be at most 500 characters"],
  ])("refuses %s, writing nothing", async (_name, change, field, message) => {
    const before = await tableFingerprint(TABLES);
    const result = await createCustomer(getDb(), actor, values(change));
    expect(result).toMatchObject({ ok: false, refusal: "invalid" });
    if (!result.ok) {
      expect(result.errors[field]).toBe(message);
      expect(result.message).toBe(CUSTOMER_MESSAGES.createFailed(message));
    }
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("refuses a second live customer with the same e-mail in another case, naming the e-mail (new and edit)", async () => {
    const email = unique("rahim");
    const first = await createCustomer(getDb(), actor, values({ name: "Rahim", email }));
    expect(first.ok).toBe(true);
    const before = await tableFingerprint(TABLES);
    const second = await createCustomer(getDb(), actor, values({ name: "Rahim 2", email: email.toUpperCase() }));
    expect(second).toMatchObject({ ok: false, errors: { email: CUSTOMER_MESSAGES.emailTaken } });
    const other = await createCustomer(getDb(), actor, values({ name: "Karim", email: unique("karim") }));
    if (!other.ok) throw new Error(other.message);
    const before2 = await tableFingerprint(TABLES);
    const edit = await updateCustomer(getDb(), actor, other.id, values({ name: "Karim", email: email.toUpperCase() }));
    expect(edit).toMatchObject({ ok: false, errors: { email: CUSTOMER_MESSAGES.emailTaken } });
    expect(await tableFingerprint(TABLES)).toEqual(before2);
    expect(before).toBeDefined();
  });

  it("edits a record and audits what changed; refuses an unknown or merged one", async () => {
    const created = await createCustomer(getDb(), actor, values({ name: "Sumi", email: unique("sumi") }));
    if (!created.ok) throw new Error(created.message);
    const result = await updateCustomer(getDb(), actor, created.id, values({ name: "Sumi Akter", bin: "123456789" }));
    expect(result).toMatchObject({ ok: true, message: CUSTOMER_MESSAGES.updated });
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, "customer.updated")));
    expect(audit!.changes).toMatchObject({
      name: { from: "Sumi", to: "Sumi Akter" },
      bin: { from: null, to: "123456789" },
    });
    const missing = await updateCustomer(getDb(), actor, "00000000-0000-4000-8000-000000000000", values());
    expect(missing).toMatchObject({ ok: false, refusal: "not-found", errors: { form: CUSTOMER_MESSAGES.notFound } });
  });
});

describe("the list and the detail", () => {
  it("searches name, organisation, e-mail and phone; money only when asked", async () => {
    const email = unique("list");
    const invoice = await insertIssuedInvoice(email, { buyerName: "Listed Person" });
    await getDb()
      .update(customers)
      .set({ name: "Listed Person", organisation: "Zeta Events Ltd", phone: "01999-123456" })
      .where(eq(customers.id, invoice.customerId));
    await recordCustomerPayment(getDb(), actor, {
      customerId: invoice.customerId,
      date: todayInDhaka(),
      method: "cash",
      methodReference: "",
      moneyAccountId: seedId("account:1000"),
      received: "9000",
      vdsAmount: "",
      aitRate: "",
      notes: "",
      allocations: [{ invoiceId: invoice.id, amount: "9000" }],
    });
    for (const q of ["listed per", "ZETA EVENTS", email.slice(0, 12), "01999-123"]) {
      const page = await listCustomers(getDb(), parseList(CUSTOMER_LIST, `/?q=${encodeURIComponent(q)}`), true);
      expect(page.rows.map((r) => r.id)).toEqual([invoice.customerId]);
      expect(page.rows[0]).toMatchObject({
        quotationCount: 0,
        money: { invoiced: "69000.00", owes: "60000.00", credit: "0.00" },
      });
    }
    const staff = await listCustomers(getDb(), parseList(CUSTOMER_LIST, "/?q=Zeta"), false);
    expect(staff.rows[0]!.money).toBeNull();
    const detail = await loadCustomerDetail(getDb(), invoice.customerId, false);
    expect(detail && "accounts" in detail ? detail.accounts : "none").toBeNull();
    const full = await loadCustomerDetail(getDb(), invoice.customerId, true);
    if (!full || !("accounts" in full)) throw new Error("no detail");
    expect(full.accounts!.invoices.map((i) => [i.number, i.due])).toEqual([[invoice.number, "60000.00"]]);
    expect(full.accounts!.payments.map((p) => [p.total, p.allocated])).toEqual([["9000.00", "9000.00"]]);
  });
});

describe("merge", () => {
  it("moves the duplicate's quotations, invoices, credit notes and payments to the kept record; the duplicate leaves the list", async () => {
    const keepEmail = unique("keep");
    const dupEmail = unique("dup");
    const keepId = await customerFor(getDb(), keepEmail, "Farhan Kabir");
    const invoice = await insertIssuedInvoice(dupEmail, { buyerName: "Farhan K." });
    const dupId = invoice.customerId;
    await getDb().update(customers).set({ phone: "01811111111" }).where(eq(customers.id, dupId));
    await getDb().update(quotations).set({ customerId: dupId }).where(eq(quotations.id, invoice.quotationId));
    await insertCreditNote(invoice, "1000");
    // The job the quotation opened, with a damage charge still to invoice (issue 26).
    const [job] = await getDb()
      .insert(jobs)
      .values({
        quotationId: invoice.quotationId,
        customerId: dupId,
        customerName: "Farhan K.",
        phone: "01811111111",
        email: dupEmail,
        title: "Merge job",
        startDate: "2027-01-10",
        endDate: "2027-01-10",
        eventTime: "18:00",
        location: "Dhaka",
      })
      .returning({ id: jobs.id });
    await getDb()
      .insert(jobCharges)
      .values({ jobId: job!.id, customerId: dupId, description: "Damage to 1 × chair", amount: "500" });
    const paid = await recordCustomerPayment(getDb(), actor, {
      customerId: dupId,
      date: todayInDhaka(),
      method: "cash",
      methodReference: "",
      moneyAccountId: seedId("account:1000"),
      received: "500",
      vdsAmount: "",
      aitRate: "",
      notes: "",
      allocations: [],
    });
    if (!paid.ok) throw new Error(paid.message);

    const result = await mergeCustomers(getDb(), actor, { duplicateId: dupId, keepId }, "accountant");
    expect(result).toMatchObject({
      ok: true,
      id: keepId,
      message: CUSTOMER_MESSAGES.merged("Farhan K.", "Farhan Kabir"),
    });
    const [dup] = await getDb().select().from(customers).where(eq(customers.id, dupId));
    expect(dup!.mergedIntoId).toBe(keepId);
    expect(dup!.mergedAt).toBeInstanceOf(Date);
    const [kept] = await getDb().select().from(customers).where(eq(customers.id, keepId));
    expect(kept).toMatchObject({ email: keepEmail, phone: "01811111111" });
    const owner = async (table: typeof invoices | typeof creditNotes | typeof customerPayments) =>
      (await getDb().select({ customerId: table.customerId }).from(table).where(eq(table.customerId, keepId))).length;
    expect(await owner(invoices)).toBe(1);
    expect(await owner(creditNotes)).toBe(1);
    expect(await owner(customerPayments)).toBe(1);
    const [q] = await getDb().select().from(quotations).where(eq(quotations.id, invoice.quotationId));
    expect(q!.customerId).toBe(keepId);
    const [movedJob] = await getDb().select().from(jobs).where(eq(jobs.id, job!.id));
    expect(movedJob!.customerId).toBe(keepId);
    const charges = await getDb().select().from(jobCharges).where(eq(jobCharges.jobId, job!.id));
    expect(charges.map((ch) => ch.customerId)).toEqual([keepId]);
    const listed = await listCustomers(getDb(), parseList(CUSTOMER_LIST, "/?q=Farhan"), true);
    expect(listed.rows.map((r) => r.id)).toEqual([keepId]);
    expect(listed.rows[0]!.money).toEqual({ invoiced: "67850.00", owes: "67350.00", credit: "500.00" });
    // The pickers no longer offer the duplicate, not even preselected.
    const picked = await customerChoices(getDb(), { find: "Farhan", include: [dupId] });
    expect(picked.choices.map((c) => c.id)).toEqual([keepId]);
    expect(await loadCustomerDetail(getDb(), dupId, true)).toEqual({ mergedIntoId: keepId });
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "customer.merged"), eq(auditLog.entityId, keepId)));
    expect(audit!.changes).toMatchObject({
      moved: { quotations: 1, invoices: 1, creditNotes: 1, payments: 1, jobs: 1, jobCharges: 1 },
    });

    // Refusals, nothing written: into itself, from or into a merged record, unknown ones.
    const third = await customerFor(getDb(), unique("third"), "Third");
    const before = await tableFingerprint(TABLES);
    const refusedWith = async (duplicateId: string, keep: string, errors: Record<string, string>) => {
      const r = await mergeCustomers(getDb(), actor, { duplicateId, keepId: keep }, "admin");
      expect(r).toMatchObject({ ok: false, errors });
    };
    await refusedWith(keepId, keepId, { keepId: CUSTOMER_MESSAGES.sameRecord });
    await refusedWith(dupId, third, { duplicateId: CUSTOMER_MESSAGES.duplicateMerged });
    await refusedWith(third, dupId, { keepId: CUSTOMER_MESSAGES.keepMerged });
    await refusedWith("00000000-0000-4000-8000-000000000000", third, { duplicateId: CUSTOMER_MESSAGES.notFound });
    await refusedWith("", third, { duplicateId: CUSTOMER_MESSAGES.duplicateRequired });
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });
});

describe("merge: who may move money", () => {
  const advance = (customerId: string) =>
    recordCustomerPayment(getDb(), actor, {
      customerId,
      date: todayInDhaka(),
      method: "cash",
      methodReference: "",
      moneyAccountId: seedId("account:1000"),
      received: "700",
      vdsAmount: "",
      aitRate: "",
      notes: "",
      allocations: [],
    });

  it("records with invoices, credit notes or payments need accounts.manage: staff are refused, naming why, nothing written", async () => {
    // The duplicate has an invoice.
    const invoice = await insertIssuedInvoice(unique("money-dup"), { buyerName: "Rafi Traders" });
    await getDb().update(customers).set({ name: "Rafi Traders" }).where(eq(customers.id, invoice.customerId));
    const keepId = await customerFor(getDb(), unique("money-keep"), "Rafi T.");
    const before = await tableFingerprint(TABLES);
    const refused = await mergeCustomers(getDb(), actor, { duplicateId: invoice.customerId, keepId }, "staff");
    const message = CUSTOMER_MESSAGES.mergeNeedsAccounts(["Rafi Traders"]);
    expect(refused).toEqual({
      ok: false,
      refusal: "forbidden",
      message: CUSTOMER_MESSAGES.mergeFailed(message),
      errors: { form: message },
    });
    expect(message).toMatch(/^Rafi Traders has invoices, credit notes or payments, .* accountant or an admin\)/);
    expect(await tableFingerprint(TABLES)).toEqual(before);

    // Only the kept record has money (a payment in advance): refused the same, naming it.
    const dupId = await customerFor(getDb(), unique("plain-dup"), "Plain Dup");
    const paidKeep = await customerFor(getDb(), unique("paid-keep"), "Paid Keep");
    const paid = await advance(paidKeep);
    if (!paid.ok) throw new Error(paid.message);
    const before2 = await tableFingerprint(TABLES);
    expect(await mergeCustomers(getDb(), actor, { duplicateId: dupId, keepId: paidKeep }, "staff")).toMatchObject({
      ok: false,
      refusal: "forbidden",
      errors: { form: CUSTOMER_MESSAGES.mergeNeedsAccounts(["Paid Keep"]) },
    });
    expect(await tableFingerprint(TABLES)).toEqual(before2);
    // Both: both named.
    const paidDup = await customerFor(getDb(), unique("paid-dup"), "Paid Dup");
    const paid2 = await advance(paidDup);
    if (!paid2.ok) throw new Error(paid2.message);
    const before3 = await tableFingerprint(TABLES);
    expect(await mergeCustomers(getDb(), actor, { duplicateId: paidDup, keepId: paidKeep }, "staff")).toMatchObject({
      ok: false,
      refusal: "forbidden",
      errors: { form: CUSTOMER_MESSAGES.mergeNeedsAccounts(["Paid Dup", "Paid Keep"]) },
    });
    expect(await tableFingerprint(TABLES)).toEqual(before3);

    // The accounts may: the invoice moves.
    const done = await mergeCustomers(getDb(), actor, { duplicateId: invoice.customerId, keepId }, "accountant");
    expect(done).toMatchObject({ ok: true, id: keepId });
    const [moved] = await getDb().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(moved!.customerId).toBe(keepId);
  });

  it("records with quotations only are staff's to merge", async () => {
    const item = await insertItem("Chair", 50);
    const dupEmail = unique("quote-dup");
    const q = await insertQuotation("sent", dupEmail, [[item, 2]]);
    const dupId = await customerFor(getDb(), dupEmail, "Quote Dup");
    await getDb().update(quotations).set({ customerId: dupId }).where(eq(quotations.id, q.id));
    const keepId = await customerFor(getDb(), unique("quote-keep"), "Quote Keep");
    const result = await mergeCustomers(getDb(), actor, { duplicateId: dupId, keepId }, "staff");
    expect(result).toMatchObject({ ok: true, id: keepId });
    const [moved] = await getDb().select().from(quotations).where(eq(quotations.id, q.id));
    expect(moved!.customerId).toBe(keepId);
  });
});

describe("merge and issuing an invoice at once", () => {
  /** Waits until `n` statements of this database wait on a lock (at most ~2 s). */
  async function lockWaiters(n: number): Promise<void> {
    const pool = getDatabase().pool!;
    for (let tries = 0; tries <= 200; tries++) {
      const { rows } = await pool.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rows[0]!.n >= n) return;
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  it.skipIf(process.env.DATABASE_URL === undefined)(
    "never deadlock: both done, the invoice on the kept record (20 rounds, PostgreSQL)",
    async () => {
      expect(getDatabase().kind).toBe("postgres");
      const pool = getDatabase().pool!;
      for (let round = 0; round < 20; round++) {
        const dupEmail = unique("race-dup");
        const dupId = await customerFor(getDb(), dupEmail, `Race Dup ${round}`);
        const keepId = await customerFor(getDb(), unique("race-keep"), `Race Keep ${round}`);
        const quotation = await approvedQuotation([["Stage 8x4", 2, "5000.00"]], { email: dupEmail });
        await getDb().update(quotations).set({ customerId: dupId }).where(eq(quotations.id, quotation.id));
        const merge = () => mergeCustomers(getDb(), actor, { duplicateId: dupId, keepId }, "admin");
        const issue = () =>
          issueInvoice(getDb(), actor, { quotationId: quotation.id, kind: "full", advancePercent: "" });
        // A third connection holds the duplicate's row: the first to start waits for it (the merge holding the
        // quotation by then, or the invoice), the second waits behind the first; both are released together.
        const blocker = await pool.connect();
        let results: [Awaited<ReturnType<typeof merge>>, Awaited<ReturnType<typeof issue>>];
        try {
          await blocker.query("begin");
          await blocker.query("select id from customers where id = $1 for update", [dupId]);
          const mergeFirst = round % 2 === 0;
          const first = mergeFirst ? merge() : issue();
          await lockWaiters(1);
          const second = mergeFirst ? issue() : merge();
          await lockWaiters(2);
          await blocker.query("commit");
          const [a, b] = await Promise.all([first, second]);
          results = (mergeFirst ? [a, b] : [b, a]) as typeof results;
        } finally {
          blocker.release();
        }
        expect(results[0]).toMatchObject({ ok: true, id: keepId });
        expect(results[1]).toMatchObject({ ok: true });
        const [invoice] = await getDb().select().from(invoices).where(eq(invoices.quotationId, quotation.id));
        expect(invoice!.customerId).toBe(keepId);
        const [q] = await getDb().select().from(quotations).where(eq(quotations.id, quotation.id));
        expect(q!.customerId).toBe(keepId);
        const [dup] = await getDb().select().from(customers).where(eq(customers.id, dupId));
        expect(dup!.mergedIntoId).toBe(keepId);
        const [{ n }] = (
          await getDatabase().pool!.query<{ n: number }>(
            "select count(*)::int as n from invoices where customer_id = $1",
            [dupId],
          )
        ).rows as [{ n: number }];
        expect(n).toBe(0);
      }
    },
    240_000,
  );
});

describe("the record an approval makes (ensureQuotationCustomer)", () => {
  it("approving a quotation makes the customer; a second quotation of the same e-mail in another case finds it", async () => {
    const email = unique("approve");
    const item = await insertItem("Truss 3m", 20);
    const first = await insertQuotation("sent", email, [[item, 2]]);
    const staff = { kind: "staff" as const, audit: actor };
    const approved = await approveQuotation(getDb(), first.id, staff);
    expect(approved.ok).toBe(true);
    const [q1] = await getDb().select().from(quotations).where(eq(quotations.id, first.id));
    expect(q1!.customerId).not.toBeNull();
    const [made] = await getDb().select().from(customers).where(eq(customers.id, q1!.customerId!));
    expect(made).toMatchObject({ email, name: "Test Customer", phone: "01700000000" });

    const second = await insertQuotation("sent", email.toUpperCase(), [[item, 1]], { eventDate: "2027-04-10" });
    await getDb().update(quotations).set({ customerId: null }).where(eq(quotations.id, second.id));
    expect((await approveQuotation(getDb(), second.id, staff)).ok).toBe(true);
    const [q2] = await getDb().select().from(quotations).where(eq(quotations.id, second.id));
    expect(q2!.customerId).toBe(q1!.customerId);
    const listed = await listCustomers(getDb(), parseList(CUSTOMER_LIST, `/?q=${encodeURIComponent(email)}`), false);
    expect(listed.rows).toHaveLength(1);
    expect(listed.rows[0]!.quotationCount).toBe(2);
  });
});
