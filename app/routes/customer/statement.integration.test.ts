// The portal's statement (issue 36): a signed-in customer sees their own ledger statement (their record: the live
// customer whose e-mail is theirs) on screen and as the PDF, and never another's. Nothing in the URL names a customer,
// so customer B asking with customer A's id still gets B's own; a customer without a record has no statement yet;
// staff are not customers here.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { approvedQuotation, giveSellerBin } from "../../../tests/support/invoice-fixtures";
import { pdfFile, pdfText } from "../../../tests/support/pdf-text";
import { customerFor } from "../../../tests/support/sales-document-fixtures";
import { callRoute, signedInUser, thrownBy, type TestUser } from "../../../tests/support/signed-in-request";
import { getDb } from "~/db/client.server";
import { quotations } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { PARTY_STATEMENT_MESSAGES as M } from "~/domain/accounting/party-statement";
import type { AuditActor } from "~/domain/audit/audit.server";
import { addDays } from "~/domain/dashboard/periods";
import { issueInvoice } from "~/domain/sales/issue-invoice.server";
import { recordCustomerPayment } from "~/domain/sales/record-customer-payment.server";
import { partyAgeing } from "~/domain/accounting/party-ageing.server";
import { partyBalance } from "~/domain/accounting/party-ledger.server";
import { CUSTOMER_LIST } from "~/domain/sales/customer-list";
import { listCustomers } from "~/domain/sales/customers.server";
import { todayInDhaka } from "~/lib/dhaka-time";
import { parseList } from "~/lib/list-params";
import { fromPaisa } from "~/lib/money";
import * as statementPdf from "./statement-pdf";
import * as statement from "./statement";

const ACTOR: AuditActor = { userId: null, label: "accounts@example.com", ipAddress: null, userAgent: "vitest" };
const TODAY = todayInDhaka();
const PERIOD = `?from=${addDays(TODAY, -30)}&to=${TODAY}`;

let customerA: TestUser;
let customerB: TestUser;
let loner: TestUser;
let staff: TestUser;
let a: { id: string; invoice: string };
let b: { id: string; invoice: string };

/** A customer record for `email` with an issued invoice of ৳69,000 (or what the lines come to). */
async function invoiced(email: string, name: string, lines: Array<[string, number, string, number?]>) {
  const db = getDb();
  const quotation = await approvedQuotation(lines, { email });
  const id = await customerFor(db, email, name);
  await db.update(quotations).set({ customerId: id }).where(eq(quotations.id, quotation.id));
  const issued = await issueInvoice(db, ACTOR, { quotationId: quotation.id, kind: "full", advancePercent: "" });
  if (!issued.ok) throw new Error(issued.message);
  return { id, invoice: issued.number, invoiceId: issued.id };
}

beforeAll(async () => {
  await seedDatabase(getDb());
  await giveSellerBin();
  [customerA, customerB, loner, staff] = await Promise.all([
    signedInUser("customer", { email: "statement.a@example.com" }),
    signedInUser("customer", { email: "statement.b@example.com" }),
    signedInUser("customer", { email: "statement.none@example.com" }),
    signedInUser("staff"),
  ]);
  const first = await invoiced("Statement.A@Example.com", "Anika Hossain", [
    ["Line Array Sound System", 2, "10000", 3],
  ]);
  a = first;
  const paid = await recordCustomerPayment(getDb(), ACTOR, {
    customerId: first.id,
    date: TODAY,
    method: "bank_transfer",
    methodReference: "TT-A",
    moneyAccountId: seedId("account:1100"),
    received: "20000",
    vdsAmount: "",
    aitRate: "",
    notes: "",
    allocations: [{ invoiceId: first.invoiceId, amount: "20000" }],
  });
  if (!paid.ok) throw new Error(paid.message);
  b = await invoiced("statement.b@example.com", "Bashir Ahmed", [["Stage Platform", 1, "5000"]]);
});

