import { describe, expect, it } from "vitest";
import { portalInvoiceStanding } from "./portal-invoices";

const invoice = (paidAmount: string, creditedAmount = "0.00", status: "issued" | "cancelled" = "issued") => ({
  status,
  total: "69000.00",
  paidAmount,
  creditedAmount,
});

describe("portalInvoiceStanding", () => {
  it("says Due when nothing is paid, Part paid when some is, Paid when nothing is left", () => {
    expect(portalInvoiceStanding(invoice("0.00"))).toEqual({ due: "69000.00", status: "due" });
    expect(portalInvoiceStanding(invoice("0.01"))).toEqual({ due: "68999.99", status: "part_paid" });
    expect(portalInvoiceStanding(invoice("69000.00"))).toEqual({ due: "0.00", status: "paid" });
  });

  it("takes what credit notes took back off what is due", () => {
    expect(portalInvoiceStanding(invoice("0.00", "11500.00"))).toEqual({ due: "57500.00", status: "due" });
    expect(portalInvoiceStanding(invoice("57500.00", "11500.00"))).toEqual({ due: "0.00", status: "paid" });
  });

  it("says Cancelled for an invoice a credit note took back whole, whatever its amounts", () => {
    expect(portalInvoiceStanding(invoice("0.00", "69000.00", "cancelled"))).toEqual({
      due: "0.00",
      status: "cancelled",
    });
  });
});
