import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { companySettings, invoices, quotations } from "~/db/schema";
import { invalidatePublicData } from "~/lib/cache.server";
import { ACTOR, approvedQuotation, seedBooks } from "../../../tests/support/invoice-fixtures";
import { creditNotePdfInput, invoicePdfInput } from "./invoice-pdf-input.server";
import { issueCreditNote } from "./issue-credit-note.server";
import { issueInvoice } from "./issue-invoice.server";

// Issue 37, money error 7: re-downloading an issued Mushak-6.3 printed the BIN typed in Settings later. A tax invoice
// and a credit note print the seller, and the invoice its event, as they were when issued.

async function setCompany(change: Partial<typeof companySettings.$inferInsert>) {
  await getDb().update(companySettings).set(change).where(eq(companySettings.id, 1));
  invalidatePublicData();
}

beforeAll(async () => {
  await seedBooks();
  await setCompany({ vatRegistrationNumber: "000123456-0101", address: "House 42, Road 11, Banani, Dhaka" });
});

describe("an issued tax invoice and credit note", () => {
  it("print the seller and the event as they were when issued, whatever Settings says later", async () => {
    const quotation = await approvedQuotation([["LED wall", 10, "5000.00", 2]]);
    const issued = await issueInvoice(getDb(), ACTOR, { quotationId: quotation.id, kind: "full", advancePercent: "" });
    expect(issued.ok).toBe(true);
    const [invoice] = await getDb().select().from(invoices).where(eq(invoices.quotationId, quotation.id));
    const note = await issueCreditNote(getDb(), ACTOR, {
      invoiceId: invoice!.id,
      scope: "part",
      amount: "1000.00",
      reason: "Returned early",
    });
    expect(note.ok).toBe(true);
    const [{ eventName }] = (await getDb()
      .select({ eventName: quotations.eventName })
      .from(quotations)
      .where(eq(quotations.id, quotation.id))) as [{ eventName: string }];

    // Later: a new BIN and address in Settings, and the quotation's event renamed.
    await setCompany({ vatRegistrationNumber: "009999999-0101", address: "Plot 7, Tejgaon, Dhaka" });
    await getDb().update(quotations).set({ eventName: "Renamed later" }).where(eq(quotations.id, quotation.id));

    const invoicePdf = (await invoicePdfInput(getDb(), invoice!.id))!;
    expect(invoicePdf.company).toMatchObject({
      vatRegistrationNumber: "000123456-0101",
      address: "House 42, Road 11, Banani, Dhaka",
    });
    expect(invoicePdf.invoice.eventName).toBe(eventName);
    if (!note.ok) return;
    const notePdf = (await creditNotePdfInput(getDb(), note.id))!;
    expect(notePdf.company.vatRegistrationNumber).toBe("000123456-0101");
  });
});
