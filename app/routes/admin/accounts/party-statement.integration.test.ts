// A party's ledger statement in the back office (issue 36): documents posted through the real use cases (an advance
// and a payment recorded, an invoice issued that takes the advance, a credit note; a payable and its part settlement;
// a manual journal owing an employee their salary) and read back by the screen's loader for several periods: the
// opening balance, each line with the running balance and the link to its document, the totals and the closing
// balance (equal to the party's balance in the ledger). Bad dates named by their field; an unknown kind or id a 404; a
// merged record sent to the kept one. The CSV (formula guard, plain numbers), the PDF (read back with pdftotext), the
// e-mail queued in the outbox with the PDF attached and its audit line, the refusal for a party without an e-mail,
// and who may do what.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tableFingerprint } from "../../../../tests/support/db-fingerprint";
import { approvedQuotation, giveSellerBin } from "../../../../tests/support/invoice-fixtures";
import { pdfFile, pdfText } from "../../../../tests/support/pdf-text";
import { insertEmployee } from "../../../../tests/support/people-fixtures";
import { customerFor } from "../../../../tests/support/sales-document-fixtures";
import {
  ANONYMOUS,
  callRoute,
  flashToast,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../../tests/support/signed-in-request";
import { getDb } from "~/db/client.server";
import { auditLog, creditNotes, customers, emailAttachments, emailOutbox, quotations, suppliers } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { createJournalEntry } from "~/domain/accounting/create-journal-entry.server";
import { createMoneyDocument } from "~/domain/accounting/create-money-document.server";
import { partyBalance } from "~/domain/accounting/party-ledger.server";
import { PARTY_STATEMENT_MESSAGES as M } from "~/domain/accounting/party-statement";
import { settleOpenItem } from "~/domain/accounting/settle-open-item.server";
import type { AuditActor } from "~/domain/audit/audit.server";
import { addDays } from "~/domain/dashboard/periods";
import { fiscalYearOfDate, fiscalYearRange } from "~/domain/reports/report-periods";
import { issueCreditNote } from "~/domain/sales/issue-credit-note.server";
import { issueInvoice } from "~/domain/sales/issue-invoice.server";
import { recordCustomerPayment } from "~/domain/sales/record-customer-payment.server";
import type { CustomerPaymentFormValues } from "~/domain/sales/customer-payment-form";
import { todayInDhaka } from "~/lib/dhaka-time";
import { fromPaisa, toPaisa } from "~/lib/money";
import { loader as exportLoader } from "./party-statement-export";
import { action, loader } from "./party-statement";

const ACTOR: AuditActor = { userId: null, label: "accounts@example.com", ipAddress: null, userAgent: "vitest" };
const BANK = seedId("account:1100");
const SALARIES = seedId("account:6000");
const SALARIES_PAYABLE = seedId("account:2200");
const TODAY = todayInDhaka();
const D1 = addDays(TODAY, -20);
const D2 = addDays(TODAY, -10);
const D3 = addDays(TODAY, -5);
const NADIA_EMAIL = "nadia.statement@example.com";

let admin: TestUser;
let accountant: TestUser;
let staff: TestUser;
let portalCustomer: TestUser;
let nadia: string;
let invoice: { id: string; number: string };
let advanceId: string;
let paymentId: string;
let note: { id: string; number: string; total: string };
let supplier: string;
let payableId: string;
let employee: string;

type Loaded = Awaited<ReturnType<typeof loader>>;
const statementPath = (kind: string, id: string, query = "") =>
  `/admin/accounts/parties/${kind}/${id}/statement${query}`;
const load = (kind: string, id: string, query = "", as: TestUser = accountant) =>
  callRoute(loader, statementPath(kind, id, query), { as, params: { kind, id } }) as Promise<Loaded>;
const exportFile = (kind: string, id: string, query: string, as: TestUser = accountant) =>
  callRoute(exportLoader, `${statementPath(kind, id)}/export${query}`, {
    as,
    params: { kind, id },
  }) as Promise<Response>;
const post = (kind: string, id: string, form: Record<string, string>, as: TestUser = accountant) =>
  callRoute(action, statementPath(kind, id), { as, params: { kind, id }, form }) as Promise<Response>;

function payment(customerId: string, change: Partial<CustomerPaymentFormValues>): CustomerPaymentFormValues {
  return {
    customerId,
    date: TODAY,
    method: "bank_transfer",
    methodReference: "",
    moneyAccountId: BANK,
    received: "",
    vdsAmount: "",
    aitRate: "",
    notes: "",
    allocations: [],
    ...change,
  };
}

function ok<T extends { ok: boolean; message: string }>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`expected success: ${result.message}`);
  return result as Extract<T, { ok: true }>;
}

