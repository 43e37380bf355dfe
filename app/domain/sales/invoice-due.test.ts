// What an invoice owes, in one place (issue 22): invoiceDuePaisa exactly, in paisa; the list's state word read from
// the due figure as money (never as a float, and a figure that is not money is an error, not "Paid").
import { describe, expect, it } from "vitest";
import { invoiceDuePaisa } from "./invoice-due";
import { invoiceStateOf } from "./invoice-list";

describe("invoiceDuePaisa", () => {
  it("is total − paid − credited, exactly", () => {
    expect(invoiceDuePaisa({ total: "1150.00", paidAmount: "0.00", creditedAmount: "0.00" })).toBe(115_000n);
    expect(invoiceDuePaisa({ total: "1150.00", paidAmount: "500.01", creditedAmount: "100.50" })).toBe(54_949n);
    expect(invoiceDuePaisa({ total: "1150.00", paidAmount: "1049.99", creditedAmount: "100.01" })).toBe(0n);
    // Beyond a float's 15-16 digits: 0.01 left of the largest amount a column holds.
    expect(invoiceDuePaisa({ total: "999999999999.99", paidAmount: "999999999999.97", creditedAmount: "0.01" })).toBe(
      1n,
    );
  });
});

describe("invoiceStateOf", () => {
  it("reads the due figure as money", () => {
    expect(invoiceStateOf({ status: "issued", due: "0.01" })).toBe("due");
    expect(invoiceStateOf({ status: "issued", due: "0.00" })).toBe("paid");
    expect(invoiceStateOf({ status: "issued", due: "-0.01" })).toBe("paid");
    expect(invoiceStateOf({ status: "cancelled", due: "5.00" })).toBe("cancelled");
  });

  it("never takes a figure that is not money for paid", () => {
    expect(() => invoiceStateOf({ status: "issued", due: "" })).toThrow("not a money amount: ");
    expect(() => invoiceStateOf({ status: "issued", due: "1e2" })).toThrow("not a money amount: 1e2");
  });
});
