// Void a customer's payment from their page (issue 36: a bounced cheque), through the routes: ?void=<paymentId> opens
// the dialog filled (today, what it settled) only for those who keep the books (staff see the page without it; their
// post is refused with 403), and not for a payment voided already or unknown (back to the page with the reason). A
// reason left out answers 400 on its field and writes nothing; the void itself goes back to the page with its toast,
// the invoice owes again, and the customer's page, the Payments list and the invoice's "Paid by" mark it voided.
// The Payments list's VDS-awaited filter and the certificate dialog leave a voided payment out.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { customers, invoices } from "~/db/schema";
import { seedId } from "~/db/seed/ids";
import { seedDatabase } from "~/db/seed/seed.server";
import { VOID_FORM_MESSAGES } from "~/domain/accounting/void-form";
import type { AuditActor } from "~/domain/audit/audit.server";
import { CUSTOMER_PAYMENT_MESSAGES } from "~/domain/sales/customer-payment-form";
import { recordCustomerPayment, recordVdsCertificate } from "~/domain/sales/record-customer-payment.server";
import { CUSTOMER_PAYMENT_VOID_MESSAGES as M } from "~/domain/sales/void-customer-payment-messages";
import { todayInDhaka } from "~/lib/dhaka-time";
import { tableFingerprint } from "../../../tests/support/db-fingerprint";
import { insertIssuedInvoice, type InvoiceFixture } from "../../../tests/support/sales-document-fixtures";
import {
  answerOf,
  callRoute,
  flashToast,
  signedInUser,
  thrownBy,
  type TestUser,
} from "../../../tests/support/signed-in-request";
import { action as customerAction, loader as customerLoader } from "./customer";
import { action as paymentsAction, loader as paymentsLoader } from "./customer-payments";
import { loader as invoiceLoader } from "./invoice";

const BANK = seedId("account:1100");
const TODAY = todayInDhaka();
const TABLES = [
  "customer_payments",
  "invoice_allocations",
  "invoices",
  "journal_entries",
  "journal_lines",
  "tax_records",
  "audit_log",
] as const;
const actor: AuditActor = { userId: null, label: "fixture", ipAddress: null, userAgent: null };

let accountant: TestUser;
let staff: TestUser;
let invoice: InvoiceFixture;
let paymentId: string;

type Loaded<T extends (...args: never[]) => unknown> = Awaited<ReturnType<T>>;

const page = (query = "") => `/admin/customers/${invoice.customerId}${query}`;
const loadCustomer = (query = "", as = accountant) =>
  callRoute(customerLoader, page(query), { as, params: { id: invoice.customerId } }) as Promise<
    Loaded<typeof customerLoader>
  >;
const postVoid = (form: Record<string, string>, as = accountant) =>
  callRoute(customerAction, page(`?void=${form.id ?? ""}`), {
    as,
    params: { id: invoice.customerId },
    form: { intent: "void", ...form },
  });
const loadPayments = (query = "") =>
  callRoute(paymentsLoader, `/admin/payments${query}`, { as: accountant }) as Promise<Loaded<typeof paymentsLoader>>;
const paidOf = async (id: string) =>
  (await getDb().select({ paid: invoices.paidAmount }).from(invoices).where(eq(invoices.id, id)))[0]!.paid;

beforeAll(async () => {
  await seedDatabase(getDb());
  [accountant, staff] = await Promise.all([signedInUser("accountant"), signedInUser("staff")]);
  invoice = await insertIssuedInvoice(`void-route-${Date.now()}@example.com`, { buyerName: "Bounced Cheque Ltd" });
  await getDb()
    .update(customers)
    .set({ name: "Bounced Cheque Ltd", vatWithholding: true })
    .where(eq(customers.id, invoice.customerId));
  // ৳69,000 due: a cheque of ৳57,000, VDS ৳9,000 and AIT 5% of ৳60,000 (৳3,000) settle it.
  const paid = await recordCustomerPayment(getDb(), actor, {
    customerId: invoice.customerId,
    date: TODAY,
    method: "cheque",
    methodReference: "CHQ-778812",
    moneyAccountId: BANK,
    received: "57000",
    vdsAmount: "9000",
    aitRate: "5",
    notes: "",
    allocations: [{ invoiceId: invoice.id, amount: "69000" }],
  });
  if (!paid.ok) throw new Error(paid.message);
  paymentId = paid.paymentId;
});