beforeAll(async () => {
  const db = getDb();
  await seedDatabase(db);
  await giveSellerBin();
  [admin, accountant, staff, portalCustomer] = await Promise.all([
    signedInUser("admin"),
    signedInUser("accountant"),
    signedInUser("staff"),
    signedInUser("customer"),
  ]);

  // Nadia: an advance, then an invoice (which takes the advance), a part payment and a credit note.
  const quotation = await approvedQuotation([["Line Array Sound System", 2, "10000", 3]], { email: NADIA_EMAIL });
  nadia = await customerFor(db, NADIA_EMAIL, "Nadia Rahman");
  await db.update(customers).set({ address: "Road 7, Gulshan 1, Dhaka" }).where(eq(customers.id, nadia));
  await db.update(quotations).set({ customerId: nadia }).where(eq(quotations.id, quotation.id));
  advanceId = ok(
    await recordCustomerPayment(db, ACTOR, payment(nadia, { date: D1, received: "10000", methodReference: "TT-1" })),
  ).paymentId;
  const issued = ok(
    await issueInvoice(
      db,
      ACTOR,
      { quotationId: quotation.id, kind: "full", advancePercent: "" },
      new Date(`${D2}T06:00:00Z`),
    ),
  );
  invoice = { id: issued.id, number: issued.number };
  paymentId = ok(
    await recordCustomerPayment(
      db,
      ACTOR,
      payment(nadia, {
        date: D3,
        received: "20000",
        methodReference: "TT-2",
        allocations: [{ invoiceId: invoice.id, amount: "20000" }],
      }),
    ),
  ).paymentId;
  const credited = ok(
    await issueCreditNote(db, ACTOR, {
      invoiceId: invoice.id,
      scope: "part",
      amount: "1000",
      reason: "Two lights were not delivered",
    }),
  );
  const [noteRow] = await db.select().from(creditNotes).where(eq(creditNotes.id, credited.id));
  note = { id: noteRow!.id, number: noteRow!.number, total: noteRow!.total };

  // Dhaka Lights Ltd: a payable of ৳12,000, ৳5,000 of it paid.
  const payable = ok(
    await createMoneyDocument(db, ACTOR, "payable", {
      date: addDays(TODAY, -15),
      type: "expense",
      category: "Maintenance",
      description: "Stage lights repaired",
      amount: "12000",
      paymentMethod: "bank",
      moneyAccountId: "",
      reference: "BILL-77",
      status: "pending",
      party: "Dhaka Lights Ltd",
      dueDate: TODAY,
    }),
  );
  payableId = payable.id;
  const [supplierRow] = await db.select().from(suppliers).where(eq(suppliers.name, "Dhaka Lights Ltd"));
  supplier = supplierRow!.id;
  ok(
    await settleOpenItem(db, ACTOR, {
      id: payableId,
      date: addDays(TODAY, -3),
      paymentMethod: "bank",
      moneyAccountId: BANK,
      amount: "5000.00",
      reference: "CHQ-5",
    }),
  );

  // Rafiq: a month's salary owed, by a manual journal whose line's words a spreadsheet would take for a formula.
  employee = await insertEmployee("Rafiq Islam");
  ok(
    await createJournalEntry(
      db,
      {
        id: "",
        version: "",
        entryDate: addDays(TODAY, -2),
        reference: "SAL-RAFIQ",
        description: "November salary owed",
        status: "posted",
        lines: [
          { accountId: SALARIES, debit: "30000", credit: "", description: "", party: "" },
          {
            accountId: SALARIES_PAYABLE,
            debit: "",
            credit: "30000",
            description: '=HYPERLINK("http://evil.example","salary")',
            party: `employee:${employee}`,
          },
        ],
      },
      ACTOR,
    ),
  );
});

