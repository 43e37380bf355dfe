// The portal's "Your invoices" (issue 22): the signed-in customer's own tax invoices (those on their quotations),
// newest first, with what is paid, what is due and its word, and the credit notes under their invoice. Customer B
// never sees customer A's invoices, credit notes or their links, and A never B's.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  insertCreditNote,
  insertIssuedInvoice,
  type InvoiceFixture,
} from "../../../tests/support/sales-document-fixtures";
import { callRoute, signedInUser, type TestUser } from "../../../tests/support/signed-in-request";
import { getDb } from "~/db/client.server";
import { invoices } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import * as dashboard from "./dashboard";

let customerA: TestUser;
let customerB: TestUser;
let loner: TestUser;
const a: Record<"due" | "partPaid" | "paid" | "cancelled" | "credited", InvoiceFixture> = {} as never;
let b: InvoiceFixture;
let noteA: { id: string; number: string };
let noteB: { id: string; number: string };

beforeAll(async () => {
  const db = getDb();
  await seedDatabase(db);
  customerA = await signedInUser("customer", { email: "portal.a@example.com" });
  customerB = await signedInUser("customer", { email: "portal.b@example.com" });
  loner = await signedInUser("customer", { email: "portal.none@example.com" });
  // Each 2 × 3 days × ৳10,000 = ৳60,000 + 15% = ৳69,000, issued a minute apart so their order is known.
  const at = (minute: number) => new Date(Date.UTC(2027, 0, 5, 8, minute));
  a.due = await insertIssuedInvoice("portal.a@example.com", { issuedAt: at(1), eventName: "A's Holud" });
  a.partPaid = await insertIssuedInvoice("Portal.A@Example.com", { issuedAt: at(2), paid: "20000.00" });
  a.paid = await insertIssuedInvoice("portal.a@example.com", { issuedAt: at(3), paid: "69000.00" });
  a.cancelled = await insertIssuedInvoice("portal.a@example.com", { issuedAt: at(4) });
  await insertCreditNote(a.cancelled, "60000.00", "Event called off");
  await db.update(invoices).set({ status: "cancelled" }).where(eq(invoices.id, a.cancelled.id));
  a.credited = await insertIssuedInvoice("portal.a@example.com", { issuedAt: at(5), paid: "10000.00" });
  noteA = await insertCreditNote(a.credited, "10000.00", "Two lights short");
  b = await insertIssuedInvoice("portal.b@example.com", { issuedAt: at(6), eventName: "B's Gala" });
  noteB = await insertCreditNote(b, "2000.00", "B's credit");
});

async function invoicesOf(user: TestUser) {
  const data = (await callRoute(dashboard.loader, "/customer/dashboard", { as: user })) as Awaited<
    ReturnType<typeof dashboard.loader>
  >;
  return data.invoices;
}

describe("the portal's invoices", { timeout: 60_000 }, () => {
  it("lists the customer's own invoices newest first with total, paid, due, status and credit notes", async () => {
    const { invoices: rows, total } = await invoicesOf(customerA);
    expect(total).toBe(5);
    expect(rows.map((r) => r.id)).toEqual([a.credited.id, a.cancelled.id, a.paid.id, a.partPaid.id, a.due.id]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(a.due.id)).toMatchObject({
      number: a.due.number,
      eventName: "A's Holud",
      total: "69000.00",
      paid: "0.00",
      due: "69000.00",
      status: "due",
      creditNotes: [],
    });
    expect(byId.get(a.partPaid.id)).toMatchObject({ paid: "20000.00", due: "49000.00", status: "part_paid" });
    expect(byId.get(a.paid.id)).toMatchObject({ paid: "69000.00", due: "0.00", status: "paid" });
    expect(byId.get(a.cancelled.id)).toMatchObject({ paid: "0.00", due: "0.00", status: "cancelled" });
    // ৳10,000 paid, ৳11,500 credited: ৳47,500 still due.
    expect(byId.get(a.credited.id)).toMatchObject({
      paid: "10000.00",
      due: "47500.00",
      status: "part_paid",
      creditNotes: [{ id: noteA.id, number: noteA.number, total: "11500.00" }],
    });
  });

  it("never shows customer B customer A's invoices or credit notes, nor A B's", async () => {
    const forB = await invoicesOf(customerB);
    expect(forB.total).toBe(1);
    expect(forB.invoices.map((r) => r.id)).toEqual([b.id]);
    expect(forB.invoices[0]!.creditNotes.map((n) => n.id)).toEqual([noteB.id]);
    const seenByB = JSON.stringify(forB);
    for (const invoice of Object.values(a)) {
      expect(seenByB).not.toContain(invoice.id);
      expect(seenByB).not.toContain(invoice.number);
    }
    expect(seenByB).not.toContain(noteA.id);

    const seenByA = JSON.stringify(await invoicesOf(customerA));
    expect(seenByA).not.toContain(b.id);
    expect(seenByA).not.toContain(noteB.id);
    expect(seenByA).not.toContain("B's Gala");
  });

  it("shows a customer without invoices none", async () => {
    expect(await invoicesOf(loner)).toEqual({ invoices: [], total: 0 });
  });
});
