// A revision's PDF is made from the revision as it was sent, not from the quotation's current prices.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { pdfWords } from "../../../tests/support/pdf-text";
import { insertQuotation } from "../../../tests/support/quotation-fixtures";
import { getDb } from "~/db/client.server";
import { quotationLines, quotationRevisions, quotations } from "~/db/schema";
import { seedDatabase } from "~/db/seed/seed.server";
import { quotationRevisionPdf, revisionPdfFilename } from "./revision-pdf.server";

beforeAll(async () => {
  await seedDatabase(getDb());
});

describe("quotationRevisionPdf", { timeout: 30_000 }, () => {
  it("prints the revision's own lines, money, dates and terms, and names the file by short id and revision", async () => {
    const db = getDb();
    const q = await insertQuotation("sent", "pdf.buyer@example.com", [], { eventName: "Boishakhi Mela Stage" });
    await db.insert(quotationRevisions).values({
      quotationId: q.id,
      revision: 1,
      lines: [
        {
          inventoryItemId: null,
          name: "Line Array Sound System",
          size: "4 tops",
          quantity: 2,
          unitPrice: "10000.00",
          total: "20000.00",
        },
      ],
      subtotal: "20000.00",
      discount: "1000.00",
      vatRatePercent: "15.00",
      vatAmount: "2850.00",
      total: "21850.00",
      eventDate: "2027-04-14",
      rentalEndDate: "2027-04-15",
      validUntil: new Date("2027-01-08T12:00:00Z"),
      terms: ["Prices hold until the date above.", "Half the total in advance confirms the booking."],
      sentByLabel: "staff@example.com",
    });
    // Today's prices differ from what was sent: the PDF must not show them.
    await db.update(quotations).set({ total: "99999.00" }).where(eq(quotations.id, q.id));
    await db.insert(quotationLines).values({
      quotationId: q.id,
      name: "Changed since",
      quantity: 9,
      unitPrice: "1.00",
      total: "9.00",
    });

    const pdf = await quotationRevisionPdf(db, q.id, 1);
    expect(pdf!.filename).toBe(revisionPdfFilename(q.id, 1));
    expect(pdf!.filename).toBe(`quotation-${q.id.slice(0, 8)}-r1.pdf`);
    const text = pdfWords(pdf!.content);
    expect(text).toContain("Boishakhi Mela Stage");
    expect(text).toContain("Line Array Sound System");
    expect(text).toContain("৳21,850.00");
    expect(text).toContain("৳2,850.00");
    expect(text).not.toContain("Changed since");
    expect(text).not.toContain("99,999");
    expect(text).toContain("1. Prices hold until the date above. 2. Half the total in advance confirms the booking.");
    // The company's terms in Settings are not this revision's.
    expect(text).not.toContain("Cancellation:");
  });

  it("answers null for a revision that was never sent, a malformed id or revision", async () => {
    const db = getDb();
    const q = await insertQuotation("pending", "none@example.com", []);
    expect(await quotationRevisionPdf(db, q.id, 1)).toBeNull();
    expect(await quotationRevisionPdf(db, "not-a-uuid", 1)).toBeNull();
    expect(await quotationRevisionPdf(db, q.id, 0)).toBeNull();
    expect(await quotationRevisionPdf(db, q.id, Number.NaN)).toBeNull();
  });
});