describe("the statement's loader", () => {
  it("gives the opening balance, every line with the running balance, the totals and the closing balance", async () => {
    const { statement, request } = await load("customer", nadia, `?from=${D1}&to=${TODAY}`);
    expect(request.errors).toEqual({});
    expect(statement.party).toMatchObject({
      kind: "customer",
      id: nadia,
      name: "Nadia Rahman",
      email: NADIA_EMAIL,
      address: "Road 7, Gulshan 1, Dhaka",
    });
    expect(statement).toMatchObject({ from: D1, to: TODAY, opening: "0.00" });
    const lines = statement.lines.map((l) => [l.date, l.sourceType, l.debit, l.credit, l.balance]);
    const closing = fromPaisa(3_900_000n - toPaisa(note.total));
    expect(lines).toEqual([
      // The advance: the company owes her ৳10,000.
      [D1, "customer_payment", "0.00", "10000.00", "-10000.00"],
      // The invoice: ৳69,000 owed, her advance taken against it.
      [D2, "invoice", "69000.00", "0.00", "59000.00"],
      [D2, "invoice", "10000.00", "0.00", "69000.00"],
      [D2, "invoice", "0.00", "10000.00", "59000.00"],
      [D3, "customer_payment", "0.00", "20000.00", "39000.00"],
      [TODAY, "credit_note", "0.00", note.total, closing],
    ]);
    expect(statement).toMatchObject({ debits: "79000.00", credits: fromPaisa(4_000_000n + toPaisa(note.total)) });
    expect(statement.closing).toBe(closing);
    expect(toPaisa(statement.closing)).toBe(await partyBalance(getDb(), { kind: "customer", id: nadia }));
  });

  it("brings forward what is before the period as its opening balance", async () => {
    const after = await load("customer", nadia, `?from=${addDays(D1, 1)}&to=${D3}`);
    expect(after.statement.opening).toBe("-10000.00");
    expect(after.statement.lines.map((l) => l.balance)).toEqual(["59000.00", "69000.00", "59000.00", "39000.00"]);
    expect(after.statement.closing).toBe("39000.00");
    const before = await load("customer", nadia, `?from=${addDays(TODAY, -60)}&to=${addDays(D1, 1)}`);
    expect(before.statement).toMatchObject({ opening: "0.00", debits: "0.00", credits: "10000.00" });
    expect(before.statement.lines).toHaveLength(1);
    expect(before.statement.closing).toBe("-10000.00");
    const empty = await load("customer", nadia, `?from=${addDays(TODAY, 1)}&to=${addDays(TODAY, 30)}`);
    expect(empty.statement).toMatchObject({ lines: [], opening: empty.statement.closing, debits: "0.00" });
  });

  it("links each line to its document, and to its entry in the General Ledger", async () => {
    const { statement } = await load("customer", nadia, `?from=${D1}&to=${TODAY}`);
    const links = statement.lines.map((l) => [l.reference, l.documentHref, l.portalHref]);
    expect(links[0]).toEqual([null, "/admin/payments", null]);
    expect(links[1]).toEqual([invoice.number, `/admin/invoices/${invoice.id}`, `/customer/invoices/${invoice.id}/pdf`]);
    expect(links[5]).toEqual([
      note.number,
      `/admin/credit-notes/${note.id}/pdf`,
      `/customer/credit-notes/${note.id}/pdf`,
    ]);
    expect(statement.lines[1]!.sourceLabel).toBe("Tax invoice");
    expect([statement.lines[0]!.sourceId, statement.lines[4]!.sourceId]).toEqual([advanceId, paymentId]);
    expect(statement.lines[4]!.documentHref).toBe("/admin/payments");
    for (const line of statement.lines) expect(line.entryHref).toBe(`/admin/accounts/ledger?entry=${line.entryId}`);
  });

  it("reads from the start of the fiscal year to today by default", async () => {
    const { request } = await load("customer", nadia);
    expect(request.period).toEqual({ from: fiscalYearRange(fiscalYearOfDate(TODAY, 7), 7).from, to: TODAY });
  });

  it("names a date it cannot read, keeps what was typed and shows the default period", async () => {
    const bad = await load("customer", nadia, "?from=2026-02-30&to=soon");
    expect(bad.request.errors).toEqual({ from: M.from, to: M.to });
    expect(bad.request.typed).toEqual({ from: "2026-02-30", to: "soon" });
    expect(bad.request.period.to).toBe(TODAY);
    const backwards = await load("customer", nadia, `?from=${TODAY}&to=${D1}`);
    expect(backwards.request.errors).toEqual({ to: M.order });
  });

  it("shows a supplier what the company owes them, each settlement linked to its payable", async () => {
    const { statement } = await load("supplier", supplier, `?from=${addDays(TODAY, -30)}&to=${TODAY}`);
    expect(statement.party).toMatchObject({ kind: "supplier", name: "Dhaka Lights Ltd", email: null });
    expect(statement.lines.map((l) => [l.sourceType, l.debit, l.credit, l.balance, l.documentHref])).toEqual([
      ["payable", "0.00", "12000.00", "-12000.00", `/admin/accounts/payables?view=${payableId}`],
      ["settlement", "5000.00", "0.00", "-7000.00", `/admin/accounts/payables?view=${payableId}`],
    ]);
    expect(statement.closing).toBe("-7000.00");
  });

  it("shows an employee's unpaid salary, the manual journal linked to the General Ledger", async () => {
    const { statement } = await load("employee", employee, `?from=${addDays(TODAY, -30)}&to=${TODAY}`);
    expect(statement.party).toMatchObject({ kind: "employee", name: "Rafiq Islam" });
    expect(statement.lines).toHaveLength(1);
    expect(statement.lines[0]).toMatchObject({
      reference: "SAL-RAFIQ",
      sourceType: "manual",
      documentHref: null,
      credit: "30000.00",
      balance: "-30000.00",
    });
  });

  it("answers 404 for an unknown kind or id, and sends a merged record's statement to the kept one", async () => {
    for (const [kind, id] of [
      ["partner", nadia],
      ["customer", crypto.randomUUID()],
      ["customer", "not-an-id"],
      ["supplier", nadia],
    ] as const) {
      const refused = await thrownBy(load(kind, id));
      expect(refused.status, `${kind} ${id}`).toBe(404);
    }
    const [merged] = await getDb()
      .insert(customers)
      .values({ name: "Nadia R.", mergedIntoId: nadia, mergedAt: new Date() })
      .returning({ id: customers.id });
    const query = `?from=${D1}&to=${TODAY}`;
    const moved = await thrownBy(load("customer", merged!.id, query));
    expect(moved.status).toBe(302);
    expect(moved.location).toBe(statementPath("customer", nadia, query));
    const movedFile = await thrownBy(exportFile("customer", merged!.id, `?format=csv&from=${D1}&to=${TODAY}`));
    expect(movedFile.location).toBe(`${statementPath("customer", nadia)}/export?format=csv&from=${D1}&to=${TODAY}`);
  });
});

