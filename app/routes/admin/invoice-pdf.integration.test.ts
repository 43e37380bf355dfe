// The tax invoice's and credit note's PDFs (issue 22): in the back office for whoever may see the accounts
// (accounts.view: an accountant, an administrator), refused to staff without it; in the portal for the customer
// whose quotation it is, a 404 for anyone else's.
import { beforeAll, describe, expect, it } from "vitest";
import { pdfWords } from "../../../tests/support/pdf-text";
import {
  insertCreditNote,
  insertIssuedInvoice,
  type InvoiceFixture,
} from "../../../tests/support/sales-document-fixtures";
import { ANONYMOUS, callRoute, signedInUser, thrownBy, type TestUser } from "../../../tests/support/signed-in-request";
import { getDb } from "~/db/client.server";
import { seedDatabase } from "~/db/seed/seed.server";
import * as adminCreditNotePdf from "./credit-note-pdf";
import * as adminInvoicePdf from "./invoice-pdf";
import * as customerCreditNotePdf from "../customer/credit-note-pdf";
import * as customerInvoicePdf from "../customer/invoice-pdf";

let accountant: TestUser;
let admin: TestUser;
let staff: TestUser;
let customerA: TestUser;
let customerB: TestUser;
let invoiceA: InvoiceFixture;
let noteA: { id: string; number: string };
let invoiceB: InvoiceFixture;
let noteB: { id: string; number: string };

beforeAll(async () => {
  await seedDatabase(getDb());
  accountant = await signedInUser("accountant");
  admin = await signedInUser("admin");
  staff = await signedInUser("staff");
  customerA = await signedInUser("customer", { email: "invoice.a@example.com" });
  customerB = await signedInUser("customer", { email: "invoice.b@example.com" });
  // A's quotation carries A's address in another case: the rule compares without regard to case.
  invoiceA = await insertIssuedInvoice("Invoice.A@Example.com", { buyerName: "Customer A Ltd." });
  noteA = await insertCreditNote(invoiceA, "5000.00", "A's credit");
  invoiceB = await insertIssuedInvoice("invoice.b@example.com", { buyerName: "Customer B Ltd." });
  noteB = await insertCreditNote(invoiceB, "3000.00", "B's credit");
});

async function pdfOf(answer: unknown, filename: string) {
  const response = answer as Response;
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  expect(response.headers.get("content-disposition")).toContain(filename);
  return pdfWords(new Uint8Array(await response.arrayBuffer()));
}

const adminInvoice = (id: string, as: Pick<TestUser, "cookie">) =>
  callRoute(adminInvoicePdf.loader, `/admin/invoices/${id}/pdf`, { as, params: { id } });
const adminNote = (id: string, as: Pick<TestUser, "cookie">) =>
  callRoute(adminCreditNotePdf.loader, `/admin/credit-notes/${id}/pdf`, { as, params: { id } });
const portalInvoice = (id: string, as: Pick<TestUser, "cookie">) =>
  callRoute(customerInvoicePdf.loader, `/customer/invoices/${id}/pdf`, { as, params: { id } });
const portalNote = (id: string, as: Pick<TestUser, "cookie">) =>
  callRoute(customerCreditNotePdf.loader, `/customer/credit-notes/${id}/pdf`, { as, params: { id } });

describe("the back office's invoice and credit note PDFs", { timeout: 60_000 }, () => {
  it("opens for an accountant and an administrator (accounts.view)", async () => {
    for (const as of [accountant, admin]) {
      const invoice = await pdfOf(await adminInvoice(invoiceA.id, as), `${invoiceA.number}.pdf`);
      expect(invoice).toContain("Mushak-6.3");
      expect(invoice).toContain(invoiceA.number);
      expect(invoice).toContain("Customer A Ltd.");
      const note = await pdfOf(await adminNote(noteA.id, as), `${noteA.number}.pdf`);
      expect(note).toContain("Mushak-6.7");
      expect(note).toContain("A's credit");
    }
  });

  it("is refused to staff without accounts.view, and sends nobody to sign in", async () => {
    expect(await thrownBy(adminInvoice(invoiceA.id, staff))).toMatchObject({ status: 403 });
    expect(await thrownBy(adminNote(noteA.id, staff))).toMatchObject({ status: 403 });
    expect((await thrownBy(adminInvoice(invoiceA.id, ANONYMOUS))).location).toMatch(/^\/admin\/login/);
    // A customer is not staff.
    expect((await thrownBy(adminInvoice(invoiceA.id, customerA))).location).toMatch(/^\/admin\/login/);
  });

  it("is a 404 for an unknown or malformed id, and for a credit note's id as an invoice's", async () => {
    for (const id of [crypto.randomUUID(), "not-an-id", noteA.id]) {
      expect((await thrownBy(adminInvoice(id, accountant))).status, id).toBe(404);
    }
    for (const id of [crypto.randomUUID(), "x", invoiceA.id]) {
      expect((await thrownBy(adminNote(id, accountant))).status, id).toBe(404);
    }
  });
});

describe("the portal's invoice and credit note PDFs", { timeout: 60_000 }, () => {
  it("gives each customer their own invoice and credit note", async () => {
    const a = await pdfOf(await portalInvoice(invoiceA.id, customerA), `${invoiceA.number}.pdf`);
    expect(a).toContain("Customer A Ltd.");
    expect(await pdfOf(await portalNote(noteA.id, customerA), `${noteA.number}.pdf`)).toContain("A's credit");
    const b = await pdfOf(await portalInvoice(invoiceB.id, customerB), `${invoiceB.number}.pdf`);
    expect(b).toContain("Customer B Ltd.");
    expect(await pdfOf(await portalNote(noteB.id, customerB), `${noteB.number}.pdf`)).toContain("B's credit");
  });

  it("is a 404 for another customer's invoice or credit note, an unknown or malformed id: never a 403", async () => {
    for (const [id, as] of [
      [invoiceA.id, customerB],
      [invoiceB.id, customerA],
      [crypto.randomUUID(), customerA],
      ["not-an-id", customerA],
      [noteA.id, customerA],
    ] as const) {
      expect((await thrownBy(portalInvoice(id, as))).status, `invoice ${id} as ${as.email}`).toBe(404);
    }
    for (const [id, as] of [
      [noteA.id, customerB],
      [noteB.id, customerA],
      [crypto.randomUUID(), customerB],
      [invoiceB.id, customerB],
    ] as const) {
      expect((await thrownBy(portalNote(id, as))).status, `note ${id} as ${as.email}`).toBe(404);
    }
  });

  it("sends nobody to sign in, and treats staff as signed out", async () => {
    expect((await thrownBy(portalInvoice(invoiceA.id, ANONYMOUS))).location).toMatch(/^\/customer\/login/);
    expect((await thrownBy(portalNote(noteA.id, ANONYMOUS))).location).toMatch(/^\/customer\/login/);
    expect((await thrownBy(portalInvoice(invoiceA.id, accountant))).location).toMatch(/^\/customer\/login/);
  });
});