type Loaded = Awaited<ReturnType<typeof statement.loader>>;
const load = (as: TestUser, query = PERIOD) =>
  callRoute(statement.loader, `/customer/statement${query}`, { as }) as Promise<Loaded>;
const pdf = async (as: TestUser, query = PERIOD) => {
  const response = (await callRoute(statementPdf.loader, `/customer/statement/pdf${query}`, { as })) as Response;
  expect(response.headers.get("content-type")).toBe("application/pdf");
  return pdfText(pdfFile(new Uint8Array(await response.arrayBuffer())));
};

describe("the portal's statement", () => {
  it("shows the signed-in customer their own statement: the invoice, the payment, what they owe", async () => {
    const { statement: own } = await load(customerA);
    expect(own!.party).toMatchObject({ kind: "customer", id: a.id, name: "Anika Hossain" });
    expect(own!.lines.map((l) => [l.reference, l.sourceType, l.debit, l.credit, l.balance])).toEqual([
      [a.invoice, "invoice", "69000.00", "0.00", "69000.00"],
      [null, "customer_payment", "0.00", "20000.00", "49000.00"],
    ]);
    expect(own!.closing).toBe("49000.00");
    const text = await pdf(customerA);
    expect(text).toContain("STATEMENT OF ACCOUNT");
    expect(text).toContain("Anika Hossain");
    expect(text).toContain(a.invoice);
    expect(text).toContain("Anika Hossain owes ৳49,000.00.");
  });

  it("says what the back office says the customer owes: Customers, Payables & Receivables' ageing, the ledger", async () => {
    const { statement: own } = await load(customerA, `?from=2000-01-01&to=${TODAY}`);
    const listed = await listCustomers(
      getDb(),
      parseList(CUSTOMER_LIST, new URL("http://x/admin/customers?q=Anika")),
      true,
    );
    expect(listed.rows.find((r) => r.id === a.id)?.money?.owes).toBe(own!.closing);
    const ageing = await partyAgeing(getDb(), "customer", TODAY, { partyId: a.id });
    expect(ageing.rows[0]!.amounts.total).toBe(own!.closing);
    expect(fromPaisa(await partyBalance(getDb(), { kind: "customer", id: a.id }))).toBe(own!.closing);
  });

  it("never shows customer B customer A's statement, whatever the URL asks for", async () => {
    for (const query of [PERIOD, `${PERIOD}&customer=${a.id}`, `${PERIOD}&id=${a.id}&kind=customer`]) {
      const { statement: seen } = await load(customerB, query);
      expect(seen!.party.id, query).toBe(b.id);
      expect(seen!.lines.map((l) => l.reference)).toEqual([b.invoice]);
      expect(JSON.stringify(seen)).not.toContain(a.id);
      expect(JSON.stringify(seen)).not.toContain("Anika");
      const text = await pdf(customerB, query);
      expect(text).toContain("Bashir Ahmed");
      expect(text).not.toContain("Anika Hossain");
      expect(text).not.toContain(a.invoice);
    }
    // And A never sees B's.
    const { statement: ownA } = await load(customerA);
    expect(ownA!.lines.map((l) => l.reference)).not.toContain(b.invoice);
  });

  it("has no statement for a customer without a record, and none for staff", async () => {
    expect((await load(loner)).statement).toBeNull();
    expect(await thrownBy(callRoute(statementPdf.loader, "/customer/statement/pdf", { as: loner }))).toMatchObject({
      status: 404,
      body: M.notFound,
    });
    const asStaff = await thrownBy(load(staff));
    expect(asStaff.location).toMatch(/^\/customer\/login/);
  });

  it("names a date it cannot read: on screen under its field, for the PDF as a 400", async () => {
    const bad = await load(customerA, "?from=2026-13-01");
    expect(bad.request.errors).toEqual({ from: M.from });
    expect(bad.statement!.party.id).toBe(a.id);
    expect(
      await thrownBy(callRoute(statementPdf.loader, "/customer/statement/pdf?to=later", { as: customerA })),
    ).toMatchObject({ status: 400, body: M.to });
  });
});
