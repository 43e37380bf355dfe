import { describe, expect, it } from "vitest";
import { documentHref, entryDocumentHref } from "./document-links";

describe("where an entry's document is shown", () => {
  it("links issue 21's documents to their lists' details", () => {
    expect(documentHref("transaction", "t1")).toBe("/admin/accounts?view=t1");
    expect(documentHref("receivable", "r1")).toBe("/admin/accounts/payables?view=r1");
    expect(documentHref("settlement", "s1", "r1")).toBe("/admin/accounts/payables?view=r1");
  });

  it("links a tax invoice to its page, a credit note to its PDF, tax documents to Tax Management (issue 22)", () => {
    expect(documentHref("invoice", "i1")).toBe("/admin/invoices/i1");
    expect(documentHref("credit_note", "c1")).toBe("/admin/credit-notes/c1/pdf");
    expect(documentHref("customer_payment", "p1")).toBe("/admin/payments");
    expect(documentHref("tax_record", null)).toBe("/admin/accounts/tax");
    expect(documentHref("vat_close", "v1")).toBe("/admin/accounts/tax");
  });

  it("gives a manual journal and a document without an id no link", () => {
    expect(documentHref("manual", null)).toBeNull();
    expect(documentHref("invoice", null)).toBeNull();
  });

  it("links a reversal to the document of the entry it reverses, and a document's own reversal to it (issue 36)", () => {
    const settlement = { sourceType: "settlement", sourceId: "s1", settledId: "p1" } as const;
    expect(entryDocumentHref({ sourceType: "reversal", sourceId: "e1" }, settlement)).toBe(
      "/admin/accounts/payables?view=p1",
    );
    expect(
      entryDocumentHref({ sourceType: "reversal", sourceId: "e1" }, { sourceType: "manual", sourceId: null }),
    ).toBeNull();
    expect(entryDocumentHref({ sourceType: "reversal", sourceId: null }, null)).toBeNull();
    // A voided payment's reversal is sourced from the settlement itself; a reversed deposit's from the deposit.
    expect(entryDocumentHref(settlement, { sourceType: "settlement", sourceId: "s1", settledId: "p1" })).toBe(
      "/admin/accounts/payables?view=p1",
    );
    expect(entryDocumentHref({ sourceType: "tax_deposit", sourceId: "d1" }, null)).toBe("/admin/accounts/tax");
  });
});