describe("Void on a customer's payment", () => {
  it("opens the dialog for whoever keeps the books, filled with today and what the payment settled", async () => {
    const page = await loadCustomer(`?void=${paymentId}`);
    expect(page.voiding?.values).toEqual({ id: paymentId, date: TODAY, reason: "" });
    expect(page.voiding?.payment).toMatchObject({
      id: paymentId,
      method: "cheque",
      methodReference: "CHQ-778812",
      total: "69000.00",
      received: "57000.00",
      account: "1100 Bank - Current Account",
      settled: [{ invoiceId: invoice.id, number: invoice.number, amount: "69000.00" }],
      void: null,
    });
    // The upper-case id of a hand-typed address finds it too.
    expect((await loadCustomer(`?void=${paymentId.toUpperCase()}`)).voiding?.payment.id).toBe(paymentId);
  });

  it("staff see the page without the dialog, and their post is refused with 403, writing nothing", async () => {
    const asStaff = await loadCustomer(`?void=${paymentId}`, staff);
    expect(asStaff.voiding).toBeNull();
    expect(asStaff.customer.accounts).toBeNull();
    const before = await tableFingerprint(TABLES);
    const refused = await thrownBy(postVoid({ id: paymentId, date: TODAY, reason: "Cheque bounced" }, staff));
    expect(refused.status).toBe(403);
    expect(await tableFingerprint(TABLES)).toEqual(before);
  });

  it("an unknown payment, or one of another customer, goes back to the page with the reason", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-payment"]) {
      const unknown = await thrownBy(loadCustomer(`?void=${id}`));
      expect(unknown.location).toBe(page());
    }
    const other = await insertIssuedInvoice(`void-other-${Date.now()}@example.com`);
    const theirs = await recordCustomerPayment(getDb(), actor, {
      customerId: other.customerId,
      date: TODAY,
      method: "cash",
      methodReference: "",
      moneyAccountId: seedId("account:1000"),
      received: "100",
      vdsAmount: "",
      aitRate: "",
      notes: "",
      allocations: [{ invoiceId: other.id, amount: "100" }],
    });
    if (!theirs.ok) throw new Error(theirs.message);
    const response = await thrownBy(loadCustomer(`?void=${theirs.paymentId}`));
    expect(response.location).toBe(page());
  });

  it("refuses a missing reason on its field with 400, writing nothing; the dialog keeps what was typed", async () => {
    const before = await tableFingerprint(TABLES);
    const refused = answerOf<{ intent: string; errors: Record<string, string>; values: { date: string } }>(
      await postVoid({ id: paymentId, date: TODAY, reason: "  " }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.intent).toBe("void");
    expect(refused.body.errors).toEqual({ reason: VOID_FORM_MESSAGES.reasonRequired });
    expect(refused.body.values.date).toBe(TODAY);
    // Before the payment: refused on the date.
    const early = answerOf<{ errors: Record<string, string> }>(
      await postVoid({ id: paymentId, date: "2020-01-01", reason: "Cheque bounced" }),
    );
    expect(early.status).toBe(400);
    expect(Object.keys(early.body.errors)).toEqual(["date"]);
    expect(await tableFingerprint(TABLES)).toEqual(before);
    expect(await paidOf(invoice.id)).toBe("69000.00");
  });

  it("voids: back to the page with the toast, the invoice owes again, the payment marked voided everywhere", async () => {
    const done = (await postVoid({
      id: paymentId,
      date: TODAY,
      reason: "Cheque bounced: insufficient funds",
    })) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(page());
    expect(flashToast(done)).toEqual({ type: "success", message: M.voided("69000.00", "Bounced Cheque Ltd") });
    expect(await paidOf(invoice.id)).toBe("0.00");

    // The customer's page: the invoice owes its total again; the payment listed, voided, with the date and reason.
    const detail = (await loadCustomer()).customer.accounts!;
    expect(detail.invoices.map((i) => [i.number, i.paid, i.due])).toEqual([[invoice.number, "0.00", "69000.00"]]);
    expect(detail.money).toMatchObject({ owes: "69000.00", credit: "0.00" });
    const row = detail.payments.find((p) => p.id === paymentId)!;
    expect(row.void).toEqual({
      entryId: expect.any(String),
      date: TODAY,
      reason: "Cheque bounced: insufficient funds",
    });
    expect(row.settled.map((s) => s.number)).toEqual([invoice.number]);

    // The Payments list marks it; the VDS-awaited filter leaves it out.
    const list = await loadPayments(`?q=${encodeURIComponent("CHQ-778812")}`);
    expect(list.page.rows.map((r) => [r.id, r.voidDate, r.voidReason])).toEqual([
      [paymentId, TODAY, "Cheque bounced: insufficient funds"],
    ]);
    expect((await loadPayments("?vds=awaiting")).page.rows.map((r) => r.id)).not.toContain(paymentId);

    // The invoice's "Paid by": the allocation kept, marked as its voided payment's.
    const inv = answerOf<{ invoice: { due: string; allocations: { voidDate: string | null; amount: string }[] } }>(
      await callRoute(invoiceLoader, `/admin/invoices/${invoice.id}`, { as: accountant, params: { id: invoice.id } }),
    ).body.invoice;
    expect(inv.due).toBe("69000.00");
    expect(inv.allocations.map((a) => [a.amount, a.voidDate])).toEqual([["69000.00", TODAY]]);
  });

  it("a voided payment's dialog does not open again, nor its VDS certificate's; a second post goes back", async () => {
    const again = await thrownBy(loadCustomer(`?void=${paymentId}`));
    expect(again.location).toBe(page());
    const twice = (await postVoid({ id: paymentId, date: TODAY, reason: "Again" })) as Response;
    expect(twice.headers.get("location")).toBe(page());
    expect(flashToast(twice)).toEqual({ type: "error", message: M.failed(M.alreadyVoided(TODAY)) });

    const certificate = await thrownBy(loadPayments(`?certificate=${paymentId}`));
    expect(certificate.location).toBe("/admin/payments");
    const posted = (await callRoute(paymentsAction, `/admin/payments?certificate=${paymentId}`, {
      as: accountant,
      form: { intent: "certificate", id: paymentId, vdsCertificateNo: "M66-VOID", vdsCertificateDate: TODAY },
    })) as Response;
    expect(flashToast(posted)).toEqual({
      type: "error",
      message: CUSTOMER_PAYMENT_MESSAGES.certificateFailed(CUSTOMER_PAYMENT_MESSAGES.certificateVoided),
    });
    const direct = await recordVdsCertificate(getDb(), actor, {
      id: paymentId,
      vdsCertificateNo: "M66-VOID",
      vdsCertificateDate: TODAY,
    });
    expect(direct).toMatchObject({ ok: false, refusal: "conflict" });
  });
});