describe("who may read and send it", () => {
  it("is read by those who see the books, as the General Ledger is; staff and customers are refused", async () => {
    expect((await load("customer", nadia, "", admin)).statement.party.id).toBe(nadia);
    expect((await thrownBy(load("customer", nadia, "", staff))).status).toBe(403);
    expect((await thrownBy(exportFile("customer", nadia, "?format=pdf", staff))).status).toBe(403);
    expect((await thrownBy(post("customer", nadia, { intent: "email" }, staff))).status).toBe(403);
    const anonymous = await thrownBy(load("customer", nadia, "", ANONYMOUS));
    expect(anonymous.location).toMatch(/^\/admin\/login\?redirectTo=/);
    expect((await thrownBy(load("customer", nadia, "", portalCustomer))).location).toMatch(/^\/admin\/login/);
    expect((await thrownBy(post("customer", nadia, { intent: "send" }))).status).toBe(400);
  });
});

describe("the CSV", () => {
  it("is the statement with plain numbers and its header, a formula in a cell quoted", async () => {
    const response = await exportFile("employee", employee, `?format=csv&from=${addDays(TODAY, -30)}&to=${TODAY}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain(
      `statement-employee-rafiq-islam-${addDays(TODAY, -30)}-to-${TODAY}.csv`,
    );
    // Decoded as a spreadsheet reads it, the byte order mark kept (Response.text() drops it).
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith("\uFEFFStatement of account\r\n")).toBe(true);
    const rows = text.slice(1).split("\r\n");
    expect(rows[2]).toMatch(/^Employee: Rafiq Islam <rafiq\.islam\.\d+\.\d+@staff\.test>$/);
    expect(rows).toContain("Date,Reference,Document,Description,Account,Debit,Credit,Balance,Dr/Cr");
    expect(rows).toContain(`${addDays(TODAY, -30)},,,Opening balance,,,,0.00,`);
    expect(rows).toContain(
      `${addDays(TODAY, -2)},SAL-RAFIQ,Manual journal,"'=HYPERLINK(""http://evil.example"",""salary"")",2200,0.00,30000.00,-30000.00,Cr`,
    );
    expect(rows).toContain(",,,Totals,,0.00,30000.00,,");
    expect(rows).toContain(`${TODAY},,,Closing balance,,,,-30000.00,Cr`);
  });

  it("answers 400 naming a bad date or format, and 404 for an unknown party", async () => {
    const badDate = await thrownBy(exportFile("customer", nadia, "?format=csv&from=31-12-2026"));
    expect(badDate).toMatchObject({ status: 400, body: M.from });
    expect(await thrownBy(exportFile("customer", nadia, "?format=xlsx"))).toMatchObject({
      status: 400,
      body: M.format,
    });
    expect((await thrownBy(exportFile("customer", crypto.randomUUID(), "?format=csv"))).status).toBe(404);
  });
});

describe("the PDF", () => {
  it("is the statement on the company's letterhead", async () => {
    const response = await exportFile("customer", nadia, `?format=pdf&from=${D1}&to=${TODAY}`);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain(
      `statement-customer-nadia-rahman-${D1}-to-${TODAY}.pdf`,
    );
    const text = pdfText(pdfFile(new Uint8Array(await response.arrayBuffer())));
    for (const expected of [
      "Utsab Event Technologies",
      "STATEMENT OF ACCOUNT",
      "Customer ledger",
      "Nadia Rahman",
      NADIA_EMAIL,
      "Opening balance",
      invoice.number,
      note.number,
      "39,000.00 Dr",
      "Closing balance",
      `Nadia Rahman owes ৳${Number(fromPaisa(3_900_000n - toPaisa(note.total))).toLocaleString("en-US", {
        minimumFractionDigits: 2,
      })}.`,
    ])
      expect(text).toContain(expected);
  });
});

describe("E-mail to customer", () => {
  it("queues the statement's PDF in the outbox to the customer's e-mail, with an audit line", async () => {
    const response = await post("customer", nadia, { intent: "email", from: D1, to: TODAY });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(statementPath("customer", nadia, `?from=${D1}&to=${TODAY}`));
    const toast = flashToast(response) as { type: string; message: string; link: { href: string } };
    expect(toast).toMatchObject({ type: "success", message: M.emailQueued("Nadia Rahman", NADIA_EMAIL) });
    const emailId = toast.link.href.split("/").pop()!;
    const [email] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.id, emailId));
    expect(email).toMatchObject({
      toAddress: NADIA_EMAIL,
      kind: "party_statement.sent",
      relatedType: "customer",
      relatedId: nadia,
    });
    expect(email!.subject).toMatch(/^Statement of account from Utsab Event Technologies \(/);
    expect(email!.textBody).toContain("Dear Nadia Rahman,");
    const attachments = await getDb().select().from(emailAttachments).where(eq(emailAttachments.emailId, emailId));
    expect(attachments).toHaveLength(1);
    expect(attachments[0]).toMatchObject({
      filename: `statement-customer-nadia-rahman-${D1}-to-${TODAY}.pdf`,
      contentType: "application/pdf",
    });
    const pdf = pdfText(pdfFile(new Uint8Array(attachments[0]!.content)));
    expect(pdf).toContain("STATEMENT OF ACCOUNT");
    expect(pdf).toContain(invoice.number);
    const [audit] = await getDb()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'party_statement.emailed' and ${auditLog.entityId} = ${nadia}`);
    expect(audit).toMatchObject({ entityType: "customer", actorLabel: accountant.email });
    expect(audit!.summary).toContain(`to be e-mailed to ${NADIA_EMAIL}`);
    expect(audit!.changes).toMatchObject({ emailId, from: D1, to: TODAY });
  });

  it("refuses a party without an e-mail address, saying so, and writes nothing", async () => {
    const before = await tableFingerprint(["email_outbox", "email_attachments", "audit_log"]);
    const response = await post("supplier", supplier, { intent: "email", from: D1, to: TODAY });
    expect(flashToast(response)).toEqual({
      type: "error",
      message: M.emailFailed(M.noEmail("supplier", "Dhaka Lights Ltd")),
    });
    const badDate = await post("customer", nadia, { intent: "email", from: "someday", to: TODAY });
    expect(flashToast(badDate)).toEqual({ type: "error", message: M.emailFailed(M.from) });
    expect((await thrownBy(post("customer", crypto.randomUUID(), { intent: "email" }))).status).toBe(404);
    expect(await tableFingerprint(["email_outbox", "email_attachments", "audit_log"])).toEqual(before);
  });
});
